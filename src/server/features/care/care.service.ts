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
import {
  medicationSuggestionLimit,
  medicineRecordFields,
  logPageSize,
  pageSize,
  type careEntryCreateSchema,
  type careEntryUpdateSchema,
} from '../../../shared/schemas/care';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileRepo } from '../account/profile.repo';
import type { NewReminder } from '../reminders/reminders.repo';
import type { BatchFollowUp, CareRepo, NewEntry } from './care.repo';

export type Scope = 'entry' | 'batch';
type EntryInput = z.output<typeof careEntryCreateSchema>;

/** The fields each entry type may change. */
const changeable: Record<string, string[]> = {
  medical: ['dateRecorded', 'medicationName', 'dosage', 'dosageUnit', ...medicineRecordFields],
  weight: ['dateRecorded', 'weightValue', 'bodyCondition', 'weights'],
  note: ['dateRecorded', 'title', 'noteContent'],
};

/**
 * The follow-up of a batch with a next date: a group's batch of several animals gets ONE reminder
 * titled by the group and covering its animals ('Dewormer Reminder - Laying Hens', Done once for
 * all); one animal gets SPEC's own ('Dewormer Reminder - Clover').
 */
function followUp(
  entries: NewEntry[],
  groupId: string | null,
  reminder: (subject: string) => Omit<NewReminder, 'title' | 'animalId' | 'groupId'> & { title: string },
): BatchFollowUp {
  // the title without its subject: the database appends the group's or the animal's name
  const { title, ...rest } = reminder('');
  if (groupId && entries.length > 1) return { batch: { ...rest, titlePrefix: title, groupId } };
  return { each: (entry) => ({ ...rest, titlePrefix: title, animalId: entry.animalId }) };
}

