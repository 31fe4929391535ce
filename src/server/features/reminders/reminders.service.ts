// The rules of reminders, between the HTTP layer (reminders.routes.ts) and the database
// (reminders.repo.ts): the animal or group must be the farm's own, a reminder is due between the
// farm's today and ten years on, and a repeating reminder's next one counts from its due date (a
// fixed schedule) or from the day it was done, as it says.
// Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { nextDueAfterDone, reminderDateProblem, snoozedDueDate } from '../../../shared/care/rules';
import {
  reminderPageSize,
  type reminderCreateSchema,
  type reminderSnoozeSchema,
  type reminderUpdateSchema,
} from '../../../shared/schemas/care';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import type { CareService } from '../care/care.service';
import { paged } from '../wire';
import {
  careFollowUpStatement,
  completeOpenReminderIn,
  deleteOpenReminderIn,
  insertReminderIn,
  removeCareFollowUps,
  removeOpenRemindersOf,
  type CareFollowUp,
  type FollowUpReminder,
  type NewReminder,
  type RemindersRepo,
} from './reminders.repo';

export type { CareFollowUp, FollowUpReminder, NewReminder };

/**
 * The reminders a care batch sets, for care's one insert statement to carry (reminders.repo.ts
 * says what it reads): the reminders stay this feature's rows, written in care's round trip.
 */
export const careFollowUpWrite = (farmId: string, batchId: string, follow: CareFollowUp) =>
  careFollowUpStatement(farmId, batchId, follow);

/** Adds a reminder in another feature's transaction `tx` (a breeding's birth reminder); its id is new. */
export const addReminderIn = (...args: Parameters<typeof insertReminderIn>) => insertReminderIn(...args);

/** Removes a reminder in `tx` unless it was done (the breeding it was for is gone). */
export const dropOpenReminderIn = (...args: Parameters<typeof deleteOpenReminderIn>) =>
  deleteOpenReminderIn(...args);

/** Marks a reminder done in `tx`, unless it was (the birth it announced happened). */
export const completeReminderIn = (...args: Parameters<typeof completeOpenReminderIn>) =>
  completeOpenReminderIn(...args);

/** The follow-ups of care entries deleted in the caller's transaction `tx` (see reminders.repo.ts). */
export const dropCareFollowUps = (...args: Parameters<typeof removeCareFollowUps>) =>
  removeCareFollowUps(...args);

/** An animal left the herd: its open reminders end, in the exit's transaction (decision 0043). */
export const endOpenRemindersOf = (...args: Parameters<typeof removeOpenRemindersOf>) =>
  removeOpenRemindersOf(...args);

