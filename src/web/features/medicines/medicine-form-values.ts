// The 'Add Medicine' / 'Edit Medicine' form's values and schema, for `zodResolver`: the inputs hold
// text under the API's names (the dose and schedule nested as the API nests them), which turns into
// the API's input and is checked by the API's own schema, so the form's messages and the server's
// field errors ('dose.amount', 'schedule.daysApart') land on the same inputs.
import * as z from 'zod/mini';
import type { MedicineRoute } from '../../../shared/schemas/care';
import {
  medicineCreateSchema,
  type Medicine,
  type MedicineCreate,
  type MedicineUnit,
} from '../../../shared/schemas/medicines';

export type DoseKind = 'fixed' | 'by-weight';

/** What the inputs hold: text, as typed (blank: not recorded). */
export type MedicineFormValues = {
  name: string;
  activeIngredient: string;
  unit: MedicineUnit | '';
  route: MedicineRoute | '';
  dose: { kind: DoseKind; amount: string; perWeight: string; maxDose: string };
  meatWithdrawalDays: string;
  milkWithdrawalDays: string;
  eggWithdrawalDays: string;
  schedule: { initialDoses: string; daysApart: string; boosterMonths: string };
  lowStockLevel: string;
  notes: string;
};

/** The API's field names the form has an input for (where the server's field errors land). */
export const medicineFormFields = [
  'name',
  'activeIngredient',
  'unit',
  'route',
  'dose.amount',
  'dose.perWeight',
  'dose.maxDose',
  'meatWithdrawalDays',
  'milkWithdrawalDays',
  'eggWithdrawalDays',
  'schedule.initialDoses',
  'schedule.daysApart',
  'schedule.boosterMonths',
  'lowStockLevel',
  'notes',
] as const;

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

export function medicineFormDefaults(medicine?: Medicine): MedicineFormValues {
  const dose = medicine?.dose;
  const schedule = medicine?.schedule;
  return {
    name: medicine?.name ?? '',
    activeIngredient: medicine?.activeIngredient ?? '',
    unit: medicine?.unit ?? 'mL',
    route: medicine?.route ?? '',
    dose: {
      kind: dose?.kind ?? 'fixed',
      amount: text(dose?.amount),
      perWeight: text(dose?.kind === 'by-weight' ? dose.perWeight : null),
      maxDose: text(dose?.kind === 'by-weight' ? dose.maxDose : null),
    },
    meatWithdrawalDays: text(medicine?.meatWithdrawalDays),
    milkWithdrawalDays: text(medicine?.milkWithdrawalDays),
    eggWithdrawalDays: text(medicine?.eggWithdrawalDays),
    schedule: {
      initialDoses: text(schedule?.initialDoses),
      daysApart: text(schedule?.daysApart),
      boosterMonths: text(schedule?.boosterMonths),
    },
    lowStockLevel: text(medicine?.lowStockLevel),
    notes: medicine?.notes ?? '',
  };
}

// Blank is missing (null), so the schema's own messages speak; Number('') would be 0.
const blankOr = <T>(value: string, blank: T) => (value.trim() === '' ? blank : Number(value));
const blank = (...values: string[]) => values.every((value) => value.trim() === '');

function toApiInput(values: MedicineFormValues, medicine?: Medicine): MedicineCreate {
  const { dose, schedule } = values;
  // a dose by weight keeps the weight unit of its label; a new one takes the farm's (the server's)
  const weightUnit = medicine?.dose?.kind === 'by-weight' ? medicine.dose.weightUnit : undefined;
  return {
    name: values.name,
    activeIngredient: values.activeIngredient,
    unit: values.unit as MedicineUnit,
    route: values.route || null,
    dose:
      dose.kind === 'fixed'
        ? blank(dose.amount)
          ? null
          : { kind: 'fixed', amount: blankOr(dose.amount, undefined) as number }
        : blank(dose.amount, dose.perWeight, dose.maxDose)
          ? null
          : {
              kind: 'by-weight',
              amount: blankOr(dose.amount, undefined) as number,
              perWeight: blankOr(dose.perWeight, undefined) as number,
              maxDose: blankOr(dose.maxDose, null),
              ...(weightUnit ? { weightUnit } : {}),
            },
    meatWithdrawalDays: blankOr(values.meatWithdrawalDays, null),
    milkWithdrawalDays: blankOr(values.milkWithdrawalDays, null),
    eggWithdrawalDays: blankOr(values.eggWithdrawalDays, null),
    schedule: blank(schedule.initialDoses, schedule.daysApart, schedule.boosterMonths)
      ? null
      : {
          initialDoses: blankOr(schedule.initialDoses, undefined) as number,
          daysApart: blankOr(schedule.daysApart, null),
          boosterMonths: blankOr(schedule.boosterMonths, null),
        },
    lowStockLevel: blankOr(values.lowStockLevel, null),
    notes: values.notes,
  };
}

/** Gives the API's body of a new medicine (its id chosen once), or of the edited one's fields. */
export function medicineFormSchema(medicine?: Medicine) {
  return z.pipe(
    z.pipe(
      z.custom<MedicineFormValues>(),
      z.transform((values) => toApiInput(values, medicine)),
    ),
    medicineCreateSchema,
  );
}
export type MedicineFormOutput = z.output<ReturnType<typeof medicineFormSchema>>;
