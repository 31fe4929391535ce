import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { Logger } from '../log/logger';
import { sweepOrphanPhotos } from './photo-sweep';

describe.each(backends)('sweepOrphanPhotos on %s', (backend) => {
  let t: TestApp;
  let cookie: string;

  const upload = async (id: string) => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)]), 'photo.jpg');
    const response = await t.app.request(`${appUrl}/api/v1/animals/${id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { photoUrl: string; thumbnailUrl: string };
  };
  let groupId: string;
  const addAnimal = async (name: string) => {
    const response = await t.request('/api/v1/animals', { cookie, body: { name, groupIds: [groupId] } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const filesUnder = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
  const lines: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: () => {},
    info: (message, fields) => lines.push({ message, fields }),
    warn: (message, fields) => lines.push({ message, fields }),
    error: (message, fields) => lines.push({ message, fields }),
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('sweeper@example.com'));
    const group = await t.request('/api/v1/groups', { cookie, body: { name: 'Goats' } });
    groupId = ((await group.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes every *.tmp file and every photo folder no animal points to, and keeps every referenced photo', async () => {
    const kept = await addAnimal('Kept');
    const replaced = await addAnimal('Replaced');
    const keptPhoto = await upload(kept);
    await upload(replaced);
    const replacedPhoto = await upload(replaced);
    const referenced = filesUnder(t.photoDir);
    expect(referenced).toHaveLength(4); // display + thumbnail of the two current photos
    const farmId = referenced[0]!.split('/')[0]!;
    const keyOf = (file: string) => file.split('/').slice(0, 3).join('/');
    const keys = [...new Set(referenced.map(keyOf))];

    // what a kill -9 leaves behind: a half-written file beside a current photo, a whole upload
    // written but never recorded (for a live animal and for one deleted since), and its temp files
    const stray = (path: string, data = 'half a photo') => {
      mkdirSync(join(t.photoDir, path, '..'), { recursive: true });
      writeFileSync(join(t.photoDir, path), data);
    };
    stray(`${keys[0]}/display.webp.4242.tmp`);
    stray(`${farmId}/${kept}/0123456789abcdef/display.webp`);
    stray(`${farmId}/${kept}/0123456789abcdef/thumb.webp`);
    stray(`${farmId}/${replaced}/fedcba9876543210/display.webp.77.tmp`);
    stray(`${farmId}/${randomUUID()}/00aa00aa00aa00aa/thumb.webp`);
    // a farm deleted (account deletion) with its files still there: a crash between the two
    const deletedFarm = `${randomUUID()}/${randomUUID()}/1111222233334444`;
    stray(`${deletedFarm}/display.webp`);
    stray(`${deletedFarm}/thumb.webp.9.tmp`);

    lines.length = 0;
    const result = await sweepOrphanPhotos({ db: t.db, photoDir: t.photoDir, logger });
    expect(result).toEqual({
      temporaryFiles: 3,
      orphanFolders: 4,
      unknownFarmFolders: 0,
      rowsWithoutFiles: 0,
    });
    expect(lines).toHaveLength(1); // one log line
    expect(lines[0]!.fields).toMatchObject(result);

    expect(filesUnder(t.photoDir)).toEqual(referenced);
    // the emptied folders of the deleted animal and farm are gone too, not just their files
    expect(readdirSync(join(t.photoDir, farmId)).sort()).toEqual([kept, replaced].sort());
    expect(readdirSync(t.photoDir)).toEqual([farmId]);

    // every referenced photo is still served
    for (const url of [keptPhoto.photoUrl, keptPhoto.thumbnailUrl, replacedPhoto.photoUrl]) {
      expect((await t.request(url, { cookie })).status).toBe(200);
    }

    // a second sweep finds nothing left to do
    expect(await sweepOrphanPhotos({ db: t.db, photoDir: t.photoDir, logger })).toEqual({
      temporaryFiles: 0,
      orphanFolders: 0,
      unknownFarmFolders: 0,
      rowsWithoutFiles: 0,
    });

    // files lost outside Paddock are reported, and the row is left for the owner to see
    rmSync(join(t.photoDir, keyOf(referenced.find((file) => file.includes(replaced))!)), {
      recursive: true,
    });
    lines.length = 0;
    expect(await sweepOrphanPhotos({ db: t.db, photoDir: t.photoDir, logger })).toMatchObject({
      orphanFolders: 0,
      rowsWithoutFiles: 1,
    });
    expect(lines).toEqual([expect.objectContaining({ message: 'Photo folder swept' })]);
    expect(filesUnder(t.photoDir).filter((file) => file.includes(kept))).toHaveLength(2);
  });

  it('leaves alone a photo folder that belongs to another database (none of its farms is known here)', async () => {
    // e.g. DATABASE_URL switched to a fresh database over the same DATA_DIR: sweeping would
    // delete every photo of the real one
    const otherDir = mkdtempSync(join(tmpdir(), 'paddock-other-photos-'));
    try {
      const files = [
        `${randomUUID()}/${randomUUID()}/1111222233334444/display.webp`,
        `${randomUUID()}/${randomUUID()}/5555666677778888/thumb.webp`,
      ];
      for (const file of files) {
        mkdirSync(join(otherDir, file, '..'), { recursive: true });
        writeFileSync(join(otherDir, file), 'a photo');
      }
      writeFileSync(join(otherDir, `${files[0]}.12.tmp`), 'half');
      lines.length = 0;
      expect(await sweepOrphanPhotos({ db: t.db, photoDir: otherDir, logger })).toMatchObject({
        temporaryFiles: 1,
        orphanFolders: 0,
        unknownFarmFolders: 2,
      });
      expect(filesUnder(otherDir)).toEqual(files.sort());
      expect(lines).toHaveLength(1);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('creates and deletes nothing when there is no photo folder yet, and reports the rows it lacks', async () => {
    const missing = join(t.photoDir, 'not-created-yet');
    expect(await sweepOrphanPhotos({ db: t.db, photoDir: missing, logger })).toEqual({
      temporaryFiles: 0,
      orphanFolders: 0,
      unknownFarmFolders: 0,
      rowsWithoutFiles: 2, // the two animals with a photo above
    });
    expect(existsSync(missing)).toBe(false);
  });
});
