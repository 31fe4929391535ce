// Export (issue 12): 'Download CSV' is a ZIP of one CSV per kind of record that a spreadsheet opens
// cleanly (UTF-8 with BOM, ISO dates, formulas neutralised), read back here with a CSV parser;
// 'Download JSON' is every table of the farm in one document. Both stream a page at a time: a
// farm of 10,000 entries is read in 500-row pages, not at once. Only the caller's farm goes out.
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ExportDocument } from '../../../shared/schemas/export';
import { createSampleFarm, farmIdOf } from '../../backup/sample-farm.fixture';
import { csvCell } from './export.service';
import { dateInZone } from '../../../shared/care/dates';
import { matchColumns, readRows } from '../../../shared/animals/import';

type Csv = { bom: boolean; rows: Record<string, string>[]; headers: string[] };

function readCsv(bytes: Uint8Array): Csv {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const parsed = Papa.parse<Record<string, string>>(strFromU8(bom ? bytes.subarray(3) : bytes), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return { bom, rows: parsed.data, headers: parsed.meta.fields ?? [] };
}

describe('a CSV cell', () => {
  it('neutralises what a spreadsheet would run as a formula, and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+44 21 555')).toBe("'+44 21 555");
    expect(csvCell('-cmd|calc')).toBe("'-cmd|calc");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Line one\nline two, "quoted"')).toBe('"Line one\nline two, ""quoted"""');
    expect(csvCell('Zoë')).toBe('Zoë');
  });
});

