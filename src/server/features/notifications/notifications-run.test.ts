// The notification run (issue 29, decision 0045), with a clock the test controls and a push service
// of our own (test/support/push-receiver.ts) that checks the VAPID signature and decrypts each
// message as a browser's push service and the browser would: the morning notification once at the
// person's time (07:00 unless they choose), none on a day with nothing due; a reminder with a time
// of day rings once at that time, not when done before, not when more than an hour late; two
// servers racing send once; a device the push service says is gone (410) is forgotten; a removed
// member and a past sitter get nothing; a farm's broken device stops no one else's; daylight
// saving days ring once, at the intended local time, both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { createLogger } from '../../log/logger';
import { apiCalls } from '../../../../test/support/api-calls';
import { startPushReceiver, type PushReceiver } from '../../../../test/support/push-receiver';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { createNotificationsJob } from './notifications.job';
import { createNotificationsRepo } from './notifications.repo';
import { createPushSender, PushRefused } from './push-sender';

/** The instant when the clock on the wall in `zone` shows `time` on `day` (an existing, unambiguous time). */
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

type Subscription = ReturnType<PushReceiver['subscription']>;

describe.each(backends)('the notification run on %s', (backend) => {
  let t: TestApp;
  let push: PushReceiver;
  const { call, ok, joinBySignUp } = apiCalls(() => t);
  const password = 'correct horse battery';
  const zone = 'America/New_York';
  let publicKey = '';
  /** each farm's group, by its owner's cookie: a reminder is for an animal or a group */
  const flocks = new Map<string, string>();

  /** A new farm in `zone` named `name`, its owner's cookie and farm id. */
  async function farm(name: string, timeZone = zone) {
    const { cookie } = await t.signUpAndConfirm();
    await ok(await call(cookie, 'PATCH', '/api/v1/farm/settings', { farmName: name, timeZone }));
    const { current } = await ok<{ current: string }>(await call(cookie, 'GET', '/api/v1/farms'));
    flocks.set(
      cookie,
      (await ok<{ id: string }>(await call(cookie, 'POST', '/api/v1/groups', { name: 'Flock' }), 201)).id,
    );
    return { cookie, farmId: current };
  }
  /** Turns notifications on for a new device of the person's: its subscription. */
  async function device(cookie: string, label = 'Phone'): Promise<Subscription> {
    const subscription = push.subscription(label);
    await ok(await call(cookie, 'POST', '/api/v1/notifications/devices', subscription), 201);
    return subscription;
  }
  /** A reminder due on `day`, at `time` when given (the column of migration 0037, set directly). */
  async function reminder(cookie: string, title: string, day: string, time?: string, animalId?: string) {
    const made = await ok<{ id: string }>(
      await call(cookie, 'POST', '/api/v1/reminders', {
        title,
        type: 'general',
        dueDate: day,
        ...(animalId ? { animalId } : { groupId: flocks.get(cookie) }),
      }),
      201,
    );
    if (time) await t.db.execute(sql`update reminders set due_time = ${time}::time where id = ${made.id}`);
    return made.id;
  }
  const titles = (subscription: Subscription) =>
    push.to(subscription.endpoint).map((one) => one.payload.title);

  beforeAll(async () => {
    push = await startPushReceiver();
    t = await createTestApp(backend, { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    const { cookie } = await t.signUpAndConfirm();
    publicKey = (await ok<{ publicKey: string }>(await call(cookie, 'GET', '/api/v1/notifications')))
      .publicKey;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('sends the morning notification once at 07:00 on the farm’s day (not at 06:59), then at the chosen time', async () => {
    const { cookie, farmId } = await farm('Hollow Farm');
    const phone = await device(cookie, 'Pixel 8 · Chrome');
    const tablet = await device(cookie, 'iPad · Safari');
    const day = '2027-02-10';
    await reminder(cookie, 'Worm Clover', day);
    await reminder(cookie, 'Trim hooves', day);
    await reminder(cookie, 'Order hay', day);
    await reminder(cookie, 'Clean the coop', '2027-02-09');

    expect(await t.notifications.run(wallClock(day, '06:59', zone))).toBe(0);
    expect(push.to(phone.endpoint)).toEqual([]);
    expect(await t.notifications.run(wallClock(day, '07:00', zone))).toBe(1);
    for (const time of ['07:00', '07:01', '09:30']) await t.notifications.run(wallClock(day, time, zone));
    expect(push.errors).toEqual([]);
    for (const device of [phone, tablet]) {
      const got = push.to(device.endpoint);
      expect(got).toHaveLength(1);
      expect(got[0]!.payload).toEqual({
        title: 'Paddock: 3 reminders due today',
        body: 'Hollow Farm · 1 overdue · Clean the coop — Flock, Order hay — Flock, Trim hooves — Flock and 1 more',
        url: '/reminders',
        tag: `morning-${day}`,
        farmId,
        reminderId: null,
      });
      // signed with the key the browser subscribed with, for the push service's origin
      expect(got[0]!.vapidKey).toBe(publicKey);
      expect(got[0]!.claims.aud).toBe(push.origin);
      expect(got[0]!.urgency).toBe('normal');
      expect(Number(got[0]!.ttl)).toBeGreaterThan(0);
    }

    // the person's own time: 05:30, the next day, when all four are overdue
    await ok(await call(cookie, 'PATCH', '/api/v1/notifications', { notifyAt: '05:30' }));
    const next = '2027-02-11';
    await t.notifications.run(wallClock(next, '05:29', zone));
    expect(push.to(phone.endpoint)).toHaveLength(1);
    await t.notifications.run(wallClock(next, '05:30', zone));
    await t.notifications.run(wallClock(next, '07:00', zone));
    expect(titles(phone)).toEqual(['Paddock: 3 reminders due today', 'Paddock: 4 reminders overdue']);
  });

  it('sends no morning notification on a day with nothing due or overdue', async () => {
    const { cookie } = await farm('Quiet Farm', 'UTC');
    const phone = await device(cookie);
    await reminder(cookie, 'Next week', '2027-02-17');
    expect(await t.notifications.run(new Date('2027-02-10T07:00:00Z'))).toBe(0);
    expect(await t.notifications.run(new Date('2027-02-10T07:05:00Z'))).toBe(0);
    expect(push.to(phone.endpoint)).toEqual([]);
  });

  it('takes a pass’s share from the head of what is owed, each morning with its own counts', async () => {
    // a pass takes at most a batch (500): here a share of 2 of what three farms' people are owed
    const day = '2031-03-11';
    const owners: { cookie: string; farmId: string }[] = [];
    for (const name of ['Share Farm A', 'Share Farm B', 'Share Farm C']) {
      const made = await farm(name);
      await device(made.cookie);
      owners.push(made);
    }
    const [a, b] = owners as [(typeof owners)[0], (typeof owners)[0]];
    await reminder(a.cookie, 'Clean the coop', day);
    await reminder(a.cookie, 'Order hay', day);
    await reminder(a.cookie, 'Trim hooves', '2031-03-10');
    await reminder(a.cookie, 'Shear', '2031-03-12');
    await reminder(b.cookie, 'Give the wormer', day, '06:30');
    const repo = createNotificationsRepo(t.db);
    const now = wallClock(day, '07:05', zone);
    const all = await repo.owed(now, 1000);
    const ours = all.filter((owed) => owners.some((owner) => owner.farmId === owed.farm_id));
    expect(ours.map((owed) => [owed.farm_name, owed.key.replace(/^.*@/, '@')])).toEqual(
      expect.arrayContaining([
        ['Share Farm A', 'morning'],
        ['Share Farm B', 'morning'],
        ['Share Farm B', '@06:30'],
        ['Share Farm C', 'morning'],
      ]),
    );
    expect(ours).toHaveLength(4);
    expect(ours.find((owed) => owed.farm_id === a.farmId)).toMatchObject({
      due_today: 2,
      overdue: 1,
      first: [
        { title: 'Trim hooves', group_name: 'Flock' },
        { title: 'Clean the coop', group_name: 'Flock' },
        { title: 'Order hay', group_name: 'Flock' },
      ],
    });
    expect(ours.find((owed) => owed.key !== 'morning')).toMatchObject({
      title: 'Give the wormer',
      due_time: '06:30',
      due_today: 0,
      overdue: 0,
      first: null,
    });
    // every share is the head of the whole, counts and all
    for (const size of [1, 2, all.length - 1]) expect(await repo.owed(now, size)).toEqual(all.slice(0, size));
  });

  it('rings a reminder with a time of day once at that time, not when done before, not an hour late', async () => {
    const { cookie, farmId } = await farm('Evening Farm');
    const phone = await device(cookie);
    const { id: daisy } = await ok<{ id: string }>(
      await call(cookie, 'POST', '/api/v1/animals', { name: 'Daisy', groupIds: [flocks.get(cookie)] }),
      201,
    );
    const day = '2027-02-20';
    const penicillin = await reminder(cookie, 'Penicillin', day, '18:00', daisy);
    const done = await reminder(cookie, 'Evening check', day, '18:00');
    await ok(await call(cookie, 'POST', `/api/v1/reminders/${done}/complete`));
    // moved to 19:00: its new time rings (the claim's key holds the time)
    const moved = await reminder(cookie, 'Feed the calves', day, '18:30');
    // the server was down from 16:00 to 18:00: 16:45 is more than an hour late
    const late = await reminder(cookie, 'Afternoon dose', day, '16:45');

    const timed = () => push.to(phone.endpoint).filter((one) => one.payload.reminderId !== null);
    await t.notifications.run(wallClock(day, '17:59', zone));
    expect(timed()).toEqual([]);
    await t.notifications.run(wallClock(day, '18:00', zone));
    await t.notifications.run(wallClock(day, '18:01', zone));
    expect(push.errors).toEqual([]);
    expect(timed().map((one) => one.payload)).toEqual([
      {
        title: 'Penicillin — Daisy, due now',
        body: 'Due at 18:00 · Evening Farm',
        url: '/reminders',
        tag: `reminder-${penicillin}`,
        farmId,
        reminderId: penicillin,
      },
    ]);
    expect(timed()[0]!.urgency).toBe('high');
    // the late one was claimed, never sent: not later either
    const claims = await queryRows<{ key: string; sent_to: number | null }>(
      t.db,
      sql`select key, sent_to from push_claims where farm_id = ${farmId} and key <> 'morning' order by key`,
    );
    expect(claims).toContainEqual({ key: `${late}@16:45`, sent_to: null });
    expect(claims).toContainEqual({ key: `${penicillin}@18:00`, sent_to: 1 });

    await t.db.execute(sql`update reminders set due_time = '19:00' where id = ${moved}`);
    await t.notifications.run(wallClock(day, '18:40', zone));
    expect(timed().map((one) => one.payload.reminderId)).toEqual([penicillin]);
    await t.notifications.run(wallClock(day, '19:00', zone));
    await t.notifications.run(wallClock(day, '20:00', zone));
    expect(timed().map((one) => one.payload.title)).toEqual([
      'Penicillin — Daisy, due now',
      'Feed the calves — Flock, due now',
    ]);
    // the morning of that day was more than an hour late at 17:59: claimed, not sent
    expect(push.to(phone.endpoint).filter((one) => one.payload.reminderId === null)).toEqual([]);
  });

  it('sends once from two servers racing on one database', async () => {
    const { cookie } = await farm('Race Farm');
    const phone = await device(cookie);
    const day = '2027-03-03';
    await reminder(cookie, 'Morning round', day);
    const evening = await reminder(cookie, 'Evening dose', day, '18:00');
    let second: DatabaseHandle | undefined;
    if (backend === 'postgres') second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
    const logger = createLogger('silent');
    const servers = [0, 1, 2].map(() =>
      createNotificationsJob({
        repo: createNotificationsRepo(second?.db ?? t.db),
        send: createPushSender({ vapid: t.config.vapid, allowPrivateEndpoints: true }),
        logger,
      }),
    );
    try {
      for (const time of ['07:00', '18:00']) {
        // (the other tests' farms are owed their mornings too: count this phone's)
        await Promise.all(
          [...servers, t.notifications].flatMap((server) => [
            server.run(wallClock(day, time, zone)),
            server.run(wallClock(day, time, zone)),
          ]),
        );
      }
      expect(titles(phone)).toEqual(['Paddock: 2 reminders due today', 'Evening dose — Flock, due now']);
      expect(push.to(phone.endpoint)[1]!.payload.reminderId).toBe(evening);
    } finally {
      await second?.close();
    }
  });

  it('forgets a device its push service says is gone (410), and still reaches the others', async () => {
    const { cookie, farmId } = await farm('Gone Farm');
    const old = await device(cookie, 'Old phone');
    const phone = await device(cookie, 'New phone');
    push.answer(old.endpoint, 410);
    const day = '2027-03-04';
    await reminder(cookie, 'Vaccinate', day);
    await t.notifications.run(wallClock(day, '07:00', zone));
    expect(titles(phone)).toEqual(['Paddock: 1 reminder due today']);
    const { devices } = await ok<{ devices: { label: string }[] }>(
      await call(cookie, 'GET', '/api/v1/notifications'),
    );
    expect(devices.map((one) => one.label)).toEqual(['New phone']);
    expect(
      await queryRows<{ sent_to: number }>(
        t.db,
        sql`select sent_to from push_claims where farm_id = ${farmId} and day = ${day}`,
      ),
    ).toEqual([{ sent_to: 1 }]);
  });

  it('sends nothing to a removed member or a sitter whose last day has passed, and the rest as usual', async () => {
    const { cookie: owner, farmId } = await farm('People Farm');
    const ownersPhone = await device(owner);
    const member = await joinBySignUp(
      owner,
      { email: 'mo.member@example.com', name: 'Mo', password },
      'member',
    );
    const membersPhone = await device(member);
    const removed = await joinBySignUp(
      owner,
      { email: 'rae.removed@example.com', name: 'Rae', password },
      'member',
    );
    const removedPhone = await device(removed);
    const sitter = await joinBySignUp(
      owner,
      { email: 'sid.sitter@example.com', name: 'Sid', password },
      'sitter',
    );
    const sittersPhone = await device(sitter);
    const day = '2027-03-05';
    await reminder(owner, 'Shear', day);
    await reminder(owner, 'Evening dose', day, '18:00');

    const members = await queryRows<{ user_id: string; email: string }>(
      t.db,
      sql`select m.user_id, u.email from farm_members m join "user" u on u.id = m.user_id where m.farm_id = ${farmId}`,
    );
    const idOf = (email: string) => members.find((one) => one.email === email)!.user_id;
    await ok(await call(owner, 'DELETE', `/api/v1/farm/members/${idOf('rae.removed@example.com')}`), 204);
    // the sitter's last day was the day before
    await t.db.execute(
      sql`update farm_members set access_until = '2027-03-04' where farm_id = ${farmId} and user_id = ${idOf('sid.sitter@example.com')}`,
    );

    for (const time of ['07:00', '18:00']) await t.notifications.run(wallClock(day, time, zone));
    expect(titles(ownersPhone)).toEqual(['Paddock: 2 reminders due today', 'Evening dose — Flock, due now']);
    expect(titles(membersPhone)).toEqual(['Paddock: 2 reminders due today', 'Evening dose — Flock, due now']);
    expect(push.to(removedPhone.endpoint)).toEqual([]);
    expect(push.to(sittersPhone.endpoint)).toEqual([]);
    // the sitter still works on the last day itself
    await t.db.execute(
      sql`update farm_members set access_until = '2027-03-06' where farm_id = ${farmId} and user_id = ${idOf('sid.sitter@example.com')}`,
    );
    await t.notifications.run(wallClock('2027-03-06', '07:00', zone));
    expect(titles(sittersPhone)).toEqual(['Paddock: 2 reminders overdue']);
  });

  it('reaches this farm whatever another farm’s devices do (refused, unreachable)', async () => {
    const broken = await farm('Broken Farm');
    const refusing = await device(broken.cookie, 'Refusing');
    push.answer(refusing.endpoint, 500);
    // a push service that is not there at all
    const unreachable = {
      endpoint: 'http://127.0.0.1:9/push/nowhere',
      keys: push.subscription().keys,
      label: 'Unreachable',
    };
    await ok(await call(broken.cookie, 'POST', '/api/v1/notifications/devices', unreachable), 201);
    const fine = await farm('Fine Farm');
    const phone = await device(fine.cookie);
    const day = '2027-03-06';
    await reminder(broken.cookie, 'Broken farm job', day);
    await reminder(fine.cookie, 'Fine farm job', day);

    await t.notifications.run(wallClock(day, '07:00', zone));
    expect(titles(phone)).toEqual(['Paddock: 1 reminder due today']);
    // the refusing device is kept (only 404 and 410 mean gone); the claim says it reached none
    const { devices } = await ok<{ devices: unknown[] }>(
      await call(broken.cookie, 'GET', '/api/v1/notifications'),
    );
    expect(devices).toHaveLength(2);
    expect(
      await queryRows(
        t.db,
        sql`select sent_to from push_claims where farm_id = ${broken.farmId} and day = ${day}`,
      ),
    ).toEqual([{ sent_to: 0 }]);
  });

  it('never sends to a private or loopback address unless allowed, by number or by name', async () => {
    const sender = createPushSender({ vapid: t.config.vapid, allowPrivateEndpoints: false });
    const device = push.subscription();
    const port = new URL(push.origin).port;
    const id = device.endpoint.slice(device.endpoint.lastIndexOf('/') + 1);
    for (const endpoint of [
      device.endpoint, // http
      `https://127.0.0.1:${port}/push/${id}`,
      `https://[::1]:${port}/push/${id}`,
      `https://localhost:${port}/push/${id}`, // a name that resolves to loopback
    ]) {
      await expect(
        sender({ ...device.keys, endpoint, payload: '{}', ttl: 60, urgency: 'normal' }),
        endpoint,
      ).rejects.toThrow(PushRefused);
    }
    expect(push.to(device.endpoint)).toEqual([]);
  });

  it('rings once on daylight-saving days, at the intended local time (New York, 2027)', async () => {
    const { cookie } = await farm('Clock Farm');
    const phone = await device(cookie);
    // spring forward, Sunday March 14: 02:00 EST becomes 03:00 EDT, so 02:30 never shows
    const spring = '2027-03-14';
    await reminder(cookie, 'Skipped hour dose', spring, '02:30');
    await t.notifications.run(new Date('2027-03-14T06:59:00Z')); // 01:59 EST
    expect(push.to(phone.endpoint)).toEqual([]);
    await t.notifications.run(new Date('2027-03-14T07:00:00Z')); // 03:00 EDT
    await t.notifications.run(new Date('2027-03-14T07:01:00Z'));
    await t.notifications.run(new Date('2027-03-14T07:30:00Z'));
    expect(titles(phone)).toEqual(['Skipped hour dose — Flock, due now']);

    // fall back, Sunday November 7: 01:00–02:00 shows twice (EDT, then EST)
    push.clear();
    const fall = '2027-11-07';
    await reminder(cookie, 'Repeated hour dose', fall, '01:30');
    await t.notifications.run(new Date('2027-11-07T05:29:00Z')); // 01:29 EDT
    expect(push.to(phone.endpoint)).toEqual([]);
    await t.notifications.run(new Date('2027-11-07T05:30:00Z')); // 01:30 EDT
    await t.notifications.run(new Date('2027-11-07T06:00:00Z')); // 01:00 EST, the hour again
    await t.notifications.run(new Date('2027-11-07T06:30:00Z')); // 01:30 EST
    await t.notifications.run(new Date('2027-11-07T06:45:00Z'));
    expect(titles(phone)).toEqual(['Repeated hour dose — Flock, due now']);
    expect(push.errors).toEqual([]);
  });
});
