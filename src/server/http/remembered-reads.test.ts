// Remembered reads (decision 0062), through HTTP on both databases: a read asked again while
// nothing changed costs one statement, and any change of what it shows — made through the API, by
// the database directly (another process, a job, a script), of the farm's settings, of a person's
// name, of a member's role — shows in the very next read; one farm's or person's answer is never
// another's; a remembered answer goes gzipped like any other; every table of a farm's records
// raises the farm's version.
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/schemas/care';
import type { MilkProduction, MilkRecord } from '../../shared/schemas/milk';
import type { MoneySummary } from '../../shared/schemas/money';
import { apiCalls } from '../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../db/sql-text';
import { rememberedReads } from './remembered-reads';

/**
 * Tables with a farm_id whose writes need not raise the farm's version: no remembered answer reads
 * them, or (the group log) every write of theirs is made by the trigger of a watched table's write,
 * in its transaction.
 */
const notRead = [
  'group_log', // written by the triggers of care_entries, groups and animal_groups only
  'daily_emails', // the daily email's bookkeeping (who was sent what, when)
  'push_claims', // the notification run's claims, written every minute
  'push_subscriptions', // a person's devices (GET /notifications is not remembered)
  'profiles', // a person's own profile: person_answers_changed raises every farm they work on
  'photo_files', // a photo's bytes, beside the animal whose photo key changes with them
];

