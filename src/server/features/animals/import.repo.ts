// The SQL of 'Import Animals' (import.service.ts holds the rules and the transaction): the herd's
// names and tags to match rows against, the farm's groups and species by name, and the inserts.
// Every query filters by the caller's farm.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Sex } from '../../../shared/schemas/animals';
import { defaultGroupColor } from '../../../shared/schemas/groups';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { animalGroups, animals, careEntries, groups, species } from '../../db/schema';
import { queryRows } from '../../db/sql-text';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type Named = { id: string; name: string };

export type ImportedAnimal = {
  id: string;
  name: string;
  tagId: string | null;
  electronicId: string | null;
  speciesId: string | null;
  breed: string | null;
  sex: Sex | null;
  birthDate: string | null;
  weight: number | null;
  weightUnit: WeightUnit | null;
  dam: string | null;
  sire: string | null;
};

export type ImportedEntry =
  | { type: 'weight'; animalId: string; dateRecorded: string; weightValue: number; weightUnit: WeightUnit }
  | { type: 'note'; animalId: string; dateRecorded: string; title: string; noteContent: string };

export function createImportRepo(db: Database) {
  const herd = (executor: Pick<Database, 'execute'>, farmId: string) =>
    queryRows<{ name: string; tag_id: string | null; electronic_id: string | null }>(
      executor,
      sql`select name, tag_id, electronic_id from animals where farm_id = ${farmId} order by name_key, id`,
    );

  return {
    /** The herd's names and tags, by name. */
    herd: (farmId: string) => herd(db, farmId),

    /** Holds the farm's row until the transaction ends: one import of a farm at a time. */
    async lockImports(tx: Transaction, farmId: string) {
      await tx.execute(sql`select id from farms where id = ${farmId} for update`);
    },

    /** The herd's names and tags, inside the import's transaction. */
    herdIn: (tx: Transaction, farmId: string) => herd(tx, farmId),

    groups: (tx: Transaction, farmId: string) =>
      queryRows<Named>(tx, sql`select id, name from groups where farm_id = ${farmId}`),

    addGroups: (tx: Transaction, farmId: string, names: string[]): Promise<Named[]> =>
      tx
        .insert(groups)
        .values(names.map((name) => ({ id: randomUUID(), farmId, name, color: defaultGroupColor })))
        .returning({ id: groups.id, name: groups.name }),

    /** The species the farm may use: the built-in ones and its own. */
    species: (tx: Transaction, farmId: string) =>
      queryRows<Named>(tx, sql`select id, name from species where farm_id is null or farm_id = ${farmId}`),

    addSpecies: (tx: Transaction, farmId: string, names: string[]): Promise<Named[]> =>
      tx
        .insert(species)
        .values(names.map((name) => ({ farmId, name })))
        .returning({ id: species.id, name: species.name }),

    async addAnimals(
      tx: Transaction,
      farmId: string,
      rows: ImportedAnimal[],
      memberships: { animalId: string; groupId: string }[],
    ) {
      await tx.insert(animals).values(rows.map((row) => ({ ...row, farmId })));
      await tx.insert(animalGroups).values(memberships.map((link) => ({ ...link, farmId })));
    },

    /** Each entry its own batch, recorded by `userId`. */
    async addEntries(tx: Transaction, farmId: string, entries: ImportedEntry[], userId: string | null) {
      if (!entries.length) return;
      await tx.insert(careEntries).values(
        entries.map((entry) => {
          const id = randomUUID();
          return { ...entry, id, batchId: id, farmId, recordedBy: userId };
        }),
      );
    },
  };
}
