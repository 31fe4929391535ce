import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombs, heicWithSps, spsDeclaring } from '../../photos/image-bombs';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

const image = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 1600, height = 1200) => {
  const base = sharp({ create: { width, height, channels: 3, background: '#7a5' } });
  if (format === 'jpeg') {
    // a phone photo: orientation and the farm's GPS position in its EXIF
    return base
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Farmer Jo', Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 12/1' },
      })
      .toBuffer();
  }
  return base[format]().toBuffer();
};

describe.each(backends)('animal photos on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let animalId: string;

  const upload = (id: string, data: Buffer | string, filename = 'photo.jpg', who = cookie) => {
    const form = new FormData();
    form.append('photo', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
    return t.app.request(`${appUrl}/api/v1/animals/${id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie: who },
      body: form,
    });
  };
  const photoFiles = () =>
    existsSync(t.photoDir)
      ? readdirSync(t.photoDir, { recursive: true }).filter((name) => String(name).endsWith('.webp'))
      : [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('photographer@example.com'));
    const group = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Alpacas' } })).json();
    animalId = (
      await (
        await t.request('/api/v1/animals', { cookie, body: { name: 'Fluff', groupIds: [group.id] } })
      ).json()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('re-encodes an upload to WebP at two sizes, without its EXIF (GPS) data, served privately with caching', async () => {
    const response = await upload(animalId, await image('jpeg'));
    expect(response.status).toBe(200);
    const animal = await response.json();
    expect(animal.photoUrl).toMatch(new RegExp(`^/api/v1/animals/${animalId}/photo\\?v=[0-9a-f]+$`));
    expect(animal.thumbnailUrl).toBe(`${animal.photoUrl}&size=thumb`);

    const [inGroup] = await (
      await t.request(`/api/v1/groups/${animal.groups[0].id}/animals`, { cookie })
    ).json();
    // lists carry the thumbnail only (the database writes the list: the same URL)
    expect(inGroup.thumbnailUrl).toBe(animal.thumbnailUrl);
    const [listed] = await (await t.request('/api/v1/animals', { cookie })).json();
    expect(listed.thumbnailUrl).toBe(animal.thumbnailUrl);
    expect(inGroup).not.toHaveProperty('photoKey'); // the storage key never leaves the server

    const display = await t.request(animal.photoUrl, { cookie });
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const displayMeta = await sharp(Buffer.from(await display.arrayBuffer())).metadata();
    expect(displayMeta.format).toBe('webp');
    expect(displayMeta.width).toBe(1200);
    expect(displayMeta.exif).toBeUndefined();

    const thumb = await t.request(animal.thumbnailUrl, { cookie });
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([256, 256]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('accepts PNG, WebP and HEIF by content whatever the file is called, and replaces the old files', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const response = await upload(animalId, await image(format, 400, 300), 'no-extension');
      expect(response.status, format).toBe(200);
    }
    expect(photoFiles()).toHaveLength(2); // only the current photo's display and thumbnail remain
  });

  it('refuses what is not an image (415), an empty form (422) and more than 10 MB (413)', async () => {
    const text = await upload(animalId, 'this is not a photo at all, just text', 'goat.jpg');
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toBe(
      'This file is not a photo we can read. Use a JPEG, PNG, WebP or HEIC image.',
    );
    const truncated = (await image('jpeg')).subarray(0, 2000);
    expect((await upload(animalId, truncated)).status).toBe(415);

    const empty = await t.app.request(`${appUrl}/api/v1/animals/${animalId}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: new FormData(),
    });
    expect(empty.status).toBe(422);

    const huge = await upload(animalId, Buffer.alloc(10 * 1024 * 1024 + 1024, 1));
    expect(huge.status).toBe(413);
    const still = await (await t.request(`/api/v1/animals/${animalId}`, { cookie })).json();
    expect(still.photoUrl).not.toBeNull(); // the previous photo is untouched
  });

  it('refuses a photo whose header declares more than 40 megapixels (413) without decoding it', async () => {
    const before = await (await t.request(`/api/v1/animals/${animalId}`, { cookie })).json();
    const cases: [string, Buffer, string][] = [
      ['PNG', await bombs.png(true), '20000 × 20000'],
      ['PNG with a wrong CRC', await bombs.png(false), '20000 × 20000'],
      ['JPEG', await bombs.jpeg(), '9000 × 9000'],
      ['WebP', await bombs.webp(), '16000 × 16000'],
    ];
    for (const [name, data, size] of cases) {
      const response = await upload(animalId, data, 'photo');
      // 413 IMAGE_TOO_LARGE comes from the header alone; a decoder would have answered 415 (or 200)
      expect(response.status, name).toBe(413);
      expect(await response.json(), name).toEqual({
        error: {
          code: 'IMAGE_TOO_LARGE',
          message: `This photo is too large (${size} pixels). Use a photo of at most 40 megapixels.`,
        },
      });
    }
    const after = await (await t.request(`/api/v1/animals/${animalId}`, { cookie })).json();
    expect(after.photoUrl).toBe(before.photoUrl); // the previous photo is untouched
    expect(photoFiles()).toHaveLength(2);

    // a normal photo still goes through, and several at once all get their turn to decode
    const uploads = await Promise.all(
      ['jpeg', 'png', 'webp', 'avif', 'jpeg'].map(async (format) =>
        upload(animalId, await image(format as 'jpeg', 800, 600)),
      ),
    );
    expect(uploads.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('takes an AVIF of 12.5 megapixels, and refuses HEIC and AVIF above it (413) without decoding them', async () => {
    // HEIC and AVIF cost far more to decode than JPEG: 12.5 MP holds a phone's 4032 × 3024
    const atLimit = await sharp({ create: { width: 5000, height: 2500, channels: 3, background: '#7a5' } })
      .avif({ effort: 0 })
      .toBuffer();
    const accepted = await upload(animalId, atLimit, 'photo.avif');
    expect(accepted.status).toBe(200);
    const { photoUrl } = await accepted.json();
    const display = await t.request(photoUrl, { cookie });
    expect(await sharp(Buffer.from(await display.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 600,
    });

    const oneRowMore = Buffer.from(atLimit);
    const ispe = oneRowMore.indexOf('ispe', 0, 'latin1'); // size, 'ispe', version+flags, width, height
    oneRowMore.writeUInt32BE(2501, ispe + 12);
    const phone36 = Buffer.from(atLimit); // the 36 MP AVIF that took seconds and 620 MB
    phone36.writeUInt32BE(7350, ispe + 8);
    phone36.writeUInt32BE(4900, ispe + 12);
    const cases: [string, Buffer, string][] = [
      ['AVIF one row over', oneRowMore, '5000 × 2501'],
      ['AVIF of 36 MP', phone36, '7350 × 4900'],
      ['AVIF bomb', await bombs.avif(), '16000 × 16000'],
      ['HEIC (its HEVC stream) one row over', await heicWithSps(spsDeclaring(5000, 2501)), '5000 × 2501'],
      ['HEIC bomb (its HEVC stream)', await bombs.heic(), '16000 × 16000'],
    ];
    for (const [name, data, size] of cases) {
      const response = await upload(animalId, data, 'photo');
      // a decoder would have answered 200 (or 415): 413 comes from the header alone
      expect(response.status, name).toBe(413);
      expect(await response.json(), name).toEqual({
        error: {
          code: 'IMAGE_TOO_LARGE',
          message: `This photo is too large (${size} pixels). HEIC and AVIF photos can be at most 12.5 megapixels; a JPEG, PNG or WebP up to 40.`,
        },
      });
    }
    const after = await (await t.request(`/api/v1/animals/${animalId}`, { cookie })).json();
    expect(after.photoUrl).toBe(photoUrl); // the accepted photo is untouched
  });

  it('removes the photo files when the photo or the animal is deleted', async () => {
    expect(photoFiles()).toHaveLength(2);
    expect((await t.request(`/api/v1/animals/${animalId}/photo`, { method: 'DELETE', cookie })).status).toBe(
      204,
    );
    expect(photoFiles()).toHaveLength(0);
    const animal = await (await t.request(`/api/v1/animals/${animalId}`, { cookie })).json();
    expect(animal.photoUrl).toBeNull();
    expect((await t.request(`/api/v1/animals/${animalId}/photo`, { cookie })).status).toBe(404);

    await upload(animalId, await image('png', 300, 300));
    expect(photoFiles()).toHaveLength(2);
    expect((await t.request(`/api/v1/animals/${animalId}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(photoFiles()).toHaveLength(0);
    expect(existsSync(join(t.photoDir, 'anything'))).toBe(false);
  });
});
