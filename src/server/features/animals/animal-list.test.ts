// The animal list as the database writes it (issue 10): exactly the fields a card shows, and group
// ids kept on the animal by a trigger, through every way a membership changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animalListItemSchema } from '../../../shared/schemas/animals';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('the animal list on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  const send = async (path: string, method: string, body?: unknown) =>
    t.request(path, { cookie, method, body });
  const list = async (path = '/api/v1/animals') =>
    (await (await t.request(path, { cookie })).json()) as { id: string; groupIds: string[] }[];
  const idsOf = async (animalId: string) =>
    ((await list()).find((animal) => animal.id === animalId)?.groupIds ?? []).sort();

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('list@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers exactly the list fields, with group ids that follow every membership change', async () => {
    const goats = await (await send('/api/v1/groups', 'POST', { name: 'Goats' })).json();
    const show = await (await send('/api/v1/groups', 'POST', { name: 'Show' })).json();
    const clover = await (
      await send('/api/v1/animals', 'POST', {
        name: 'Clover',
        breed: 'Nubian',
        sex: 'female',
        birthDate: '2024-03-01',
        weight: 61.2,
        tagId: 'G-1',
        groupIds: [goats.id],
      })
    ).json();

    const [item] = await list();
    expect(Object.keys(item!).sort()).toEqual(Object.keys(animalListItemSchema.shape).sort());
    expect(item).toEqual({
      id: clover.id,
      name: 'Clover',
      speciesName: null,
      sex: 'female',
      birthDate: '2024-03-01',
      weight: 61.2,
      weightUnit: 'lbs',
      breed: 'Nubian',
      tagId: 'G-1',
      electronicId: null,
      thumbnailUrl: null,
      withdrawal: null,
      exit: null,
      groupIds: [goats.id],
    });

    await send(`/api/v1/groups/${show.id}/animals/${clover.id}`, 'PUT');
    expect(await idsOf(clover.id)).toEqual([goats.id, show.id].sort());
    await send(`/api/v1/groups/${goats.id}/animals/${clover.id}`, 'DELETE');
    expect(await idsOf(clover.id)).toEqual([show.id]);
    await send(`/api/v1/animals/${clover.id}`, 'PATCH', { groupIds: [goats.id, show.id] });
    expect(await idsOf(clover.id)).toEqual([goats.id, show.id].sort());
    await send(`/api/v1/groups/${show.id}`, 'DELETE');
    expect(await idsOf(clover.id)).toEqual([goats.id]);
    expect((await list(`/api/v1/groups/${goats.id}/animals`)).map((animal) => animal.groupIds)).toEqual([
      [goats.id],
    ]);
    await send(`/api/v1/animals/${clover.id}`, 'PATCH', { groupIds: [] });
    expect(await idsOf(clover.id)).toEqual([]);
  });
});
