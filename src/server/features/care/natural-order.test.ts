// A flock's batch lists its hens as My Animals does: 'Hen 2' before 'Hen 10' (issue 9, found by
// using the group log of a seeded 22-hen flock: it read 'Hen 1, Hen 10, Hen 11, … Hen 2').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../../shared/care/dates';
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
});
