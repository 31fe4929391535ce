// Farm sharing (issue 14) through HTTP, as the people would use it and as an attacker would try it:
// an owner invites a farm sitter and a partner by email; the sitter signs up through the link (the
// link confirms the address), sees the herd, adds a note and a weight, marks a reminder Done, and
// may not medicate or delete; the partner accepts with the account they have. Links work once, for
// the address they were sent to, for 7 days, and never take over an account or raise a role; a
// sitter's access ends after their last day; a removed member's at once; a farm keeps an owner.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone, mediumDate } from '../../../shared/care/dates';
import { withdrawalLastDay } from '../../../shared/care/withdrawal';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('farm sharing on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let farmId: string;
  let goats: string;
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
  const invite = async (email: string, role: string, extra: Record<string, unknown> = {}) =>
    ok<{ id: string }>(await call(owner, 'POST', '/api/v1/farm/invitations', { email, role, ...extra }), 201);
  const signUpThrough = (token: string, body: unknown = { name: 'Sam Sitter', password }) =>
    t.request(`/api/public/invitations/${token}/sign-up`, { body });
  const userIdOf = async (email: string) =>
    (await queryRows<{ id: string }>(t.db, sql`select id from "user" where email = ${email}`))[0]!.id;
  const animalNames = async (cookie: string) =>
    (await ok<{ name: string }[]>(await call(cookie, 'GET', '/api/v1/animals'))).map((animal) => animal.name);

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm' }));
    await ok(await call(owner, 'PATCH', '/api/v1/profile', { ownerName: 'Olive' }));
    farmId = (await ok<{ current: string }>(await call(owner, 'GET', '/api/v1/farms'))).current;
    goats = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Goats' }), 201))
      .id;
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

  it('lets a farm sitter sign up through the emailed link and do exactly what a sitter may', async () => {
    const until = addDays(dateInZone(new Date(), 'UTC'), 10);
    await invite('Sam.Sitter@Example.com', 'sitter', { accessUntil: until });
    const email = t.outbox.at(-1)!;
    expect(email.to).toBe('sam.sitter@example.com');
    expect(email.subject).toBe('Olive invited you to Hill Farm on Paddock');
    // the app's date format ('Dec 6, 2026'), not the stored '2026-12-06'
    expect(email.text).toContain(`as a Farm Sitter, until ${mediumDate(until)}.`);
    expect(mediumDate(until)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(email.text).not.toContain(until);
    const token = tokenIn('sam.sitter@example.com');
    // only the token's hash is kept
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from invitations`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const shown = await ok(await t.request(`/api/public/invitations/${token}`));
    expect(shown).toEqual({
      farmName: 'Hill Farm',
      invitedBy: 'Olive',
      email: 'sam.sitter@example.com',
      role: 'sitter',
      accessUntil: until,
      accountExists: false,
    });

    // the address is the invitation's: one typed in the body is refused, not used
    expect((await signUpThrough(token, { email: 'else@example.com', password })).status).toBe(422);
    expect((await signUpThrough(token, { password: 'short' })).status).toBe(422);
    const signUp = await signUpThrough(token);
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const sitter = t.cookieFrom(signUp);
    // confirmed by the link itself, and signed in: they can sign in with the password later too
    const [account] = await queryRows<{ email_verified: boolean }>(
      t.db,
      sql`select email_verified from "user" where email = 'sam.sitter@example.com'`,
    );
    expect(account!.email_verified).toBe(true);
    const signIn = await t.request('/api/auth/sign-in/email', {
      body: { email: 'sam.sitter@example.com', password },
    });
    expect(signIn.status).toBe(200);
    // a new session starts in the farm they were invited to, not in their own empty one
    const fresh = await ok<{ current: string }>(await call(t.cookieFrom(signIn), 'GET', '/api/v1/farms'));
    expect(fresh.current).toBe(farmId);

    // the link works once
    expect((await signUpThrough(token)).status).toBe(404);
    expect((await t.request(`/api/public/invitations/${token}`)).status).toBe(404);

    // sees the herd and the reminders
    expect(await animalNames(sitter)).toEqual(['Clover']);
    const reminder = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/reminders', {
        title: 'Trim hooves',
        type: 'general',
        dueDate: addDays(dateInZone(new Date(), 'UTC'), 3),
        animalId: clover,
      }),
      201,
    );
    const reminders = await ok<{ items: { title: string }[] }>(
      await call(sitter, 'GET', '/api/v1/reminders'),
    );
    expect(reminders.items.map((item) => item.title)).toContain('Trim hooves');

    // adds a note and a weight, each 'by' them; marks the reminder Done
    const note = await ok<{ entries: { recordedBy: string }[] }>(
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'note',
        animalIds: [clover],
        dateRecorded: '2026-11-20',
        title: 'Limping',
        noteContent: 'Front left',
      }),
      201,
    );
    expect(note.entries[0]!.recordedBy).toBe('Sam Sitter');
    await ok(
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'weight',
        weights: [{ animalId: clover, weightValue: 41 }],
        dateRecorded: '2026-11-20',
      }),
      201,
    );
    await ok(await call(sitter, 'POST', `/api/v1/reminders/${reminder.id}/complete`));
    const history = await ok<{ items: { title: string | null; recordedBy: string | null }[] }>(
      await call(owner, 'GET', `/api/v1/animals/${clover}/care-entries`),
    );
    expect(history.items.map((item) => item.recordedBy)).toEqual(['Sam Sitter', 'Sam Sitter']);
    // and the group's log names them too (Clover's own entries, shown in her group)
    const log = await ok<{ items: { title: string | null; recordedBy?: string | null }[] }>(
      await call(owner, 'GET', `/api/v1/groups/${goats}/care-log`),
    );
    expect(log.items.map((item) => item.recordedBy)).toEqual(['Sam Sitter', 'Sam Sitter']);

    // may not schedule a dose, edit or delete, nor manage the farm
    const refused = [
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [clover],
        dateRecorded: '2026-11-20',
        medicationName: 'Penicillin',
        dosage: 2,
        dosageUnit: 'mL',
        nextDueDate: addDays(dateInZone(new Date(), 'UTC'), 14), // the next dose's reminder: a member's
      }),
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'weight',
        weights: [{ animalId: clover, weightValue: 42 }],
        dateRecorded: '2026-11-20',
        nextDueDate: addDays(dateInZone(new Date(), 'UTC'), 30), // a reminder: a member's to make
      }),
      await call(sitter, 'DELETE', `/api/v1/animals/${clover}`),
      await call(sitter, 'PATCH', `/api/v1/animals/${clover}`, { name: 'Renamed' }),
      await call(sitter, 'POST', '/api/v1/groups', { name: 'Sheep' }),
      await call(sitter, 'POST', '/api/v1/farm/invitations', { email: 'x@example.com', role: 'owner' }),
      await call(sitter, 'GET', '/api/v1/export/json'),
      await call(sitter, 'PATCH', '/api/v1/farm/settings', { farmName: 'Mine now' }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    // the farm's fields are not the person's: refused on their profile, not quietly applied
    expect((await call(sitter, 'PATCH', '/api/v1/profile', { farmName: 'Mine now' })).status).toBe(422);
    expect(await animalNames(owner)).toEqual(['Clover']);
    // their own name is theirs to change
    await ok(await call(sitter, 'PATCH', '/api/v1/profile', { ownerName: 'Sam S.' }));

    // after the last day (as if time passed) they are back on their own, empty farm
    const sitterId = await userIdOf('sam.sitter@example.com');
    await t.db.execute(
      sql`update farm_members set access_until = current_date - 1 where farm_id = ${farmId} and user_id = ${sitterId}`,
    );
    // (a session this server has seen keeps its farm for the cache's 10 seconds: a new one here)
    const sitterAgain = t.cookieFrom(
      await t.request('/api/auth/sign-in/email', { body: { email: 'sam.sitter@example.com', password } }),
    );
    expect(await animalNames(sitterAgain)).toEqual([]);
    expect((await call(sitterAgain, 'GET', `/api/v1/animals/${clover}`)).status).toBe(404);
    const farms = await ok<{ farms: { id: string }[] }>(await call(sitterAgain, 'GET', '/api/v1/farms'));
    expect(farms.farms.map((farm) => farm.id)).not.toContain(farmId);
    expect((await call(sitterAgain, 'PUT', '/api/v1/farms/current', { farmId })).status).toBe(404);
  });

  it('lets a partner accept with their own account, switch farms, and never take a higher role', async () => {
    const partner = (await t.signUpAndConfirm('pat.partner@example.com', password)).cookie;
    await ok(await call(partner, 'PATCH', '/api/v1/farm/settings', { farmName: "Pat's Plot" }));
    await invite('pat.partner@example.com', 'member');
    const token = tokenIn('pat.partner@example.com');
    expect((await ok(await t.request(`/api/public/invitations/${token}`))).accountExists).toBe(true);

    // signing up through the link cannot take over the existing account
    const takeover = await signUpThrough(token, { name: 'Mallory', password: 'mallory password' });
    expect(takeover.status).toBe(409);
    expect(t.cookieFrom(takeover)).not.toContain('session_token');
    const mallory = await t.request('/api/auth/sign-in/email', {
      body: { email: 'pat.partner@example.com', password: 'mallory password' },
    });
    expect(mallory.status).toBe(401);

    // another signed-in user cannot accept it; a role in the body is refused
    const stranger = (await t.signUpAndConfirm()).cookie;
    expect((await call(stranger, 'POST', '/api/v1/invitations/accept', { token })).status).toBe(403);
    expect((await call(partner, 'POST', '/api/v1/invitations/accept', { token, role: 'owner' })).status).toBe(
      422,
    );
    await ok(await call(partner, 'POST', '/api/v1/invitations/accept', { token }));
    expect((await call(partner, 'POST', '/api/v1/invitations/accept', { token })).status).toBe(404);

    const members = await ok<{ members: { email: string; role: string; you: boolean }[] }>(
      await call(partner, 'GET', '/api/v1/farm/members'),
    );
    expect(members.members.map(({ email, role, you }) => [email, role, you])).toEqual([
      ['olive.owner@example.com', 'owner', false],
      ['pat.partner@example.com', 'member', true],
    ]);
    expect(await animalNames(partner)).toEqual(['Clover']);

    // two farms in the switcher; the other one is theirs, and works
    const farms = await ok<{ current: string; farms: { id: string; name: string; role: string }[] }>(
      await call(partner, 'GET', '/api/v1/farms'),
    );
    expect(farms.current).toBe(farmId);
    expect(farms.farms.map(({ name, role }) => [name, role])).toEqual([
      ["Pat's Plot", 'owner'],
      ['Hill Farm', 'member'],
    ]);
    const own = farms.farms.find((farm) => farm.role === 'owner')!.id;
    expect((await call(partner, 'PUT', '/api/v1/farms/current', { farmId: own })).status).toBe(204);
    expect(await animalNames(partner)).toEqual([]);
    expect((await call(partner, 'GET', `/api/v1/animals/${clover}`)).status).toBe(404);
    // a farm they do not belong to is not theirs to pick
    const strangerFarm = (await ok<{ current: string }>(await call(stranger, 'GET', '/api/v1/farms')))
      .current;
    expect((await call(partner, 'PUT', '/api/v1/farms/current', { farmId: strangerFarm })).status).toBe(404);
    expect((await call(partner, 'PUT', '/api/v1/farms/current', { farmId: 'nope' })).status).toBe(404);
    expect((await call(partner, 'PUT', '/api/v1/farms/current', { farmId: '-'.repeat(36) })).status).toBe(
      404,
    );
    await ok(await call(partner, 'PUT', '/api/v1/farms/current', { farmId }), 204);
    expect(await animalNames(partner)).toEqual(['Clover']);
  });

  it("lets a member change their own profile but not the owner's farm settings", async () => {
    const partner = t.cookieFrom(
      await t.request('/api/auth/sign-in/email', { body: { email: 'pat.partner@example.com', password } }),
    );
    await ok(await call(partner, 'PUT', '/api/v1/farms/current', { farmId }), 204);
    const before = await ok<Record<string, unknown>>(await call(owner, 'GET', '/api/v1/profile'));
    expect(before).toMatchObject({ farmName: 'Hill Farm', weightUnit: 'lbs', ownerName: 'Olive' });

    // the farm's name, unit and zone: the owner's, by either door
    for (const body of [{ farmName: 'Renamed' }, { weightUnit: 'kg' }, { timeZone: 'Asia/Tokyo' }]) {
      expect((await call(partner, 'PATCH', '/api/v1/farm/settings', body)).status).toBe(403);
      expect((await call(partner, 'PATCH', '/api/v1/profile', body)).status).toBe(422);
    }
    // their own name is theirs, and only theirs: the owner's stays, and their profile shows their own
    const own = await ok<Record<string, unknown>>(
      await call(partner, 'PATCH', '/api/v1/profile', { ownerName: 'Pat Partner' }),
    );
    expect(own).toMatchObject({ ownerName: 'Pat Partner', farmName: 'Hill Farm' });
    expect(await ok(await call(owner, 'GET', '/api/v1/profile'))).toEqual(before);

    // a member's breeding keeps its own gestation; the farm's stays the owner's to set
    const species = await ok<{ id: string; name: string; gestationDays: number | null }[]>(
      await call(owner, 'GET', '/api/v1/species'),
    );
    const goat = species.find((kind) => kind.name === 'Goat')!;
    const hazel = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/animals', {
        name: 'Hazel',
        speciesId: goat.id,
        sex: 'female',
        groupIds: [goats],
      }),
      201,
    );
    const bred = await ok<{ gestationDays: number }>(
      await call(partner, 'POST', `/api/v1/animals/${hazel.id}/breedings`, {
        bredOn: dateInZone(new Date(), 'UTC'),
        gestationDays: 200,
      }),
      201,
    );
    expect(bred.gestationDays).toBe(200);
    const gestationOf = async () =>
      (
        await ok<{ id: string; gestationDays: number | null }[]>(await call(owner, 'GET', '/api/v1/species'))
      ).find((kind) => kind.id === goat.id)!.gestationDays;
    expect(await gestationOf()).toBe(goat.gestationDays);
    // the owner's does change it
    await ok(
      await call(owner, 'POST', `/api/v1/animals/${hazel.id}/breedings`, {
        bredOn: dateInZone(new Date(), 'UTC'),
        gestationDays: 152,
      }),
      201,
    );
    expect(await gestationOf()).toBe(152);
    await ok(await call(owner, 'DELETE', `/api/v1/animals/${hazel.id}`), 204);

    // and the owner changes the farm's settings
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { weightUnit: 'kg' }));
    expect(await ok(await call(partner, 'GET', '/api/v1/profile'))).toMatchObject({ weightUnit: 'kg' });
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { weightUnit: 'lbs' }));
  });

  it('ends a removed member’s access at once, and keeps at least one owner', async () => {
    const partner = (
      await t.request('/api/auth/sign-in/email', { body: { email: 'pat.partner@example.com', password } })
    ).headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await ok(await call(partner, 'PUT', '/api/v1/farms/current', { farmId }), 204);
    expect(await animalNames(partner)).toEqual(['Clover']); // now in the session cache
    const partnerId = await userIdOf('pat.partner@example.com');
    const ownerId = await userIdOf('olive.owner@example.com');

    // the only owner can neither step down nor leave
    expect((await call(owner, 'PATCH', `/api/v1/farm/members/${ownerId}`, { role: 'member' })).status).toBe(
      409,
    );
    expect((await call(owner, 'POST', '/api/v1/farm/leave')).status).toBe(409);
    // a member cannot manage members
    expect((await call(partner, 'DELETE', `/api/v1/farm/members/${ownerId}`)).status).toBe(403);

    await ok(await call(owner, 'DELETE', `/api/v1/farm/members/${partnerId}`), 204);
    expect(await animalNames(partner)).toEqual([]);
    expect((await call(partner, 'GET', `/api/v1/animals/${clover}`)).status).toBe(404);
    expect((await call(partner, 'POST', `/api/v1/reminders`, { title: 'x' })).status).toBe(422); // own farm
    expect((await call(owner, 'DELETE', `/api/v1/farm/members/${partnerId}`)).status).toBe(404);

    // made an owner, the partner lets the first owner leave; the farm stays with its animals
    await invite('pat.partner@example.com', 'owner');
    await ok(
      await call(partner, 'POST', '/api/v1/invitations/accept', {
        token: tokenIn('pat.partner@example.com'),
      }),
    );
    await ok(await call(owner, 'POST', '/api/v1/farm/leave'), 204);
    // Hill Farm was Olive's only farm: she has a new, empty one of her own, and her profile
    expect(await animalNames(owner)).toEqual([]);
    const profile = await ok<{ ownerName: string; farmName: string | null }>(
      await call(owner, 'GET', '/api/v1/profile'),
    );
    expect(profile).toMatchObject({ ownerName: 'Olive', farmName: null });
    expect(await animalNames(partner)).toEqual(['Clover']);
    // a farm with another owner stays when one of them deletes their account
    await ok(await call(partner, 'DELETE', '/api/v1/account', { email: 'pat.partner@example.com' }), 204);
    const [farm] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from farms where id = ${farmId}`,
    );
    expect(farm!.count).toBe(0); // Pat was its only owner by then: it went with him
  });

  it('revokes and resends invitations, each voiding the link before it, and lets them expire', async () => {
    const owner2 = (await t.signUpAndConfirm('second.owner@example.com', password)).cookie;
    const first = await ok<{ id: string }>(
      await call(owner2, 'POST', '/api/v1/farm/invitations', { email: 'rita@example.com', role: 'member' }),
      201,
    );
    const oldToken = tokenIn('rita@example.com');
    await ok(await call(owner2, 'POST', `/api/v1/farm/invitations/${first.id}/resend`));
    const newToken = tokenIn('rita@example.com');
    expect(newToken).not.toBe(oldToken);
    expect((await t.request(`/api/public/invitations/${oldToken}`)).status).toBe(404);
    expect((await t.request(`/api/public/invitations/${newToken}`)).status).toBe(200);

    const listed = await ok<{ invitations: { email: string }[] }>(
      await call(owner2, 'GET', '/api/v1/farm/members'),
    );
    expect(listed.invitations.map((item) => item.email)).toEqual(['rita@example.com']);
    await ok(await call(owner2, 'DELETE', `/api/v1/farm/invitations/${first.id}`), 204);
    expect((await t.request(`/api/public/invitations/${newToken}`)).status).toBe(404);
    expect((await call(owner2, 'DELETE', `/api/v1/farm/invitations/${first.id}`)).status).toBe(404);

    // seven days on, a link no longer works
    await ok(
      await call(owner2, 'POST', '/api/v1/farm/invitations', { email: 'rita@example.com', role: 'sitter' }),
      201,
    );
    const token = tokenIn('rita@example.com');
    await t.db.execute(
      sql`update invitations set expires_at = now() - interval '1 second' where email = 'rita@example.com'`,
    );
    expect((await t.request(`/api/public/invitations/${token}`)).status).toBe(404);
    expect((await signUpThrough(token)).status).toBe(404);

    // an invitation in the past, or to a member already there, is refused with words
    const yesterday = addDays(dateInZone(new Date(), 'UTC'), -2);
    const past = await call(owner2, 'POST', '/api/v1/farm/invitations', {
      email: 'late@example.com',
      role: 'sitter',
      accessUntil: yesterday,
    });
    expect(past.status).toBe(422);
    expect(await past.json()).toMatchObject({
      error: { fields: { accessUntil: ['Choose today or a later day'] } },
    });
    const self = await call(owner2, 'POST', '/api/v1/farm/invitations', {
      email: 'second.owner@example.com',
      role: 'member',
    });
    expect(self.status).toBe(409);
  });

  it("never names another account through an entry's recorder: not exported, not imported", async () => {
    const mine = (await t.signUpAndConfirm()).cookie;
    const victim = await userIdOf('second.owner@example.com');
    const document = {
      format: 'paddock-export',
      version: 1,
      exportedAt: '2026-11-01T00:00:00.000Z',
      farm: { name: 'Forged', timeZone: 'UTC', weightUnit: 'lbs' },
      builtInSpecies: [],
      tables: {
        animals: [{ id: '5f0c7a52-3c1e-4c36-9d55-0d0e3e1f0a01', name: 'Bait' }],
        care_entries: [
          {
            id: '5f0c7a52-3c1e-4c36-9d55-0d0e3e1f0a02',
            batch_id: '5f0c7a52-3c1e-4c36-9d55-0d0e3e1f0a03',
            animal_id: '5f0c7a52-3c1e-4c36-9d55-0d0e3e1f0a01',
            type: 'note',
            date_recorded: '2026-10-01',
            title: 'Who?',
            recorded_by: victim,
          },
        ],
      },
    };
    const imported = await call(mine, 'POST', '/api/v1/import', document);
    expect(imported.status).toBe(422);
    expect(await imported.text()).not.toContain('second.owner');

    const pen = await ok<{ id: string }>(await call(mine, 'POST', '/api/v1/groups', { name: 'Pen' }), 201);
    const bait = await ok<{ id: string }>(
      await call(mine, 'POST', '/api/v1/animals', { name: 'Bait', groupIds: [pen.id] }),
      201,
    );
    await ok(
      await call(mine, 'POST', '/api/v1/care-entries', {
        type: 'note',
        animalIds: [bait.id],
        dateRecorded: '2026-10-01',
        title: 'Mine',
        noteContent: 'Mine too',
      }),
      201,
    );
    const exported = await ok<{ tables: { care_entries: Record<string, unknown>[] } }>(
      await call(mine, 'GET', '/api/v1/export/json'),
    );
    expect(exported.tables.care_entries.length).toBeGreaterThan(0);
    for (const row of exported.tables.care_entries) expect(row).not.toHaveProperty('recorded_by');
  });

  it("lets a farm sitter record the dose they gave, with its withdrawal, but not change or delete others' entries", async () => {
    // a farm of its own: the tests above change who is on Hill Farm
    const farmer = (await t.signUpAndConfirm('fern.farmer@example.com', password)).cookie;
    const pen = await ok<{ id: string }>(await call(farmer, 'POST', '/api/v1/groups', { name: 'Pen' }), 201);
    const daisy = (
      await ok<{ id: string }>(
        await call(farmer, 'POST', '/api/v1/animals', { name: 'Daisy', groupIds: [pen.id] }),
        201,
      )
    ).id;
    await ok(
      await call(farmer, 'POST', '/api/v1/farm/invitations', {
        email: 'dora.dose@example.com',
        role: 'sitter',
      }),
      201,
    );
    const signUp = await signUpThrough(tokenIn('dora.dose@example.com'), { name: 'Dora Dose', password });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const sitter = t.cookieFrom(signUp);
    const today = dateInZone(new Date(), 'UTC');
    const owners = await ok<{ entries: { id: string }[] }>(
      await call(farmer, 'POST', '/api/v1/care-entries', {
        type: 'note',
        animalIds: [daisy],
        dateRecorded: today,
        title: 'Owner’s note',
        noteContent: 'Hers',
      }),
      201,
    );

    // 'Done' on a medication reminder, then 'Record Dose': the dose given, with its withdrawal
    const dose = await ok<{ entries: { recordedBy: string; meatWithdrawalDays: number | null }[] }>(
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [daisy],
        dateRecorded: today,
        medicationName: 'Penicillin',
        dosage: 2,
        dosageUnit: 'mL',
        meatWithdrawalDays: 10,
      }),
      201,
    );
    expect(dose.entries[0]).toMatchObject({ recordedBy: 'Dora Dose', meatWithdrawalDays: 10 });
    const animal = await ok<{ withdrawal: { meat: string | null } | null }>(
      await call(farmer, 'GET', `/api/v1/animals/${daisy}`),
    );
    expect(animal.withdrawal?.meat).toBe(withdrawalLastDay(today, 10));

    // the owner's entries stay the owner's; the next dose's reminder is a member's to make
    const refused = [
      await call(sitter, 'PATCH', `/api/v1/care-entries/${owners.entries[0]!.id}`, { title: 'Changed' }),
      await call(sitter, 'DELETE', `/api/v1/care-entries/${owners.entries[0]!.id}`),
      await call(sitter, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [daisy],
        dateRecorded: today,
        medicationName: 'Penicillin',
        dosage: 2,
        dosageUnit: 'mL',
        nextDueDate: addDays(today, 7),
      }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403]);
    const entry = await ok<{ title: string | null }>(
      await call(farmer, 'GET', `/api/v1/care-entries/${owners.entries[0]!.id}`),
    );
    expect(entry.title).toBe('Owner’s note');
  });
});
