// Turns an uploaded image into the two WebP files we keep: re-encoding drops every bit of metadata
// (EXIF, including the GPS position of the farm). Formats are recognised by content, not by name.
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../http/errors';

export type ProcessedPhoto = { display: Buffer; thumbnail: Buffer };

function detectFormat(data: Buffer): 'jpeg' | 'png' | 'webp' | 'heif' | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (data.toString('ascii', 4, 8) === 'ftyp') {
    const brand = data.toString('ascii', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'].includes(brand))
      return 'heif';
  }
  return null;
}

/** iPhone photos are HEVC-coded HEIF, which sharp's libvips cannot read: decode them in WebAssembly. */
async function decodeHeif(data: Buffer): Promise<Sharp> {
  try {
    return sharp(await sharp(data).toBuffer());
  } catch {
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: data });
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
  const format = detectFormat(data);
  if (!format) throw unreadable();
  try {
    const image = format === 'heif' ? await decodeHeif(data) : sharp(data, { failOn: 'error' });
    const oriented = image.rotate(); // apply the EXIF orientation before the metadata is dropped
    const [display, thumbnail] = await Promise.all([
      oriented
        .clone()
        .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      oriented.clone().resize(256, 256, { fit: 'cover' }).webp({ quality: 70 }).toBuffer(),
    ]);
    return { display, thumbnail };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
