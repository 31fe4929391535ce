// Daily reminder email (issue 12), with a clock the test controls: off by default; at 07:00 in the
// farm's zone, one email listing the reminders due that day and overdue, with links; nothing on a
// day with nothing due; the medicine cabinet's warnings, an email of their own on a day with no
// reminder; an unsubscribe link that works without signing in. Exactly one email per
// farm per day with two servers on one PostgreSQL database, and none twice after a crash mid-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone, mediumDate, shortDate } from '../../../shared/care/dates';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { createLogger } from '../../log/logger';
import type { Email, Mailer } from '../../mail/mailer';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { createDailyEmailJob } from './daily-email.job';
import { claimKeepDays, createDailyEmailRepo } from './daily-email.repo';
import { createWarningsRepo } from '../medicines/warnings.repo';
import { createDayWarnings } from '../medicines/warnings.service';

/** The instant when the clock on the wall in `zone` shows `time` on `day`. */
function wallClock(day: string, time: string, zone: string): Date {
  const guess = Date.parse(`${day}T${time}:00Z`);
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, part.value]),
    );
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    instant += guess - shown;
  }
  return new Date(instant);
}

const recordingMailer = (outbox: Email[]): Mailer => ({
  send: (email) => {
    outbox.push(email);
    return Promise.resolve();
  },
});