/** The entries of a batch, and its follow-up reminder (if any). */
function entriesOf(
  input: EntryInput,
  groupId: string | null,
  farmWeightUnit: NewEntry['weightUnit'],
): { entries: NewEntry[]; follow: BatchFollowUp } {
  switch (input.type) {
    case 'medical': {
      const due = input.nextDueDate;
      const entries: NewEntry[] = input.animalIds.map((animalId) => ({
        animalId,
        type: 'medical',
        dateRecorded: input.dateRecorded,
        medicationName: input.medicationName,
        dosage: input.dosage,
        dosageUnit: input.dosageUnit,
        route: input.route ?? null,
        lotNumber: input.lotNumber ?? null,
        givenBy: input.givenBy ?? null,
        meatWithdrawalDays: input.meatWithdrawalDays ?? null,
        milkWithdrawalDays: input.milkWithdrawalDays ?? null,
        eggWithdrawalDays: input.eggWithdrawalDays ?? null,
      }));
      const reminder = (subject: string) => ({
        title: medicationReminderTitle(input.medicationName, subject),
        type: 'medical' as const,
        dueDate: due!,
      });
      return { entries, follow: due ? followUp(entries, groupId, reminder) : {} };
    }
    case 'weight': {
      const unit = input.weightUnit ?? farmWeightUnit;
      const due = input.nextDueDate;
      const entries: NewEntry[] = input.weights.map(({ animalId, weightValue, bodyCondition }) => ({
        animalId,
        type: 'weight',
        dateRecorded: input.dateRecorded,
        weightValue,
        weightUnit: unit,
        bodyCondition: bodyCondition ?? null,
      }));
      const reminder = (subject: string) => ({
        title: weightReminderTitle(subject),
        type: 'weight' as const,
        dueDate: due!,
      });
      return { entries, follow: due ? followUp(entries, groupId, reminder) : {} };
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
        follow: {},
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
    async recordBatch(farmId: string, input: EntryInput, recordedBy: string | null = null) {
      const batchId = input.batchId ?? randomUUID();
      const groupId = input.groupId ?? null;
      const animalIds =
        input.type === 'weight' ? input.weights.map((item) => item.animalId) : input.animalIds;

      const settings = await profiles.settings(farmId);
      const farmToday = dateInZone(new Date(), settings.timeZone);
      const tooEarly =
        input.type !== 'note' && reminderDateProblem('nextDueDate', input.nextDueDate, farmToday);
      const animalsField = input.type === 'weight' ? 'weights' : 'animalIds';
      /** The 422 of a batch naming another farm's animals or group (or none), with any other problem. */
      const refuse = (owned: number, groupFound: boolean, fields: Record<string, string[]> = {}) => {
        if (owned !== animalIds.length) fields[animalsField] = ['Choose animals of your own farm'];
        if (groupId && !groupFound) fields.groupId = ['Choose a group of your own farm'];
        if (Object.keys(fields).length) throw new ValidationError(fields);
      };
      if (tooEarly) {
        // the refusal names every problem at once (a rare path: two more statements)
        const owned = (await repo.farmAnimals(farmId, animalIds)).size;
        refuse(owned, groupId !== null && (await repo.groupExists(farmId, groupId)), {
          nextDueDate: [tooEarly],
        });
      }

      const { entries, follow } = entriesOf(input, groupId, settings.weightUnit);
      // the checks, the entries, their reminder and latest weights: one statement
      const result = await repo.insertBatch(farmId, { batchId, groupId, entries, recordedBy }, follow);
      refuse(result.owned, result.groupFound);
      return {
        batchId,
        written: result.entries !== null,
        entries: result.entries ?? (await repo.batchEntries(farmId, batchId)),
      };
    },

    findEntry: entry,

    /** The entries of an entry's batch (every animal's, whatever page of the log shows it). */
    async batchOf(farmId: string, id: string) {
      const found = await entry(farmId, id);
      return repo.batchEntries(farmId, found.batchId);
    },

    /** Changes an entry, or its whole batch; only the fields of the entry's type may change. */
    async updateEntry(
      farmId: string,
      id: string,
      scope: Scope,
      changes: z.output<typeof careEntryUpdateSchema>,
    ) {
      const found = await entry(farmId, id);
      const wrong = Object.keys(changes).filter((key) => !changeable[found.type]!.includes(key));
      if (wrong.length) {
        throw new ValidationError(
          Object.fromEntries(wrong.map((key) => [key, [`A ${found.type} entry has no ${key}`]])),
        );
      }
      const { weights, ...values } = changes;
      if (weights) {
        // a weigh-in's batch, animal by animal: only the animals it was applied to
        if (scope !== 'batch')
          throw new ValidationError({ weights: ['Per-animal weights change a whole batch (?scope=batch)'] });
        const inBatch = new Set((await repo.batchEntries(farmId, found.batchId)).map((row) => row.animalId));
        const stranger = weights.findIndex((item) => !inBatch.has(item.animalId));
        if (stranger !== -1)
          throw new ValidationError({
            [`weights.${stranger}.animalId`]: ['This animal is not in this weigh-in'],
          });
      }
      await repo.updateEntries(farmId, id, scope, values, weights);
      const rows =
        scope === 'batch'
          ? await repo.batchEntries(farmId, found.batchId)
          : [await repo.findEntry(farmId, id)];
      return rows.filter((row) => row !== undefined);
    },

    /** The farm's earlier medications, the most recently given first (the form's suggestions). */
    medications(farmId: string, contains: string | undefined) {
      return repo.medications(farmId, contains, medicationSuggestionLimit);
    },

    async deleteEntries(farmId: string, id: string, scope: Scope) {
      if (!(await repo.deleteEntries(farmId, id, scope))) throw new NotFoundError('Care entry');
    },

    /** A page of the animal's history, as JSON text (Page<CareEntry>). */
    async animalHistory(farmId: string, animalId: string, offset: number) {
      const page = await repo.animalHistory(farmId, animalId, offset, pageSize);
      if (page === null) throw new NotFoundError('Animal');
      return page;
    },

    /** An animal's weighings, oldest first (its growth chart). */
    async animalWeights(farmId: string, animalId: string) {
      const points = await repo.animalWeights(farmId, animalId);
      if (points === null) throw new NotFoundError('Animal');
      return { points };
    },

    /** A group's animals with their weighings (its 'Weights' view). */
    async groupWeights(farmId: string, groupId: string) {
      const animals = await repo.groupWeights(farmId, groupId);
      if (animals === null) throw new NotFoundError('Group');
      return { animals };
    },

    /** A page of the group's log, as JSON text (Page<CareBatch>), `logPageSize` rows a page. */
    async groupLog(farmId: string, groupId: string, offset: number) {
      const page = await repo.groupLog(farmId, groupId, offset, logPageSize);
      if (page === null) throw new NotFoundError('Group');
      return page;
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
