// The rules of reminders, between the HTTP layer (reminders.routes.ts) and the database
// (reminders.repo.ts): the animal or group must be the farm's own, a reminder is never due before
// the farm's today, and a repeating reminder's next one is counted from the day it was done.
// Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { dateInZone } from '../../../shared/care/dates';
import { nextOccurrence, reminderDateProblem } from '../../../shared/care/rules';
import { pageSize, type reminderCreateSchema } from '../../../shared/schemas/care';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { CareRepo } from '../care/care.repo';
import type { ProfileRepo } from '../account/profile.repo';
import { paged } from '../wire';
import type { RemindersRepo } from './reminders.repo';

type ReminderInput = z.output<typeof reminderCreateSchema>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createRemindersService(deps: {
  repo: RemindersRepo;
  /** the farm's animals and groups, to check that a reminder's are its own */
  care: Pick<CareRepo, 'farmAnimals' | 'groupExists'>;
  profiles: ProfileRepo;
}) {
  const { repo, care, profiles } = deps;

  /** The farm's today, in its own time zone (a reminder's dates are the farm's dates). */
  const today = async (farmId: string) => dateInZone(new Date(), (await profiles.settings(farmId)).timeZone);

  return {
    /** All the farm's active reminders, or one animal's or one group's (an empty id: all). */
    async active(farmId: string, filter: { animalId?: string; groupId?: string }, offset: number) {
      const { animalId, groupId } = filter;
      // A malformed id names no record: 404, like a missing one (never a 500 from the database).
      if ((animalId && !uuid.test(animalId)) || (groupId && !uuid.test(groupId))) throw new NotFoundError();
      return paged(await repo.activeReminders(farmId, { animalId, groupId }, offset, pageSize + 1), offset);
    },

    /** Adds a reminder; `written` is false when this farm already has its id (a repeated create). */
    async create(farmId: string, input: ReminderInput) {
      const {
        id = randomUUID(),
        animalId = null,
        groupId = null,
        repeatEvery = null,
        repeatUnit = null,
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
      });
      // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
      const reminder = await repo.findReminder(farmId, id);
      if (!reminder) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
      return { reminder, written };
    },

    /** Marks done (safe to repeat); a repeating reminder's next one is counted from today. */
    async complete(farmId: string, id: string) {
      const doneOn = await today(farmId);
      const result = await repo.completeReminder(farmId, id, (reminder) =>
        nextOccurrence(doneOn, reminder.repeatEvery, reminder.repeatUnit),
      );
      if (result === 'missing') throw new NotFoundError('Reminder');
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