describe.each(backends)('daily reminder email on %s', (backend) => {
  let t: TestApp;
  const zone = 'Pacific/Auckland';
  const otherZone = 'America/New_York';
  const owner = 'daily-owner@example.com';
  let cookie: string;
  let clover: string;
  let today: string;
  let unsubscribeToken = '';

  const send = (path: string, body?: unknown, method = body ? 'POST' : 'GET', as = cookie) =>
    t.request(path, { cookie: as, body, method });
  const made = async (path: string, body: unknown, as = cookie) => {
    const response = await send(path, body, 'POST', as);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const emailsTo = (to: string, outbox: Email[] = t.outbox) =>
    outbox.filter((email) => email.to === to && email.subject.startsWith('Paddock: '));

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm(owner));
    expect(
      (await send('/api/v1/farm/settings', { farmName: 'Hollow Farm', timeZone: zone }, 'PATCH')).status,
    ).toBe(200);
    today = dateInZone(new Date(), zone);
    const pen = (await made('/api/v1/groups', { name: 'Laying Hens' })).id;
    clover = (await made('/api/v1/animals', { name: 'Clover', groupIds: [pen] })).id;
    await made('/api/v1/reminders', {
      title: 'Worm Clover',
      type: 'general',
      dueDate: addDays(today, 1),
      animalId: clover,
    });
    await made('/api/v1/reminders', {
      title: 'Clean the coop',
      type: 'routine',
      dueDate: addDays(today, 2),
      groupId: pen,
    });
    await made('/api/v1/reminders', {
      title: 'Shear next week',
      type: 'general',
      dueDate: addDays(today, 3),
      groupId: pen,
    });
    const done = await made('/api/v1/reminders', {
      title: 'Already done',
      type: 'general',
      dueDate: addDays(today, 2),
      groupId: pen,
    });
    expect((await send(`/api/v1/reminders/${done.id}/complete`, undefined, 'POST')).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('is off by default, and turned on from the account', async () => {
    expect(await (await send('/api/v1/daily-email')).json()).toEqual({ enabled: false });
    expect(await t.dailyEmail.run(wallClock(addDays(today, 2), '07:30', zone))).toBe(0);
    expect((await send('/api/v1/daily-email', { enabled: 'yes' }, 'PUT')).status).toBe(422);
    expect((await send('/api/v1/daily-email', { enabled: true }, 'PUT')).status).toBe(200);
    expect(await (await send('/api/v1/daily-email')).json()).toEqual({ enabled: true });
    expect((await t.request('/api/v1/daily-email')).status).toBe(401);
  });

  it('sends at 07:00 farm time one email of what is due today and overdue, with links', async () => {
    const day = addDays(today, 2);
    expect(await t.dailyEmail.run(wallClock(day, '06:59', zone))).toBe(0);
    expect(await t.dailyEmail.run(wallClock(day, '07:00', zone))).toBe(1);
    expect(await t.dailyEmail.run(wallClock(day, '07:01', zone))).toBe(0);
    expect(await t.dailyEmail.run(wallClock(day, '23:59', zone))).toBe(0);
    const [email, ...more] = emailsTo(owner);
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('Paddock: 2 reminders — 1 due today, 1 overdue');
    expect(email!.text).toContain('Good morning from Hollow Farm');
    // one title per reminder: 'Worm Clover' already names her
    expect(email!.text).toContain(`Worm Clover (overdue since`);
    expect(email!.text).not.toContain('Clover — Clover');
    // the app's date format ('Dec 6, 2026'), as the screens show it
    expect(email!.text).toContain(`(overdue since ${mediumDate(addDays(today, 1))})`);
    expect(email!.text).toContain(`${appUrl}/animal/${clover}`);
    expect(email!.text).toContain('Clean the coop — Laying Hens (due today)');
    expect(email!.text).not.toContain('Shear next week');
    expect(email!.text).not.toContain('Already done');
    expect(email!.html).toContain(`<a href="${appUrl}/animal/${clover}">`);
    const link = /\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(email!.text);
    expect(link).not.toBeNull();
    unsubscribeToken = link![1]!;
    expect(email!.headers?.['List-Unsubscribe']).toBe(
      `<${appUrl}/api/public/unsubscribe/${unsubscribeToken}>`,
    );
    expect(email!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends nothing on a day with nothing due, to a farm in another zone', async () => {
    const { cookie: other } = await t.signUpAndConfirm('daily-quiet@example.com');
    await send('/api/v1/farm/settings', { timeZone: otherZone }, 'PATCH', other);
    await send('/api/v1/daily-email', { enabled: true }, 'PUT', other);
    const pen = (await made('/api/v1/groups', { name: 'Quiet pen' }, other)).id;
    await made(
      '/api/v1/reminders',
      { title: 'Far off', type: 'general', dueDate: addDays(today, 30), groupId: pen },
      other,
    );
    const day = addDays(dateInZone(new Date(), otherZone), 2);
    expect(await t.dailyEmail.run(wallClock(day, '07:00', otherZone))).toBe(0);
    expect(emailsTo('daily-quiet@example.com')).toHaveLength(0);
  });

  it("mentions yesterday's eggs, the farm's own, saleable and discarded apart", async () => {
    const keeper = 'daily-eggs@example.com';
    const { cookie: own } = await t.signUpAndConfirm(keeper);
    await send('/api/v1/farm/settings', { timeZone: otherZone }, 'PATCH', own);
    await send('/api/v1/daily-email', { enabled: true }, 'PUT', own);
    const day = dateInZone(new Date(), otherZone);
    const coop = (await made('/api/v1/groups', { name: 'Coop' }, own)).id;
    await made('/api/v1/reminders', { title: 'Muck out', type: 'routine', dueDate: day, groupId: coop }, own);
    await made('/api/v1/egg-collections', { groupId: coop, collectedOn: day, eggs: 12 }, own);
    await made('/api/v1/egg-collections', { groupId: coop, collectedOn: day, eggs: 8, discarded: 2 }, own);
    // another farm's eggs the same day, and this farm's of the day before, are not counted
    const pen = (await made('/api/v1/groups', { name: 'Other coop' })).id;
    await made('/api/v1/egg-collections', { groupId: pen, collectedOn: day, eggs: 500 });
    await made('/api/v1/egg-collections', { groupId: coop, collectedOn: addDays(day, -1), eggs: 300 }, own);

    expect(await t.dailyEmail.run(wallClock(addDays(day, 1), '07:00', otherZone))).toBeGreaterThan(0);
    const [email] = emailsTo(keeper);
    expect(email!.text).toContain("Yesterday's eggs: 20 collected, 18 saleable, 2 discarded.");
    expect(email!.text).toContain(`${appUrl}/production`);
    expect(email!.html).toContain(`<a href="${appUrl}/production">`);

    // a morning after a day without eggs says nothing of eggs
    expect(await t.dailyEmail.run(wallClock(addDays(day, 2), '07:00', otherZone))).toBeGreaterThan(0);
    const [, next] = emailsTo(keeper);
    expect(next!.text).toContain('Muck out');
    expect(next!.text).not.toContain('eggs');
    // off again, so that the tests below count the first farm's emails only
    expect((await send('/api/v1/daily-email', { enabled: false }, 'PUT', own)).status).toBe(200);
  });

  it('lists the medicine cabinet’s warnings, and goes for them alone; not once they are dismissed', async () => {
    const keeper = 'daily-cabinet@example.com';
    const { cookie: own } = await t.signUpAndConfirm(keeper);
    await send('/api/v1/farm/settings', { timeZone: otherZone }, 'PATCH', own);
    await send('/api/v1/daily-email', { enabled: true }, 'PUT', own);
    const day = dateInZone(new Date(), otherZone);
    const wormer = (
      await made('/api/v1/medicines', { name: 'Ivermectin', unit: 'mL', lowStockLevel: 100 }, own)
    ).id;
    const lot = (
      await made(
        `/api/v1/medicines/${wormer}/lots`,
        { quantity: 40, lotNumber: 'A12', expiresOn: addDays(day, 10) },
        own,
      )
    ).id;

    // no reminder due, two warnings: the email goes, for them
    expect(await t.dailyEmail.run(wallClock(addDays(day, 1), '07:00', otherZone))).toBeGreaterThan(0);
    const [email] = emailsTo(keeper);
    expect(email!.subject).toBe('Paddock: 2 medicine cabinet warnings');
    expect(email!.text).toContain('Good morning.');
    expect(email!.text).not.toContain('Due today or overdue');
    expect(email!.text).toContain(
      `Medicine Cabinet:\n- Ivermectin lot A12 expires ${shortDate(addDays(day, 10))}\n- Ivermectin: low stock, 40 mL left\n  ${appUrl}/medicines`,
    );
    expect(email!.html).toContain(`<a href="${appUrl}/medicines">Medicine Cabinet</a>`);
    expect(email!.html).toContain('<li>Ivermectin: low stock, 40 mL left</li>');

    // both dismissed: nothing the next morning
    expect((await send(`/api/v1/medicine-lots/${lot}/dismiss-expiry`, undefined, 'POST', own)).status).toBe(
      204,
    );
    expect((await send(`/api/v1/medicines/${wormer}/dismiss-low-stock`, undefined, 'POST', own)).status).toBe(
      204,
    );
    await t.dailyEmail.run(wallClock(addDays(day, 2), '07:00', otherZone));
    expect(emailsTo(keeper)).toHaveLength(1);

    // a reminder due: its email, without the cabinet
    const pen = (await made('/api/v1/groups', { name: 'Ewes' }, own)).id;
    await made(
      '/api/v1/reminders',
      { title: 'Trim hooves', type: 'general', dueDate: addDays(day, 3), groupId: pen },
      own,
    );
    expect(await t.dailyEmail.run(wallClock(addDays(day, 3), '07:00', otherZone))).toBeGreaterThan(0);
    const [, second] = emailsTo(keeper);
    expect(second!.subject).toBe('Paddock: 1 reminder — 1 due today');
    expect(second!.text).not.toContain('Medicine Cabinet');

    // the lot dismissed while expiring warns again on the mornings after it expired
    expect(await t.dailyEmail.run(wallClock(addDays(day, 11), '07:00', otherZone))).toBeGreaterThan(0);
    const [, , third] = emailsTo(keeper);
    expect(third!.subject).toBe('Paddock: 1 reminder — 1 overdue; 1 medicine cabinet warning');
    expect(third!.text).toContain(
      `- Ivermectin lot A12 expired ${mediumDate(addDays(day, 10))} (40 mL left)`,
    );
    // off again, so that the tests below count the first farm's emails only
    expect((await send('/api/v1/daily-email', { enabled: false }, 'PUT', own)).status).toBe(200);
  });

  it.skipIf(backend !== 'postgres')(
    'sends exactly one email per farm per day from two servers on one database, and none twice after a crash',
    async () => {
      const second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
      const logger = createLogger('silent');
      const secondOutbox: Email[] = [];
      const secondServer = createDailyEmailJob({
        repo: createDailyEmailRepo(second.db),
        cabinet: createDayWarnings(createWarningsRepo(second.db)),
        mailer: recordingMailer(secondOutbox),
        origin: appUrl,
        logger,
      });
      try {
        // day 3 is owed to the owner; both servers race for it, again and again
        const day = addDays(today, 3);
        const runs = await Promise.all(
          ['07:00', '07:00', '07:01', '07:02'].flatMap((time) => [
            t.dailyEmail.run(wallClock(day, time, zone)),
            secondServer.run(wallClock(day, time, zone)),
          ]),
        );
        expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(1);
        expect(emailsTo(owner).length - 1 + emailsTo(owner, secondOutbox).length).toBe(1);

        // day 4: a server sends, then dies before it records the email; the restarted one sends nothing
        const crashOutbox: Email[] = [];
        const crashing = createDailyEmailJob({
          repo: createDailyEmailRepo(second.db),
          cabinet: createDayWarnings(createWarningsRepo(second.db)),
          mailer: {
            send: (email) => {
              crashOutbox.push(email);
              return Promise.reject(new Error('the process died here'));
            },
          },
          origin: appUrl,
          logger,
        });
        const next = addDays(today, 4);
        await crashing.run(wallClock(next, '07:00', zone));
        expect(emailsTo(owner, crashOutbox)).toHaveLength(1);
        const restarted = createDailyEmailJob({
          repo: createDailyEmailRepo(second.db),
          cabinet: createDayWarnings(createWarningsRepo(second.db)),
          mailer: recordingMailer(secondOutbox),
          origin: appUrl,
          logger,
        });
        const before = emailsTo(owner).length + emailsTo(owner, secondOutbox).length;
        expect(await restarted.run(wallClock(next, '07:05', zone))).toBe(0);
        expect(await t.dailyEmail.run(wallClock(next, '08:00', zone))).toBe(0);
        expect(emailsTo(owner).length + emailsTo(owner, secondOutbox).length).toBe(before);
      } finally {
        await second.close();
      }
    },
  );

  it('unsubscribes by the email’s link without signing in; another token is a 404', async () => {
    expect(unsubscribeToken).not.toBe('');
    const bad = await t.app.request(`${appUrl}/api/public/unsubscribe/${'A'.repeat(43)}`, { method: 'POST' });
    expect(bad.status).toBe(404);
    expect((await t.app.request(`${appUrl}/api/public/unsubscribe/short`, { method: 'POST' })).status).toBe(
      404,
    );
    // a mail app's one-click unsubscribe (RFC 8058): a POST with no cookie and no Origin
    const response = await t.app.request(`${appUrl}/api/public/unsubscribe/${unsubscribeToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await (await send('/api/v1/daily-email')).json()).toEqual({ enabled: false });
    const before = emailsTo(owner).length;
    expect(await t.dailyEmail.run(wallClock(addDays(today, 6), '07:30', zone))).toBe(0);
    expect(emailsTo(owner)).toHaveLength(before);
  });

  it(`forgets claims older than ${claimKeepDays} days, once a day`, async () => {
    const job = createDailyEmailJob({
      repo: createDailyEmailRepo(t.db),
      cabinet: createDayWarnings(createWarningsRepo(t.db)),
      mailer: recordingMailer([]),
      origin: appUrl,
      logger: createLogger('silent'),
    });
    const old = (day: string, hash: string) =>
      t.db.execute(sql`insert into daily_emails (farm_id, user_id, day, unsubscribe_hash)
        select farm_id, user_id, ${day}::date, ${hash} from farm_members limit 1`);
    const kept = async (hash: string) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from daily_emails where unsubscribe_hash = ${hash}`,
        )
      )[0]?.n;
    const now = new Date();
    const longAgo = addDays(dateInZone(now, 'UTC'), -(claimKeepDays + 5));
    await old(longAgo, 'first-old-claim');
    await job.run(now);
    expect(await kept('first-old-claim'), 'the first run of the day forgets it').toBe(0);
    await old(longAgo, 'second-old-claim');
    await job.run(new Date(now.getTime() + 60_000));
    expect(await kept('second-old-claim'), 'not again the same day').toBe(1);
    await job.run(new Date(now.getTime() + 24 * 60 * 60_000));
    expect(await kept('second-old-claim'), 'the next day').toBe(0);
  });
});
