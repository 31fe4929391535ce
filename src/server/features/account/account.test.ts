// DELETE /api/v1/account: farm A deletes itself; every row of A in every table is gone, farm B's
// rows and photos are untouched, the session is dead, and the address can start afresh.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql-text';
import { createSampleFarm, schemaTableNames, type SampleFarm } from '../../backup/sample-farm.fixture';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Owner = SampleFarm & { userId: string };

/** How to find one farm's (or its owner's) rows in each table. */
const rowsOf: Record<string, string> = {
  user: 'id = $user',
  session: 'user_id = $user',
  account: 'user_id = $user',
  verification: "value = $user or identifier = $email or identifier like '%:' || $email",
  farms: 'id = $farm',
  farm_versions: 'farm_id = $farm',
  farm_members: 'farm_id = $farm or user_id = $user',
  profiles: 'farm_id = $farm or user_id = $user',
  species: 'farm_id = $farm',
  groups: 'farm_id = $farm',
  animals: 'farm_id = $farm',
  animal_groups: 'farm_id = $farm',
  care_entries: 'farm_id = $farm',
  group_log: 'farm_id = $farm',
  reminders: 'farm_id = $farm',
  reminder_animals: 'farm_id = $farm',
  breedings: 'farm_id = $farm',
  egg_collections: 'farm_id = $farm',
  milk_records: 'farm_id = $farm',
  medicines: 'farm_id = $farm',
  medicine_lots: 'farm_id = $farm',
  stock_movements: 'farm_id = $farm',
  money_entries: 'farm_id = $farm',
  species_gestation: 'farm_id = $farm',
  record_shares: 'farm_id = $farm',
  calendar_feeds: 'farm_id = $farm',
  invitations: 'farm_id = $farm or invited_by = $user',
  daily_emails: 'farm_id = $farm or user_id = $user',
  push_subscriptions: 'farm_id = $farm or user_id = $user',
  push_claims: 'farm_id = $farm or user_id = $user',
  known_devices: 'user_id = $user',
  // the per-account sign-in counter names the address (the per-address ones name no farm)
  rate_limit: "key = 'sign-in-account:' || lower($email)",
};
// email waiting to be sent names an address, not a farm: gone once delivered, or given up within a day;
// paddock_routines is the migration step's bookkeeping (decision 0034)
const notFarmData: string[] = ['mail_queue', 'paddock_routines'];

describe.each(backends)('account deletion on %s', (backend) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;

  async function counts(owner: Owner): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const [table, where] of Object.entries(rowsOf)) {
      const condition = where
        .replaceAll('$user', `'${owner.userId}'`)
        .replaceAll('$farm', `'${owner.farmId}'`)
        .replaceAll('$email', `'${owner.email}'`);
      const [row] = await queryRows<{ count: number }>(
        t.db,
        sql.raw(`select count(*)::int as count from "${table}" where ${condition}`),
      );
      result[table] = Number(row!.count);
    }
    return result;
  }

  async function owner(email: string, farmName: string): Promise<Owner> {
    const farm = await createSampleFarm(t, email, farmName);
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from "user" where email = ${email}`);
    return { ...farm, userId: row!.id };
  }

  const deleteAccount = (body: unknown, cookie?: string) =>
    t.request('/api/v1/account', { method: 'DELETE', body, ...(cookie && { cookie }) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await owner('ada@example.com', 'Hill Farm');
    b = await owner('bob@example.com', 'Dale Farm');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts every table of the schema', () => {
    expect([...Object.keys(rowsOf), ...notFarmData].sort()).toEqual(schemaTableNames);
  });

  it('answers 401 when signed out', async () => {
    const response = await deleteAccount({ email: a.email });
    expect(response.status).toBe(401);
  });

  it('answers 422 on the email field for a wrong or missing email, and deletes nothing', async () => {
    const before = await counts(a);
    for (const body of [{ email: b.email }, { email: 'ada@example.co' }, { email: '' }, {}]) {
      const response = await deleteAccount(body, a.cookie);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toEqual(['email']);
    }
    expect(await counts(a)).toEqual(before);
    expect((await t.request('/api/v1/profile', { cookie: a.cookie })).status).toBe(200);
  });

  it("deletes every row and photo of farm A, and nothing of farm B's", async () => {
    for (const owner of [a, b]) {
      const wrong = await t.request('/api/auth/sign-in/email', {
        body: { email: owner.email, password: 'not the password' },
      });
      expect(wrong.status).toBe(401); // counted against the account
    }
    const beforeA = await counts(a);
    const beforeB = await counts(b);
    for (const [table, count] of Object.entries(beforeA))
      expect(count, `farm A's ${table}`).toBeGreaterThan(0);
    expect(existsSync(join(t.photoDir, a.farmId))).toBe(true);

    const response = await deleteAccount({ email: ` ${a.email.toUpperCase()} ` }, a.cookie);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/paddock\.session_token=;.*Max-Age=0/);

    const afterA = await counts(a);
    for (const [table, count] of Object.entries(afterA)) expect(count, `farm A's ${table}`).toBe(0);
    expect(await counts(b)).toEqual(beforeB);
    expect(existsSync(join(t.photoDir, a.farmId))).toBe(false);
    expect(existsSync(join(t.photoDir, b.farmId))).toBe(true);
    const photo = await t.request(`/api/v1/animals/${b.animalIds[0]}/photo`, { cookie: b.cookie });
    expect(photo.status).toBe(200);
  });

  it('leaves the old session dead and the password useless', async () => {
    expect((await t.request('/api/v1/profile', { cookie: a.cookie })).status).toBe(401);
    const session = await (await t.request('/api/auth/get-session', { cookie: a.cookie })).json();
    expect(session).toBeNull();
    const signIn = await t.request('/api/auth/sign-in/email', {
      body: { email: a.email, password: a.password },
    });
    expect(signIn.status).toBe(401);
    expect(t.cookieFrom(signIn)).not.toContain('session_token');
  });

  it('lets the address sign up again, to a new empty farm', async () => {
    const again = await t.signUpAndConfirm(a.email, 'a brand new password');
    const profile = await (await t.request('/api/v1/profile', { cookie: again.cookie })).json();
    expect(profile.farmName).toBeNull();
    expect(await (await t.request('/api/v1/animals', { cookie: again.cookie })).json()).toEqual([]);
    expect(await (await t.request('/api/v1/groups', { cookie: again.cookie })).json()).toEqual([]);
    const [member] = await queryRows<{ farm_id: string }>(
      t.db,
      sql`select farm_id from farm_members m join "user" u on u.id = m.user_id where u.email = ${a.email}`,
    );
    expect(member!.farm_id).not.toBe(a.farmId);
  });
});
