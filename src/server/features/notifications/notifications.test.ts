// Account → 'Notifications' (issue 29), through HTTP on a fresh database: each person's devices and
// morning time on the farm in use; a subscription's endpoint and keys checked (a private, loopback
// or plain-http push service refused, a key that is no P-256 point refused), at most 10 devices a
// person, the same endpoint twice is one device, and no one reads or turns off another's device.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql-text';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { pushSubscriptionBody } from '../../../../test/support/route-expectations';

type Settings = {
  publicKey: string;
  notifyAt: string;
  devices: { id: string; label: string; createdAt: string }[];
};

describe.each(backends)('notifications settings on %s', (backend) => {
  let t: TestApp;
  const { call, ok, joinBySignUp } = apiCalls(() => t);
  let owner: string;
  let member: string;
  let otherFarm: string;
  const password = 'correct horse battery';

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm()).cookie;
    otherFarm = (await t.signUpAndConfirm()).cookie;
    member = await joinBySignUp(owner, { email: 'mia.member@example.com', name: 'Mia', password }, 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  const fieldsOf = async (response: Response, status = 422) => {
    const body = await ok<{ error: { code: string; message: string; fields?: Record<string, string[]> } }>(
      response,
      status,
    );
    return body.error;
  };

  it('answers the VAPID public key, 07:00 and no devices at first, and keeps a chosen time', async () => {
    const first = await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'));
    expect(first.notifyAt).toBe('07:00');
    expect(first.devices).toEqual([]);
    // an uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);

    const changed = await ok<Settings>(
      await call(owner, 'PATCH', '/api/v1/notifications', { notifyAt: '05:45' }),
    );
    expect(changed.notifyAt).toBe('05:45');
    expect((await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'))).notifyAt).toBe('05:45');
    // each person's own: the member's stays 07:00
    expect((await ok<Settings>(await call(member, 'GET', '/api/v1/notifications'))).notifyAt).toBe('07:00');

    for (const notifyAt of ['24:00', '7:00', '07:60', '07:00:00', '', 700, null]) {
      const error = await fieldsOf(await call(owner, 'PATCH', '/api/v1/notifications', { notifyAt }));
      expect(error.fields?.notifyAt, String(notifyAt)).toBeDefined();
    }
    expect((await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'))).notifyAt).toBe('05:45');
  });

  it('turns a device on once per endpoint, lists it, and turns it off', async () => {
    const subscription = pushSubscriptionBody('Pixel 8 · Chrome');
    const added = await ok<{ id: string; label: string; createdAt: string }>(
      await call(owner, 'POST', '/api/v1/notifications/devices', subscription),
      201,
    );
    expect(added.label).toBe('Pixel 8 · Chrome');
    expect(new Date(added.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // the same browser again (a reload that subscribes again): the same device, keys refreshed
    const again = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/notifications/devices', {
        ...subscription,
        label: 'Pixel 8 · Chrome 2',
      }),
      200,
    );
    expect(again.id).toBe(added.id);
    const listed = await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'));
    expect(listed.devices).toEqual([
      { id: added.id, label: 'Pixel 8 · Chrome 2', createdAt: added.createdAt },
    ]);

    await ok(await call(owner, 'DELETE', `/api/v1/notifications/devices/${added.id}`), 204);
    expect((await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'))).devices).toEqual([]);
    await ok(await call(owner, 'DELETE', `/api/v1/notifications/devices/${added.id}`), 404);
  });

  it('refuses push services that are not public https, and keys that are not a subscription’s', async () => {
    const good = pushSubscriptionBody();
    const refusedEndpoints = [
      'http://push.example.com/send/1',
      'ftp://push.example.com/1',
      'https://user:secret@push.example.com/send/1',
      'https://localhost/send/1',
      'https://push.localhost/send/1',
      'https://printer.local/send/1',
      'https://intranet/send/1',
      'https://127.0.0.1/send/1',
      'https://0x7f.1/send/1',
      'https://10.1.2.3/send/1',
      'https://172.16.0.9/send/1',
      'https://192.168.1.1/send/1',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/send/1',
      'https://0.0.0.0/send/1',
      'https://[::1]/send/1',
      'https://[fd00::1]/send/1',
      'https://[fe80::1]/send/1',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://[::ffff:10.0.0.1]/send/1',
      `https://push.example.com/${'x'.repeat(2000)}`,
      'not a url',
      '',
    ];
    for (const endpoint of refusedEndpoints) {
      const error = await fieldsOf(
        await call(owner, 'POST', '/api/v1/notifications/devices', { ...good, endpoint }),
      );
      expect(error.fields?.endpoint, endpoint.slice(0, 60)).toBeDefined();
    }
    // public addresses are fine, by name or number
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://8.8.8.8/send/1',
      'https://[2606:4700::1]/x',
    ])
      await ok(await call(owner, 'POST', '/api/v1/notifications/devices', { ...good, endpoint }), 201);

    const notOnCurve = Buffer.alloc(65, 7);
    notOnCurve[0] = 4;
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    for (const p256dh of [
      '',
      'not base64!',
      randomBytes(65).toString('base64url').replace(/^./, 'A'),
      notOnCurve.toString('base64url'),
      compressed.getPublicKey(undefined, 'compressed').toString('base64url'),
      good.keys.p256dh.slice(0, -1),
    ]) {
      const body = { ...pushSubscriptionBody(), keys: { ...good.keys, p256dh } };
      const error = await fieldsOf(await call(owner, 'POST', '/api/v1/notifications/devices', body));
      expect(error.fields?.['keys.p256dh'], p256dh).toBeDefined();
    }
    for (const auth of [
      '',
      randomBytes(15).toString('base64url'),
      randomBytes(17).toString('base64url'),
      '!!!!',
    ]) {
      const body = { ...pushSubscriptionBody(), keys: { ...good.keys, auth } };
      const error = await fieldsOf(await call(owner, 'POST', '/api/v1/notifications/devices', body));
      expect(error.fields?.['keys.auth'], auth).toBeDefined();
    }
    // padded base64 is base64 too
    const padded = pushSubscriptionBody();
    padded.keys.auth += '==';
    padded.keys.p256dh += '=';
    await ok(await call(owner, 'POST', '/api/v1/notifications/devices', padded), 201);
    for (const label of ['', '   ', 'x'.repeat(101)]) {
      const error = await fieldsOf(
        await call(owner, 'POST', '/api/v1/notifications/devices', { ...pushSubscriptionBody(), label }),
      );
      expect(error.fields?.label, label).toBeDefined();
    }
    // nothing half-written
    const { devices } = await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'));
    expect(devices).toHaveLength(4);
    for (const device of devices)
      await ok(await call(owner, 'DELETE', `/api/v1/notifications/devices/${device.id}`), 204);
  });

  it('takes at most 10 devices a person, even all at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(member, 'POST', '/api/v1/notifications/devices', pushSubscriptionBody()),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 422, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect((await fieldsOf(refused)).message).toBe('You can turn notifications on for at most 10 devices.');
    const { devices } = await ok<Settings>(await call(member, 'GET', '/api/v1/notifications'));
    expect(devices).toHaveLength(10);
    // the owner's count is their own
    await ok(await call(owner, 'POST', '/api/v1/notifications/devices', pushSubscriptionBody()), 201);
    for (const device of devices)
      await ok(await call(member, 'DELETE', `/api/v1/notifications/devices/${device.id}`), 204);
  });

  it('keeps each person’s devices their own: no one else lists or turns them off', async () => {
    const mine = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/notifications/devices', pushSubscriptionBody('Owner phone')),
      201,
    );
    for (const other of [member, otherFarm]) {
      const { devices } = await ok<Settings>(await call(other, 'GET', '/api/v1/notifications'));
      expect(devices.map((device) => device.id)).not.toContain(mine.id);
      await ok(await call(other, 'DELETE', `/api/v1/notifications/devices/${mine.id}`), 404);
    }
    const { devices } = await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'));
    expect(devices.map((device) => device.id)).toContain(mine.id);
    await ok(await call(owner, 'DELETE', '/api/v1/notifications/devices/not-an-id'), 404);
  });

  it('moves an endpoint to whoever turned it on last, and drops a removed member’s devices', async () => {
    const phone = pushSubscriptionBody('Shared tablet');
    await ok(await call(owner, 'POST', '/api/v1/notifications/devices', phone), 201);
    await ok(await call(otherFarm, 'POST', '/api/v1/notifications/devices', phone), 201);
    const endpointRows = () =>
      queryRows<{ user_id: string }>(
        t.db,
        sql`select user_id from push_subscriptions where endpoint = ${phone.endpoint}`,
      );
    expect(await endpointRows()).toHaveLength(1);
    expect(
      (await ok<Settings>(await call(owner, 'GET', '/api/v1/notifications'))).devices.map((d) => d.label),
    ).not.toContain('Shared tablet');

    const leaver = await joinBySignUp(
      owner,
      { email: 'lee.leaver@example.com', name: 'Lee', password },
      'member',
    );
    await ok(
      await call(leaver, 'POST', '/api/v1/notifications/devices', pushSubscriptionBody('Lee phone')),
      201,
    );
    const leaverId = (
      await queryRows<{ user_id: string }>(
        t.db,
        sql`select s.user_id from push_subscriptions s where s.label = 'Lee phone'`,
      )
    )[0]!.user_id;
    await ok(await call(owner, 'DELETE', `/api/v1/farm/members/${leaverId}`), 204);
    expect(
      await queryRows(t.db, sql`select 1 from push_subscriptions where user_id = ${leaverId}`),
    ).toHaveLength(0);
  });
});