describe.each(backends)('remembered reads on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let member: string;
  let goat: string;
  let herd: string;
  const password = 'correct horse battery';
  const { call, ok, joinBySignUp } = apiCalls(() => t);

  const get = async <T>(path: string, as = owner) => ok<T>(await call(as, 'GET', path));
  const names = async (as = owner) =>
    (await get<{ name: string }[]>('/api/v1/animals', as)).map((animal) => animal.name);
  const animal = async (name: string, sex = 'female', as = owner) =>
    (
      await ok<{ id: string }>(
        await call(as, 'POST', '/api/v1/animals', { name, speciesId: goat, sex, groupIds: [herd] }),
        201,
      )
    ).id;
  /** A route's statements with the farm's version, less the farm's settings (remembered for 10 s). */
  const statementsOf = async (run: () => Promise<unknown>) =>
    (await t.statementsOf(run, { withVersion: true })).filter((text) => !text.includes('"milk_unit"'));
  const statementsOfRead = (path: string, as = owner) => statementsOf(async () => get(path, as));

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    const species = await get<{ id: string; name: string }[]>('/api/v1/species');
    goat = species.find((one) => one.name === 'Goat')!.id;
    herd = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Herd' }), 201)).id;
    member = await joinBySignUp(owner, { email: 'mo.member@example.com', name: 'Mo', password }, 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a read asked again, with nothing changed, from memory: one statement, the same body', async () => {
    await animal('Clover');
    for (const path of rememberedPaths()) {
      const first = await call(owner, 'GET', path);
      const again = await statementsOf(async () => {
        const response = await call(owner, 'GET', path);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toBe(await first.text());
      });
      expect(again, path).toHaveLength(1);
      expect(again[0], path).toContain('from "farm_versions"');
    }
  });

  it('shows a change made through the API in the next read', async () => {
    const daisy = await animal('Daisy');
    expect(await names()).toContain('Daisy');
    await ok(await call(owner, 'PATCH', `/api/v1/animals/${daisy}`, { name: 'Daisy May' }));
    expect(await names()).toContain('Daisy May');

    // the group log, whose rows only the triggers of watched tables write (it raises nothing itself)
    const log = async (group: string) =>
      (await get<{ items: unknown[] }>(`/api/v1/groups/${group}/care-log`)).items.length;
    const logged = await log(herd);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const note = { type: 'note', groupId: herd, dateRecorded: yesterday, title: 'Shorn', noteContent: '.' };
    await ok(await call(owner, 'POST', '/api/v1/care-entries', { ...note, animalIds: [daisy] }), 201);
    expect(await log(herd)).toBe(logged + 1);
    const { id: pen } = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/groups', { name: 'Show pen' }),
      201,
    );
    expect(await log(pen)).toBe(0);
    await ok(await call(owner, 'PATCH', `/api/v1/animals/${daisy}`, { groupIds: [herd, pen] }));
    expect(await log(pen), 'the log of a group Daisy joins holds her entries').toBeGreaterThan(0);

    const before = await get<MilkProduction>('/api/v1/production/milk');
    expect(before.todayTotals.amount).toBe(0);
    await ok(
      await call(owner, 'POST', '/api/v1/milk-records', {
        milking: 'morning',
        records: [{ animalId: daisy, amount: 3.5 }],
      }),
      201,
    );
    expect((await get<MilkProduction>('/api/v1/production/milk')).todayTotals.amount).toBe(3.5);

    const year = new Date().getUTCFullYear();
    const period = `?from=${year - 1}-01-01&to=${year + 1}-12-31`;
    const spent = (await get<MoneySummary>(`/api/v1/money/summary${period}`)).totals.expenses;
    await ok(
      await call(owner, 'POST', '/api/v1/money', { kind: 'expense', amount: 12.5, category: 'Feed' }),
      201,
    );
    expect((await get<MoneySummary>(`/api/v1/money/summary${period}`)).totals.expenses).toBe(spent + 12.5);
  });

  it('shows each write in the reads after it, with reads and writes of the farm running at once', async () => {
    const groupNames = async () =>
      (await get<{ name: string }[]>('/api/v1/groups')).map((group) => group.name);
    // eight people at once, each adding groups and reading the list straight after each
    await Promise.all(
      Array.from({ length: 8 }, async (_, person) => {
        for (let n = 0; n < 6; n++) {
          const name = `Pen ${person}-${n}`;
          await ok(await call(owner, 'POST', '/api/v1/groups', { name }), 201);
          expect(await groupNames(), name).toContain(name);
        }
      }),
    );
  });

  it('shows a change made in the database directly (a job, a script, another server) in the next read', async () => {
    const hazel = await animal('Hazel');
    expect(await names()).toContain('Hazel');
    await t.db.execute(sql`update animals set name = 'Hazel Grey' where id = ${hazel}::uuid`);
    expect(await names()).toContain('Hazel Grey');
    await t.db.execute(sql`delete from animals where id = ${hazel}::uuid`);
    expect(await names()).not.toContain('Hazel Grey');
  });

  it('raises nothing for a rolled-back write, and a batch once', async () => {
    const [{ farm_id: farm }] = (await queryRows<{ farm_id: string }>(
      t.db,
      sql`select farm_id from farm_members m join "user" u on u.id = m.user_id
          where u.email = 'olive.owner@example.com' and m.role = 'owner'`,
    )) as [{ farm_id: string }];
    const version = async () =>
      (
        await queryRows<{ version: string }>(
          t.db,
          sql`select version from farm_versions where farm_id = ${farm}::uuid`,
        )
      )[0]!.version;
    const at = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update animals set name = name || '!' where farm_id = ${farm}::uuid`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(at);
    // a batch of rows in one transaction raises it once, to a number no farm has had
    const [{ last }] = (await queryRows<{ last: string }>(
      t.db,
      sql`select last_value as last from farm_version_seq`,
    )) as [{ last: string }];
    await t.db.execute(sql`update animals set name = name where farm_id = ${farm}::uuid`);
    expect(Number(await version())).toBe(Number(last) + 1);
  });

  it('shows new farm settings and a person’s new name at once', async () => {
    const doe = await animal('Willow');
    await ok(
      await call(member, 'POST', '/api/v1/milk-records', {
        milking: 'evening',
        unit: 'lbs',
        records: [{ animalId: doe, amount: 2 }],
      }),
      201,
    );
    const unitOf = async () => (await get<MilkProduction>('/api/v1/production/milk')).unit;
    const recorders = async () =>
      (await get<Page<MilkRecord>>(`/api/v1/milk-records?animalId=${doe}`)).items.map(
        (record) => record.recordedBy,
      );
    expect(await unitOf()).toBe('lbs');
    expect(await recorders()).toEqual(['Mo']);

    await ok(await call(member, 'PATCH', '/api/v1/profile', { ownerName: 'Morgan Ashby-Fairweather' }));
    expect(await recorders()).toEqual(['Morgan Ashby-Fairweather']);
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { milkUnit: 'kg' }));
    expect(await unitOf()).toBe('kg');
  });

  it('never sends one farm’s or one person’s answer to another', async () => {
    await animal('Olive’s own');
    for (const path of rememberedPaths()) await get(path); // all remembered for the owner
    expect(await names(other)).toEqual([]);
    expect(await names(member)).toContain('Olive’s own');
    // the member's role taken down to farm sitter: money is no longer theirs to see
    const members = await get<{ members: { userId: string; email: string }[] }>('/api/v1/farm/members');
    const mo = members.members.find((one) => one.email === 'mo.member@example.com')!;
    await get('/api/v1/money', member);
    await ok(await call(owner, 'PATCH', `/api/v1/farm/members/${mo.userId}`, { role: 'sitter' }), 204);
    expect((await call(member, 'GET', '/api/v1/money')).status).toBe(403);
    expect(await statementsOfRead('/api/v1/animals', other)).toHaveLength(1);
  });

  it('sends a remembered answer gzipped to a client that takes gzip, and plain to one that does not', async () => {
    for (let n = 0; n < 12; n++) await animal(`Goat with a long name to fill the list ${n}`);
    const fetchList = (encoding?: string) =>
      t.request('/api/v1/animals', {
        cookie: owner,
        headers: encoding ? { 'Accept-Encoding': encoding } : {},
      });
    const plain = await (await fetchList()).text();
    for (let n = 0; n < 2; n++) {
      const zipped = await fetchList('gzip');
      expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
      expect(zipped.headers.get('Vary')).toContain('Accept-Encoding');
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain);
      const again = await fetchList();
      expect(again.headers.get('Content-Encoding')).toBeNull();
      expect(await again.text()).toBe(plain);
    }
  });

  it('has every table of a farm’s records raise the farm’s version', async () => {
    const withFarm = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.columns
          where table_schema = current_schema() and column_name = 'farm_id' and table_name <> 'farm_versions'`,
    );
    const watched = await queryRows<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname = 'answers_changed' and c.relnamespace = current_schema()::regnamespace`,
    );
    const unwatched = withFarm
      .map((row) => row.name)
      .filter((name) => !watched.some((row) => row.name === name))
      .sort();
    expect(unwatched).toEqual([...notRead].sort());
  });

  /** each remembered route as the bench and the pages ask for it */
  function rememberedPaths(): string[] {
    return [...rememberedReads].map((route) =>
      route
        .slice('GET '.length)
        .replace('/groups/:id/', `/groups/${herd}/`)
        .replace(/\/animals\/:id\//, () => `/animals/${herdAnimal}/`),
    );
  }
  let herdAnimal = '';
  beforeAll(async () => {
    herdAnimal = await animal('First');
  });
});
