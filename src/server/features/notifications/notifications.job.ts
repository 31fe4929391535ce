// The notification run (issue 29, decision 0045): every minute each server asks, in one query, what
// is owed across farms — each person's morning notification once their chosen time has come on the
// farm's day, and each open reminder due today whose time of day has come — claims each in the
// database (one insert that exactly one server wins, on PGlite and PostgreSQL alike) and only then
// sends it to every device of the person. At most once: a server that dies between the claim and
// the send loses that notification rather than risk a second after a restart. A notification more
// than an hour late (a server was down) is claimed and never sent; a morning with nothing due or
// overdue sends nothing. A device the push service says is gone (404, 410) is forgotten; any other
// failure is logged and the other devices, people and farms go on.
import { reminderTitle } from '../../../shared/care/reminder-title';
import type { Logger } from '../../log/logger';
import type { MorningReminder, NotificationsRepo, Owed, PushTarget } from './notifications.repo';
import type { PushSend } from './push-sender';

/** Notifications a pass takes at most (the next pass, a minute later, takes the rest). */
export const batchSize = 500;

/** Notifications sent at once: a slow push service holds up a few, not the pass. */
const concurrency = 8;

/** How long a push service keeps a notification for a device that is off: 4 hours. */
const ttlSeconds = 4 * 60 * 60;

/** What the service worker shows (the contract of decision 0045). */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  tag: string;
  farmId: string;
  reminderId: string | null;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const titled = (reminder: MorningReminder) =>
  reminderTitle({ title: reminder.title, animalName: reminder.animal_name, groupName: reminder.group_name });

/** 'Paddock: 3 reminders due today' and the first few titles; null when nothing is due or overdue. */
export function morningPayload(owed: Owed): PushPayload | null {
  const total = owed.due_today + owed.overdue;
  if (total === 0) return null;
  const first = (owed.first ?? []).map(titled);
  const more = total - first.length;
  const list = `${first.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const overdue = owed.due_today > 0 && owed.overdue > 0 ? `${owed.overdue} overdue` : '';
  return {
    title:
      owed.due_today > 0
        ? `Paddock: ${plural(owed.due_today, 'reminder')} due today`
        : `Paddock: ${plural(owed.overdue, 'reminder')} overdue`,
    body: [owed.farm_name, overdue, list].filter(Boolean).join(' · '),
    url: '/reminders',
    tag: `morning-${owed.day}`,
    farmId: owed.farm_id,
    reminderId: null,
  };
}

/** 'Penicillin — Daisy, due now', 'Due at 18:00 · Hollow Farm'. */
export function timedPayload(owed: Owed): PushPayload {
  const title = reminderTitle({
    title: owed.title ?? '',
    animalName: owed.animal_name,
    groupName: owed.group_name,
  });
  return {
    title: `${title}, due now`,
    body: [`Due at ${owed.due_time}`, owed.farm_name].filter(Boolean).join(' · '),
    url: '/reminders',
    tag: `reminder-${owed.reminder_id}`,
    farmId: owed.farm_id,
    reminderId: owed.reminder_id,
  };
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createNotificationsJob(deps: { repo: NotificationsRepo; send: PushSend; logger: Logger }) {
  const { repo, send, logger } = deps;
  /** the UTC day this server last forgot old claims: once a day is enough, not every run */
  let prunedOn = '';

  /** Sends to each device; answers how many took it. One device failing stops none of the others. */
  async function deliver(owed: Owed, payload: PushPayload, devices: PushTarget[]): Promise<number> {
    const text = JSON.stringify(payload);
    const answers = await Promise.all(
      devices.map(async (device) => {
        try {
          const { status } = await send({
            endpoint: device.endpoint,
            p256dh: device.p256dh,
            auth: device.auth,
            payload: text,
            ttl: ttlSeconds,
            urgency: payload.reminderId ? 'high' : 'normal',
          });
          if (status >= 200 && status < 300) return true;
          if (status === 404 || status === 410) {
            // the browser dropped the subscription: this device will never take a push again
            await repo.forgetDevice(device.id);
            logger.info('push device gone; forgotten', { farmId: owed.farm_id, deviceId: device.id, status });
          } else {
            logger.warn('push refused by the push service', {
              farmId: owed.farm_id,
              deviceId: device.id,
              status,
            });
          }
        } catch (error) {
          logger.warn('push failed', {
            farmId: owed.farm_id,
            deviceId: device.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
        return false;
      }),
    );
    return answers.filter(Boolean).length;
  }

  return {
    /** One pass at `now`: claims and sends what is owed; answers how many notifications it sent. */
    async run(now: Date): Promise<number> {
      const owed = await repo.owed(now, batchSize);
      const payloads = new Map<Owed, PushPayload>();
      for (const one of owed) {
        const payload = one.key === 'morning' ? morningPayload(one) : timedPayload(one);
        if (payload && !one.stale) payloads.set(one, payload);
      }
      // late ones and empty mornings: claimed in one statement, never sent
      await repo.claimAll(owed.filter((one) => !payloads.has(one)));
      const toSend = [...payloads.keys()];
      const devices = await repo.devicesOf(toSend);
      let sent = 0;
      await eachAtMost(toSend, concurrency, async (one) => {
        try {
          if (!(await repo.claim(one))) return; // another server has it
          const reached = await deliver(
            one,
            payloads.get(one)!,
            devices.get(`${one.farm_id}/${one.user_id}`) ?? [],
          );
          await repo.sent(one, reached);
          if (reached > 0) sent++;
        } catch (error) {
          // the notification stays claimed: never a second one later, whatever failed
          logger.error('notification failed', {
            farmId: one.farm_id,
            day: one.day,
            key: one.key,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      });
      const today = now.toISOString().slice(0, 10);
      if (today !== prunedOn) {
        await repo.prune(now);
        prunedOn = today;
      }
      return sent;
    },
  };
}

export type NotificationsJob = ReturnType<typeof createNotificationsJob>;
