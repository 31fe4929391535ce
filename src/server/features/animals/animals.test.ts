import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('animals API on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let goats: { id: string };
  let dairy: { id: string };
  let goatSpecies: { id: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('keeper@example.com'));
    goats = await (
      await t.request('/api/v1/groups', { cookie, body: { name: 'Goats', color: 'rgba(34,197,94,1)' } })
    ).json();
    dairy = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Dairy' } })).json();
    const species = await (await t.request('/api/v1/species', { cookie })).json();
    goatSpecies = species.find((item: { name: string }) => item.name === 'Goat');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: unknown) => t.request('/api/v1/animals', { cookie, body });

  it('offers the seeded species, by name, and lets a farm add its own once', async () => {
    const species = await (await t.request('/api/v1/species', { cookie })).json();
    const names = species.map((item: { name: string }) => item.name);
    for (const name of [
      'Chicken',
      'Duck',
      'Goat',
      'Sheep',
      'Alpaca',
      'Llama',
      'Pig',
      'Horse',
      'Donkey',
      'Cattle',
      'Rabbit',
      'Dog',
      'Cat',
      'Other',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const added = await t.request('/api/v1/species', { cookie, body: { name: 'Emu' } });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ name: 'Emu', custom: true });
    const again = await t.request('/api/v1/species', { cookie, body: { name: 'emu' } });
    expect(again.status).toBe(200);
    const builtIn = await t.request('/api/v1/species', { cookie, body: { name: 'GOAT' } });
    expect(await builtIn.json()).toMatchObject({ id: goatSpecies.id, custom: false });
    expect((await t.request('/api/v1/species', { cookie, body: { name: ' ' } })).status).toBe(422);
  });

  it('creates an animal with all its fields and groups in one go, in the farm’s weight unit', async () => {
    const response = await create({
      name: 'Clover',
      breed: 'Nubian',
      sex: 'spayed_female',
      birthDate: '2023-04-02',
      weight: 75.5,
      speciesId: goatSpecies.id,
      color: 'Brown',
      dam: 'Daisy',
      sire: 'Duke',
      tagId: 'US-123',
      groupIds: [goats.id, dairy.id],
    });
    expect(response.status).toBe(201);
    const animal = await response.json();
    expect(animal).toMatchObject({
      name: 'Clover',
      breed: 'Nubian',
      sex: 'spayed_female',
      birthDate: '2023-04-02',
      weight: 75.5,
      weightUnit: 'lbs',
      speciesName: 'Goat',
      tagId: 'US-123',
      photoUrl: null,
    });
    expect(animal.groups.map((group: { name: string }) => group.name)).toEqual(['Dairy', 'Goats']);
    expect(animal.groups[1].color).toBe('rgba(34,197,94,1)');

    await t.request('/api/v1/farm/settings', { method: 'PATCH', cookie, body: { weightUnit: 'kg' } });
    const inKg = await (await create({ name: 'Pepper', weight: 30, groupIds: [goats.id] })).json();
    expect(inKg.weightUnit).toBe('kg');
    const clover = await (await t.request(`/api/v1/animals/${animal.id}`, { cookie })).json();
    expect(clover.weightUnit).toBe('lbs'); // kept as recorded
    const renamed = await (
      await t.request(`/api/v1/animals/${animal.id}`, { method: 'PATCH', cookie, body: { name: 'Clover B' } })
    ).json();
    expect([renamed.weight, renamed.weightUnit]).toEqual([75.5, 'lbs']); // other edits leave the unit alone
    const reweighed = await (
      await t.request(`/api/v1/animals/${animal.id}`, {
        method: 'PATCH',
        cookie,
        body: { weight: 76, weightUnit: 'lbs' },
      })
    ).json();
    expect([reweighed.weight, reweighed.weightUnit]).toEqual([76, 'lbs']); // a unit given is kept
    await t.request('/api/v1/farm/settings', { method: 'PATCH', cookie, body: { weightUnit: 'lbs' } });
  });

  it('stores empty optional fields as null', async () => {
    const animal = await (
      await create({
        name: 'Blank',
        breed: '',
        sex: null,
        birthDate: '',
        weight: null,
        color: '  ',
        tagId: '',
        groupIds: [goats.id],
      })
    ).json();
    expect(animal).toMatchObject({
      breed: null,
      sex: null,
      birthDate: null,
      weight: null,
      weightUnit: null,
      color: null,
      tagId: null,
      speciesName: null,
    });
  });

  it('answers 422 with field errors, and writes nothing', async () => {
    const before = (await (await t.request('/api/v1/animals', { cookie })).json()).length;
    const response = await create({ name: '', sex: 'F', birthDate: '2023-02-30', weight: -1, groupIds: [] });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(Object.keys(error.fields).sort()).toEqual(['birthDate', 'groupIds', 'name', 'sex', 'weight']);
    expect(error.fields.groupIds).toEqual(['Choose at least one group']);
    expect((await create({ name: 'X', weight: '12', groupIds: [goats.id] })).status).toBe(422);
    expect((await create({ name: 'X', groupIds: ['nope'] })).status).toBe(422);
    expect((await create({ name: 'X', groupIds: [goats.id, goats.id] })).status).toBe(422);
    expect((await create({ name: 'X', groupIds: [randomUUID()] })).status).toBe(422);
    expect((await create({ name: 'X', speciesId: randomUUID(), groupIds: [goats.id] })).status).toBe(422);
    expect((await create({ name: 'X', groupIds: [goats.id], owner: 'me' })).status).toBe(422);
    expect((await (await t.request('/api/v1/animals', { cookie })).json()).length).toBe(before);
  });

  it('treats a repeated create with the same client id as one animal', async () => {
    const id = randomUUID();
    expect((await create({ id, name: 'Twice', groupIds: [goats.id] })).status).toBe(201);
    expect((await create({ id, name: 'Twice', groupIds: [goats.id] })).status).toBe(200);
    const all = await (await t.request('/api/v1/animals', { cookie })).json();
    expect(all.filter((animal: { id: string }) => animal.id === id)).toHaveLength(1);
  });

  it('lists animals by name with species and group chips, and a group’s own animals', async () => {
    await create({ name: 'apple', groupIds: [dairy.id] });
    await create({ name: 'Zinnia', groupIds: [goats.id] });
    const all = await (await t.request('/api/v1/animals', { cookie })).json();
    const names = all.map((animal: { name: string }) => animal.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const inDairy = await (await t.request(`/api/v1/groups/${dairy.id}/animals`, { cookie })).json();
    expect(inDairy.map((animal: { name: string }) => animal.name)).toEqual(['apple', 'Clover B']);
  });

  it('updates fields and replaces groups; 404 for missing and malformed ids', async () => {
    const animal = await (await create({ name: 'Mover', breed: 'Boer', groupIds: [goats.id] })).json();
    const patch = (body: unknown) =>
      t.request(`/api/v1/animals/${animal.id}`, { method: 'PATCH', cookie, body });
    const updated = await patch({
      name: 'Mover II',
      breed: null,
      sex: 'castrated_male',
      groupIds: [dairy.id],
    });
    expect(updated.status).toBe(200);
    const body = await updated.json();
    expect(body).toMatchObject({ name: 'Mover II', breed: null, sex: 'castrated_male' });
    expect(body.groups.map((group: { id: string }) => group.id)).toEqual([dairy.id]);
    expect(((await (await patch({ tagId: 'T-9' })).json()) as { groups: unknown[] }).groups).toHaveLength(1); // kept
    expect((await patch({ name: '' })).status).toBe(422);
    expect((await patch({ groupIds: [randomUUID()] })).status).toBe(422);

    for (const bad of [randomUUID(), 'not-a-uuid']) {
      expect((await t.request(`/api/v1/animals/${bad}`, { cookie })).status).toBe(404);
      expect(
        (await t.request(`/api/v1/animals/${bad}`, { method: 'PATCH', cookie, body: { name: 'x' } })).status,
      ).toBe(404);
      expect((await t.request(`/api/v1/animals/${bad}`, { method: 'DELETE', cookie })).status).toBe(404);
    }
  });

  it('deletes an animal with its memberships', async () => {
    const animal = await (await create({ name: 'Gone', groupIds: [goats.id] })).json();
    const before = (await (await t.request(`/api/v1/groups/${goats.id}`, { cookie })).json()).animalCount;
    expect((await t.request(`/api/v1/animals/${animal.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await t.request(`/api/v1/animals/${animal.id}`, { cookie })).status).toBe(404);
    expect((await (await t.request(`/api/v1/groups/${goats.id}`, { cookie })).json()).animalCount).toBe(
      before - 1,
    );
  });

  it('runs the same number of SQL statements for a list of 1 animal as for 200', async () => {
    const fresh = await t.signUpAndConfirm('counter@example.com');
    const pen = await (
      await t.request('/api/v1/groups', { cookie: fresh.cookie, body: { name: 'Flock' } })
    ).json();
    const add = (name: string) =>
      t.request('/api/v1/animals', { cookie: fresh.cookie, body: { name, groupIds: [pen.id] } });
    const statementsFor = async (path: string) => {
      await t.request(path, { cookie: fresh.cookie }); // warm the session lookup
      let response = new Response();
      const count = (
        await t.computedStatementsOf(async () => (response = await t.request(path, { cookie: fresh.cookie })))
      ).length;
      expect(response.status).toBe(200);
      return { count, body: (await response.json()) as unknown[] };
    };
    const paths = ['/api/v1/animals', `/api/v1/groups/${pen.id}/animals`, '/api/v1/groups'];
    const measure = async () => {
      const results = [];
      for (const path of paths) results.push(await statementsFor(path));
      return results;
    };
    await add('Hen 0');
    const one = await measure();
    for (let index = 1; index < 200; index++) await add(`Hen ${index}`);
    const many = await measure();
    expect(one[0]!.body).toHaveLength(1);
    expect(many[0]!.body).toHaveLength(200);
    expect(many[1]!.body).toHaveLength(200);
    expect(many.map((result) => result.count)).toEqual(one.map((result) => result.count));
    expect(one.map((result) => result.count)).toEqual([1, 2, 1]); // group animals: the group, then its animals
  }, 120_000);
});
