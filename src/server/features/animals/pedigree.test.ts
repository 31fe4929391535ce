// Breeding links (issue 11): dam and sire chosen from the farm's animals or typed for animals from
// elsewhere; same-farm only, never the animal itself nor a descendant (422), names kept through a
// parent's rename and deletion; the family (three generations up, offspring down) in one statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Animal, AnimalFamily } from '../../../shared/schemas/animals';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('pedigree on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let barn: string;
  const send = (path: string, body: unknown, method = 'POST', as = cookie) =>
    t.request(path, { cookie: as, body, method });
  const animal = async (name: string, extra: Record<string, unknown> = {}, as = cookie): Promise<Animal> => {
    const groupId =
      as === cookie ? barn : (await (await send('/api/v1/groups', { name: 'Pen' }, 'POST', as)).json()).id;
    const response = await send('/api/v1/animals', { name, groupIds: [groupId], ...extra }, 'POST', as);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return (await response.json()) as Animal;
  };
  const family = async (id: string): Promise<AnimalFamily> => {
    const response = await t.request(`/api/v1/animals/${id}/family`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as AnimalFamily;
  };
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(422);
    return (await response.json()).error.fields as Record<string, string[]>;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('breeder@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('neighbour@example.com'));
    barn = (await (await send('/api/v1/groups', { name: 'Barn' })).json()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('links dam and sire of the same farm, names them, and lists the offspring oldest first', async () => {
    const dam = await animal('Daisy', { sex: 'female' });
    const sire = await animal('Duke', { sex: 'male' });
    const twin2 = await animal('Twin 2', { damId: dam.id, sireId: sire.id, birthDate: '2026-03-02' });
    const twin1 = await animal('Twin 1', { damId: dam.id, sire: 'Outside Buck', birthDate: '2026-03-01' });
    expect(twin2).toMatchObject({ damId: dam.id, dam: 'Daisy', sireId: sire.id, sire: 'Duke' });
    expect(twin1).toMatchObject({ damId: dam.id, dam: 'Daisy', sireId: null, sire: 'Outside Buck' });

    expect((await family(dam.id)).offspring).toEqual([
      { id: twin1.id, name: 'Twin 1', sex: null, birthDate: '2026-03-01', parent: 'dam' },
      { id: twin2.id, name: 'Twin 2', sex: null, birthDate: '2026-03-02', parent: 'dam' },
    ]);
    expect((await family(sire.id)).offspring.map((o) => [o.name, o.parent])).toEqual([['Twin 2', 'sire']]);

    // a rename follows to the children; typing a name instead unlinks
    await send(`/api/v1/animals/${dam.id}`, { name: 'Daisy May' }, 'PATCH');
    const renamed = await (await t.request(`/api/v1/animals/${twin2.id}`, { cookie })).json();
    expect(renamed).toMatchObject({ damId: dam.id, dam: 'Daisy May' });
    const typed = await (await send(`/api/v1/animals/${twin2.id}`, { sire: 'Someone Else' }, 'PATCH')).json();
    expect(typed).toMatchObject({ sireId: null, sire: 'Someone Else', damId: dam.id });
    const unlinked = await (await send(`/api/v1/animals/${twin2.id}`, { damId: null }, 'PATCH')).json();
    expect(unlinked).toMatchObject({ damId: null, dam: 'Daisy May' });
  });

  it("shows three generations of ancestors, linked or named, and keeps a deleted parent's name", async () => {
    const granddam = await animal('Granny', { dam: 'Old Bess', sire: 'Old Tom' });
    const grandsire = await animal('Grandpa');
    const dam = await animal('Mum', { damId: granddam.id, sireId: grandsire.id });
    const kid = await animal('Kid', { damId: dam.id, sire: 'Hired Buck' });

    const { pedigree } = await family(kid.id);
    expect(pedigree).toEqual([
      { position: 'dam', id: dam.id, name: 'Mum' },
      { position: 'sire', id: null, name: 'Hired Buck' },
      { position: 'dam.dam', id: granddam.id, name: 'Granny' },
      { position: 'dam.sire', id: grandsire.id, name: 'Grandpa' },
      { position: 'dam.dam.dam', id: null, name: 'Old Bess' },
      { position: 'dam.dam.sire', id: null, name: 'Old Tom' },
    ]);
    expect(await family(granddam.id)).toMatchObject({ offspring: [{ id: dam.id, name: 'Mum' }] });

    expect((await t.request(`/api/v1/animals/${dam.id}`, { cookie, method: 'DELETE' })).status).toBe(204);
    const orphan = await (await t.request(`/api/v1/animals/${kid.id}`, { cookie })).json();
    expect(orphan).toMatchObject({ damId: null, dam: 'Mum', sire: 'Hired Buck' });
    expect((await family(kid.id)).pedigree).toEqual([
      { position: 'dam', id: null, name: 'Mum' },
      { position: 'sire', id: null, name: 'Hired Buck' },
    ]);
  });

  it('refuses itself, a descendant, the same animal twice and another farm’s animal as a parent', async () => {
    const a = await animal('Ancestor');
    const b = await animal('Child', { damId: a.id });
    const c = await animal('Grandchild', { sireId: b.id });

    expect(await fieldsOf(await send(`/api/v1/animals/${a.id}`, { damId: a.id }, 'PATCH'))).toEqual({
      damId: ['An animal cannot be its own dam'],
    });
    expect(await fieldsOf(await send(`/api/v1/animals/${a.id}`, { sireId: c.id }, 'PATCH'))).toEqual({
      sireId: ['Grandchild descends from this animal'],
    });
    const both = await fieldsOf(
      await send('/api/v1/animals', { name: 'X', groupIds: [barn], damId: a.id, sireId: a.id }),
    );
    expect(both).toEqual({ sireId: ['Dam and sire must be different animals'] });

    const theirs = await animal('Their Doe', {}, other);
    expect(
      await fieldsOf(await send('/api/v1/animals', { name: 'Y', groupIds: [barn], damId: theirs.id })),
    ).toEqual({ damId: ['Choose a dam from your animals'] });
    expect(
      await fieldsOf(await send('/api/v1/animals', { name: 'Y', groupIds: [barn], sireId: 'nope' })),
    ).toHaveProperty('sireId');
    // a parent born after the child, given now or already stored
    const older = await animal('Older', { birthDate: '2024-05-01' });
    expect(
      await fieldsOf(
        await send('/api/v1/animals', {
          name: 'Z',
          groupIds: [barn],
          birthDate: '2023-01-01',
          damId: older.id,
        }),
      ),
    ).toEqual({ damId: ['Older was born after this animal'] });
    const kid = await animal('Kid Z', { birthDate: '2024-04-30' });
    expect(await fieldsOf(await send(`/api/v1/animals/${kid.id}`, { sireId: older.id }, 'PATCH'))).toEqual({
      sireId: ['Older was born after this animal'],
    });
    const born = await send(
      `/api/v1/animals/${kid.id}`,
      { sireId: older.id, birthDate: '2025-02-01' },
      'PATCH',
    );
    expect(born.status).toBe(200);
    // nothing was written by the refusals
    expect(await (await t.request(`/api/v1/animals/${a.id}`, { cookie })).json()).toMatchObject({
      damId: null,
    });
    const names = (await (await t.request('/api/v1/animals', { cookie })).json()).map(
      (x: { name: string }) => x.name,
    );
    expect(names).not.toContain('X');
    expect(names).not.toContain('Z');
    expect(names).not.toContain('Y');

    // their family is theirs: a 404 here, and our animal cannot be reached through theirs
    expect((await t.request(`/api/v1/animals/${theirs.id}/family`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/animals/${a.id}/family`, { cookie: other })).status).toBe(404);
    const linkOurs = await send(`/api/v1/animals/${theirs.id}`, { damId: a.id }, 'PATCH', other);
    expect(await fieldsOf(linkOurs)).toEqual({ damId: ['Choose a dam from your animals'] });
  });

  it('answers a family in one statement whatever its size', async () => {
    const doe = await animal('Big Doe');
    const statements = async () => (await t.statementsOf(() => family(doe.id))).length;
    const once = await statements();
    let parent = doe;
    for (let i = 0; i < 4; i++) parent = await animal(`Line ${i}`, { damId: parent.id });
    for (let i = 0; i < 6; i++) await animal(`Kid ${i}`, { damId: doe.id });
    expect(await statements()).toBe(once);
    expect((await family(doe.id)).offspring).toHaveLength(7);
  });
});
