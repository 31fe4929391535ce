// Import Animals (issue 12): a spreadsheet's columns matched by common header spellings, each row
// read into an animal or its problems (the rules the preview shows); then the server validates
// again and imports every row in one transaction — groups and species found by name or made,
// animals the herd already has left out, so the same file twice creates nothing twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchColumns, readRows, type Cell } from '../../../shared/animals/import';
import { queryRows } from '../../db/sql-text';
import { farmIdOf } from '../../backup/sample-farm.fixture';
import { backends, createTestApp, type TestApp } from '../../test/test-app';

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
      species: 2,
      breed: 3,
      sex: 4,
      birthDate: 5,
      weight: 6,
      dam: 7,
      sire: 8,
      groups: 9,
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
      ['clover two', 'uk-1', '', '', '2999-01-01', '', ''],
    ];
    const read = readRows(rows, matchColumns(rows[0] as string[]));
    expect(read.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 8]); // the blank row 7 is no animal
    expect(read[0]!.row).toEqual({
      name: 'Clover',
      tagId: 'UK-1',
      species: 'goat',
      breed: null,
      sex: 'female',
      birthDate: '2024-03-01',
      weight: 51.5,
      dam: null,
      sire: null,
      groups: ['Goats', 'Milkers'],
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

  it('finds the same animal twice in one file by its tag, or its name when it has none', () => {
    const rows: Cell[][] = [
      ['Name', 'Tag'],
      ['Clover', 'T1'],
      ['Clover again', 't1'],
      ['Duke', ''],
      ['DUKE', ''],
    ];
    const read = readRows(rows, matchColumns(['Name', 'Tag']));
    expect(read.map((row) => row.problems)).toEqual([
      [],
      ['The same animal as row 2'],
      [],
      ['The same animal as row 4'],
    ]);
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
    expect(await response.json()).toEqual({ created: 3, skipped: 0 });
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

  it('creates nothing twice: the same file again, or the same animals under other names', async () => {
    expect(await (await send({ rows: file })).json()).toEqual({ created: 0, skipped: 3 });
    const again = await send({
      rows: [
        { name: 'Clover renamed', tagId: 'uk-1', groups: [] },
        { name: 'duke', groups: [] },
        { name: 'New Kid', groups: ['Goats'] },
      ],
    });
    expect(await again.json()).toEqual({ created: 1, skipped: 2 });
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
    const counts = await Promise.all(results.map((result) => result.json() as Promise<{ created: number }>));
    expect(counts.map((count) => count.created).sort()).toEqual([0, 2]);
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
    expect(await response.json()).toEqual({ created: 1000, skipped: 0 });
  }, 60_000);
});
