// Import Animals (issue 12): a spreadsheet's columns matched by common header spellings, each row
// read into an animal or its problems (the rules the preview shows); then the server validates
// again and imports every row in one transaction — groups and species found by name or made,
// animals the herd already has left out, so the same file twice creates nothing twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchColumns, readRows, unimportedColumns, type Cell } from '../../../shared/animals/import';
import { queryRows } from '../../db/sql-text';
import { farmIdOf } from '../../backup/sample-farm.fixture';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('reading a spreadsheet of animals', () => {
  it('matches common header spellings, each column to one field', () => {
    const mapping = matchColumns([
      'Animal Name',
      'Ear Tag #',
      'Type',
      'Breed',
      'Gender',
      'Date of Birth',
      'Weight (lbs)',
      'Mother',
      'Sire',
      'Pen',
      'Notes',
    ]);
    expect(mapping).toEqual({
      name: 0,
      tagId: 1,
      electronicId: -1,
      species: 2,
      breed: 3,
      sex: 4,
      birthDate: 5,
      weight: 6,
      dam: 7,
      sire: 8,
      groups: 9,
      notes: 10,
      weighedOn: -1,
    });
    expect(matchColumns(['Name', 'Weight', 'Weighed on', 'Comments'])).toMatchObject({
      weight: 1,
      weighedOn: 2,
      notes: 3,
    });
    expect(matchColumns(['Name', 'ID']).tagId).toBe(-1); // an export's ID is not a tag
    expect(matchColumns(['DOB', 'Flock', 'Sex']).groups).toBe(1);
  });

  it('reads each row into an animal, or says what is wrong with it', () => {
    const rows: Cell[][] = [
      ['Name', 'Tag', 'Species', 'Sex', 'Birth Date', 'Weight', 'Group'],
      ['Clover', 'UK-1', 'goat', 'Doe', '2024-03-01', '51.5 lbs', 'Goats; Milkers'],
      ['Duke', '', 'Goat', 'wether', '3/1/24', 60, ''],
      ['', 'UK-3', 'Goat', 'F', '', '', 'Goats'],
      ['Pepper', '', 'Chicken', 'hen', new Date(Date.UTC(2025, 4, 2)), null, 'Layers'],
      ['Bad Date', '', '', 'unicorn', '31/12/2024', 'heavy', ''],
      ['', '', '', '', '', '', ''],
      ['clover two', 'uk-8', '', '', '2999-01-01', '', ''],
    ];
    const read = readRows(rows, matchColumns(rows[0] as string[]));
    expect(read.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 8]); // the blank row 7 is no animal
    expect(read[0]!.row).toEqual({
      name: 'Clover',
      tagId: 'UK-1',
      electronicId: null,
      species: 'goat',
      breed: null,
      sex: 'female',
      birthDate: '2024-03-01',
      weight: 51.5,
      dam: null,
      sire: null,
      groups: ['Goats', 'Milkers'],
      notes: null,
      weighedOn: null,
    });
    expect(read[1]!.row).toMatchObject({
      name: 'Duke',
      sex: 'castrated_male',
      birthDate: '2024-03-01',
      weight: 60,
      groups: [],
    });
    expect(read[2]!.row).toBeNull();
    expect(read[2]!.problems).toEqual(['Name is required']);
    expect(read[3]!.row).toMatchObject({ name: 'Pepper', sex: 'female', birthDate: '2025-05-02' });
    expect(read[4]!.problems).toEqual([
      "Sex 'unicorn' is not Female, Male, Castrated Male or Spayed Female",
      "Birth date '31/12/2024' is not a real date",
      "Weight 'heavy' is not a number",
    ]);
    expect(read[5]!.problems).toContain('Birth date cannot be in the future');
  });

  it('finds the same tag twice in one file, or the same name without a tag: a problem on both rows, neither kept', () => {
    const rows: Cell[][] = [
      ['Name', 'Tag'],
      ['Clover', 'T1'],
      ['Clover again', 't1'],
      ['Duke', ''],
      ['DUKE', ''],
    ];
    const read = readRows(rows, matchColumns(['Name', 'Tag']));
    expect(read.map((row) => row.problems)).toEqual([
      ['The same tag as row 3'],
      ['The same tag as row 2'],
      ['The same name as row 5'],
      ['The same name as row 4'],
    ]);
    expect(read.map((row) => row.row)).toEqual([null, null, null, null]);
    expect(read[0]!.fix).toEqual(['name', 'tagId']);
  });

  it('reads an Electronic ID column, and marks one the herd or another row already has', () => {
    const rows: Cell[][] = [
      ['Name', 'EID'],
      ['Ewe 1', '826 000000000011'],
      ['Ewe 2', '826000000000011'],
      ['Ewe 3', '940000000000003'],
      ['Ewe 4', '12345'],
      ['Ewe 5', ''],
    ];
    const mapping = matchColumns(rows[0] as string[]);
    expect(mapping.electronicId).toBe(1);
    const read = readRows(rows, mapping, {
      herd: [{ name: 'Old Ewe', tagId: null, electronicId: '940000000000003' }],
    });
    expect(read.map((row) => row.problems)).toEqual([
      ['The same Electronic ID as row 3'],
      ['The same Electronic ID as row 2'],
      ['Electronic ID: Old Ewe already has it'],
      ['Electronic ID: An Electronic ID is 15 digits'],
      [],
    ]);
    expect(read[2]!.fix).toEqual(['electronicId']);
    expect(read[4]!.row).toMatchObject({ name: 'Ewe 5', electronicId: null });
  });

  it('fixes a row in the preview, skips one on purpose, and finds the animals the herd already has', () => {
    const rows: Cell[][] = [
      ['Name', 'Tag', 'Sex', 'Colour', 'Notes', 'Weight', 'Weighed on', ''],
      ['Hen A', 'H1', 'hen', 'red', 'Lays brown eggs', '2.5', '2026-03-01', ''],
      ['Hen B', 'h1', 'hen', 'red', '', '2.1', '', ''],
      ['', 'H3', 'hen', '', '', '', '', ''],
      ['Clover', 'UK-1', 'doe', '', '', '', '', ''],
      ['Duke', '', 'boaz', '', '', '', '', ''],
      ['Pepper', '', '', '', '', '', '2026-03-01', ''],
    ];
    const mapping = matchColumns(rows[0] as string[]);
    const herd = [
      { name: 'Clover', tagId: 'uk-1' },
      { name: 'duke', tagId: null },
    ];
    const before = readRows(rows, mapping, { herd });
    expect(before.map((row) => row.problems)).toEqual([
      ['The same tag as row 3'],
      ['The same tag as row 2'],
      ['Name is required'],
      ['Already in your herd: Clover (tag uk-1)'],
      ["Sex 'boaz' is not Female, Male, Castrated Male or Spayed Female", 'Already in your herd: duke'],
      ['Weighed on needs a Weight'],
    ]);
    expect(before.map((row) => row.fix)).toEqual([
      ['name', 'tagId'],
      ['name', 'tagId'],
      ['name'],
      ['name', 'tagId'],
      ['sex', 'name', 'tagId'],
      ['weight', 'weighedOn'],
    ]);
    expect(unimportedColumns(rows[0] as string[], mapping)).toEqual(['Colour', 'Column 8']);

    const after = readRows(rows, mapping, {
      herd,
      edits: { 3: { tagId: 'H2' }, 4: { name: 'Nameless No More' }, 6: { sex: 'boar', name: 'Duke II' } },
      skipped: new Set([5, 7]),
    });
    expect(after.map((row) => row.problems)).toEqual([[], [], [], [], [], []]);
    expect(after.map((row) => row.skipped)).toEqual([false, false, false, true, false, true]);
    expect(after.map((row) => row.row?.name ?? null)).toEqual([
      'Hen A',
      'Hen B',
      'Nameless No More',
      null,
      'Duke II',
      null,
    ]);
    expect(after[0]!.row).toMatchObject({ notes: 'Lays brown eggs', weight: 2.5, weighedOn: '2026-03-01' });
    expect(after[1]!.row).toMatchObject({ tagId: 'H2', notes: null, weight: 2.1, weighedOn: null });
    expect(after[4]!.row).toMatchObject({ sex: 'male' });
  });
});

