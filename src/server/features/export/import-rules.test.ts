// A 'Download JSON' document imported back is held to the API's own rules (issue 23, items 2 and 3):
// each value the API refuses is refused in a file too — 422 naming the row, nothing stored — and a
// document is bounded in rows, refused in a demo, and never a 500 for a value the API would refuse.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../../shared/schemas/export';
import { createSampleFarm } from '../../backup/sample-farm.fixture';
import { queryRows } from '../../db/sql-text';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { importLimits } from './import-document.service';

type Row = Record<string, unknown>;

describe.each(backends)('import rules on %s', (backend) => {
  let t: TestApp;
  let original: ExportDocument;
  let empty: string;
  const target = 'rules-target@example.com';

  const importAs = (cookie: string, document: unknown) =>
    t.request('/api/v1/import', { cookie, body: document });
  /** Rows the farm of `email` holds in its herd tables (read directly: exports are rate-limited). */
  const tableCount = async (email: string) => {
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`with farm as (select m.farm_id from farm_members m join "user" u on u.id = m.user_id where u.email = ${email})
          select ((select count(*) from animals where farm_id in (select farm_id from farm))
            + (select count(*) from groups where farm_id in (select farm_id from farm))
            + (select count(*) from care_entries where farm_id in (select farm_id from farm))
            + (select count(*) from reminders where farm_id in (select farm_id from farm)))::int as count`,
    );
    return row!.count;
  };
  /** The document with one table's first row (of `type`: a care entry's type, a stock movement's kind) changed. */
  const withRow = (table: string, change: Row, type?: string): ExportDocument => {
    const rows = original.tables[table]!;
    const index = type ? rows.findIndex((row) => row.type === type || row.kind === type) : 0;
    expect(index, `${table} has a ${type ?? ''} row`).toBeGreaterThanOrEqual(0);
    return {
      ...original,
      tables: {
        ...original.tables,
        [table]: rows.map((row, at) => (at === index ? { ...row, ...change } : row)),
      },
    };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const sample = await createSampleFarm(t, 'rules-source@example.com', 'Rules Farm');
    original = (await (
      await t.request('/api/v1/export/json', { cookie: sample.cookie })
    ).json()) as ExportDocument;
    ({ cookie: empty } = await t.signUpAndConfirm(target));
  }, 120_000);
  afterAll(() => t?.close());

  const long = (length: number) => 'x'.repeat(length);
  const refusedValues: [table: string, change: Row, type?: string][] = [
    ['animals', { name: '' }],
    ['animals', { name: '   ' }],
    ['animals', { name: long(3000) }],
    ['animals', { name: long(300_000) }],
    ['animals', { weight: 'NaN' }],
    ['animals', { weight: -5 }],
    ['animals', { weight: 1e9 }],
    ['animals', { birth_date: 'infinity' }],
    ['animals', { birth_date: '0000-01-01' }],
    ['animals', { birth_date: '2999-01-01' }],
    ['animals', { sex: 'unicorn' }],
    ['animals', { breed: long(101) }],
    ['animals', { tag_id: long(61) }],
    ['animals', { electronic_id: '98200012345' }],
    ['animals', { electronic_id: '000000000000000' }],
    ['animals', { created_at: 'infinity' }],
    ['groups', { name: '' }],
    ['groups', { name: long(61) }],
    ['groups', { color: 'url(javascript:alert(1))' }],
    ['groups', { description: long(501) }],
    ['species', { name: '' }],
    ['care_entries', { dosage: -1 }, 'medical'],
    ['care_entries', { dosage: 'NaN' }, 'medical'],
    ['care_entries', { medication_name: '' }, 'medical'],
    ['care_entries', { medication_name: long(3000) }, 'medical'],
    ['care_entries', { date_recorded: 'infinity' }, 'medical'],
    ['care_entries', { meat_withdrawal_days: -3 }, 'medical'],
    ['care_entries', { weight_value: 'Infinity' }, 'weight'],
    ['care_entries', { weight_value: -3 }, 'weight'],
    ['care_entries', { body_condition: 9 }, 'weight'],
    ['care_entries', { type: 'surgery' }],
    ['reminders', { repeat_every: 0, repeat_unit: 'day' }],
    ['reminders', { repeat_every: -1, repeat_unit: 'day' }],
    ['reminders', { due_date: 'infinity' }],
    ['reminders', { due_time: '25:00' }],
    ['reminders', { due_time: '18:00:30' }],
    ['reminders', { due_time: 'evening' }],
    ['reminders', { title: '' }],
    ['reminders', { title: long(300_000) }],
    ['breedings', { gestation_days: 0 }],
    ['breedings', { bred_on: 'infinity' }],
    ['egg_collections', { eggs: -1 }],
    ['egg_collections', { eggs: 10_001 }],
    ['egg_collections', { eggs: 2, discarded: 3 }],
    ['egg_collections', { collected_on: 'infinity' }],
    ['milk_records', { amount: 0 }],
    ['milk_records', { amount: 1000.01 }],
    ['milk_records', { amount: 1.234 }],
    ['milk_records', { amount: 2, discarded: 2.5 }],
    ['milk_records', { unit: 'pint' }],
    ['milk_records', { milking: 'noon' }],
    ['milk_records', { milked_on: 'infinity' }],
    ['milk_records', { animal_id: null }],
    ['medicines', { name: '' }],
    ['medicines', { unit: 'bucket' }],
    ['medicines', { dose_kind: 'by-weight', dose_per_weight: null }],
    ['medicines', { dose_kind: null, dose_amount: 2 }],
    ['medicines', { schedule_initial_doses: 2, schedule_days_apart: null }],
    ['medicines', { low_stock_level: -1 }],
    ['medicine_lots', { price: 1.005 }],
    ['medicine_lots', { expires_on: 'infinity' }],
    ['stock_movements', { quantity: 0 }],
    ['stock_movements', { quantity: 1_000_001 }],
    ['stock_movements', { kind: 'received', quantity: -5 }],
    ['stock_movements', { kind: 'stolen' }],
    // the sample farm's received 250 mL, then disposed of 5: 500 instead leaves the lot below zero
    ['stock_movements', { quantity: -500 }, 'disposed'],
    ['money_entries', { amount: 1.005 }],
    ['money_entries', { amount: 10_000_000.01 }],
    ['money_entries', { amount: -1 }],
    ['money_entries', { kind: 'gift' }],
    ['money_entries', { category: '' }],
    ['money_entries', { occurred_on: 'infinity' }],
    ['money_entries', { quantity: 0 }],
  ];

  it.each(
    refusedValues.map(([table, change, type]) => ({
      table,
      change,
      type,
      label: JSON.stringify(change).slice(0, 60),
    })),
  )('$table $label: 422 naming the row, nothing imported', async ({ table, change, type }) => {
    const response = await importAs(empty, withRow(table, change, type));
    expect(response.status, await response.clone().text()).toBe(422);
    const { error } = (await response.json()) as {
      error: { message: string; fields?: Record<string, string[]> };
    };
    expect(error.message).toMatch(/Nothing was imported/);
    expect(Object.keys(error.fields ?? {}).some((field) => field.startsWith(`${table}.`))).toBe(true);
    expect(await tableCount(target)).toBe(0);
  });

  it('refuses a farm time zone no one can read, and keeps the farm as it was', async () => {
    const response = await importAs(empty, {
      ...original,
      farm: { ...original.farm, timeZone: 'Mars/Olympus' },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toHaveProperty(['farm.timeZone']);
    const profile = await (await t.request('/api/v1/profile', { cookie: empty })).json();
    expect(profile.timeZone).not.toBe('Mars/Olympus');
  });

  it('names at most the first rows refused, and counts them all', async () => {
    const animals = original.tables.animals!;
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...animals[0],
      id: crypto.randomUUID(),
      name: index % 2 ? '' : long(200),
    }));
    const response = await importAs(empty, {
      ...original,
      tables: { ...original.tables, animals: [...animals, ...many] },
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as {
      error: { message: string; fields: Record<string, string[]> };
    };
    expect(error.message).toContain('30 rows');
    expect(Object.keys(error.fields).length).toBeLessThanOrEqual(importLimits.rowsNamed);
  });

  it(`refuses a document of more than ${importLimits.rows} rows before reading them`, async () => {
    // the farm's shortest entry (a note), so that the rows, not the bytes, are what is too many: a
    // medical entry copied 30,001 times passes the body's 20 MB first
    const entry = original.tables.care_entries!.find((row) => row.type === 'note')!;
    const entries = Array.from({ length: importLimits.rows + 1 }, () => ({
      ...entry,
      id: crypto.randomUUID(),
    }));
    const response = await importAs(empty, {
      ...original,
      tables: { ...original.tables, care_entries: entries },
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/at most 30,000/);
    expect(await tableCount(target)).toBe(0);
  });

  it('leaves nothing behind when a batch half-way fails (a link to a group the file lacks)', async () => {
    const [membership] = original.tables.animal_groups!;
    const broken = {
      ...original,
      tables: {
        ...original.tables,
        animal_groups: [...original.tables.animal_groups!, { ...membership, group_id: crypto.randomUUID() }],
      },
    };
    const before = await (await t.request('/api/v1/profile', { cookie: empty })).json();
    const response = await importAs(empty, broken);
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toMatch(/Nothing was imported/);
    expect(await tableCount(target)).toBe(0);
    // nor the farm's name, zone or unit from the file
    const after = await (await t.request('/api/v1/profile', { cookie: empty })).json();
    expect({ farmName: after.farmName, timeZone: after.timeZone, weightUnit: after.weightUnit }).toEqual({
      farmName: before.farmName,
      timeZone: before.timeZone,
      weightUnit: before.weightUnit,
    });
    expect(after.farmName).not.toBe(original.farm.name);
  });

  it('lets other farms in while a large file goes in, batch by batch', async () => {
    const { cookie: big } = await t.signUpAndConfirm('rules-big@example.com');
    const { cookie: neighbour } = await t.signUpAndConfirm('rules-neighbour@example.com');
    const entry = original.tables.care_entries!.find((row) => row.type === 'note')!;
    const entries = Array.from({ length: 2_000 }, () => ({
      ...entry,
      id: crypto.randomUUID(),
      batch_id: crypto.randomUUID(),
      group_id: null,
    }));
    const order: string[] = [];
    const importing = importAs(big, {
      ...original,
      tables: { ...original.tables, care_entries: [...original.tables.care_entries!, ...entries] },
    }).then((response) => {
      order.push(`import ${response.status}`);
    });
    // the neighbour's page, asked once the import has begun writing
    for (;;) {
      if ((await tableCount('rules-big@example.com')) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const profile = await t.request('/api/v1/profile', { cookie: neighbour });
    order.push(`neighbour ${profile.status}`);
    await importing;
    expect(order).toEqual(['neighbour 200', 'import 200']);
    // a second import into the same farm while one is under way waits its turn; one a crash left
    // half-way (marked long ago) is cleared by the next
    await t.db.execute(
      sql`update farms set import_started_at = now() where id = (select m.farm_id from farm_members m
          join "user" u on u.id = m.user_id where u.email = 'rules-big@example.com')`,
    );
    expect((await importAs(big, original)).status).toBe(409);
    await t.db.execute(
      sql`update farms set import_started_at = now() - interval '1 hour' where id = (select m.farm_id
          from farm_members m join "user" u on u.id = m.user_id where u.email = 'rules-big@example.com')`,
    );
    expect((await importAs(big, original)).status).toBe(200);
    expect(await tableCount('rules-big@example.com')).toBe(await tableCount('rules-source@example.com'));
  }, 120_000);

  it('still imports the farm’s own file', async () => {
    const response = await importAs(empty, original);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await tableCount(target)).toBeGreaterThan(0);
    expect(await (await t.request('/api/v1/profile', { cookie: empty })).json()).toMatchObject({
      weightUnit: 'kg',
      milkUnit: 'gal',
    });
  });

  it('gives a farm from a file made before milk its weight unit for milk', async () => {
    const { cookie } = await t.signUpAndConfirm('rules-before-milk@example.com');
    const { milkUnit: _, ...farm } = original.farm;
    const { milk_records: __, ...tables } = original.tables;
    const response = await importAs(cookie, { ...original, farm, tables });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await (await t.request('/api/v1/profile', { cookie })).json()).toMatchObject({
      weightUnit: 'kg',
      milkUnit: 'kg',
    });
  });

  it('is refused in a demo farm', async () => {
    const demo = await t.app.request(`${appUrl}/api/demo`, { method: 'POST', headers: { origin: appUrl } });
    const cookie = t.cookieFrom(demo);
    expect(cookie).toContain('session_token');
    const response = await importAs(cookie, original);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('NOT_IN_DEMO');
  });
});
