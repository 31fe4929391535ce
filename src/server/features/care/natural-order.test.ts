// A flock's batch lists its hens as My Animals does: 'Hen 2' before 'Hen 10' (issue 9, found by
// using the group log of a seeded 22-hen flock: it read 'Hen 1, Hen 10, Hen 11, … Hen 2').
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../../shared/care/dates';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)("a batch's animals, in natural order, on %s", (backend) => {
  let t: TestApp;
  let cookie: string;
  const post = async (path: string, body: unknown) => (await t.request(path, { cookie, body })).json();

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('flock@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('orders the group log row and the batch entries Hen 1, Hen 2, Hen 10', async () => {
    const flock = await post('/api/v1/groups', { name: 'Layers' });
    const hens: { id: string }[] = [];
    for (const name of ['Hen 10', 'Hen 2', 'hen 1'])
      hens.push(await post('/api/v1/animals', { name, groupIds: [flock.id] }));
    const { entries } = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: flock.id,
      dateRecorded: dateInZone(new Date(), 'UTC'),
      weights: hens.map((hen, index) => ({ animalId: hen.id, weightValue: 5 + index })),
    });
    expect(entries.map((entry: { animalName: string }) => entry.animalName)).toEqual([
      'hen 1',
      'Hen 2',
      'Hen 10',
    ]);
    // the batch of any of its entries, for the group's edit form (however old the batch)
    const batch = await t.request(`/api/v1/care-entries/${entries[2].id}/batch`, { cookie });
    expect(batch.status).toBe(200);
    expect(
      (await batch.json()).map((entry: { animalName: string; weightValue: number }) => [
        entry.animalName,
        entry.weightValue,
      ]),
    ).toEqual([
      ['hen 1', 7],
      ['Hen 2', 6],
      ['Hen 10', 5],
    ]);
    const other = await t.signUpAndConfirm('other-flock@example.com');
    expect(
      (await t.request(`/api/v1/care-entries/${entries[0].id}/batch`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect((await t.request(`/api/v1/care-entries/${crypto.randomUUID()}/batch`, { cookie })).status).toBe(
      404,
    );
    expect((await t.request('/api/v1/care-entries/not-an-id/batch', { cookie })).status).toBe(404);
    const log = await (await t.request(`/api/v1/groups/${flock.id}/care-log`, { cookie })).json();
    expect(log.items[0].animals.map((animal: { name: string }) => animal.name)).toEqual([
      'hen 1',
      'Hen 2',
      'Hen 10',
    ]);
  });

  it('keeps the order key of a name as it is written, and works it out only then', async () => {
    const flock = await post('/api/v1/groups', { name: 'Bantams' });
    const [nine, ten] = [
      await post('/api/v1/animals', { name: 'Bantam 9', groupIds: [flock.id] }),
      await post('/api/v1/animals', { name: 'Bantam 10', groupIds: [flock.id] }),
    ];
    const names = async () =>
      (await (await t.request(`/api/v1/animals?group=${flock.id}`, { cookie })).json()).map(
        (animal: { name: string }) => animal.name,
      );
    expect(await names()).toEqual(['Bantam 9', 'Bantam 10']);
    // renamed: its place follows its new name
    expect(
      (
        await t.request(`/api/v1/animals/${nine.id}`, {
          cookie,
          method: 'PATCH',
          body: { name: 'Bantam 11' },
        })
      ).status,
    ).toBe(200);
    expect(await names()).toEqual(['Bantam 10', 'Bantam 11']);
    // weighed (the animals' latest weights written): the key is not worked out again for names
    // that did not change — a generated column was, at every update of the row (migration 0045)
    await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: flock.id,
      dateRecorded: dateInZone(new Date(), 'UTC'),
      weights: [nine, ten].map((animal) => ({ animalId: animal.id, weightValue: 2 })),
    });
    expect(await names()).toEqual(['Bantam 10', 'Bantam 11']);
    const [column] = await queryRows<{ generated: string }>(
      t.db,
      sql`select attgenerated as generated from pg_attribute
          where attrelid = 'animals'::regclass and attname = 'name_key'`,
    );
    expect(column?.generated).toBe('');
    const [trigger] = await queryRows<{ definition: string }>(
      t.db,
      sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'animals_name_key'`,
    );
    expect(trigger?.definition).toContain('BEFORE INSERT OR UPDATE OF name ON');
  });
});
