// What a medicine is counted in and how it is given, apart from the schemas: the pages that only
// show an amount or a route (Home's cabinet warnings, an animal's care history) do not load and
// build the zod schemas to read a label.

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

/** How a medicine was given, as a vet's medicine record asks. */
export const medicineRoutes = ['oral', 'injection', 'topical', 'pour-on', 'other'] as const;
export type MedicineRoute = (typeof medicineRoutes)[number];
export const medicineRouteLabels: Record<MedicineRoute, string> = {
  oral: 'Oral',
  injection: 'Injection',
  topical: 'Topical',
  'pour-on': 'Pour-on',
  other: 'Other',
};
