// Who gives milk: a female animal (the server refuses the rest with 'Choose a female animal') that
// is not one of the birds the farm starts with — a hen has 'Collect Eggs', not 'Record Milk'. Only
// hers, and only groups that have one, offer 'Record Milk', and the group's form lists only them.
import type { AnimalListItem } from '../../../shared/schemas/animals';

const birds = new Set(['chicken', 'duck']);

export const isMilkable = (animal: Pick<AnimalListItem, 'sex' | 'speciesName'>) =>
  animal.sex === 'female' && !birds.has(animal.speciesName?.toLowerCase() ?? '');
