// My Animals → 'Import Animals' on the server: the rows are validated again (the same schema as
// the browser's preview), then imported in one transaction, serialised per farm — groups and
// species found by name (any case) or made, a Notes cell as a note and a weight as a weighing (so
// daily gain starts from it). Nothing is dropped or merged: the same animal twice in the rows is a
// 422, and an animal the herd already has (same tag, or same name without a tag) a 409 — the
// preview shows both as problems to fix or skip, so they reach here only in a race.
import { randomUUID } from 'node:crypto';
import { animalIdentity } from '../../../shared/animals/import';
import type { ImportResult, ImportRow } from '../../../shared/schemas/import';
import type { Database } from '../../db/database';
import { AppError, ValidationError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import { createImportRepo, type ImportedEntry } from './import.repo';

/** Where an animal listed with no group goes (every animal belongs to one). */
export const importedGroupName = 'Imported';
/** The title of the note a Notes cell becomes. */
export const importedNoteTitle = 'Imported note';

/** The same animal on two rows (by tag, or by name without one): each later row's field and message. */
function duplicates(rows: ImportRow[]): Record<string, string[]> {
  const first = new Map<string, number>();
  const fields: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    const identity = animalIdentity(row);
    const earlier = first.get(identity);
    if (earlier === undefined) first.set(identity, index);
    else if (row.tagId) fields[`rows.${index}.tagId`] = [`The same tag as row ${earlier + 1}`];
    else fields[`rows.${index}.name`] = [`The same name as row ${earlier + 1}`];
  });
  // an Electronic ID is one animal's (decision 0046)
  const firstElectronic = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!row.electronicId) return;
    const earlier = firstElectronic.get(row.electronicId);
    if (earlier === undefined) firstElectronic.set(row.electronicId, index);
    else fields[`rows.${index}.electronicId`] = [`The same Electronic ID as row ${earlier + 1}`];
  });
  return fields;
}

export function createImportService(deps: {
  db: Database;
  profiles: Pick<ProfileService, 'settings' | 'today'>;
}) {
  const repo = createImportRepo(deps.db);
  return {
    /** The herd's animals as the preview matches rows against them (tag, else name). */
    async known(farmId: string) {
      const rows = await repo.herd(farmId);
      return {
        animals: rows.map((row) => ({ name: row.name, tagId: row.tag_id, electronicId: row.electronic_id })),
      };
    },

    async importAnimals(farmId: string, rows: ImportRow[], userId: string | null): Promise<ImportResult> {
      const twice = duplicates(rows);
      if (Object.keys(twice).length)
        throw new ValidationError(twice, 'The same animal is on two rows: change one, or leave it out.');
      // a date of a weighing that is not there would be dropped without a word
      const undated = Object.fromEntries(
        rows.flatMap((row, index) =>
          row.weighedOn && row.weight == null
            ? [[`rows.${index}.weighedOn`, ['Weighed on needs a Weight']]]
            : [],
        ),
      );
      if (Object.keys(undated).length) throw new ValidationError(undated);
      const { weightUnit } = await deps.profiles.settings(farmId);
      const today = await deps.profiles.today(farmId);
      return deps.db.transaction(async (tx) => {
        // one import of a farm at a time: two uploads of one file cannot both miss each other
        await repo.lockImports(tx, farmId);

        const existing = await repo.herdIn(tx, farmId);
        const known = new Set(
          existing.map((animal) => animalIdentity({ name: animal.name, tagId: animal.tag_id })),
        );
        const electronicIds = new Set(existing.flatMap((animal) => animal.electronic_id ?? []));
        const already = rows.filter(
          (row) =>
            known.has(animalIdentity(row)) || (row.electronicId && electronicIds.has(row.electronicId)),
        );
        if (already.length)
          throw new AppError(
            409,
            'ALREADY_IN_HERD',
            `Already in your herd: ${already.map((row) => row.name).join(', ')}. Nothing was imported.`,
          );
        const fresh = rows;

        const groupNames = [
          ...new Set(fresh.flatMap((row) => (row.groups.length ? row.groups : [importedGroupName]))),
        ];
        const groupIds = await namedIds(
          () => repo.groups(tx, farmId),
          groupNames,
          (missing) => repo.addGroups(tx, farmId, missing),
        );
        const speciesNames = [...new Set(fresh.flatMap((row) => (row.species ? [row.species] : [])))];
        const speciesIds = await namedIds(
          () => repo.species(tx, farmId),
          speciesNames,
          (missing) => repo.addSpecies(tx, farmId, missing),
        );

        const created = fresh.map((row) => ({ id: randomUUID(), row }));
        await repo.addAnimals(
          tx,
          farmId,
          created.map(({ id, row }) => ({
            id,
            name: row.name,
            tagId: row.tagId ?? null,
            electronicId: row.electronicId ?? null,
            speciesId: row.species ? speciesIds.get(row.species.toLowerCase())! : null,
            breed: row.breed ?? null,
            sex: row.sex ?? null,
            birthDate: row.birthDate ?? null,
            weight: row.weight ?? null,
            weightUnit: row.weight == null ? null : weightUnit,
            dam: row.dam ?? null,
            sire: row.sire ?? null,
          })),
          created.flatMap(({ id, row }) =>
            // 'Pen' and 'pen' are one group: one membership
            [
              ...new Set(
                (row.groups.length ? row.groups : [importedGroupName]).map((name) =>
                  groupIds.get(name.toLowerCase())!,
                ),
              ),
            ].map((groupId) => ({ animalId: id, groupId })),
          ),
        );
        // a Notes cell: the animal's note; a weight: its weighing, of the day it was taken or today
        const entries = created.flatMap(({ id, row }): ImportedEntry[] => [
          ...(row.weight == null
            ? []
            : [
                {
                  type: 'weight' as const,
                  animalId: id,
                  dateRecorded: row.weighedOn ?? today,
                  weightValue: row.weight,
                  weightUnit,
                },
              ]),
          ...(row.notes
            ? [
                {
                  type: 'note' as const,
                  animalId: id,
                  dateRecorded: today,
                  title: importedNoteTitle,
                  noteContent: row.notes,
                },
              ]
            : []),
        ]);
        await repo.addEntries(tx, farmId, entries, userId);
        return {
          created: created.length,
          notes: entries.filter((entry) => entry.type === 'note').length,
          weighings: entries.filter((entry) => entry.type === 'weight').length,
        };
      });
    },
  };
}

/** Lower-cased name → id for each name: found among `known` (any case), else made by `create`. */
async function namedIds(
  known: () => Promise<{ id: string; name: string }[]>,
  names: string[],
  create: (missing: string[]) => Promise<{ id: string; name: string }[]>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (names.length === 0) return ids;
  for (const row of await known()) {
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