describe.each(backends)('import animals on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let farmId: string;
  const send = (body: unknown, as = cookie) => t.request('/api/v1/animals/import', { cookie: as, body });
  const herd = async () =>
    queryRows<{
      name: string;
      tag_id: string | null;
      species: string | null;
      groups: string;
      weight: string | null;
      weight_unit: string | null;
    }>(
      t.db,
      sql`select a.name, a.tag_id, s.name as species, a.weight::text as weight, a.weight_unit,
            (select string_agg(g.name, ',' order by g.name) from animal_groups ag join groups g on g.farm_id = ag.farm_id and g.id = ag.group_id
             where ag.farm_id = a.farm_id and ag.animal_id = a.id) as groups
          from animals a left join species s on s.id = a.species_id where a.farm_id = ${farmId} order by a.name`,
    );

  const file = [
    {
      name: 'Clover',
      tagId: 'UK-1',
      electronicId: '826 000000000001',
      species: 'goat',
      sex: 'female',
      birthDate: '2024-03-01',
      weight: 51.5,
      groups: ['goats', 'Milkers'],
    },
    { name: 'Duke', species: 'Alpaca Deluxe', groups: [] },
    { name: 'Pepper', species: 'Chicken', groups: ['Layers'] },
  ];

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('import-owner@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('import-other@example.com'));
    farmId = await farmIdOf(t, 'import-owner@example.com');
    await t.request('/api/v1/farm/settings', { cookie, method: 'PATCH', body: { weightUnit: 'kg' } });
    expect((await t.request('/api/v1/groups', { cookie, body: { name: 'Goats' } })).status).toBe(201);
    // another farm's group of the same name is not ours to join
    expect((await t.request('/api/v1/groups', { cookie: other, body: { name: 'Layers' } })).status).toBe(201);
  });
  afterAll(() => t?.close());

  it('imports every row in one go, finding or making groups and species', async () => {
    const response = await send({ rows: file });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 3, notes: 0, weighings: 1 });
    expect(await herd()).toEqual([
      {
        name: 'Clover',
        tag_id: 'UK-1',
        species: 'Goat',
        groups: 'Goats,Milkers',
        weight: '51.50',
        weight_unit: 'kg',
      },
      {
        name: 'Duke',
        tag_id: null,
        species: 'Alpaca Deluxe',
        groups: 'Imported',
        weight: null,
        weight_unit: null,
      },
      { name: 'Pepper', tag_id: null, species: 'Chicken', groups: 'Layers', weight: null, weight_unit: null },
    ]);
    const groups = await queryRows<{ farm_id: string; name: string }>(
      t.db,
      sql`select farm_id, name from groups where name = 'Layers'`,
    );
    expect(groups).toHaveLength(2); // ours was made; the other farm's was not used
    const list = await (await t.request('/api/v1/animals', { cookie })).json();
    expect(JSON.stringify(list)).toContain('Clover');
  });

  it('lists the herd’s animals for the preview, and only this farm’s', async () => {
    const response = await t.request('/api/v1/animals/import/known', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      animals: [
        { name: 'Clover', tagId: 'UK-1', electronicId: '826000000000001' },
        { name: 'Duke', tagId: null, electronicId: null },
        { name: 'Pepper', tagId: null, electronicId: null },
      ],
    });
    expect(await (await t.request('/api/v1/animals/import/known', { cookie: other })).json()).toEqual({
      animals: [],
    });
    expect((await t.request('/api/v1/animals/import/known')).status).toBe(401);
  });

  it('drops nothing and merges nothing: an animal the herd has, or the same animal twice, refuses the import', async () => {
    const before = (await herd()).length;
    const again = await send({ rows: file });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      'Already in your herd: Clover, Duke, Pepper. Nothing was imported.',
    );
    const renamed = await send({
      rows: [
        { name: 'New Kid', groups: ['Goats'] },
        { name: 'Clover renamed', tagId: 'uk-1', groups: [] },
      ],
    });
    expect(renamed.status).toBe(409);
    expect((await renamed.json()).error.message).toBe(
      'Already in your herd: Clover renamed. Nothing was imported.',
    );
    const twice = await send({
      rows: [
        { name: 'Hen A', tagId: 'H1', groups: [] },
        { name: 'Hen B', tagId: 'h1', groups: [] },
        { name: 'Solo', groups: [] },
        { name: 'SOLO', groups: [] },
      ],
    });
    expect(twice.status).toBe(422);
    expect((await twice.json()).error.fields).toEqual({
      'rows.1.tagId': ['The same tag as row 1'],
      'rows.3.name': ['The same name as row 3'],
    });
    // an Electronic ID is one animal's (decision 0046): twice in the file, or the herd's already
    const chipped = await send({
      rows: [
        { name: 'Chip A', electronicId: '940000000000001', groups: [] },
        { name: 'Chip B', electronicId: '940-000000000001', groups: [] },
      ],
    });
    expect(chipped.status).toBe(422);
    expect((await chipped.json()).error.fields).toEqual({
      'rows.1.electronicId': ['The same Electronic ID as row 1'],
    });
    const herdChip = await send({
      rows: [{ name: 'Not Clover', electronicId: '826000000000001', groups: [] }],
    });
    expect(herdChip.status).toBe(409);
    expect((await herdChip.json()).error.message).toBe(
      'Already in your herd: Not Clover. Nothing was imported.',
    );
    const badChip = await send({ rows: [{ name: 'Bad Chip', electronicId: '12345', groups: [] }] });
    expect(badChip.status).toBe(422);
    expect((await badChip.json()).error.fields).toHaveProperty(['rows.0.electronicId']);
    expect((await herd()).length).toBe(before);
    const fixed = await send({ rows: [{ name: 'New Kid', groups: ['Goats'] }] });
    expect(await fixed.json()).toEqual({ created: 1, notes: 0, weighings: 0 });
    expect((await herd()).map((animal) => animal.name)).toEqual(['Clover', 'Duke', 'New Kid', 'Pepper']);
    // one group named twice in different case is one membership (found by the fuzz test)
    const cased = await send({ rows: [{ name: 'Cased', groups: ['Goats', 'goats', 'GOATS'] }] });
    expect(cased.status).toBe(200);
    expect((await herd()).find((animal) => animal.name === 'Cased')?.groups).toBe('Goats');
    // two imports of one file at once still make each animal once
    const twin = [
      { name: 'Twin A', groups: [] },
      { name: 'Twin B', groups: [] },
    ];
    const results = await Promise.all([send({ rows: twin }), send({ rows: twin })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect((await herd()).filter((animal) => animal.name.startsWith('Twin'))).toHaveLength(2);
  });

  it('makes a Notes column a note, and a weight a weighing dated Weighed on or the import date', async () => {
    const response = await send({
      rows: [
        { name: 'Noted Hen', notes: 'Lays brown eggs', weight: 2.5, weighedOn: '2026-03-01', groups: [] },
        { name: 'Weighed Hen', weight: 2.1, groups: [] },
        { name: 'Plain Hen', groups: [] },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ created: 3, notes: 1, weighings: 2 });
    const entries = await queryRows<{
      name: string;
      type: string;
      date_recorded: string;
      weight_value: string | null;
      weight_unit: string | null;
      title: string | null;
      note_content: string | null;
      recorded: boolean;
    }>(
      t.db,
      sql`select a.name, e.type, e.date_recorded::text as date_recorded, e.weight_value::text as weight_value,
            e.weight_unit, e.title, e.note_content, e.recorded_by is not null as recorded
          from care_entries e join animals a on a.farm_id = e.farm_id and a.id = e.animal_id
          where e.farm_id = ${farmId} and a.name like '% Hen' order by a.name, e.type`,
    );
    const today = new Date().toISOString().slice(0, 10); // the test farm's zone is UTC
    expect(entries).toEqual([
      {
        name: 'Noted Hen',
        type: 'weight',
        date_recorded: '2026-03-01',
        weight_value: '2.50',
        weight_unit: 'kg',
        title: null,
        note_content: null,
        recorded: true,
      },
      {
        name: 'Noted Hen',
        type: 'note',
        date_recorded: today,
        weight_value: null,
        weight_unit: null,
        title: 'Imported note',
        note_content: 'Lays brown eggs',
        recorded: true,
      },
      {
        name: 'Weighed Hen',
        type: 'weight',
        date_recorded: today,
        weight_value: '2.10',
        weight_unit: 'kg',
        title: null,
        note_content: null,
        recorded: true,
      },
    ]);
    // the weighing is the animal's: its weights (and so its daily gain) start from it
    const [noted] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from animals where farm_id = ${farmId} and name = 'Noted Hen'`,
    );
    const weights = await (await t.request(`/api/v1/animals/${noted!.id}/weights`, { cookie })).json();
    expect(JSON.stringify(weights)).toContain('2026-03-01');
  });

  it('refuses the whole import when a row is not valid, saving nothing', async () => {
    const before = (await herd()).length;
    const response = await send({
      rows: [
        { name: 'Fine', groups: [] },
        { name: 'Bad', sex: 'unicorn', groups: [] },
      ],
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('rows.1.sex');
    expect((await send({ rows: [] })).status).toBe(422);
    expect(
      (await send({ rows: Array.from({ length: 1001 }, (_, i) => ({ name: `A${i}`, groups: [] })) })).status,
    ).toBe(422);
    expect((await send({ rows: [{ name: 'x'.repeat(200), groups: [] }] })).status).toBe(422);
    const undated = await send({ rows: [{ name: 'Unweighed', weighedOn: '2026-01-01', groups: [] }] });
    expect(undated.status).toBe(422);
    expect((await undated.json()).error.fields).toEqual({
      'rows.0.weighedOn': ['Weighed on needs a Weight'],
    });
    expect((await herd()).length).toBe(before);
    expect((await t.request('/api/v1/animals/import', { body: { rows: file } })).status).toBe(401);
  });

  it('takes 1,000 animals in one request', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Hen ${i + 1}`,
      tagId: `HEN-${i + 1}`,
      species: 'Chicken',
      sex: 'female' as const,
      birthDate: '2025-04-01',
      weight: 2.25,
      groups: ['Big Flock'],
    }));
    const response = await send({ rows });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 1000, notes: 0, weighings: 1000 });
  }, 60_000);
});
