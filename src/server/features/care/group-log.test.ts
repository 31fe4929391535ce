// A group's log is read from rows the database keeps (group_log, migration 0008: one per batch of
// the group, one per entry of its members' own): these tests hold it to what the entries
// themselves say, through every way an entry, an animal or a membership changes, and across pages
// of a long history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/care/dates';
import { logPageSize } from '../../../shared/schemas/care';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type LogRow = {
  batchId: string;
  entryId: string;
  title: string | null;
  dateRecorded: string;
  forAnimal: { id: string; name: string } | null;
  animals: { id: string; name: string; entryId: string; weightValue: number | null }[];
};

describe.each(backends)('a group’s log on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  const post = (path: string, body: unknown) => t.request(path, { cookie, body });
  const send = (path: string, method: string, body?: unknown) => t.request(path, { cookie, method, body });
  const logOf = async (groupId: string, offset = 0) =>
    (await (await t.request(`/api/v1/groups/${groupId}/care-log?offset=${offset}`, { cookie })).json()) as {
      items: LogRow[];
      nextOffset: number | null;
    };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('summary@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows renames, single-entry edits, deleted animals and a deleted group', async () => {
    const goats = await (await post('/api/v1/groups', { name: 'Goats' })).json();
    const pens = await (await post('/api/v1/groups', { name: 'Pens' })).json();
    const herd = [];
    for (const name of ['Hen 10', 'Hen 2', 'Hen 1'])
      herd.push(await (await post('/api/v1/animals', { name, groupIds: [goats.id, pens.id] })).json());
    const weighIn = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: goats.id,
      dateRecorded: '2026-06-01',
      weights: herd.map((animal, index) => ({ animalId: animal.id, weightValue: 10 + index })),
    });
    expect(weighIn.status).toBe(201);
    const names = async () => (await logOf(goats.id)).items[0]!.animals.map((animal) => animal.name);
    expect(await names()).toEqual(['Hen 1', 'Hen 2', 'Hen 10']);

    // a rename reaches the summary
    await send(`/api/v1/animals/${herd[1].id}`, 'PATCH', { name: 'Hen 20' });
    expect(await names()).toEqual(['Hen 1', 'Hen 10', 'Hen 20']);

    // one animal's weight corrected on its own page
    const [row] = (await logOf(goats.id)).items;
    const hen1 = row!.animals.find((animal) => animal.name === 'Hen 1')!;
    await send(`/api/v1/care-entries/${hen1.entryId}`, 'PATCH', { weightValue: 99 });
    expect((await logOf(goats.id)).items[0]!.animals.find((a) => a.name === 'Hen 1')!.weightValue).toBe(99);

    // a deleted animal leaves the batch; the batch stays for the others
    await send(`/api/v1/animals/${herd[0].id}`, 'DELETE');
    expect(await names()).toEqual(['Hen 1', 'Hen 20']);

    // a deleted group's batch becomes its animals' own entries in their other group's log
    await send(`/api/v1/groups/${goats.id}`, 'DELETE');
    const pensLog = await logOf(pens.id);
    // (one batch's entries: the same date and time, in no particular order)
    expect(pensLog.items.map((item) => [item.forAnimal?.name, item.animals.length]).sort()).toEqual([
      ['Hen 1', 1],
      ['Hen 20', 1],
    ]);
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from group_log where group_id = ${goats.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('follows an animal into and out of a group, and its renames into its own rows', async () => {
    const barn = await (await post('/api/v1/groups', { name: 'Barn' })).json();
    const field = await (await post('/api/v1/groups', { name: 'Field' })).json();
    const doe = await (await post('/api/v1/animals', { name: 'Doe', groupIds: [barn.id] })).json();
    for (const [title, groupId] of [
      ['her own note', undefined],
      ['the barn’s note', barn.id],
    ] as const) {
      const response = await post('/api/v1/care-entries', {
        type: 'note',
        title,
        noteContent: '.',
        dateRecorded: '2026-03-01',
        animalIds: [doe.id],
        groupId,
      });
      expect(response.status).toBe(201);
    }
    const titles = async (groupId: string) => (await logOf(groupId)).items.map((item) => item.title);
    expect(await titles(field.id)).toEqual([]);

    // she joins the field: her entries join its log, each as her own
    await send(`/api/v1/animals/${doe.id}`, 'PATCH', { groupIds: [barn.id, field.id] });
    expect(await titles(field.id)).toEqual(['the barn’s note', 'her own note']);
    expect((await logOf(field.id)).items.map((item) => item.forAnimal?.name)).toEqual(['Doe', 'Doe']);

    // renamed, her own rows say so
    await send(`/api/v1/animals/${doe.id}`, 'PATCH', { name: 'Doe Renamed' });
    const renamed = (await logOf(field.id)).items;
    expect(renamed.map((item) => [item.forAnimal?.name, item.animals[0]!.name])).toEqual([
      ['Doe Renamed', 'Doe Renamed'],
      ['Doe Renamed', 'Doe Renamed'],
    ]);

    // an edit of her own entry's date moves its row
    const own = renamed.find((item) => item.title === 'her own note')!;
    await send(`/api/v1/care-entries/${own.entryId}`, 'PATCH', { dateRecorded: '2026-04-01' });
    expect(await titles(field.id)).toEqual(['her own note', 'the barn’s note']);

    // she leaves the barn: its own batch stays in its log, her own note leaves it
    expect(await titles(barn.id)).toEqual(['her own note', 'the barn’s note']);
    await send(`/api/v1/animals/${doe.id}`, 'PATCH', { groupIds: [field.id] });
    expect(await titles(barn.id)).toEqual(['the barn’s note']);
    expect(await titles(field.id)).toEqual(['her own note', 'the barn’s note']);

    // a deleted entry leaves every log
    await send(`/api/v1/care-entries/${own.entryId}`, 'DELETE');
    expect(await titles(field.id)).toEqual(['the barn’s note']);
  });

  it('pages a long history exactly as the entries order it: batches and own entries interleaved', async () => {
    const group = await (await post('/api/v1/groups', { name: 'Flock' })).json();
    const other = await (await post('/api/v1/groups', { name: 'Show team' })).json();
    const ewe = await (await post('/api/v1/animals', { name: 'Ewe', groupIds: [group.id, other.id] })).json();
    const ram = await (await post('/api/v1/animals', { name: 'Ram', groupIds: [group.id] })).json();
    const start = '2025-01-01';
    const expected: { title: string; date: string }[] = [];
    const note = async (title: string, date: string, animalIds: string[], groupId?: string) => {
      const response = await post('/api/v1/care-entries', {
        type: 'note',
        title,
        noteContent: '.',
        dateRecorded: date,
        animalIds,
        groupId,
      });
      expect(response.status).toBe(201);
    };
    // 60 days: a group batch every day, the ewe's own note every third day (written first, so
    // the batch of the same day is newer), and another group's batch with her every fifth day
    for (let day = 0; day < 60; day++) {
      const date = addDays(start, day);
      if (day % 3 === 0) {
        await note(`own ${day}`, date, [ewe.id]);
        expected.push({ title: `own ${day}`, date });
      }
      if (day % 5 === 0) {
        await note(`show ${day}`, date, [ewe.id], other.id);
        expected.push({ title: `show ${day}`, date });
      }
      await note(`flock ${day}`, date, [ewe.id, ram.id], group.id);
      expected.push({ title: `flock ${day}`, date });
    }
    // newest first; within a day, the later write first
    const order = expected.map((row, index) => ({ ...row, index }));
    order.sort((a, b) => (a.date === b.date ? b.index - a.index : a.date < b.date ? 1 : -1));

    const rows: LogRow[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await logOf(group.id, offset);
      if (page.nextOffset !== null) expect(page.items).toHaveLength(logPageSize);
      else expect(page.items.length).toBeLessThanOrEqual(logPageSize);
      rows.push(...page.items);
      offset = page.nextOffset;
    }
    expect(rows.map((row) => row.title)).toEqual(order.map((row) => row.title));
    // the group's batches name both animals; the others, only the ewe
    for (const row of rows) {
      expect(row.forAnimal === null).toBe(row.title!.startsWith('flock'));
      expect(row.animals.map((animal) => animal.name)).toEqual(
        row.title!.startsWith('flock') ? ['Ewe', 'Ram'] : ['Ewe'],
      );
    }
  });
});
