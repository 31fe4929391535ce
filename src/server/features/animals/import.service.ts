// My Animals → 'Import Animals' on the server: the rows are validated again (the same schema as
// the browser's preview), then imported in one transaction, serialised per farm — groups and
// species found by name (any case) or made, and animals the herd already has (same tag, or same
// name without a tag) left out, so that importing the same file twice creates nothing twice.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { animalIdentity } from '../../../shared/animals/import';
import { defaultGroupColor } from '../../../shared/schemas/groups';
import type { ImportResult, ImportRow } from '../../../shared/schemas/import';
import type { Database } from '../../db/database';
import { animalGroups, animals, groups, species } from '../../db/schema';
import { queryRows } from '../../db/sql-text';
import type { ProfileRepo } from '../account/profile.repo';

/** Where an animal listed with no group goes (every animal belongs to one). */
export const importedGroupName = 'Imported';

export function createImportService(deps: { db: Database; profiles: ProfileRepo }) {
  return {
    async importAnimals(farmId: string, rows: ImportRow[]): Promise<ImportResult> {
      const { weightUnit } = await deps.profiles.settings(farmId);
      return deps.db.transaction(async (tx) => {
        // one import of a farm at a time: two uploads of one file cannot both miss each other
        await tx.execute(sql`select id from farms where id = ${farmId} for update`);

        const existing = await queryRows<{ name: string; tag_id: string | null }>(
          tx,
          sql`select name, tag_id from animals where farm_id = ${farmId}`,
        );
        const known = new Set(
          existing.map((animal) => animalIdentity({ name: animal.name, tagId: animal.tag_id })),
        );
        const fresh: ImportRow[] = [];
        for (const row of rows) {
          const identity = animalIdentity(row);
          if (known.has(identity)) continue;
          known.add(identity);
          fresh.push(row);
        }
        if (fresh.length === 0) return { created: 0, skipped: rows.length };

        const groupNames = [
          ...new Set(fresh.flatMap((row) => (row.groups.length ? row.groups : [importedGroupName]))),
        ];
        const groupIds = await namedIds(
          tx,
          sql`select id, name from groups where farm_id = ${farmId}`,
          groupNames,
          async (missing) =>
            tx
              .insert(groups)
              .values(missing.map((name) => ({ id: randomUUID(), farmId, name, color: defaultGroupColor })))
              .returning({ id: groups.id, name: groups.name }),
        );
        const speciesNames = [...new Set(fresh.flatMap((row) => (row.species ? [row.species] : [])))];
        const speciesIds = await namedIds(
          tx,
          sql`select id, name from species where farm_id is null or farm_id = ${farmId}`,
          speciesNames,
          async (missing) =>
            tx
              .insert(species)
              .values(missing.map((name) => ({ farmId, name })))
              .returning({ id: species.id, name: species.name }),
        );

        const created = fresh.map((row) => ({ id: randomUUID(), row }));
        await tx.insert(animals).values(
          created.map(({ id, row }) => ({
            id,
            farmId,
            name: row.name,
            tagId: row.tagId ?? null,
            speciesId: row.species ? speciesIds.get(row.species.toLowerCase())! : null,
            breed: row.breed ?? null,
            sex: row.sex ?? null,
            birthDate: row.birthDate ?? null,
            weight: row.weight ?? null,
            weightUnit: row.weight == null ? null : weightUnit,
            dam: row.dam ?? null,
            sire: row.sire ?? null,
          })),
        );
        await tx.insert(animalGroups).values(
          created.flatMap(({ id, row }) =>
            // 'Pen' and 'pen' are one group: one membership
            [
              ...new Set(
                (row.groups.length ? row.groups : [importedGroupName]).map((name) =>
                  groupIds.get(name.toLowerCase())!,
                ),
              ),
            ].map((groupId) => ({ farmId, animalId: id, groupId })),
          ),
        );
        return { created: created.length, skipped: rows.length - created.length };
      });
    },
  };
}

/** Lower-cased name → id for each name: found among `known` (any case), else made by `create`. */
async function namedIds(
  tx: Pick<Database, 'execute'>,
  known: ReturnType<typeof sql>,
  names: string[],
  create: (missing: string[]) => Promise<{ id: string; name: string }[]>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (names.length === 0) return ids;
  for (const row of await queryRows<{ id: string; name: string }>(tx, known)) {
    const key = row.name.toLowerCase();
    if (!ids.has(key)) ids.set(key, row.id);
  }
  const missing = [
    ...new Map(
      names.filter((name) => !ids.has(name.toLowerCase())).map((name) => [name.toLowerCase(), name]),
    ).values(),
  ];
  if (missing.length) for (const row of await create(missing)) ids.set(row.name.toLowerCase(), row.id);
  return ids;
}
