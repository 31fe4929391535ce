// A medicine's dose and schedule in words, as the cabinet and the export show them: '2 mL',
// '1 mL per 10 kg, at most 25 mL', '2 doses 21 days apart, then a booster every 12 months'.
import type { Medicine } from '../schemas/medicines';
import { medicineUnitLabels, type MedicineUnit } from './units';
import { formatNumber } from '../units/numbers';

/** '12', '0.5', '1,250.125': a number as a farmer reads it (three decimals at most). */
export const quantityText = (value: number) => formatNumber(value, { maximumFractionDigits: 3 });

/** '87 mL', '3 tablet(s)': a quantity in a medicine's unit. */
export const amountText = (value: number, unit: MedicineUnit) =>
  `${quantityText(value)} ${medicineUnitLabels[unit]}`;

export function doseText(dose: Medicine['dose'], unit: MedicineUnit): string | null {
  if (!dose) return null;
  if (dose.kind === 'fixed') return amountText(dose.amount, unit);
  const rate = `${amountText(dose.amount, unit)} per ${quantityText(dose.perWeight)} ${dose.weightUnit}`;
  return dose.maxDose == null ? rate : `${rate}, at most ${amountText(dose.maxDose, unit)}`;
}

export function scheduleText(schedule: Medicine['schedule']): string | null {
  if (!schedule) return null;
  const { initialDoses, daysApart, boosterMonths } = schedule;
  const booster =
    boosterMonths == null
      ? null
      : `a booster every ${boosterMonths === 1 ? 'month' : `${boosterMonths} months`}`;
  if (initialDoses === 1) return booster && `${booster.charAt(0).toUpperCase()}${booster.slice(1)}`;
  const course = `${initialDoses} doses ${daysApart} ${daysApart === 1 ? 'day' : 'days'} apart`;
  return booster ? `${course}, then ${booster}` : course;
}
