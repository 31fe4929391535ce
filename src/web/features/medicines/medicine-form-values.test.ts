// The medicine form's schema: what a person types becomes the API's body, the dose and schedule
// nested as the API nests them, so each message lands on its field ('dose.perWeight'); blank dose
// and schedule are none; an edited dose by weight keeps its label's weight unit.
import { describe, expect, it } from 'vitest';
import type { Medicine } from '../../../shared/schemas/medicines';
import { medicineFormDefaults, medicineFormSchema, type MedicineFormValues } from './medicine-form-values';

type Changes = Partial<Omit<MedicineFormValues, 'dose' | 'schedule'>> & {
  dose?: Partial<MedicineFormValues['dose']>;
  schedule?: Partial<MedicineFormValues['schedule']>;
};

/** Each field's message, or the API body when the form is valid. */
function check(changes: Changes, medicine?: Medicine) {
  const defaults = medicineFormDefaults(medicine);
  const result = medicineFormSchema(medicine).safeParse({
    ...defaults,
    ...changes,
    dose: { ...defaults.dose, ...changes.dose },
    schedule: { ...defaults.schedule, ...changes.schedule },
  });
  if (result.success) return result.data;
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const wormer: Medicine = {
  id: '0190a000-0000-7000-8000-000000000001',
  name: 'Wormer',
  activeIngredient: null,
  unit: 'mL',
  route: 'oral',
  dose: { kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'kg', maxDose: null },
  meatWithdrawalDays: 14,
  milkWithdrawalDays: null,
  eggWithdrawalDays: null,
  schedule: null,
  notes: null,
  lowStockLevel: 50,
  archivedAt: null,
  inStock: 0,
  expiredStock: 0,
  lowStock: true,
  lots: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the medicine form', () => {
  it('sends a name and unit alone: no dose, no schedule, blanks as none', () => {
    expect(check({ name: ' Penicillin ' })).toEqual({
      name: 'Penicillin',
      activeIngredient: null,
      unit: 'mL',
      route: null,
      dose: null,
      meatWithdrawalDays: null,
      milkWithdrawalDays: null,
      eggWithdrawalDays: null,
      schedule: null,
      lowStockLevel: null,
      notes: null,
    });
  });

  it('sends a dose by weight and a schedule as the API nests them', () => {
    const body = check({
      name: 'Wormer',
      dose: { kind: 'by-weight', amount: '1', perWeight: '10', maxDose: '25' },
      schedule: { initialDoses: '2', daysApart: '21', boosterMonths: '12' },
      lowStockLevel: '50',
    });
    expect(body).toMatchObject({
      dose: { kind: 'by-weight', amount: 1, perWeight: 10, maxDose: 25 },
      schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
      lowStockLevel: 50,
    });
    // a new dose by weight is in the farm's unit: the server's to fill in
    expect(body).not.toHaveProperty('dose.weightUnit');
  });

  it('puts each message on its field', () => {
    expect(
      check({
        name: '',
        dose: { kind: 'by-weight', amount: '1', perWeight: '' },
        schedule: { initialDoses: '2' },
        meatWithdrawalDays: '1.5',
        lowStockLevel: 'lots',
      }),
    ).toEqual({
      name: 'Name is required',
      'dose.perWeight': 'Per weight must be a number',
      'schedule.daysApart': 'Say how many days apart the doses are',
      meatWithdrawalDays: 'Meat withdrawal must be a whole number of days',
      lowStockLevel: 'Quantity must be a number',
    });
  });

  it('keeps the weight unit of an edited label, and fills the form from it', () => {
    expect(medicineFormDefaults(wormer).dose).toEqual({
      kind: 'by-weight',
      amount: '1',
      perWeight: '10',
      maxDose: '',
    });
    expect(check({}, wormer)).toMatchObject({
      dose: { kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'kg', maxDose: null },
      meatWithdrawalDays: 14,
      lowStockLevel: 50,
    });
  });

  it('a fixed dose left blank is no dose, whatever the by-weight fields held', () => {
    expect(check({ name: 'Vaccine', dose: { kind: 'fixed', amount: '', perWeight: '10' } })).toMatchObject({
      dose: null,
    });
  });
});
