// The farm's reads go gzipped to a client that accepts it (a phone in the barn: a season's lists
// are tens of KB of JSON): a GET of the API from 1 KB, the same JSON once unzipped. Never Better
// Auth's answers, which carry the session's token, nor a write's answer, or a list of a few rows.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('compression', () => {
  let t: TestApp;
  let cookie: string;
  let groupId: string;
  let animalIds: string[];
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ({ cookie } = await t.signUpAndConfirm());
    const group = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Layers' } })).json();
    groupId = group.id;
    animalIds = [];
    for (let n = 1; n <= 30; n += 1) {
      const hen = await t.request('/api/v1/animals', {
        cookie,
        body: { name: `Hen ${n} of the long-named heritage flock`, sex: 'female', groupIds: [groupId] },
      });
      animalIds.push(((await hen.json()) as { id: string }).id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gzips a list for a client that accepts it, and sends the same JSON', async () => {
    const plain = await t.request('/api/v1/animals', { cookie });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(5_000);

    const zipped = await t.request('/api/v1/animals', { cookie, headers: gzip });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(zipped.headers.get('cache-control')).toBe('no-store');
    expect(zipped.headers.get('content-type')).toBe('application/json');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(zipped.headers.get('content-length'), 'the length sent is the gzipped one').toBe(
      String(bytes.length),
    );
    expect(bytes.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(text);
  });

  it('never compresses for a client that refuses gzip, nor the session’s answers, a write’s, or a small one', async () => {
    // gzip refused by name, whatever else the client takes
    const refused = await t.request('/api/v1/animals', {
      cookie,
      headers: { 'accept-encoding': 'gzip;q=0, *;q=1' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.json()).length).toBe(30);

    const session = await t.request('/api/auth/get-session', { cookie, headers: gzip });
    expect(session.status).toBe(200);
    expect(session.headers.get('content-encoding')).toBeNull();
    expect(((await session.json()) as { session: { token: string } }).session.token).toBeTruthy();

    const written = await t.request('/api/v1/care-entries', {
      cookie,
      headers: gzip,
      body: {
        type: 'note',
        batchId: crypto.randomUUID(),
        groupId,
        dateRecorded: '2026-11-02',
        title: 'Checked the flock',
        noteContent: 'All eating well.',
        animalIds,
      },
    });
    expect(written.status).toBe(201);
    expect((await written.clone().text()).length, 'an answer worth compressing').toBeGreaterThan(1024);
    expect(written.headers.get('content-encoding')).toBeNull();

    // a list of no eggs yet: its length is told, and under a kilobyte
    const small = await t.request('/api/v1/egg-collections', { cookie, headers: gzip });
    expect(small.status).toBe(200);
    expect(Number((await small.clone().text()).length)).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
