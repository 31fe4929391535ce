// Farm sitters past their last day (issue 23, item 13), through HTTP: they stay on the owner's
// Farm Members list, marked, without access; an owner can invite them again (a current member or a
// sitter still in force is still 409), and accepting replaces the ended membership; 'Remove' still
// works. The last day is a calendar date in the farm's zone: a change of the farm's time zone does
// not alter it, only when that date has passed (in the farm's zone now).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Listed = { email: string; role: string; accessUntil: string | null; accessEnded: boolean };

describe.each(backends)('farm sitters past their last day on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let farmId: string;
  let clover: string;
  const password = 'correct horse battery';

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, { cookie, method, body });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const tokenIn = (email: string) => /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo(email))![1]!;
  const invite = (email: string, role: string, extra: Record<string, unknown> = {}) =>
    call(owner, 'POST', '/api/v1/farm/invitations', { email, role, ...extra });
  const userIdOf = async (email: string) =>
    (await queryRows<{ id: string }>(t.db, sql`select id from "user" where email = ${email}`))[0]!.id;
  /** A new session each time: this server remembers a session's farm for a few seconds. */
  const signIn = async (email: string) =>
    t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));
  const listed = async (cookie = owner) =>
    (await ok<{ members: Listed[] }>(await call(cookie, 'GET', '/api/v1/farm/members'))).members.map(
      ({ email, role, accessUntil, accessEnded }) => ({ email, role, accessUntil, accessEnded }),
    );
  const seesClover = async (cookie: string) =>
    (await call(cookie, 'GET', `/api/v1/animals/${clover}`)).status === 200;
  /** A sitter joins through an emailed link, signing up. */
  const joinAsSitter = async (email: string, accessUntil?: string) => {
    await ok(await invite(email, 'sitter', accessUntil ? { accessUntil } : {}), 201);
    const signUp = await t.request(`/api/public/invitations/${tokenIn(email)}/sign-up`, {
      body: { name: email.split('@')[0], password },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
  };
  /** As if time passed: their last day was the day before yesterday. */
  const endAccess = async (email: string) => {
    const userId = await userIdOf(email);
    await t.db.execute(
      sql`update farm_members set access_until = current_date - 2 where farm_id = ${farmId} and user_id = ${userId}`,
    );
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm', timeZone: 'UTC' }));
    farmId = (await ok<{ current: string }>(await call(owner, 'GET', '/api/v1/farms'))).current;
    const goats = (
      await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Goats' }), 201)
    ).id;
    clover = (
      await ok<{ id: string }>(
        await call(owner, 'POST', '/api/v1/animals', { name: 'Clover', groupIds: [goats] }),
        201,
      )
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a past sitter for the owner, marked and without access, and lets the owner invite them again', async () => {
    const today = dateInZone(new Date(), 'UTC');
    await joinAsSitter('sam.sitter@example.com', addDays(today, 5));
    await endAccess('sam.sitter@example.com');
    const ended = addDays(today, -2);

    expect(await listed()).toEqual([
      { email: 'olive.owner@example.com', role: 'owner', accessUntil: null, accessEnded: false },
      { email: 'sam.sitter@example.com', role: 'sitter', accessUntil: ended, accessEnded: true },
    ]);
    // no access: their farm in use is their own again, the farm's records are not found
    const sam = await signIn('sam.sitter@example.com');
    expect(await seesClover(sam)).toBe(false);
    const farms = await ok<{ farms: { id: string }[] }>(await call(sam, 'GET', '/api/v1/farms'));
    expect(farms.farms.map((farm) => farm.id)).not.toContain(farmId);

    // invite again, with a new last day: the link works, the ended membership is replaced
    const until = addDays(today, 7);
    await ok(await invite('Sam.Sitter@example.com', 'sitter', { accessUntil: until }), 201);
    await ok(
      await call(sam, 'POST', '/api/v1/invitations/accept', { token: tokenIn('sam.sitter@example.com') }),
    );
    expect(await listed()).toEqual([
      { email: 'olive.owner@example.com', role: 'owner', accessUntil: null, accessEnded: false },
      { email: 'sam.sitter@example.com', role: 'sitter', accessUntil: until, accessEnded: false },
    ]);
    expect(await seesClover(await signIn('sam.sitter@example.com'))).toBe(true);

    // a sitter in force is still a member: inviting them is a conflict
    expect((await invite('sam.sitter@example.com', 'member')).status).toBe(409);
    expect((await invite('olive.owner@example.com', 'owner')).status).toBe(409);
  });

  it('replaces an ended membership with the new invitation’s role; links made in the old one stay dead', async () => {
    // a member who made a share link, then stayed on as a sitter until a day now past
    await ok(await invite('mo.member@example.com', 'member'), 201);
    const signUp = await t.request(`/api/public/invitations/${tokenIn('mo.member@example.com')}/sign-up`, {
      body: { name: 'Mo', password },
    });
    expect(signUp.status).toBe(201);
    const link = await ok<{ url: string }>(
      await call(t.cookieFrom(signUp), 'POST', `/api/v1/animals/${clover}/record/share`),
      201,
    );
    const shared = () => t.request(`/api/public/records/${link.url.split('/').at(-1)}`);
    expect((await shared()).status).toBe(200);
    const moId = await userIdOf('mo.member@example.com');
    await ok(await call(owner, 'PATCH', `/api/v1/farm/members/${moId}`, { role: 'sitter' }), 204);
    await endAccess('mo.member@example.com');

    await ok(await invite('mo.member@example.com', 'member'), 201);
    const mo = await signIn('mo.member@example.com');
    await ok(
      await call(mo, 'POST', '/api/v1/invitations/accept', { token: tokenIn('mo.member@example.com') }),
    );
    expect((await listed()).find((row) => row.email === 'mo.member@example.com')).toEqual({
      email: 'mo.member@example.com',
      role: 'member',
      accessUntil: null,
      accessEnded: false,
    });
    expect(await seesClover(await signIn('mo.member@example.com'))).toBe(true);
    // a new membership, not the old one revived with what it left behind
    expect((await shared()).status).toBe(404);
  });

  it('shows past sitters only to owners, and lets an owner remove one', async () => {
    await joinAsSitter('pip.sitter@example.com');
    await endAccess('pip.sitter@example.com');
    const mo = await signIn('mo.member@example.com'); // a member
    expect((await listed(mo)).map((row) => row.email)).not.toContain('pip.sitter@example.com');
    expect((await listed()).find((row) => row.email === 'pip.sitter@example.com')?.accessEnded).toBe(true);

    const pipId = await userIdOf('pip.sitter@example.com');
    expect((await call(owner, 'DELETE', `/api/v1/farm/members/${pipId}`)).status).toBe(204);
    expect((await listed()).map((row) => row.email)).not.toContain('pip.sitter@example.com');
    // and an invitation afterwards is an ordinary one
    expect((await invite('pip.sitter@example.com', 'sitter')).status).toBe(201);
  });

  it('keeps a sitter’s last day a calendar date when the farm’s time zone changes; it ends by the zone in use', async () => {
    // 25 hours apart: today in Kiritimati is always a later date than today in Pago Pago
    const west = 'Pacific/Pago_Pago';
    const east = 'Pacific/Kiritimati';
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { timeZone: west }));
    const lastDay = dateInZone(new Date(), west);
    expect(dateInZone(new Date(), east) > lastDay).toBe(true);
    await joinAsSitter('zoe.sitter@example.com', lastDay);
    const zoe = () => signIn('zoe.sitter@example.com');
    const row = async () => (await listed()).find((member) => member.email === 'zoe.sitter@example.com');

    expect(await row()).toMatchObject({ accessUntil: lastDay, accessEnded: false });
    expect(await seesClover(await zoe())).toBe(true);

    // the farm moves east: the date stays; in the farm's zone it has passed, so access has ended
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { timeZone: east }));
    expect(await row()).toMatchObject({ accessUntil: lastDay, accessEnded: true });
    expect(await seesClover(await zoe())).toBe(false);
    const stored = await queryRows<{ access_until: string }>(
      t.db,
      sql`select to_char(access_until, 'YYYY-MM-DD') as access_until from farm_members
          where farm_id = ${farmId} and user_id = ${await userIdOf('zoe.sitter@example.com')}`,
    );
    expect(stored[0]!.access_until).toBe(lastDay);
    // a new last day is checked against the farm's zone now
    const zoeId = await userIdOf('zoe.sitter@example.com');
    const earlier = await call(owner, 'PATCH', `/api/v1/farm/members/${zoeId}`, {
      role: 'sitter',
      accessUntil: lastDay,
    });
    expect(earlier.status).toBe(422);

    // and back west: the same date, in force again
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { timeZone: west }));
    expect(await row()).toMatchObject({ accessUntil: lastDay, accessEnded: false });
    expect(await seesClover(await zoe())).toBe(true);
  });
});
