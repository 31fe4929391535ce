import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicWithSps, spsDeclaring, x265Sps1280x720 } from './image-bombs';
import { readImageHeader } from './photo-header';

const made = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 120, g: 170, b: 80, alpha: 0.5 } : '#7a5',
    },
  });

describe('readImageHeader', () => {
  it.each([
    ['JPEG (baseline)', 'jpeg', () => made(640, 480).jpeg().toBuffer()],
    [
      'JPEG (progressive, with EXIF)',
      'jpeg',
      () =>
        made(640, 480)
          .jpeg({ progressive: true })
          .withExif({ IFD0: { Artist: 'Farmer Jo' } })
          .toBuffer(),
    ],
    ['PNG', 'png', () => made(640, 480).png().toBuffer()],
    ['WebP (lossy, VP8)', 'webp', () => made(640, 480).webp().toBuffer()],
    ['WebP (lossless, VP8L)', 'webp', () => made(640, 480).webp({ lossless: true }).toBuffer()],
    ['WebP (with alpha, VP8X)', 'webp', () => made(640, 480, true).webp().toBuffer()],
    ['AVIF (HEIF with AV1)', 'heif', () => made(640, 480).avif().toBuffer()],
  ] as const)('reads the declared size of a real %s', async (_name, format, make) => {
    const data = await make();
    expect(readImageHeader(data)).toEqual({ format, width: 640, height: 480 });
  });

  it('reads odd sizes exactly (no off-by-one in the WebP minus-one fields)', async () => {
    for (const data of [
      await made(1, 1).webp({ lossless: true }).toBuffer(),
      await made(1, 1, true).webp().toBuffer(),
    ]) {
      expect(readImageHeader(data)).toMatchObject({ width: 1, height: 1 });
    }
    expect(readImageHeader(await made(333, 77).webp().toBuffer())).toMatchObject({ width: 333, height: 77 });
    expect(readImageHeader(await made(333, 77).jpeg().toBuffer())).toMatchObject({ width: 333, height: 77 });
    expect(readImageHeader(await made(333, 77).avif().toBuffer())).toMatchObject({ width: 333, height: 77 });
  });

  it('budgets a HEIC by the larger of its declared size and its HEVC stream’s picture size', async () => {
    // the WebAssembly HEVC decoder sizes its frames from the stream, whatever 'ispe' says
    expect(readImageHeader(await heicWithSps(x265Sps1280x720))).toEqual({
      format: 'heif',
      width: 1280,
      height: 720,
    });
    expect(readImageHeader(await heicWithSps(spsDeclaring(1280, 720)))).toMatchObject({ width: 1280 });
    expect(readImageHeader(await heicWithSps(spsDeclaring(16000, 12000)))).toMatchObject({
      width: 16000,
      height: 12000,
    });
    // a stream smaller than 'ispe' (a tile of a grid image): the whole image's size counts
    expect(readImageHeader(await heicWithSps(spsDeclaring(32, 16)))).toMatchObject({ width: 64, height: 48 });
  });

  it('answers null for what it cannot read: text, truncated headers, a HEIF without a size', async () => {
    expect(readImageHeader(Buffer.from('this is not a photo at all, just text'))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    const png = await made(64, 48).png().toBuffer();
    expect(readImageHeader(png.subarray(0, 20))).toBeNull();
    const jpeg = await made(64, 48).jpeg().toBuffer();
    expect(readImageHeader(jpeg.subarray(0, 40))).toBeNull(); // cut before the SOF marker
    const avif = await made(64, 48).avif().toBuffer();
    const noSize = Buffer.from(avif);
    noSize.write('xxxx', avif.indexOf('ispe'), 'latin1'); // the size property renamed away
    expect(readImageHeader(noSize)).toBeNull();
    const zeroWidth = await made(64, 48).png().toBuffer();
    zeroWidth.writeUInt32BE(0, 16);
    expect(readImageHeader(zeroWidth)).toBeNull();
  });

  it('survives box sizes that point past the end or loop (a hostile HEIF)', async () => {
    const avif = await made(64, 48).avif().toBuffer();
    const meta = avif.indexOf('meta') - 4;
    for (const size of [0xffffffff, 3, 7]) {
      const hostile = Buffer.from(avif);
      hostile.writeUInt32BE(size, meta);
      expect(() => readImageHeader(hostile)).not.toThrow();
    }
  });
});
