// The rules of care entries, between the HTTP layer (care.routes.ts) and the database
// (entries.repo.ts, weights.repo.ts, medications.repo.ts, group-log.repo.ts; a batch's reminders
// are the reminders feature's, written through reminders.service.ts): animals and groups must be the farm's own, a batch's reminder is never due
// before the farm's today and takes its title from the entry, and an entry changes only the
// fields of its type. Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { dateInZone } from '../../../shared/care/dates';
import { organicDays } from '../../../shared/care/withdrawal';
import { countsIn, dosageUnitOf, nextScheduledDose } from '../../../shared/medicines/treatment';
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
import type { Database } from '../../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { FarmSettings, ProfileService } from '../account/profile.service';
import {
  careFollowUpWrite,
  dropCareFollowUps,
  type CareFollowUp,
  type FollowUpReminder,
  type NewReminder,
} from '../reminders/reminders.service';
import type { MedicinesService } from '../medicines/medicines.service';
import { createEntriesRepo, type AnimalWeights, type EntryChanges, type NewEntry } from './entries.repo';
import { createGroupLogRepo } from './group-log.repo';
import { createMedicationsRepo } from './medications.repo';
import { createWeightsRepo } from './weights.repo';

export type Scope = 'entry' | 'batch';
type EntryInput = z.output<typeof careEntryCreateSchema>;

/** The fields each entry type may change. */
const changeable: Record<string, string[]> = {
  medical: ['dateRecorded', 'medicationName', 'dosage', 'dosageUnit', ...medicineRecordFields],
  weight: ['dateRecorded', 'weightValue', 'bodyCondition', 'weights'],
  note: ['dateRecorded', 'title', 'noteContent'],
};

/** A batch's follow-up: one reminder for the batch (a group's), or one per entry, or none. */
type BatchFollowUp = {
  batch?: FollowUpReminder;
  each?: (entry: NewEntry) => FollowUpReminder | null;
};

