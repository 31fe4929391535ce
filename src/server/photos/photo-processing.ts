// Turns an uploaded image into the two WebP files we keep: re-encoding drops every bit of metadata
// (EXIF, including the GPS position of the farm). Formats are recognised by content, not by name.
// Decoding is where a hostile file hurts, so the declared size is checked from the header first,
// the decoder is told the same limit, and only two photos are decoded at a time.
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../http/errors';
import { readImageHeader } from './photo-header';

export type ProcessedPhoto = { display: Buffer; thumbnail: Buffer };

/** 40 MP: every phone photo up to 7,700 × 5,200; decoded as RGBA it is 160 MB. */
export const maxPhotoPixels = 40_000_000;

/**
 * Runs at most `size` tasks at once; the others wait their turn in order. Two decodes at a time
 * keeps a burst of uploads to a few hundred MB while still using both cores of a small server.
 */
export function createDecodeSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next)
          next(); // hand the slot straight to the next upload
        else free += 1;
      }
    },
  };
}

const decodeSlots = createDecodeSlots(2);

const sharpOptions = { failOn: 'error', limitInputPixels: maxPhotoPixels } as const;

/**
 * HEIF is decoded by sharp when it can (AVIF); iPhone photos are HEVC-coded, which sharp's libvips
 * cannot read, so those go to the WebAssembly decoder — only after the header check (which also
 * reads the HEVC stream's own size), as we cannot pass that decoder a pixel limit.
 */
async function decodeHeif(data: Buffer): Promise<Sharp> {
  try {
    // decoded once to raw pixels, so a failure shows here and not halfway through the resize
    const { data: pixels, info } = await sharp(data, sharpOptions)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  } catch (error) {
    if (data.indexOf('hvcC', 0, 'latin1') === -1) throw error; // not HEVC: the wasm decoder cannot help
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: data });
    if (image.width * image.height > maxPhotoPixels) throw error; // the header lied
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
  if (width * height > maxPhotoPixels) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      `This photo is too large (${width} × ${height} pixels). Use a photo of at most 40 megapixels.`,
    );
  }
  return decodeSlots.run(async () => {
    try {
      const image = format === 'heif' ? await decodeHeif(data) : sharp(data, sharpOptions);
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
  });
}
