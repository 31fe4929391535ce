// An id written in capitals (issue 23, item 9): a UUID names the same record in any case, so a path
// or body that spells it in capitals acts on that record exactly as the lower-case one would —
// never a 500, never a file or row left behind. Normalised once, where a request is routed and
// where a body's ids are parsed.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

describe.each(backends)('ids in capitals on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let groupId: string;
  const photo = () =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
  const upload = async (id: string) => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await photo())]), 'photo.jpg');
    return t.app.request(`${appUrl}/api/v1/animals/${id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: form,
    });
  };
  const newAnimal = async (name: string): Promise<string> =>
    (await (await t.request('/api/v1/animals', { cookie, body: { name, groupIds: [groupId] } })).json()).id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('capitals@example.com'));
    groupId = (await (await t.request('/api/v1/groups', { cookie, body: { name: 'Ewes' } })).json()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads, changes, photographs and deletes an animal named by its id in capitals', async () => {
    const id = await newAnimal('Dolly');
    const upper = id.toUpperCase();
    expect((await t.request(`/api/v1/animals/${upper}`, { cookie })).status).toBe(200);
    const renamed = await t.request(`/api/v1/animals/${upper}`, {
      cookie,
      method: 'PATCH',
      body: { name: 'Dolly II' },
    });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).id).toBe(id);

    const uploaded = await upload(upper);
    expect(uploaded.status).toBe(200);
    const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
    expect(photoUrl.startsWith(`/api/v1/animals/${id}/photo`)).toBe(true);
    expect((await t.request(photoUrl.replace(id, upper), { cookie })).status).toBe(200);

    expect((await t.request(`/api/v1/animals/${upper}`, { cookie, method: 'DELETE' })).status).toBe(204);
    expect((await t.request(`/api/v1/animals/${id}`, { cookie })).status).toBe(404);
    expect((await t.request(photoUrl, { cookie })).status).toBe(404);
  });

  it('takes ids in a body in any case, and one animal named twice in two cases is one animal', async () => {
    const id = await newAnimal('Shaun');
    const entry = await t.request('/api/v1/care-entries', {
      cookie,
      body: {
        type: 'note',
        animalIds: [id.toUpperCase()],
        groupId: groupId.toUpperCase(),
        dateRecorded: '2026-11-20',
        title: 'Limping',
        noteContent: 'Front left',
      },
    });
    expect(entry.status).toBe(201);
    const { entries } = (await entry.json()) as { entries: { animalId: string; groupId: string }[] };
    expect(entries[0]).toMatchObject({ animalId: id, groupId });

    const twice = await t.request('/api/v1/care-entries', {
      cookie,
      body: {
        type: 'note',
        animalIds: [id, id.toUpperCase()],
        dateRecorded: '2026-11-20',
        title: 'Twice',
        noteContent: 'One animal',
      },
    });
    expect(twice.status).toBe(422);
  });

  it('creates a record with a client-chosen id in capitals under its lower-case id, once', async () => {
    const chosen = crypto.randomUUID();
    for (const spelled of [chosen.toUpperCase(), chosen]) {
      const response = await t.request('/api/v1/animals', {
        cookie,
        body: { id: spelled, name: 'Offline lamb', groupIds: [groupId] },
      });
      expect(response.status).toBeLessThan(300);
      expect((await response.json()).id).toBe(chosen);
    }
    const list = (await (await t.request('/api/v1/animals', { cookie })).json()) as {
      items?: { id: string }[];
    };
    const items = Array.isArray(list) ? (list as { id: string }[]) : (list.items ?? []);
    expect(items.filter((animal) => animal.id === chosen)).toHaveLength(1);
  });
});
