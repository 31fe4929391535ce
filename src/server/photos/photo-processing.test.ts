import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDecodeSlots, maxPhotoPixels, processPhoto } from './photo-processing';

describe('createDecodeSlots', () => {
  it('runs at most two tasks at once; the others wait and start in order as slots free up', async () => {
    const slots = createDecodeSlots(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      slots.run(async () => {
        started.push(index);
        await new Promise<void>((resolve) => (finish[index] = resolve));
        return index;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    finish[1]!();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish[0]!();
    finish[2]!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]!();
    finish[4]!();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts a task only while the memory of those running fits the budget, in order; a larger one runs alone', async () => {
    const slots = createDecodeSlots(2, 100);
    const started: string[] = [];
    const finish: Record<string, () => void> = {};
    const task = (name: string, memory: number) =>
      slots.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => (finish[name] = resolve));
      }, memory);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const tasks = [task('a', 60), task('b', 60), task('c', 30), task('huge', 250), task('d', 10)];
    await settle();
    expect(started).toEqual(['a']); // b does not fit beside a, and c waits behind b
    finish.a!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    finish.b!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']); // huge waits until nothing else runs
    finish.c!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'huge']);
    finish.huge!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'huge', 'd']);
    finish.d!();
    await Promise.all(tasks);
  });

  it('frees the slot when a task fails', async () => {
    const slots = createDecodeSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('processPhoto', () => {
  it('takes a photo of exactly 40 megapixels, and refuses one pixel row more before decoding', async () => {
    // PNG of a flat colour: small to hold, 40 MP to decode
    const atLimit = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#7a5' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(8000 * 5000).toBe(maxPhotoPixels);
    const { display } = await processPhoto(atLimit);
    expect(await sharp(display).metadata()).toMatchObject({ width: 1200, height: 750 });

    const overLimit = Buffer.from(atLimit);
    overLimit.writeUInt32BE(5001, 20); // IHDR height, CRC left wrong: the header alone decides
    await expect(processPhoto(overLimit)).rejects.toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
  });

  it('makes a sharp square thumbnail of a panorama (from enough pixels, not the 1200 px display)', async () => {
    // a 6000 × 400 strip of 4 px stripes: its display is 1200 × 80, where the stripes blur to
    // grey; the thumbnail, cut from 400 px of height, must still show them
    const [width, height] = [6000, 400];
    const stripes = Buffer.alloc(width * height);
    for (let row = 0; row < height; row += 1)
      stripes.fill(row % 8 < 4 ? 0 : 255, row * width, (row + 1) * width);
    const strip = await sharp(stripes, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const { display, thumbnail } = await processPhoto(strip);
    expect(await sharp(display).metadata()).toMatchObject({ width: 1200, height: 80 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 256, height: 256 });
    const { data } = await sharp(thumbnail).greyscale().raw().toBuffer({ resolveWithObject: true });
    const column = Array.from({ length: 256 }, (_, row) => data[row * 256 + 128]!);
    expect(Math.min(...column)).toBeLessThan(60);
    expect(Math.max(...column)).toBeGreaterThan(195);
  });

  it('refuses a header that cannot be read with the existing 415', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#7a5' } })
      .png()
      .toBuffer();
    await expect(processPhoto(png.subarray(0, 20))).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_IMAGE',
    });
  });
});
