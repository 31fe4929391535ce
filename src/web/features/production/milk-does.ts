// Who gives milk: a female animal (the server refuses the rest with 'Choose a female animal'), so
// only hers, and only groups that have one, offer 'Record Milk'.
import type { Sex } from '../../../shared/schemas/animals';

export const isMilkable = (animal: { sex: Sex | null }) => animal.sex === 'female';
