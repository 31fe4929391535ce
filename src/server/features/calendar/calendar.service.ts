// The calendar feed: a private address (256 random bits, stored hashed, shown once, each person's
// own on a farm, revocable) whose body is RFC 5545, written by ical-generator: each active reminder an all-day
// event on its due date (a date of the farm's zone already) with an alarm at 07:00 that day, stable
// UIDs and DTSTAMPs, so the same reminders give the same bytes and the same ETag.
import { createHash } from 'node:crypto';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { reminderTitle } from '../../../shared/care/reminder-title';
import { NotFoundError } from '../../http/errors';
import { hashSecretToken, isSecretToken, newSecretToken } from '../../http/secret-token';
import type { CalendarRepo } from './calendar.repo';

/** ical-generator leaves the calendar's name as given: TEXT escaping (RFC 5545 3.3.11) is ours. */
const escapeText = (text: string) =>
  text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n');

export type Feed = { body: string; etag: string; lastModified: Date };

/** When an all-day event's alarm rings: 07:00 on its day, in the calendar's own zone (seconds after its start). */
export const alarmAfterMidnight = 7 * 60 * 60;

export function createCalendarService(deps: { repo: CalendarRepo; origin: string }) {
  const { repo, origin } = deps;

  return {
    /** Whether `userId` has an address of the farm's reminders, and since when (someone else's is not theirs). */
    async state(farmId: string, userId: string) {
      const createdAt = await repo.createdAt(farmId, userId);
      return { createdAt: createdAt?.toISOString() ?? null };
    },

    /** A new address of `userId`'s (their old one stops working): answered once, kept only as a hash. */
    async create(farmId: string, userId: string) {
      const token = newSecretToken();
      const createdAt = await repo.create(farmId, userId, hashSecretToken(token));
      return { url: `${origin}/api/v1/calendar/${token}.ics`, createdAt: createdAt.toISOString() };
    },

    revoke: (farmId: string, userId: string) => repo.revoke(farmId, userId),

    /** The feed of a live address; 404 for anything else (a bad, old or revoked token alike). */
    async feed(token: string): Promise<Feed> {
      const tokenHash = isSecretToken(token) ? hashSecretToken(token) : undefined;
      const feed = tokenHash ? await repo.byTokenHash(tokenHash) : undefined;
      if (!feed) throw new NotFoundError('Calendar feed');
      const rows = await repo.reminders(feed.farmId);
      const calendar = ical({
        name: escapeText(feed.farmName ? `Paddock · ${feed.farmName}` : 'Paddock reminders'),
        prodId: { company: 'Paddock', product: 'Reminders', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        timezone: feed.timeZone,
        ttl: 60 * 60,
      });
      for (const reminder of rows) {
        const link = reminder.animalId
          ? `${origin}/animal/${reminder.animalId}`
          : reminder.groupId
            ? `${origin}/group/${reminder.groupId}`
            : `${origin}/reminders`;
        const event = calendar.createEvent({
          id: `${reminder.id}.${feed.farmId}@paddock`,
          start: new Date(`${reminder.dueDate}T00:00:00Z`),
          allDay: true,
          summary: reminderTitle(reminder),
          description: `${reminderTitle(reminder)}\n${link}`,
          url: link,
          stamp: reminder.updatedAt,
        });
        // the phone's calendar rings on the day, at the morning hour the daily email goes (issue 29)
        event.createAlarm({
          type: ICalAlarmType.display,
          triggerAfter: alarmAfterMidnight,
          description: reminderTitle(reminder),
        });
      }
      const body = calendar.toString();
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const lastModified = feed.etag === etag ? feed.changedAt : await repo.stamp(tokenHash!, etag);
      return { body, etag, lastModified };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
