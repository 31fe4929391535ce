// What a medicine is counted in, apart from the schemas: the pages that only show an amount (Home's
// cabinet warnings) do not load and build the zod schemas to read a label.

/** What a medicine is counted in; stored values, shown with `medicineUnitLabels`. */
export const medicineUnits = ['mL', 'cc', 'mg', 'g', 'tablet', 'drop', 'dose'] as const;
export type MedicineUnit = (typeof medicineUnits)[number];
export const medicineUnitLabels: Record<MedicineUnit, string> = {
  mL: 'mL',
  cc: 'cc',
  mg: 'mg',
  g: 'g',
  tablet: 'tablet(s)',
  drop: 'drop(s)',
  dose: 'dose(s)',
};
