// The calendar feed: a private address (256 random bits, stored hashed, shown once, each person's
// own on a farm, revocable) whose body is RFC 5545, written by ical-generator: each active reminder
// an event with an alarm (issue 29, decision 0045). A reminder with a time of day is a 30-minute
// event at that time in the farm's zone (TZID, with the zone's VTIMEZONE) ringing at its start; the
// rest are all-day events on their due date (a date of the farm's zone already) ringing at the
// feed's maker's morning time (farm_members.notify_at). Stable UIDs and DTSTAMPs: the same
// reminders give the same bytes and the same ETag.
import { createHash } from 'node:crypto';
import ical, { ICalAlarmRelatesTo, ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { reminderTitle } from '../../../shared/care/reminder-title';
import { NotFoundError } from '../../http/errors';
import { hashSecretToken, isSecretToken, newSecretToken } from '../../http/secret-token';
import type { CalendarRepo } from './calendar.repo';
import { instantOf, vtimezoneOf, wallAt, wallPlus, wallTime } from './wall-clock';

/** ical-generator leaves the calendar's name as given: TEXT escaping (RFC 5545 3.3.11) is ours. */
const escapeText = (text: string) =>
  text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n');

export type Feed = { body: string; etag: string; lastModified: Date };

/** How long a timed reminder's event lasts, in minutes. */
export const timedEventMinutes = 30;

/**
 * When an all-day event's alarm rings, in seconds after its day starts: the person's morning time
 * ('07:00') on that day in the farm's zone — 6 or 8 hours after midnight on a daylight-saving day.
 */
export function alarmAfterMidnight(date: string, notifyAt: string, timeZone: string): number {
  return (
    (instantOf(date, notifyAt, timeZone).getTime() - instantOf(date, '00:00', timeZone).getTime()) / 1000
  );
}

/**
 * The end of a timed event, as a wall time: `timedEventMinutes` after its start's instant; when the
 * clocks fall back and that wall time comes twice (so a reader would take the first, before the
 * start), the wall clock's own 30 minutes later instead.
 */
function endOf(date: string, time: string, timeZone: string) {
  const start = instantOf(date, time, timeZone);
  const end = wallAt(new Date(start.getTime() + timedEventMinutes * 60_000), timeZone);
  return instantOf(end.date, end.time, timeZone) > start ? end : wallPlus(date, time, timedEventMinutes);
}

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
      // the farm's zone under the TZID its VTIMEZONE has; a zone the library lacks: times in UTC
      const zone = vtimezoneOf(feed.timeZone);
      const calendar = ical({
        name: escapeText(feed.farmName ? `Paddock · ${feed.farmName}` : 'Paddock reminders'),
        prodId: { company: 'Paddock', product: 'Reminders', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        // no calendar-wide zone: DTSTAMPs stay UTC and all-day dates are written as they are; the
        // timed events name theirs, and the generator writes its VTIMEZONE once
        timezone: { name: null, generator: (tzid) => vtimezoneOf(tzid)?.block ?? null },
        ttl: 60 * 60,
        x: { 'X-WR-TIMEZONE': feed.timeZone },
      });
      for (const reminder of rows) {
        const link = reminder.animalId
          ? `${origin}/animal/${reminder.animalId}`
          : reminder.groupId
            ? `${origin}/group/${reminder.groupId}`
            : `${origin}/reminders`;
        const common = {
          id: `${reminder.id}.${feed.farmId}@paddock`,
          summary: reminderTitle(reminder),
          description: `${reminderTitle(reminder)}\n${link}`,
          url: link,
          stamp: reminder.updatedAt,
        };
        const { dueDate, dueTime } = reminder;
        if (dueTime) {
          const end = endOf(dueDate, dueTime, feed.timeZone);
          const event = zone
            ? calendar.createEvent({
                ...common,
                timezone: zone.tzid,
                start: wallTime(dueDate, dueTime),
                end: wallTime(end.date, end.time),
              })
            : calendar.createEvent({
                ...common,
                start: instantOf(dueDate, dueTime, feed.timeZone),
                end: instantOf(end.date, end.time, feed.timeZone),
              });
          // rings when it is due (TRIGGER:PT0S, from its start)
          event.createAlarm({
            type: ICalAlarmType.display,
            trigger: 0,
            description: reminderTitle(reminder),
          });
          continue;
        }
        const event = calendar.createEvent({
          ...common,
          start: new Date(`${dueDate}T00:00:00Z`),
          allDay: true,
        });
        // rings on the day at the feed's person's morning time. RELATED=START: ical-generator relates
        // a trigger after the start to the event's END (the next day's midnight) unless told, and
        // its constructor ignores `relatesTo`
        event
          .createAlarm({
            type: ICalAlarmType.display,
            triggerAfter: alarmAfterMidnight(dueDate, feed.notifyAt, feed.timeZone),
            description: reminderTitle(reminder),
          })
          .relatesTo(ICalAlarmRelatesTo.start);
      }
      const body = calendar.toString();
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const lastModified = feed.etag === etag ? feed.changedAt : await repo.stamp(tokenHash!, etag);
      return { body, etag, lastModified };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
