// Privacy is structural: user B gets 404 on every read, change, delete, link and photo route for
// user A's records, sees none of them in lists, and A's data is unchanged afterwards.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

describe.each(backends)('herd isolation between farms on %s', (backend) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const a = { group: '', animal: '', species: '' };
  let bobsGroup: string;
  let bobsAnimal: string;

  const photoForm = async () => {
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(jpeg)]), 'p.jpg');
    return form;
  };
  const putPhoto = async (id: string, cookie: string) =>
    t.app.request(`${appUrl}/api/v1/animals/${id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: await photoForm(),
    });
  const snapshot = async () => ({
    groups: await (await t.request('/api/v1/groups', { cookie: alice })).json(),
    animals: await (await t.request('/api/v1/animals', { cookie: alice })).json(),
    species: await (await t.request('/api/v1/species', { cookie: alice })).json(),
    photo: (await t.request(`/api/v1/animals/${a.animal}/photo`, { cookie: alice })).status,
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    alice = (await t.signUpAndConfirm('alice@example.com')).cookie;
    bob = (await t.signUpAndConfirm('bob@example.com')).cookie;
    a.group = (
      await (await t.request('/api/v1/groups', { cookie: alice, body: { name: 'Alice goats' } })).json()
    ).id;
    a.species = (
      await (await t.request('/api/v1/species', { cookie: alice, body: { name: 'Kunekune' } })).json()
    ).id;
    a.animal = (
      await (
        await t.request('/api/v1/animals', {
          cookie: alice,
          body: { name: 'Secret', speciesId: a.species, groupIds: [a.group] },
        })
      ).json()
    ).id;
    expect((await putPhoto(a.animal, alice)).status).toBe(200);
    bobsGroup = (
      await (await t.request('/api/v1/groups', { cookie: bob, body: { name: 'Bob pigs' } })).json()
    ).id;
    bobsAnimal = (
      await (
        await t.request('/api/v1/animals', { cookie: bob, body: { name: 'Bob pig', groupIds: [bobsGroup] } })
      ).json()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 404 to every route Bob aims at Alice's records, and changes nothing", async () => {
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/groups/${a.group}`],
      ['PATCH', `/api/v1/groups/${a.group}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/groups/${a.group}`],
      ['GET', `/api/v1/groups/${a.group}/animals`],
      ['PUT', `/api/v1/groups/${a.group}/animals/${bobsAnimal}`],
      ['PUT', `/api/v1/groups/${bobsGroup}/animals/${a.animal}`],
      ['DELETE', `/api/v1/groups/${a.group}/animals/${a.animal}`],
      ['GET', `/api/v1/animals/${a.animal}`],
      ['PATCH', `/api/v1/animals/${a.animal}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/animals/${a.animal}`],
      ['GET', `/api/v1/animals/${a.animal}/photo`],
      ['DELETE', `/api/v1/animals/${a.animal}/photo`],
      ['GET', `/api/v1/animals/${a.animal}/weights`],
      ['GET', `/api/v1/groups/${a.group}/weights`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(path, { method, cookie: bob, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('Secret');
    }
    expect((await putPhoto(a.animal, bob)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to put Bob's animal in Alice's group, or give it Alice's species", async () => {
    const intoAlice = await t.request('/api/v1/animals', {
      cookie: bob,
      body: { name: 'Sneaky', groupIds: [a.group] },
    });
    expect(intoAlice.status).toBe(422);
    const patched = await t.request(`/api/v1/animals/${bobsAnimal}`, {
      method: 'PATCH',
      cookie: bob,
      body: { groupIds: [a.group] },
    });
    expect(patched.status).toBe(422);
    const species = await t.request(`/api/v1/animals/${bobsAnimal}`, {
      method: 'PATCH',
      cookie: bob,
      body: { speciesId: a.species },
    });
    expect(species.status).toBe(422);
    expect((await (await t.request(`/api/v1/groups/${a.group}`, { cookie: alice })).json()).animalCount).toBe(
      1,
    );
  });

  it("shows Bob none of Alice's records in lists", async () => {
    const groups = await (await t.request('/api/v1/groups', { cookie: bob })).json();
    expect(groups.map((group: { id: string }) => group.id)).toEqual([bobsGroup]);
    const animals = await (await t.request('/api/v1/animals', { cookie: bob })).json();
    expect(animals.map((animal: { id: string }) => animal.id)).toEqual([bobsAnimal]);
    const species = await (await t.request('/api/v1/species', { cookie: bob })).json();
    expect(species.map((item: { name: string }) => item.name)).not.toContain('Kunekune');
  });

  it('lets Alice link and unlink her own animal and group', async () => {
    const second = (
      await (await t.request('/api/v1/groups', { cookie: alice, body: { name: 'Show team' } })).json()
    ).id;
    const link = `/api/v1/groups/${second}/animals/${a.animal}`;
    expect((await t.request(link, { method: 'PUT', cookie: alice })).status).toBe(204);
    expect((await t.request(link, { method: 'PUT', cookie: alice })).status).toBe(204);
    expect((await (await t.request(`/api/v1/groups/${second}`, { cookie: alice })).json()).animalCount).toBe(
      1,
    );
    expect((await t.request(link, { method: 'DELETE', cookie: alice })).status).toBe(204);
    expect((await t.request(link, { method: 'DELETE', cookie: alice })).status).toBe(404);
  });

  it('needs a session for every herd route', async () => {
    for (const path of [
      '/api/v1/groups',
      '/api/v1/animals',
      '/api/v1/species',
      `/api/v1/groups/${a.group}`,
      `/api/v1/animals/${a.animal}/photo`,
    ]) {
      expect((await t.request(path)).status, path).toBe(401);
    }
  });
});