describe.each(backends)('export on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let hens: string;
  let goats: string;
  let zoe: string;

  const send = (path: string, body?: unknown, method = body ? 'POST' : 'GET', as = cookie) =>
    t.request(path, { cookie: as, body, method });
  const made = async (path: string, body: unknown, as = cookie) => {
    const response = await send(path, body, 'POST', as);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const download = async (kind: 'csv' | 'json', as = cookie) => {
    const response = await send(`/api/v1/export/${kind}`, undefined, 'GET', as);
    expect(response.status).toBe(200);
    return response;
  };
  const csvFiles = async (as = cookie) => {
    const response = await download('csv', as);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, readCsv(bytes)]));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('export-owner@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('export-other@example.com'));
    await send('/api/v1/farm/settings', { farmName: 'Zoë’s Farm, "the best"' }, 'PATCH');
    hens = (await made('/api/v1/groups', { name: 'Laying Hens' })).id;
    goats = (await made('/api/v1/groups', { name: '=Goats, "dairy"' })).id;
    zoe = (
      await made('/api/v1/animals', {
        name: 'Zoë',
        tagId: '+44-TAG',
        electronicId: '826000000000044',
        breed: 'Nubian',
        sex: 'female',
        birthDate: '2024-03-01',
        dam: '=cmd|calc',
        groupIds: [hens, goats],
      })
    ).id;
    await made('/api/v1/animals', { name: 'Plain Jane', groupIds: [hens] });
    await made('/api/v1/care-entries', {
      type: 'note',
      animalIds: [zoe],
      dateRecorded: '2026-01-15',
      title: 'Limping',
      noteContent: 'Left hind,\nafter the "rain"',
    });
    await made('/api/v1/care-entries', {
      type: 'weight',
      dateRecorded: '2026-02-01',
      weights: [{ animalId: zoe, weightValue: 51.5 }],
    });
    await made('/api/v1/reminders', {
      title: 'Trim hooves',
      type: 'routine',
      dueDate: '2030-01-01',
      dueTime: '18:00',
      groupId: goats,
    });
    const otherPen = (await made('/api/v1/groups', { name: 'Secret Other Pen' }, other)).id;
    await made('/api/v1/animals', { name: 'Secret Other Goat', groupIds: [otherPen] }, other);
  });
  afterAll(() => t?.close());

  it('gives a ZIP of four CSVs that a CSV parser reads back, with the farm’s records and no one else’s', async () => {
    const response = await download('csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="paddock-zoe-s-farm-the-best-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await csvFiles();
    expect(Object.keys(files).sort()).toEqual([
      'animals.csv',
      'breedings.csv',
      'care-entries.csv',
      'groups.csv',
      'medicines.csv',
      'money.csv',
      'production.csv',
      'reminders.csv',
    ]);
    for (const file of Object.values(files)) expect(file.bom).toBe(true);

    const animals = files['animals.csv']!;
    expect(animals.headers).toEqual([
      'Name',
      'Tag',
      'Electronic ID',
      'Species',
      'Breed',
      'Sex',
      'Birth Date',
      'Color',
      'Weight',
      'Weight Unit',
      'Dam',
      'Sire',
      'Groups',
      'Left Herd',
      'Left On',
      'Exit Note',
      'Sale Price',
      'ID',
    ]);
    const zoeRow = animals.rows.find((row) => row.ID === zoe)!;
    expect(zoeRow).toMatchObject({
      Name: 'Zoë',
      Tag: "'+44-TAG",
      'Electronic ID': '826000000000044',
      Breed: 'Nubian',
      Sex: 'Female',
      'Birth Date': '2024-03-01',
      Dam: "'=cmd|calc",
      Groups: `'=Goats, "dairy"; Laying Hens`,
      Weight: '51.5',
    });
    expect(animals.rows.map((row) => row.Name).sort()).toEqual(['Plain Jane', 'Zoë']);

    const groups = files['groups.csv']!;
    expect(groups.rows.map((row) => [row.Name, row.Animals]).sort()).toEqual([
      [`'=Goats, "dairy"`, '1'],
      ['Laying Hens', '2'],
    ]);

    const entries = files['care-entries.csv']!.rows;
    expect(entries.map((row) => [row.Date, row.Type, row.Animal])).toEqual([
      ['2026-01-15', 'note', 'Zoë'],
      ['2026-02-01', 'weight', 'Zoë'],
    ]);
    expect(entries[0]!.Note).toBe('Left hind,\nafter the "rain"');
    expect(entries[1]!.Weight).toBe('51.5');

    const reminders = files['reminders.csv']!.rows;
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      'Due Date': '2030-01-01',
      'Due Time': '18:00',
      Title: 'Trim hooves',
      Group: `'=Goats, "dairy"`,
      Completed: 'no',
    });

    const everything = JSON.stringify(files);
    expect(everything).not.toContain('Secret Other');
  });

  it('writes animals.csv for a spreadsheet: by group, names in natural order, sexes in words, parents by name; breedings.csv; the farm’s date in the file name', async () => {
    const { cookie: mine } = await t.signUpAndConfirm('export-order@example.com');
    // the file is named by the farm's day: a zone whose day differs from UTC's now
    const now = new Date();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (name) => dateInZone(now, name) !== now.toISOString().slice(0, 10),
    )!;
    const profile = await send(
      '/api/v1/farm/settings',
      { farmName: 'Order Farm', timeZone: zone },
      'PATCH',
      mine,
    );
    expect(profile.status, await profile.clone().text()).toBe(200);
    const pen10 = (await made('/api/v1/groups', { name: 'Pen 10' }, mine)).id;
    const pen2 = (await made('/api/v1/groups', { name: 'pen 2' }, mine)).id;
    const mother = (await made('/api/v1/animals', { name: 'Hen 11', sex: 'female', groupIds: [pen2] }, mine))
      .id;
    const father = (await made('/api/v1/animals', { name: 'Rooster', sex: 'male', groupIds: [pen10] }, mine))
      .id;
    await made(
      '/api/v1/animals',
      { name: 'Hen 3', sex: 'spayed_female', damId: mother, sireId: father, groupIds: [pen2] },
      mine,
    );
    await made('/api/v1/animals', { name: 'Hen 10', sex: 'castrated_male', groupIds: [pen10] }, mine);
    await made('/api/v1/animals', { name: 'Hen 9', groupIds: [pen10, pen2] }, mine);
    await made(
      `/api/v1/animals/${mother}/breedings`,
      { bredOn: '2026-01-10', gestationDays: 21, sireId: father },
      mine,
    );
    await made(
      `/api/v1/animals/${mother}/breedings`,
      { bredOn: '2025-06-01', gestationDays: 21, sire: 'Visiting Cock' },
      mine,
    );
    // eggs: one collection kept, one partly thrown away (e.g. a withdrawal), by date
    await made(
      '/api/v1/egg-collections',
      { groupId: pen2, collectedOn: '2026-02-02', eggs: 11, cracked: 1, discarded: 4, note: '=1+1' },
      mine,
    );
    await made('/api/v1/egg-collections', { groupId: pen10, collectedOn: '2026-02-01', eggs: 8 }, mine);
    // milk: in the unit it was measured in, the part thrown away beside it, on the day of the eggs
    await made(
      '/api/v1/milk-records',
      {
        milkedOn: '2026-02-01',
        milking: 'evening',
        unit: 'L',
        groupId: pen2,
        records: [{ animalId: mother, amount: 2.5, discarded: 0.75, note: 'Hard udder' }],
      },
      mine,
    );
    // the cabinet: a wormer with a lot in hand, one expired and one used up; a vaccine archived
    const wormer = (
      await made(
        '/api/v1/medicines',
        {
          name: 'Wormer 10',
          unit: 'mL',
          route: 'oral',
          dose: { kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'kg', maxDose: 20 },
          meatWithdrawalDays: 14,
          lowStockLevel: 50,
          notes: '=cmd()',
        },
        mine,
      )
    ).id;
    await made(
      `/api/v1/medicines/${wormer}/lots`,
      { quantity: 87.5, lotNumber: 'A1', expiresOn: '2099-01-31' },
      mine,
    );
    await made(
      `/api/v1/medicines/${wormer}/lots`,
      { quantity: 12, lotNumber: 'B2', expiresOn: '2020-05-01' },
      mine,
    );
    const empty = (await made(`/api/v1/medicines/${wormer}/lots`, { quantity: 5 }, mine)).id;
    await made(`/api/v1/medicine-lots/${empty}/movements`, { kind: 'disposed', quantity: 5 }, mine);
    const vaccine = (
      await made(
        '/api/v1/medicines',
        { name: 'Vaccine 2', unit: 'dose', schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 } },
        mine,
      )
    ).id;
    expect((await send(`/api/v1/medicines/${vaccine}/archive`, undefined, 'POST', mine)).status).toBe(200);
    // the farm's money: feed for pen 2, exact to the cent, a formula neutralised
    await made(
      '/api/v1/money',
      {
        kind: 'expense',
        occurredOn: '2026-02-01',
        amount: 1234.5,
        category: 'Feed',
        groupId: pen2,
        quantity: 2.5,
        quantityUnit: 'bags',
        note: '=2+2',
      },
      mine,
    );

    const response = await download('csv', mine);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="paddock-order-farm-${dateInZone(now, zone)}.zip"`,
    );
    const files = await csvFiles(mine);
    expect(Object.keys(files).sort()).toEqual([
      'animals.csv',
      'breedings.csv',
      'care-entries.csv',
      'groups.csv',
      'medicines.csv',
      'money.csv',
      'production.csv',
      'reminders.csv',
    ]);
    const animals = files['animals.csv']!.rows;
    // 'pen 2' before 'Pen 10' (an animal in both goes with the first); in each, Hen 3 before Hen 11
    expect(animals.map((row) => [row.Name, row.Groups])).toEqual([
      ['Hen 3', 'pen 2'],
      ['Hen 9', 'pen 2; Pen 10'],
      ['Hen 11', 'pen 2'],
      ['Hen 10', 'Pen 10'],
      ['Rooster', 'Pen 10'],
    ]);
    expect(animals.map((row) => row.Sex)).toEqual(['Spayed Female', '', 'Female', 'Castrated Male', 'Male']);
    expect(animals[0]).toMatchObject({ Dam: 'Hen 11', Sire: 'Rooster' });

    const breedings = files['breedings.csv']!;
    expect(breedings.headers).toEqual(['Dam', 'Sire', 'Bred On', 'Expected On', 'Born On', 'Note', 'ID']);
    expect(breedings.rows.map((row) => [row.Dam, row.Sire, row['Bred On'], row['Expected On']])).toEqual([
      ['Hen 11', 'Visiting Cock', '2025-06-01', '2025-06-22'],
      ['Hen 11', 'Rooster', '2026-01-10', '2026-01-31'],
    ]);
    const production = files['production.csv']!;
    expect(production.headers).toEqual([
      'Date',
      'Product',
      'Group',
      'Animal',
      'Milking',
      'Eggs',
      'Milk',
      'Unit',
      'Saleable',
      'Discarded',
      'Cracked',
      'Dirty',
      'Small',
      'Note',
      'ID',
    ]);
    expect(
      production.rows.map((row) => [
        row.Date,
        row.Product,
        row.Group,
        row.Animal,
        row.Milking,
        row.Eggs,
        row.Milk,
        row.Unit,
        row.Saleable,
        row.Discarded,
        row.Cracked,
        row.Note,
      ]),
    ).toEqual([
      ['2026-02-01', 'Eggs', 'Pen 10', '', '', '8', '', '', '8', '0', '', ''],
      ['2026-02-01', 'Milk', 'pen 2', 'Hen 11', 'Evening', '', '2.5', 'L', '1.75', '0.75', '', 'Hard udder'],
      ['2026-02-02', 'Eggs', 'pen 2', '', '', '11', '', '', '7', '4', '1', "'=1+1"],
    ]);
    // the money: its entries and the cabinet's priced stock (none priced here), in the farm's currency
    expect(files['money.csv']!.headers).toEqual([
      'Date',
      'Type',
      'Category',
      'Amount',
      'Currency',
      'Group',
      'Animal',
      'Quantity',
      'Quantity Unit',
      'Note',
      'ID',
    ]);
    expect(files['money.csv']!.rows.map((row) => Object.values(row).slice(0, 10))).toEqual([
      ['2026-02-01', 'Expense', 'Feed', '1234.50', 'USD', 'pen 2', '', '2.5', 'bags', "'=2+2"],
    ]);
    const medicines = files['medicines.csv']!;
    expect(medicines.headers).toEqual([
      'Name',
      'Active Ingredient',
      'Unit',
      'Route',
      'Dose',
      'Meat Withdrawal (days)',
      'Milk Withdrawal (days)',
      'Egg Withdrawal (days)',
      'Schedule',
      'In Stock',
      'Expired Stock',
      'Low Stock Level',
      'Lots',
      'Notes',
      'Archived',
      'ID',
    ]);
    // by name in natural order ('Vaccine 2' before 'Wormer 10'), archived ones too, with the day
    expect(medicines.rows.map((row) => [row.Name, row.Unit, row.Dose, row.Schedule, row.Archived])).toEqual([
      [
        'Vaccine 2',
        'dose(s)',
        '',
        '2 doses 21 days apart, then a booster every 12 months',
        dateInZone(new Date(), zone),
      ],
      ['Wormer 10', 'mL', '1 mL per 10 kg, at most 20 mL', '', ''],
    ]);
    expect(medicines.rows[1]).toMatchObject({
      Route: 'Oral',
      'Meat Withdrawal (days)': '14',
      'In Stock': '87.5',
      'Expired Stock': '12',
      'Low Stock Level': '50',
      Lots: 'B2: 12 mL, expired 2020-05-01; A1: 87.5 mL, expires 2099-01-31',
      Notes: "'=cmd()",
      ID: wormer,
    });
    // the animals.csv an export writes is a file the import reads as it is
    const read = readRows(
      Papa.parse<string[]>(
        strFromU8(
          unzipSync(new Uint8Array(await (await download('csv', mine)).arrayBuffer()))['animals.csv']!,
        ).replace(/^\uFEFF/, ''),
        { skipEmptyLines: true },
      ).data,
      matchColumns(Object.keys(animals[0]!)),
    );
    expect(read.map((row) => row.row?.sex ?? null)).toEqual([
      'spayed_female',
      null,
      'female',
      'castrated_male',
      'male',
    ]);

    // across pages of 500: animals with no group come last, each once, in natural order
    const farmId = await farmIdOf(t, 'export-order@example.com');
    await t.db.execute(sql`insert into animals (farm_id, id, name)
      select ${farmId}, gen_random_uuid(), 'Chick ' || n from generate_series(1, 600) n`);
    const paged = (await csvFiles(mine))['animals.csv']!.rows.map((row) => row.Name);
    expect(paged).toEqual([
      'Hen 3',
      'Hen 9',
      'Hen 11',
      'Hen 10',
      'Rooster',
      ...Array.from({ length: 600 }, (_, i) => `Chick ${i + 1}`),
    ]);
  });

  it('gives one JSON document of every table of the farm, and none of another farm', async () => {
    const response = await download('json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await response.json()) as {
      format: string;
      version: number;
      farm: { name: string; timeZone: string; weightUnit: string };
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(document.format).toBe('paddock-export');
    expect(document.version).toBe(1);
    expect(document.farm.name).toBe('Zoë’s Farm, "the best"');
    expect(Object.keys(document.tables)).toEqual([
      'species',
      'species_gestation',
      'groups',
      'animals',
      'animal_groups',
      'medicines',
      'medicine_lots',
      'care_entries',
      'reminders',
      'reminder_animals',
      'breedings',
      'egg_collections',
      'milk_records',
      'stock_movements',
      'money_entries',
    ]);
    expect(document.tables.animals!.map((row) => row.name).sort()).toEqual(['Plain Jane', 'Zoë']);
    expect(document.tables.animal_groups).toHaveLength(3);
    expect(document.tables.care_entries).toHaveLength(2);
    for (const rows of Object.values(document.tables))
      for (const row of rows) {
        expect(row).not.toHaveProperty('farm_id');
        expect(row).not.toHaveProperty('photo_key');
        // what triggers derive from the rows (an import's triggers write them again)
        expect(row).not.toHaveProperty('list_item');
        expect(row).not.toHaveProperty('item');
      }
    expect(JSON.stringify(document)).not.toContain('Secret Other');
  });

  it('streams a farm of 10,000 entries in 500-row pages, every entry once', async () => {
    const farmId = (
      await queryRows<{ farm_id: string }>(t.db, sql`select farm_id from animals where id = ${zoe}`)
    )[0]!.farm_id;
    await t.db.execute(sql`
      insert into care_entries (farm_id, id, batch_id, animal_id, type, date_recorded, title, note_content)
      select ${farmId}, gen_random_uuid(), gen_random_uuid(), ${zoe}, 'note', date '2025-01-01' + (n % 300), 'Bulk ' || n, 'Note ' || n
      from generate_series(1, 10000) n`);
    const before = t.queries.length;
    const files = await csvFiles();
    const statements = t.queries.slice(before).filter((query) => /from care_entries e/.test(query)).length;
    const entries = files['care-entries.csv']!.rows;
    expect(entries).toHaveLength(10_002);
    expect(new Set(entries.map((row) => row.ID)).size).toBe(10_002);
    const dates = entries.map((row) => row.Date);
    expect([...dates].sort()).toEqual(dates); // in date order, across pages
    expect(statements).toBe(21); // 10,002 rows: 20 full pages of 500, and the last 2

    const json = (await (await download('json')).json()) as { tables: { care_entries: { id: string }[] } };
    expect(new Set(json.tables.care_entries.map((row) => row.id)).size).toBe(10_002);
  }, 120_000);

  it('needs a session', async () => {
    expect((await t.request('/api/v1/export/csv')).status).toBe(401);
    expect((await t.request('/api/v1/export/json')).status).toBe(401);
  });

  it('round-trips: a farm’s JSON imported into an empty farm exports identically', async () => {
    const sample = await createSampleFarm(t, 'roundtrip-source@example.com', 'Round Trip Farm');
    const original = (await (await download('json', sample.cookie)).json()) as ExportDocument;
    const { cookie: fresh } = await t.signUpAndConfirm('roundtrip-target@example.com');
    const imported = await send('/api/v1/import', original, 'POST', fresh);
    expect(imported.status, await imported.clone().text()).toBe(200);
    const total = Object.values(original.tables).reduce((sum, rows) => sum + rows.length, 0);
    expect(await imported.json()).toEqual({ rows: total });
    const copy = (await (await download('json', fresh)).json()) as ExportDocument;

    // the farm's own species have new ids (theirs are global): compare them by name
    const byName = (document: ExportDocument) => {
      const names = new Map(
        [...document.builtInSpecies, ...(document.tables.species ?? [])].map((row) => [
          String(row.id),
          String(row.name),
        ]),
      );
      const named = (id: unknown) => (typeof id === 'string' ? names.get(id) : id);
      return {
        farm: document.farm,
        tables: Object.fromEntries(
          Object.entries(document.tables).map(([table, rows]) => [
            table,
            rows
              .map((row) => ({
                ...row,
                ...(table === 'species' ? { id: named(row.id) } : {}),
                ...('species_id' in row ? { species_id: named(row.species_id) } : {}),
              }))
              .map((row) => JSON.stringify(row))
              .sort(),
          ]),
        ),
      };
    };
    expect(byName(copy)).toEqual(byName(original));
    expect(original.tables.animals!.length).toBeGreaterThan(0);
    expect(original.tables.care_entries!.length).toBeGreaterThan(0);
    expect(original.tables.egg_collections!.length).toBeGreaterThan(0);
    expect(original.tables.milk_records!.length).toBeGreaterThan(0);
    expect(original.tables.stock_movements!.length).toBeGreaterThan(1);
    expect(original.tables.money_entries!.length).toBeGreaterThan(1);
    // what triggers derive from a farm's rows is not in its document (the import's triggers write it)
    for (const rows of Object.values(original.tables))
      for (const row of rows) {
        expect(row).not.toHaveProperty('list_item');
        expect(row).not.toHaveProperty('item');
      }
    // a reminder's time of day goes out and comes back (issue 29)
    const times = (document: ExportDocument) =>
      document.tables
        .reminders!.map((row) => row.due_time)
        .filter(Boolean)
        .sort();
    expect(times(original)).toEqual(['06:30:00', '06:30:00', '18:00:00']);
    expect(times(copy)).toEqual(times(original));

    // only into an empty farm; a file Paddock cannot read changes nothing
    expect((await send('/api/v1/import', original, 'POST', fresh)).status).toBe(409);
    const { cookie: empty } = await t.signUpAndConfirm('roundtrip-empty@example.com');
    const strange = {
      ...original,
      tables: { ...original.tables, animals: [{ ...original.tables.animals![0], secret: 1 }] },
    };
    expect((await send('/api/v1/import', strange, 'POST', empty)).status).toBe(422);
    const broken = {
      ...original,
      tables: { ...original.tables, animals: [{ ...original.tables.animals![0], sex: 'unicorn' }] },
    };
    const refused = await send('/api/v1/import', broken, 'POST', empty);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toMatchObject({
      message: '1 row of the file breaks Paddock’s rules. Nothing was imported.',
      fields: { 'animals.0.sex': ['Choose Female, Male, Castrated Male or Spayed Female'] },
    });
    const after = (await (await download('json', empty)).json()) as ExportDocument;
    expect(Object.values(after.tables).every((rows) => rows.length === 0)).toBe(true);
    expect((await t.request('/api/v1/import', { body: original })).status).toBe(401);
    // a farm whose cabinet alone holds something is not empty: its medicine is not wiped by a failed import
    await made('/api/v1/medicines', { name: 'Kept', unit: 'mL' }, empty);
    expect((await send('/api/v1/import', original, 'POST', empty)).status).toBe(409);
  });

  it('titles each reminder once: what is due, beside its Animal or Group column, never the name twice', async () => {
    const { cookie: own } = await t.signUpAndConfirm();
    const pen = (await made('/api/v1/groups', { name: 'Pen' }, own)).id;
    const daisy = (await made('/api/v1/animals', { name: 'Daisy', groupIds: [pen] }, own)).id;
    await made(
      '/api/v1/care-entries',
      {
        type: 'medical',
        animalIds: [daisy],
        dateRecorded: '2026-01-15',
        medicationName: 'Penicillin',
        dosage: 2,
        dosageUnit: 'mL',
        nextDueDate: '2030-02-01',
      },
      own,
    );
    await made(
      '/api/v1/reminders',
      { title: 'Daisy', type: 'general', dueDate: '2030-03-01', animalId: daisy },
      own,
    );
    const reminders = (await csvFiles(own))['reminders.csv']!.rows;
    expect(reminders.map((row) => [row.Title, row.Animal])).toEqual([
      ['Penicillin', 'Daisy'],
      ['Daisy', 'Daisy'],
    ]);
  });

  it('says in care-entries.csv which treatments were given under organic rules (their periods doubled)', async () => {
    const { cookie: own } = await t.signUpAndConfirm();
    const pen = (await made('/api/v1/groups', { name: 'Pen' }, own)).id;
    const daisy = (await made('/api/v1/animals', { name: 'Daisy', groupIds: [pen] }, own)).id;
    const treat = (dateRecorded: string) =>
      made(
        '/api/v1/care-entries',
        {
          type: 'medical',
          animalIds: [daisy],
          dateRecorded,
          medicationName: 'Oxytetracycline',
          dosage: 5,
          dosageUnit: 'mL',
          meatWithdrawalDays: 7,
        },
        own,
      );
    await treat('2026-01-10');
    expect((await send('/api/v1/farm/settings', { organic: true }, 'PATCH', own)).status).toBe(200);
    await treat('2026-01-20');
    await made(
      '/api/v1/care-entries',
      { type: 'note', animalIds: [daisy], dateRecorded: '2026-01-30', title: 'Fine', noteContent: 'Eating' },
      own,
    );
    const entries = (await csvFiles(own))['care-entries.csv']!;
    expect(entries.headers.slice(11, 15)).toEqual([
      'Meat Withdrawal (days)',
      'Milk Withdrawal (days)',
      'Egg Withdrawal (days)',
      'Organic',
    ]);
    // a note is neither: the column is for treatments
    expect(entries.rows.map((row) => [row.Date, row['Meat Withdrawal (days)'], row.Organic])).toEqual([
      ['2026-01-10', '7', 'no'],
      ['2026-01-20', '14', 'yes'],
      ['2026-01-30', '', ''],
    ]);
  });
});
