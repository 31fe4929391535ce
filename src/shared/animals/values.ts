// The values My Animals and an animal's pages show and filter by, apart from the schemas: a page
// that only shows a sex or sorts the list does not load and build the zod schemas for it.

export const sexValues = ['female', 'male', 'castrated_male', 'spayed_female'] as const;
export type Sex = (typeof sexValues)[number];
export const sexLabels: Record<Sex, string> = {
  female: 'Female',
  male: 'Male',
  castrated_male: 'Castrated Male',
  spayed_female: 'Spayed Female',
};

/** How My Animals can order the list; every order ends by name (natural order), then id. */
export const animalSortValues = ['name', 'youngest', 'oldest', 'heaviest', 'lightest'] as const;
export type AnimalSort = (typeof animalSortValues)[number];
export const animalSortLabels: Record<AnimalSort, string> = {
  name: 'Name',
  youngest: 'Age (youngest first)',
  oldest: 'Age (oldest first)',
  heaviest: 'Weight (heaviest first)',
  lightest: 'Weight (lightest first)',
};

/** The withdrawal filter's one value. */
export const underWithdrawal = 'active';

/** The group filter's value for animals in no group at all. */
export const noGroup = 'none';

// ---- Leaving the herd (issue 28, decision 0043) ----
export const exitKinds = ['sold', 'died', 'culled', 'given-away', 'lost'] as const;
export type ExitKind = (typeof exitKinds)[number];
/** 'Mark as {label}' on the animal's page; '{label} Nov 20' on its card */
export const exitKindLabels: Record<ExitKind, string> = {
  sold: 'Sold',
  died: 'Died',
  culled: 'Culled',
  'given-away': 'Given Away',
  lost: 'Lost',
};
/** The kinds of exit after which its meat may reach someone: the withdrawal warns first. */
export const meatExits: readonly ExitKind[] = ['sold', 'culled'];
