// The rules of care entries, between the HTTP layer (care.routes.ts) and the database
// (care.repo.ts): animals and groups must be the farm's own, a batch's reminder is never due
// before the farm's today and takes its title from the entry, and an entry changes only the
// fields of its type. Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { dateInZone } from '../../../shared/care/dates';
import {
  medicationReminderTitle,
  reminderDateProblem,
  weightReminderTitle,
} from '../../../shared/care/rules';
import { pageSize, type careEntryCreateSchema, type CareEntryUpdate } from '../../../shared/schemas/care';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileRepo } from '../account/profile.repo';
import type { NewReminder } from '../reminders/reminders.repo';
import { paged } from '../wire';
import type { CareRepo, NewEntry } from './care.repo';

export type Scope = 'entry' | 'batch';
type EntryInput = z.output<typeof careEntryCreateSchema>;

/** The fields each entry type may change. */
const changeable: Record<string, string[]> = {
  medical: ['dateRecorded', 'medicationName', 'dosage', 'dosageUnit'],
  weight: ['dateRecorded', 'weightValue'],
  note: ['dateRecorded', 'title', 'noteContent'],
};

/** The entries of a batch, and the reminder (if any) each one gets. */
function entriesOf(
  input: EntryInput,
  names: Map<string, string>,
  farmWeightUnit: NewEntry['weightUnit'],
): { entries: NewEntry[]; reminderFor: (entry: NewEntry) => NewReminder | null } {
  const none = () => null;
  switch (input.type) {
    case 'medical': {
      const due = input.nextDueDate;
      return {
        entries: input.animalIds.map((animalId) => ({
          animalId,
          type: 'medical',
          dateRecorded: input.dateRecorded,
          medicationName: input.medicationName,
          dosage: input.dosage,
          dosageUnit: input.dosageUnit,
        })),
        reminderFor: due
          ? (entry) => ({
              animalId: entry.animalId,
              title: medicationReminderTitle(input.medicationName, names.get(entry.animalId)!),
              type: 'medical',
              dueDate: due,
            })
          : none,
      };
    }
    case 'weight': {
      const unit = input.weightUnit ?? farmWeightUnit;
      const due = input.nextDueDate;
      return {
        entries: input.weights.map(({ animalId, weightValue }) => ({
          animalId,
          type: 'weight',
          dateRecorded: input.dateRecorded,
          weightValue,
          weightUnit: unit,
        })),
        reminderFor: due
          ? (entry) => ({
              animalId: entry.animalId,
              title: weightReminderTitle(names.get(entry.animalId)!),
              type: 'weight',
              dueDate: due,
            })
          : none,
      };
    }
    case 'note':
      return {
        entries: input.animalIds.map((animalId) => ({
          animalId,
          type: 'note',
          dateRecorded: input.dateRecorded,
          title: input.title,
          noteContent: input.noteContent,
        })),
        reminderFor: none,
      };
  }
}

export function createCareService(deps: { repo: CareRepo; profiles: ProfileRepo }) {
  const { repo, profiles } = deps;

  const entry = async (farmId: string, id: string) => {
    const found = await repo.findEntry(farmId, id);
    if (!found) throw new NotFoundError('Care entry');
    return found;
  };

  return {
    /**
     * Records one entry per animal, sharing a batch id, with their reminders. `written` is false
     * when the same batch was recorded before (a retry); a different one under that id is a
     * ConflictError from the repo.
     */
    async recordBatch(farmId: string, input: EntryInput) {
      const batchId = input.batchId ?? randomUUID();
      const groupId = input.groupId ?? null;
      const animalIds =
        input.type === 'weight' ? input.weights.map((item) => item.animalId) : input.animalIds;

      const names = await repo.farmAnimals(farmId, animalIds);
      const fields: Record<string, string[]> = {};
      if (names.size !== animalIds.length)
        fields[input.type === 'weight' ? 'weights' : 'animalIds'] = ['Choose animals of your own farm'];
      if (groupId && !(await repo.groupExists(farmId, groupId)))
        fields.groupId = ['Choose a group of your own farm'];
      const settings = await profiles.settings(farmId);
      const farmToday = dateInZone(new Date(), settings.timeZone);
      const tooEarly =
        input.type !== 'note' && reminderDateProblem('nextDueDate', input.nextDueDate, farmToday);
      if (tooEarly) fields.nextDueDate = [tooEarly];
      if (Object.keys(fields).length) throw new ValidationError(fields);

      const { entries, reminderFor } = entriesOf(input, names, settings.weightUnit);
      const written = await repo.insertBatch(farmId, { batchId, groupId, entries }, reminderFor);
      return { batchId, written, entries: await repo.batchEntries(farmId, batchId) };
    },

    findEntry: entry,

    /** Changes an entry, or its whole batch; only the fields of the entry's type may change. */
    async updateEntry(farmId: string, id: string, scope: Scope, changes: CareEntryUpdate) {
      const found = await entry(farmId, id);
      const wrong = Object.keys(changes).filter((key) => !changeable[found.type]!.includes(key));
      if (wrong.length) {
        throw new ValidationError(
          Object.fromEntries(wrong.map((key) => [key, [`A ${found.type} entry has no ${key}`]])),
        );
      }
      await repo.updateEntries(farmId, id, scope, changes);
      const rows =
        scope === 'batch'
          ? await repo.batchEntries(farmId, found.batchId)
          : [await repo.findEntry(farmId, id)];
      return rows.filter((row) => row !== undefined);
    },

    async deleteEntries(farmId: string, id: string, scope: Scope) {
      if (!(await repo.deleteEntries(farmId, id, scope))) throw new NotFoundError('Care entry');
    },

    async animalHistory(farmId: string, animalId: string, offset: number) {
      if ((await repo.farmAnimals(farmId, [animalId])).size === 0) throw new NotFoundError('Animal');
      return paged(await repo.animalHistory(farmId, animalId, offset, pageSize + 1), offset);
    },

    async groupLog(farmId: string, groupId: string, offset: number) {
      if (!(await repo.groupExists(farmId, groupId))) throw new NotFoundError('Group');
      return paged(await repo.groupLog(farmId, groupId, offset, pageSize + 1), offset);
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