type ReminderInput = z.output<typeof reminderCreateSchema>;
type ReminderUpdateInput = z.output<typeof reminderUpdateSchema>;
type SnoozeInput = z.output<typeof reminderSnoozeSchema>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createRemindersService(deps: {
  repo: RemindersRepo;
  /** the farm's animals and groups, to check that a reminder's are its own */
  care: Pick<CareService, 'farmAnimals' | 'groupExists'>;
  profiles: Pick<ProfileService, 'today'>;
}) {
  const { repo, care, profiles } = deps;

  /** The farm's today, in its own time zone (a reminder's dates are the farm's dates). */
  const today = (farmId: string) => profiles.today(farmId);

  return {
    /** All the farm's active reminders, or one animal's or one group's (an empty id: all). */
    async active(farmId: string, filter: { animalId?: string; groupId?: string }, offset: number) {
      const { animalId, groupId } = filter;
      // A malformed id names no record: 404, like a missing one (never a 500 from the database).
      if ((animalId && !uuid.test(animalId)) || (groupId && !uuid.test(groupId))) throw new NotFoundError();
      return paged(
        await repo.activeReminders(farmId, { animalId, groupId }, offset, reminderPageSize + 1),
        offset,
        reminderPageSize,
      );
    },

    /** Adds a reminder; `written` is false when this farm already has its id (a repeated create). */
    async create(farmId: string, input: ReminderInput) {
      const {
        id = randomUUID(),
        animalId = null,
        groupId = null,
        repeatEvery = null,
        repeatUnit = null,
        repeatFrom = 'done',
        ...rest
      } = input;
      if (animalId && (await care.farmAnimals(farmId, [animalId])).size === 0) {
        throw new ValidationError({ animalId: ['Choose an animal of your own farm'] });
      }
      if (groupId && !(await care.groupExists(farmId, groupId))) {
        throw new ValidationError({ groupId: ['Choose a group of your own farm'] });
      }
      const tooEarly = reminderDateProblem('dueDate', rest.dueDate, await today(farmId));
      if (tooEarly) throw new ValidationError({ dueDate: [tooEarly] });
      const written = await repo.insertReminder(farmId, id, {
        ...rest,
        animalId,
        groupId,
        repeatEvery,
        repeatUnit,
        repeatFrom,
      });
      // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
      const reminder = await repo.findReminder(farmId, id);
      if (!reminder) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
      return { reminder, written };
    },

    /** One reminder and the animals it covers (a group batch's; [] for one animal or a whole group). */
    async get(farmId: string, id: string) {
      const reminder = await repo.findReminder(farmId, id);
      if (!reminder) throw new NotFoundError('Reminder');
      return { ...reminder, animalIds: await repo.reminderAnimalIds(farmId, id) };
    },

    /**
     * Changes what is sent: the title, the due date (checked only when it changes, so an overdue
     * reminder's title can still be fixed), the repeat, and who it is for — another of the farm's
     * animals for one animal's reminder, the farm's animals it covers for a group's.
     */
    async update(farmId: string, id: string, input: ReminderUpdateInput) {
      const current = await repo.findReminder(farmId, id);
      if (!current) throw new NotFoundError('Reminder');
      const { animalId, animalIds, ...changes } = input;
      const fields: Record<string, string[]> = {};
      if (changes.dueDate !== undefined && changes.dueDate !== current.dueDate) {
        const problem = reminderDateProblem('dueDate', changes.dueDate, await today(farmId));
        if (problem) fields.dueDate = [problem];
      }
      if (animalId !== undefined) {
        if (current.groupId) fields.animalId = ['This reminder is for a group: choose its animals'];
        else if ((await care.farmAnimals(farmId, [animalId])).size === 0)
          fields.animalId = ['Choose an animal of your own farm'];
      }
      if (animalIds !== undefined) {
        if (!current.groupId) fields.animalIds = ['Only a group’s reminder covers several animals'];
        else if ((await care.farmAnimals(farmId, animalIds)).size !== animalIds.length)
          fields.animalIds = ['Choose animals of your own farm'];
      }
      if (Object.keys(fields).length) throw new ValidationError(fields);
      const updated = await repo.updateReminder(
        farmId,
        id,
        animalId === undefined ? changes : { ...changes, animalId },
        animalIds,
      );
      if (!updated) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
      return this.get(farmId, id);
    },

    /** Moves the due date a day or a week on from the later of itself and the farm's today. */
    async snooze(farmId: string, id: string, input: SnoozeInput) {
      const current = await repo.findReminder(farmId, id);
      if (!current) throw new NotFoundError('Reminder');
      const farmToday = await today(farmId);
      const dueDate = snoozedDueDate(current.dueDate, farmToday, input.by);
      const problem = reminderDateProblem('dueDate', dueDate, farmToday);
      if (problem) throw new ValidationError({ by: [problem] });
      if (!(await repo.updateReminder(farmId, id, { dueDate }))) throw new NotFoundError('Reminder');
      return this.get(farmId, id);
    },

    /**
     * Marks done (safe to repeat); a repeating reminder's next one follows its schedule (from the
     * due date) or counts from today (from the day done).
     */
    async complete(farmId: string, id: string) {
      const doneOn = await today(farmId);
      const result = await repo.completeReminder(farmId, id, (reminder) =>
        nextDueAfterDone(reminder, doneOn),
      );
      if (result === 'missing') throw new NotFoundError('Reminder');
      const reminder = await repo.findReminder(farmId, id);
      if (!reminder) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
      return reminder;
    },

    /** 'Undo' after 'Reminder completed': the reminder, active again. */
    async reopen(farmId: string, id: string) {
      if ((await repo.reopenReminder(farmId, id)) === 'missing') throw new NotFoundError('Reminder');
      const reminder = await repo.findReminder(farmId, id);
      if (!reminder) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
      return reminder;
    },

    async remove(farmId: string, id: string) {
      if (!(await repo.deleteReminder(farmId, id))) throw new NotFoundError('Reminder');
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
