// Turns an uploaded image into the two WebP files we keep: re-encoding drops every bit of metadata
// (EXIF, including the GPS position of the farm). Formats are recognised by content, not by name.
// Decoding is where a hostile file hurts, so the declared size is checked from the header first,
// against a ceiling per format, the decoder is told the same limit, and decodes run at most two
// at a time within a budget of decode memory.
import type { default as SharpModule, Sharp } from 'sharp';
import { AppError } from '../http/errors';
import { readImageHeader, type ImageFormat } from './photo-header';

export type ProcessedPhoto = { display: Buffer; thumbnail: Buffer };

/** 40 MP: every phone photo up to 7,700 × 5,200. JPEG and WebP shrink while they decode, and PNG
 * streams, so even this size costs well under a second of CPU and under 100 MB. */
export const maxPhotoPixels = 40_000_000;

/**
 * 12.5 MP for HEIC and AVIF: a phone's 4032 × 3024. These cannot shrink while they decode and
 * cost about 20 bytes of memory and 0.1 s of CPU per pixel-megapixel (a 36 MP AVIF: 2–4 s, 640 MB;
 * decision 0014), so their ceiling is the size phones save by default, not the largest sensor.
 */
export const maxHeifPixels = 12_500_000;

const maxPixels = (format: ImageFormat) => (format === 'heif' ? maxHeifPixels : maxPhotoPixels);

/** Measured peak decode memory per declared pixel (decision 0014), rounded up; PNG allows for an
 * interlaced file, which cannot stream. */
const decodeBytesPerPixel: Record<ImageFormat, number> = { heif: 20, png: 4, jpeg: 2, webp: 2 };

/** At most this much (estimated) decode memory at once: one HEIC/AVIF of the largest size with
 * a JPEG beside it, or two smaller ones. */
export const decodeMemoryBudget = 400 * 1024 * 1024;

/**
 * Runs at most `size` tasks at once, and only while their declared memory fits `memoryBudget`;
 * the others wait their turn, strictly in order (a large photo is not overtaken forever by small
 * ones). A task larger than the whole budget runs alone. Two decodes at a time use both cores of
 * a small server; the memory budget keeps a burst of large HEIC/AVIF uploads to a bounded total.
 */
export function createDecodeSlots(size: number, memoryBudget = Infinity) {
  let running = 0;
  let used = 0;
  const waiting: { memory: number; start: () => void }[] = [];
  const fits = (memory: number) => running === 0 || (running < size && used + memory <= memoryBudget);
  const take = (memory: number) => {
    running += 1;
    used += memory;
  };
  return {
    async run<T>(task: () => Promise<T>, memory = 0): Promise<T> {
      if (waiting.length === 0 && fits(memory)) take(memory);
      else await new Promise<void>((start) => waiting.push({ memory, start }));
      try {
        return await task();
      } finally {
        running -= 1;
        used -= memory;
        while (waiting.length > 0 && fits(waiting[0]!.memory)) {
          const next = waiting.shift()!;
          take(next.memory); // handed straight to the next upload
          next.start();
        }
      }
    },
  };
}

const decodeSlots = createDecodeSlots(2, decodeMemoryBudget);

/**
 * sharp, loaded at the first photo rather than at start: libvips and its libraries are ~12 MB of a
 * server's resident memory that most of its life never uses (issue 31's idle RSS). One libvips
 * thread per decode (two decodes use the two cores) and no cache of operations: each photo is
 * decoded once, so a cache would only hold its pixels after the answer.
 */
let loadingSharp: Promise<typeof SharpModule> | undefined;
const loadSharp = () =>
  (loadingSharp ??= import('sharp').then(
    (module) => {
      module.default.concurrency(1);
      module.default.cache(false);
      return module.default;
    },
    (error: unknown) => {
      loadingSharp = undefined; // the next photo tries again
      throw error;
    },
  ));

const sharpOptions = (format: ImageFormat) =>
  ({ failOn: 'error', limitInputPixels: maxPixels(format) }) as const;

/**
 * HEIF is decoded by sharp when it can (AVIF); iPhone photos are HEVC-coded, which sharp's libvips
 * cannot read, so those go to the WebAssembly decoder — only after the header check (which also
 * reads the HEVC stream's own size), as we cannot pass that decoder a pixel limit.
 */
async function decodeHeif(sharp: typeof SharpModule, data: Buffer): Promise<Sharp> {
  try {
    // decoded once to raw pixels, so a failure shows here and not halfway through the resize
    const { data: pixels, info } = await sharp(data, sharpOptions('heif'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  } catch (error) {
    if (data.indexOf('hvcC', 0, 'latin1') === -1) throw error; // not HEVC: the wasm decoder cannot help
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: data });
    if (image.width * image.height > maxHeifPixels) throw error; // the header lied
    return sharp(Buffer.from(image.data.buffer), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
}

const unreadable = () =>
  new AppError(
    415,
    'UNSUPPORTED_IMAGE',
    'This file is not a photo we can read. Use a JPEG, PNG, WebP or HEIC image.',
  );

export async function processPhoto(data: Buffer): Promise<ProcessedPhoto> {
  const header = readImageHeader(data);
  if (!header) throw unreadable();
  const { format, width, height } = header;
  if (width * height > maxPixels(format)) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      format === 'heif'
        ? `This photo is too large (${width} × ${height} pixels). HEIC and AVIF photos can be at most 12.5 megapixels; a JPEG, PNG or WebP up to 40.`
        : `This photo is too large (${width} × ${height} pixels). Use a photo of at most 40 megapixels.`,
    );
  }
  const memory = width * height * decodeBytesPerPixel[format];
  const sharp = await loadSharp();
  return decodeSlots.run(async () => {
    try {
      const image = format === 'heif' ? await decodeHeif(sharp, data) : sharp(data, sharpOptions(format));
      // Decoded once, oriented (EXIF, before the metadata is dropped) and shrunk to what both
      // files need — the display size, or more for a panorama whose square thumbnail needs 256 px
      // of height — then both files are made from those pixels, not from a second decode.
      const long = Math.max(width, height);
      const box = Math.min(long, Math.max(1200, Math.ceil((long * 256) / Math.min(width, height))));
      const { data: pixels, info } = await image
        .rotate()
        .resize(box, box, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const shrunk = sharp(pixels, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      });
      const [display, thumbnail] = await Promise.all([
        shrunk
          .clone()
          .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
        shrunk.clone().resize(256, 256, { fit: 'cover' }).webp({ quality: 70 }).toBuffer(),
      ]);
      return { display, thumbnail };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    }
  }, memory);
}
