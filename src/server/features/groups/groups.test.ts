import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('groups API on %s', (backend) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('grower@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown) => t.request('/api/v1/groups', { cookie, body });

  it('creates a group with the default colour and a null description, and lists it with its count', async () => {
    const created = await post({ name: '  Rabbits  ', description: '   ' });
    expect(created.status).toBe(201);
    const group = await created.json();
    expect(group).toMatchObject({
      name: 'Rabbits',
      description: null,
      color: 'rgba(239,133,50,1)',
      animalCount: 0,
    });
    expect(group.id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await (
      await post({ name: 'Goats', description: 'Dairy herd', color: 'rgba(34,197,94,1)' })
    ).json();
    const list = await (await t.request('/api/v1/groups', { cookie })).json();
    expect(list.map((item: { name: string }) => item.name)).toEqual(['Rabbits', 'Goats']); // oldest first
    expect(list[1]).toMatchObject({ id: second.id, description: 'Dairy herd', color: 'rgba(34,197,94,1)' });
  });

  it('treats a repeated create with the same client id as one group', async () => {
    const id = randomUUID();
    const first = await post({ id, name: 'Ducks' });
    const again = await post({ id, name: 'Ducks' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    const list = await (await t.request('/api/v1/groups', { cookie })).json();
    expect(list.filter((group: { id: string }) => group.id === id)).toHaveLength(1);
  });

  it('answers 422 with field errors for a blank name, a bad colour or unknown fields', async () => {
    const response = await post({ name: '   ', color: 'purple-ish', farmId: randomUUID() });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(Object.keys(error.fields).sort()).toEqual(['_', 'color', 'name']);
    expect(error.fields.name).toEqual(['Group name is required']);
    expect((await post({ name: 'x'.repeat(61) })).status).toBe(422);
    expect((await post({ name: 'Ok', color: '#12345g' })).status).toBe(422);
    expect((await post({ name: 'Hex', color: '#3b82f6' })).status).toBe(201);
  });

  it('reads, updates and deletes one group; 404 for missing and malformed ids', async () => {
    const { id } = await (await post({ name: 'Sheep' })).json();
    expect((await t.request(`/api/v1/groups/${id}`, { cookie })).status).toBe(200);

    const updated = await t.request(`/api/v1/groups/${id}`, {
      method: 'PATCH',
      cookie,
      body: { name: 'Ewes', description: 'Spring lambing', color: 'rgba(168,85,247,1)' },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      name: 'Ewes',
      description: 'Spring lambing',
      color: 'rgba(168,85,247,1)',
    });
    expect(
      (await t.request(`/api/v1/groups/${id}`, { method: 'PATCH', cookie, body: { name: '' } })).status,
    ).toBe(422);

    expect((await t.request(`/api/v1/groups/${id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await t.request(`/api/v1/groups/${id}`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/v1/groups/${id}`, { method: 'DELETE', cookie })).status).toBe(404);

    for (const bad of [randomUUID(), 'not-a-uuid', '1']) {
      const response = await t.request(`/api/v1/groups/${bad}`, { cookie });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
      expect(
        (await t.request(`/api/v1/groups/${bad}`, { method: 'PATCH', cookie, body: { name: 'x' } })).status,
      ).toBe(404);
      expect((await t.request(`/api/v1/groups/${bad}/animals`, { cookie })).status).toBe(404);
    }
  });

  it('deletes a group’s memberships with it, but never its animals', async () => {
    const goats = await (await post({ name: 'Goat kids' })).json();
    const pens = await (await post({ name: 'Pen 2' })).json();
    const animal = await (
      await t.request('/api/v1/animals', { cookie, body: { name: 'Clover', groupIds: [goats.id, pens.id] } })
    ).json();
    expect((await (await t.request(`/api/v1/groups/${goats.id}`, { cookie })).json()).animalCount).toBe(1);
    const members = await (await t.request(`/api/v1/groups/${goats.id}/animals`, { cookie })).json();
    expect(members.map((item: { name: string }) => item.name)).toEqual(['Clover']);

    expect((await t.request(`/api/v1/groups/${goats.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const after = await (await t.request(`/api/v1/animals/${animal.id}`, { cookie })).json();
    expect(after.groups.map((group: { id: string }) => group.id)).toEqual([pens.id]);
  });
});
