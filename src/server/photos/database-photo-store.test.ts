// Photos in the database (issue 12, several servers): the PhotoStore that every server behind one
// PostgreSQL reads — files by key, a prefix deleted at once (and not its look-alike neighbours),
// unsafe keys refused; crash leftovers swept once old; a folder's photos copied in when a server
// moves onto the database.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql-text';
import { createLogger } from '../log/logger';
import { farmIdOf } from '../backup/sample-farm.fixture';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';
import { createDatabasePhotoStore, createFolderPhotoStore } from './photo-store';
import { copyFolderPhotos, createPhotoSweepJob, sweepDatabasePhotos } from './photo-sweep';

describe.each(backends)('database photo store on %s', (backend) => {
  let t: TestApp;
  let farmId: string;
  let cookie: string;
  const logger = createLogger('silent');
  const bytes = (text: string) => Buffer.from(text.repeat(50));

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('photo-store@example.com'));
    farmId = await farmIdOf(t, 'photo-store@example.com');
  });
  afterAll(() => t?.close());

  it('keeps files by key, overwrites, deletes a prefix and not its neighbours, refuses unsafe keys', async () => {
    const store = createDatabasePhotoStore(t.db);
    await store.put(`${farmId}/a1/v1/display.webp`, bytes('one'));
    await store.put(`${farmId}/a1/v1/thumb.webp`, bytes('thumb'));
    await store.put(`${farmId}/a10/v1/display.webp`, bytes('ten'));
    expect((await store.get(`${farmId}/a1/v1/display.webp`))!.equals(bytes('one'))).toBe(true);
    await store.put(`${farmId}/a1/v1/display.webp`, bytes('again'));
    expect((await store.get(`${farmId}/a1/v1/display.webp`))!.equals(bytes('again'))).toBe(true);
    expect(await store.get(`${farmId}/nothing/display.webp`)).toBeNull();
    await store.deletePrefix(`${farmId}/a1`);
    expect(await store.get(`${farmId}/a1/v1/display.webp`)).toBeNull();
    expect(await store.get(`${farmId}/a1/v1/thumb.webp`)).toBeNull();
    expect((await store.get(`${farmId}/a10/v1/display.webp`))!.equals(bytes('ten'))).toBe(true);
    for (const key of ['../etc/passwd', `${farmId}/a%`, `${farmId}/A_1`, ''])
      await expect(store.put(key, bytes('x'))).rejects.toThrow(/unsafe photo key/);
    await expect(store.deletePrefix(`${farmId}/%`)).rejects.toThrow(/unsafe photo key/);
  });

  it('copies an uploaded photo in from the folder, once; sweeps only old files no animal points to', async () => {
    const group = (await (await t.request('/api/v1/groups', { cookie, body: { name: 'Pen' } })).json()) as {
      id: string;
    };
    const animal = (await (
      await t.request('/api/v1/animals', { cookie, body: { name: 'Clover', groupIds: [group.id] } })
    ).json()) as { id: string };
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)]), 'clover.jpg');
    const upload = await t.app.request(`${appUrl}/api/v1/animals/${animal.id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: form,
    });
    expect(upload.status).toBe(200);
    const [{ photo_key: key }] = (await queryRows<{ photo_key: string }>(
      t.db,
      sql`select photo_key from animals where id = ${animal.id}`,
    )) as [{ photo_key: string }];

    const folder = createFolderPhotoStore(t.photoDir);
    const store = createDatabasePhotoStore(t.db);
    expect(await copyFolderPhotos({ db: t.db, from: folder, to: store, logger })).toBe(2);
    expect(await copyFolderPhotos({ db: t.db, from: folder, to: store, logger })).toBe(0);
    const copied = await store.get(`${key}/display.webp`);
    expect(copied!.equals((await folder.get(`${key}/display.webp`))!)).toBe(true);

    await store.put(`${farmId}/orphan/v1/display.webp`, bytes('old orphan'));
    await store.put(`${farmId}/young/v1/display.webp`, bytes('an upload in flight'));
    await t.db.execute(
      sql`update photo_files set created_at = now() - interval '2 hours' where key not like ${`${farmId}/young/%`}`,
    );
    expect(await sweepDatabasePhotos({ db: t.db, logger })).toBe(2); // the orphan and a10's file
    expect(await store.get(`${farmId}/orphan/v1/display.webp`)).toBeNull();
    expect(await store.get(`${farmId}/young/v1/display.webp`)).not.toBeNull();
    expect(await store.get(`${key}/display.webp`)).not.toBeNull();
    expect(await store.get(`${key}/thumb.webp`)).not.toBeNull();
  });

  it('sweeps again every hour while the server runs, not only when it starts', async () => {
    const store = createDatabasePhotoStore(t.db);
    const job = createPhotoSweepJob({ db: t.db, logger });
    const start = new Date();
    await job.run(start); // the start-up pass
    await store.put(`${farmId}/crashed/v1/display.webp`, bytes('left by a kill -9'));
    await t.db.execute(
      sql`update photo_files set created_at = now() - interval '2 hours' where key like ${`${farmId}/crashed/%`}`,
    );
    expect(await job.run(new Date(start.getTime() + 59 * 60_000))).toBe(0); // within the hour: not yet
    expect(await store.get(`${farmId}/crashed/v1/display.webp`)).not.toBeNull();
    expect(await job.run(new Date(start.getTime() + 61 * 60_000))).toBe(1);
    expect(await store.get(`${farmId}/crashed/v1/display.webp`)).toBeNull();
  });
});
