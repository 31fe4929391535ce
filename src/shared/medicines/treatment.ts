// Treating from the cabinet (decision 0041): a dose by weight worked out for one animal, whether a
// dose's unit is the one the stock is counted in, and the day a schedule asks for the next dose.
// The form shows these before saving; the server repeats the unit and schedule rules.
import { addDays, addMonths } from '../care/dates';
import type { DosageUnit } from '../schemas/care';
import type { Medicine } from '../schemas/medicines';
import { medicineUnitLabels, type MedicineUnit } from './units';
import type { WeightUnit } from '../schemas/profile';
import { convertWeight } from '../units/weights';

/** A dose by weight: the label's rate and its most. */
export type WeightDose = Extract<NonNullable<Medicine['dose']>, { kind: 'by-weight' }>;

/**
 * One animal's dose, by its weight: the rate's amount per its weight, at most the label's maximum,
 * rounded to the three decimals a dose keeps (0.001 at least).
 */
export function doseForWeight(dose: WeightDose, weight: number, weightUnit: WeightUnit): number {
  const worked = (dose.amount * convertWeight(weight, weightUnit, dose.weightUnit)) / dose.perWeight;
  const capped = dose.maxDose == null ? worked : Math.min(worked, dose.maxDose);
  return Math.max(0.001, Math.round(capped * 1000) / 1000);
}

/** The unit a dose of this medicine is written in ('tablet' stock: 'tablet(s)'). */
export const dosageUnitOf = (unit: MedicineUnit) => medicineUnitLabels[unit] as DosageUnit;

/** Whether a dose in `dosageUnit` can be taken from stock counted in `unit` (a cc is a mL). */
export function countsIn(unit: MedicineUnit, dosageUnit: string): boolean {
  const millilitres = ['mL', 'cc'];
  return (
    dosageUnitOf(unit) === dosageUnit || (millilitres.includes(unit) && millilitres.includes(dosageUnit))
  );
}

/** A medicine's course: initial doses some days apart, then a booster every few months. */
export type Schedule = {
  initialDoses: number | null;
  daysApart: number | null;
  boosterMonths: number | null;
};

/**
 * The day of the dose after one given on `givenOn`, the animals having had `earlier` doses of it
 * before: the course's next dose while it lasts, then a booster; null when the course is over and
 * it has no booster.
 */
export function nextScheduledDose(schedule: Schedule, earlier: number, givenOn: string): string | null {
  const { initialDoses, daysApart, boosterMonths } = schedule;
  if (initialDoses === null) return null;
  const thisDose = earlier + 1;
  if (thisDose < initialDoses && daysApart !== null) return addDays(givenOn, daysApart);
  return boosterMonths === null ? null : addMonths(givenOn, boosterMonths);
}
