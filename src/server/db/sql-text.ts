// Two text rules of our SQL, written once: animal names in natural order, and a search taken
// literally inside LIKE.
import { sql } from 'drizzle-orm';
import { animals } from './schema';

/**
 * Animals by name in natural order ('Hen 2' before 'Hen 10'): natural_sort_key() from migration
 * 0006, stored with the name (animals.name_key, 0007) and compared byte by byte (its collation is
 * "C") so that PGlite and PostgreSQL agree; the same rule as src/shared/animals/natural-sort.ts.
 */
export const animalNameOrder = sql`${animals.nameKey}`;

/** '%text%' for (I)LIKE, with the text's own %, _ and backslash (LIKE's escape character) escaped. */
export const containsPattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