/** The follow-up's reminders, each of `each` naming its entry. */
function followUpOf(entries: NewEntry[], follow: BatchFollowUp): CareFollowUp {
  if (follow.batch) return { batch: follow.batch };
  const each = follow.each;
  if (!each) return {};
  return {
    each: entries.flatMap((entry) => {
      const reminder = each(entry);
      return reminder ? [{ entryId: entry.id, reminder }] : [];
    }),
  };
}

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
  { weightUnit: farmWeightUnit, organic }: Pick<FarmSettings, 'weightUnit' | 'organic'>,
): { entries: NewEntry[]; follow: BatchFollowUp } {
  const periods = (
    given: Pick<NewEntry, 'meatWithdrawalDays' | 'milkWithdrawalDays' | 'eggWithdrawalDays'>,
  ) => {
    const days = organic ? organicDays : (value: number | null | undefined) => value ?? null;
    return {
      meatWithdrawalDays: days(given.meatWithdrawalDays),
      milkWithdrawalDays: days(given.milkWithdrawalDays),
      eggWithdrawalDays: days(given.eggWithdrawalDays),
    };
  };
  switch (input.type) {
    case 'medical': {
      const due = input.nextDueDate;
      // a dose by weight: each animal's own (recordBatch checked that `doses` names every animal)
      const own = new Map(input.doses?.map((dose) => [dose.animalId, dose.dosage]));
      const entries: NewEntry[] = input.animalIds.map((animalId) => ({
        id: randomUUID(),
        animalId,
        type: 'medical',
        dateRecorded: input.dateRecorded,
        medicationName: input.medicationName,
        dosage: own.get(animalId) ?? input.dosage,
        medicineId: input.medicineId ?? null,
        dosageUnit: input.dosageUnit,
        route: input.route ?? null,
        lotNumber: input.lotNumber ?? null,
        givenBy: input.givenBy ?? null,
        // an organic farm's treatment keeps the periods that count, and that they were doubled
        ...periods(input),
        organic,
      }));
      const reminder = (subject: string) => ({
        title: medicationReminderTitle(input.medicationName, subject),
        type: 'medical' as const,
        dueDate: due!,
        dueTime: input.nextDueTime ?? null,
      });
      return { entries, follow: due ? followUp(entries, groupId, reminder) : {} };
    }
    case 'weight': {
      const unit = input.weightUnit ?? farmWeightUnit;
      const due = input.nextDueDate;
      const entries: NewEntry[] = input.weights.map(({ animalId, weightValue, bodyCondition }) => ({
        id: randomUUID(),
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
        dueTime: input.nextDueTime ?? null,
      });
      return { entries, follow: due ? followUp(entries, groupId, reminder) : {} };
    }
    case 'note':
      return {
        entries: input.animalIds.map((animalId) => ({
          id: randomUUID(),
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

export function createCareService(deps: {
  db: Database;
  profiles: Pick<ProfileService, 'settings'>;
  /** the medicine cabinet, which a treatment may be given from */
  medicines: Pick<MedicinesService, 'treatmentSource' | 'takeForTreatment'>;
}) {
  const { db, profiles, medicines } = deps;
  const repo = createEntriesRepo(db);
  const weighings = createWeightsRepo(db);
  const medications = createMedicationsRepo(db);
  const log = createGroupLogRepo(db);

  const entry = async (farmId: string, id: string) => {
    const found = await repo.findEntry(farmId, id);
    if (!found) throw new NotFoundError('Care entry');
    return found;
  };

  /** Changes one entry, or every entry of its batch, with the latest weights; the ids changed (none: not found). */
  const changeEntries = (
    farmId: string,
    id: string,
    scope: Scope,
    changes: EntryChanges,
    weights: AnimalWeights = [],
  ): Promise<string[]> =>
    db.transaction(async (tx) => {
      const target = await repo.lockTarget(tx, farmId, id, scope);
      if (!target) return [];
      const updated = await repo.update(tx, target, changes);
      await repo.setWeights(tx, target, weights);
      const weighed = updated.filter((row) => row.type === 'weight').map((row) => row.animalId);
      await weighings.refresh(tx, farmId, weighed);
      return updated.map((row) => row.id);
    });

  /**
   * Deletes one entry or its batch, false when not found, in one transaction with their reminders:
   * an entry's own go by cascade; a batch's follow-up goes with the batch, or loses the one animal
   * whose entry went (and goes when it has no animal left).
   */
  const deleteEntries = (farmId: string, id: string, scope: Scope): Promise<boolean> =>
    db.transaction(async (tx) => {
      const target = await repo.lockTarget(tx, farmId, id, scope);
      if (!target) return false;
      const deleted = await repo.delete(tx, target);
      const batchId = deleted[0]?.batchId;
      if (batchId)
        await dropCareFollowUps(tx, farmId, batchId, scope === 'batch' ? undefined : deleted[0]!.animalId);
      await weighings.refresh(
        tx,
        farmId,
        deleted.filter((row) => row.type === 'weight').map((row) => row.animalId),
      );
      return deleted.length > 0;
    });

  return {
    /** Of the given animal ids, those of this farm, with their names. */
    farmAnimals: (farmId: string, ids: string[]) => repo.farmAnimals(farmId, ids),

    groupExists: (farmId: string, groupId: string) => repo.groupExists(farmId, groupId),

    /**
     * Records one entry per animal, sharing a batch id, with their reminders. `written` is false
     * when the same batch was recorded before (a retry); a different one under that id is a
     * ConflictError.
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
      if (input.type === 'medical' && input.doses) {
        const dosed = new Set(input.doses.map((dose) => dose.animalId));
        if (
          dosed.size !== input.doses.length ||
          dosed.size !== animalIds.length ||
          animalIds.some((id) => !dosed.has(id))
        )
          throw new ValidationError({ doses: ['Give one dose for each animal treated'] });
      }
      if (tooEarly) {
        // the refusal names every problem at once (a rare path: two more statements)
        const owned = (await repo.farmAnimals(farmId, animalIds)).size;
        refuse(owned, groupId !== null && (await repo.groupExists(farmId, groupId)), {
          nextDueDate: [tooEarly],
        });
      }

      /** The entries and their reminder, in `via`: the checks, the entries, their reminder and latest weights in one statement. */
      const write = async (via: Database, given: EntryInput) => {
        const { entries, follow } = entriesOf(given, groupId, settings);
        const result = await repo.insertBatch(
          farmId,
          { batchId, groupId, entries, recordedBy },
          careFollowUpWrite(farmId, batchId, followUpOf(entries, follow)),
          via,
        );
        refuse(result.owned, result.groupFound);
        return result.entries;
      };
      /**
       * A treatment from the cabinet (decision 0041), in one transaction: the medicine and its lot
       * (locked) must be the farm's, a dose taken from stock must be in the unit the stock is counted
       * in, the medicine's schedule sets the next dose's reminder when none was given, and the doses'
       * sum is taken from the lot (a 422 naming `lotId`, nothing written, when it holds less). A
       * retried batch takes nothing twice.
       */
      const fromCabinet = (given: Extract<EntryInput, { type: 'medical' }>) =>
        db.transaction(async (tx) => {
          const source = await medicines.treatmentSource(tx, farmId, {
            medicineId: given.medicineId ?? null,
            lotId: given.lotId ?? null,
          });
          const { medicine, lot } = source;
          if (lot && !countsIn(medicine.unit, given.dosageUnit))
            throw new ValidationError({
              dosageUnit: [`This lot is counted in ${dosageUnitOf(medicine.unit)}: give the dose in it`],
            });
          const scheduled =
            given.nextDueDate == null && medicine.initialDoses !== null
              ? nextScheduledDose(
                  medicine,
                  await repo.earlierDoses(tx, farmId, medicine.id, given.animalIds),
                  given.dateRecorded,
                )
              : null;
          const entries = await write(tx, {
            ...given,
            medicineId: medicine.id,
            lotNumber: given.lotNumber || lot?.lotNumber || null,
            nextDueDate: given.nextDueDate ?? scheduled,
          });
          if (lot && entries.length)
            await medicines.takeForTreatment(
              tx,
              farmId,
              { id: lot.id, unit: medicine.unit },
              entries.map((entry) => ({ careEntryId: entry.id, quantity: entry.dosage! })),
              given.dateRecorded,
              recordedBy,
            );
          return entries;
        });
      const written =
        input.type === 'medical' && (input.medicineId || input.lotId)
          ? await fromCabinet(input)
          : await write(db, input);
      if (written.length) return { batchId, written: true, entries: written };
      // written before: the same submission again, or another one under this batch id
      const before = await repo.batchEntries(farmId, batchId);
      const same =
        before.length === animalIds.length &&
        animalIds.every((animalId) => before.some((entry) => entry.animalId === animalId));
      if (!same)
        throw new ConflictError(
          'BATCH_CONFLICT',
          'This submission was already recorded differently. Reload and check.',
        );
      return { batchId, written: false, entries: before };
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
      await changeEntries(farmId, id, scope, values, weights);
      const rows =
        scope === 'batch'
          ? await repo.batchEntries(farmId, found.batchId)
          : [await repo.findEntry(farmId, id)];
      return rows.filter((row) => row !== undefined);
    },

    /** The farm's earlier medications, the most recently given first (the form's suggestions). */
    medications(farmId: string, contains: string | undefined) {
      return medications.medications(farmId, contains, medicationSuggestionLimit);
    },

    async deleteEntries(farmId: string, id: string, scope: Scope) {
      if (!(await deleteEntries(farmId, id, scope))) throw new NotFoundError('Care entry');
    },

    /** A page of the animal's history, as JSON text (Page<CareEntry>). */
    async animalHistory(farmId: string, animalId: string, offset: number) {
      const page = await repo.animalHistory(farmId, animalId, offset, pageSize);
      if (page === null) throw new NotFoundError('Animal');
      return page;
    },

    /**
     * What an animal's health record holds of its care: its weighings, oldest first, and its
     * latest `limit` entries as the JSON text of Page<CareEntry>; null when the farm has no such animal.
     */
    async recordOf(farmId: string, animalId: string, limit: number) {
      const [weights, history] = await Promise.all([
        weighings.animalWeights(farmId, animalId),
        repo.animalHistory(farmId, animalId, 0, limit),
      ]);
      return weights === null || history === null ? null : { weights, history };
    },

    /** An animal's weighings, oldest first (its growth chart). */
    async animalWeights(farmId: string, animalId: string) {
      const points = await weighings.animalWeights(farmId, animalId);
      if (points === null) throw new NotFoundError('Animal');
      return { points };
    },

    /** A group's animals with their weighings (its 'Weights' view). */
    async groupWeights(farmId: string, groupId: string) {
      const animals = await weighings.groupWeights(farmId, groupId);
      if (animals === null) throw new NotFoundError('Group');
      return { animals };
    },

    /** A page of the group's log, as JSON text (Page<CareBatch>), `logPageSize` rows a page. */
    async groupLog(farmId: string, groupId: string, offset: number) {
      const page = await log.groupLog(farmId, groupId, offset, logPageSize);
      if (page === null) throw new NotFoundError('Group');
      return page;
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
