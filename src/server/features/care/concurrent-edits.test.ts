// Rows the database keeps from others (the group log, an animal's group ids and withdrawal days,
// migrations 0007, 0008, 0010) are rewritten by triggers in the writer's transaction. Two
// transactions that rewrite the same derived row at once must neither fail (a duplicate key when
// both delete, then insert it: 500s on PostgreSQL) nor leave it stale (one's rewrite not seeing the
// other's change). PGlite has one connection, so only PostgreSQL races; there it must hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type LogRow = {
  batchId: string;
  forAnimal: { id: string; name: string } | null;
  animals: { id: string; name: string; entryId: string; weightValue: number | null }[];
};

describe.each(backends)('concurrent edits of derived rows on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  const post = (path: string, body: unknown) => t.request(path, { cookie, body });
  const send = (path: string, method: string, body?: unknown) => t.request(path, { cookie, method, body });
  const get = async <T>(path: string) => (await (await t.request(path, { cookie })).json()) as T;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('racing@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renames beside edits of the same group batch all succeed, and the log shows both', async () => {
    const goats = await (await post('/api/v1/groups', { name: 'Goats' })).json();
    const pens = await (await post('/api/v1/groups', { name: 'Pens' })).json();
    const a1 = await (await post('/api/v1/animals', { name: 'Nanny', groupIds: [goats.id, pens.id] })).json();
    const a2 = await (await post('/api/v1/animals', { name: 'Billy', groupIds: [goats.id, pens.id] })).json();
    const weighIn = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: goats.id,
      dateRecorded: '2026-06-01',
      weights: [
        { animalId: a1.id, weightValue: 40 },
        { animalId: a2.id, weightValue: 50 },
      ],
    });
    expect(weighIn.status).toBe(201);
    const [batch] = (await get<{ items: LogRow[] }>(`/api/v1/groups/${goats.id}/care-log`)).items;
    const a1Entry = batch!.animals.find((animal) => animal.id === a1.id)!.entryId;

    for (let round = 1; round <= 8; round++) {
      const renames = [1, 2, 3].map((n) =>
        send(`/api/v1/animals/${a2.id}`, 'PATCH', { name: `Billy ${round}.${n}` }),
      );
      const edits = [1, 2, 3].map((n) =>
        send(`/api/v1/care-entries/${a1Entry}`, 'PATCH', { weightValue: 40 + round + n / 10 }),
      );
      const statuses = (await Promise.all([...renames, ...edits])).map((response) => response.status);
      expect(statuses, `round ${round}`).toEqual([200, 200, 200, 200, 200, 200]);

      // whichever rename and edit came last, the log says what the records say
      const name = (await get<{ name: string }>(`/api/v1/animals/${a2.id}`)).name;
      const weight = (await get<{ weightValue: number }>(`/api/v1/care-entries/${a1Entry}`)).weightValue;
      expect(name).toMatch(new RegExp(`^Billy ${round}\\.[123]$`));
      expect(weight).toBeGreaterThan(40 + round);
      const goatsRow = (await get<{ items: LogRow[] }>(`/api/v1/groups/${goats.id}/care-log`)).items[0]!;
      expect(goatsRow.animals.map((animal) => [animal.id, animal.name, animal.weightValue])).toEqual(
        expect.arrayContaining([
          [a1.id, 'Nanny', weight],
          [a2.id, name, 50],
        ]),
      );
      // the batch's entries are the other group's own rows: each names its animal as it is now
      const pensRows = (await get<{ items: LogRow[] }>(`/api/v1/groups/${pens.id}/care-log`)).items;
      const pensView = pensRows.map((row) => [
        row.forAnimal?.id,
        row.forAnimal?.name,
        row.animals[0]!.weightValue,
      ]);
      expect(pensView).toHaveLength(2);
      expect(pensView).toEqual(
        expect.arrayContaining([
          [a1.id, 'Nanny', weight],
          [a2.id, name, 50],
        ]),
      );
    }
  });

  it('a whole weigh-in corrected beside renames of its animals: no deadlock, weights and names right', async () => {
    const sheep = await (await post('/api/v1/groups', { name: 'Sheep' })).json();
    const e1 = await (await post('/api/v1/animals', { name: 'Ewe', groupIds: [sheep.id] })).json();
    const e2 = await (await post('/api/v1/animals', { name: 'Ram', groupIds: [sheep.id] })).json();
    const weighIn = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: sheep.id,
      dateRecorded: '2026-06-02',
      weights: [
        { animalId: e1.id, weightValue: 60 },
        { animalId: e2.id, weightValue: 70 },
      ],
    });
    expect(weighIn.status).toBe(201);
    const [batch] = (await get<{ items: LogRow[] }>(`/api/v1/groups/${sheep.id}/care-log`)).items;
    const entry = batch!.animals[0]!.entryId;

    for (let round = 1; round <= 5; round++) {
      // each correction writes both entries, then both animals' weights; each rename writes the
      // animal first, then its batches' log rows
      const corrections = [1, 2, 3].map((n) =>
        send(`/api/v1/care-entries/${entry}?scope=batch`, 'PATCH', {
          weights: [
            { animalId: e1.id, weightValue: 60 + round + n / 10 },
            { animalId: e2.id, weightValue: 70 + round + n / 10 },
          ],
        }),
      );
      const renames = [1, 2, 3].map((n) =>
        send(`/api/v1/animals/${n === 2 ? e1.id : e2.id}`, 'PATCH', { name: `Sheep ${round}.${n}` }),
      );
      const statuses = (await Promise.all([...corrections, ...renames])).map((response) => response.status);
      expect(statuses, `round ${round}`).toEqual([200, 200, 200, 200, 200, 200]);

      const [row] = (await get<{ items: LogRow[] }>(`/api/v1/groups/${sheep.id}/care-log`)).items;
      for (const id of [e1.id, e2.id]) {
        const animal = await get<{ name: string; weight: number }>(`/api/v1/animals/${id}`);
        expect(row!.animals.find((item) => item.id === id)).toMatchObject({
          name: animal.name,
          weightValue: animal.weight,
        });
      }
    }
  });
});
