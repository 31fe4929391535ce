// Reads an image's format and declared size from its first bytes, without decoding anything, so
// that a tiny file declaring a huge picture (an "image bomb") can be refused before a decoder
// allocates memory for it. Every offset is bounds-checked: the input is hostile.

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';
export type ImageHeader = { format: ImageFormat; width: number; height: number };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const heifBrands = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'];

/** The format, recognised by content (never by file name), or null. */
export function detectFormat(data: Buffer): ImageFormat | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(pngSignature)) return 'png';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (data.toString('latin1', 4, 8) === 'ftyp' && heifBrands.includes(data.toString('latin1', 8, 12)))
    return 'heif';
  return null;
}

/** Format and declared size, or null when the header is not one we can read. */
export function readImageHeader(data: Buffer): ImageHeader | null {
  const format = detectFormat(data);
  if (!format) return null;
  const size =
    format === 'jpeg'
      ? jpegSize(data)
      : format === 'png'
        ? pngSize(data)
        : format === 'webp'
          ? webpSize(data)
          : heifSize(data);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { format, ...size };
}

type Size = { width: number; height: number };

/** The frame header (SOFn) before the first scan; APPn segments (EXIF thumbnails) are skipped whole. */
function jpegSize(data: Buffer): Size | null {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or first scan: no frame header
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 7 || at + 9 > data.length) return null;
      // a height of 0 defers it to a DNL marker after the scan: not something we need to accept
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** IHDR must be the first chunk. */
function pngSize(data: Buffer): Size | null {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The first chunk says it all: VP8X holds the canvas size, VP8 and VP8L the frame size. */
function webpSize(data: Buffer): Size | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && data.length >= 30) {
    return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8 ' && data.length >= 30) {
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return null; // key frame start code
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && data.length >= 25) {
    if (data[20] !== 0x2f) return null; // lossless signature
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * HEIF (HEIC, AVIF) is a tree of ISO BMFF boxes; each image item's size is an 'ispe' property in
 * meta → iprp → ipco. A file holds several (tiles of a grid, thumbnails, the grid itself): the
 * largest is the one to budget for, as a decoder may have to build it. No 'ispe' → unreadable.
 * An HEVC stream's own declared size counts too (below).
 */
function heifSize(data: Buffer): Size | null {
  const meta = childBox(data, 0, data.length, 'meta');
  if (!meta) return null;
  // meta is a "full box": version and flags come before its children
  const iprp = childBox(data, meta.start + 4, meta.end, 'iprp');
  const ipco = iprp && childBox(data, iprp.start, iprp.end, 'ipco');
  if (!ipco) return null;
  let largest: Size | null = null;
  let codedLargest: Size | null = null;
  const larger = (a: Size | null, b: Size) => (!a || b.width * b.height > a.width * a.height ? b : a);
  for (const box of boxes(data, ipco.start, ipco.end)) {
    if (box.type === 'ispe' && box.end - box.start >= 12) {
      largest = larger(largest, {
        width: data.readUInt32BE(box.start + 4),
        height: data.readUInt32BE(box.start + 8),
      });
    } else if (box.type === 'hvcC') {
      for (const size of hevcSizes(data.subarray(box.start, box.end)))
        codedLargest = larger(codedLargest, size);
    }
  }
  // The HEVC decoder (WebAssembly) sizes its frames from the bitstream, not from 'ispe': a file
  // whose stream declares more than its 'ispe' is budgeted by the stream.
  return largest && codedLargest ? larger(largest, codedLargest) : largest;
}

/** Picture sizes declared by the sequence parameter sets stored in an HEVC configuration (hvcC). */
function hevcSizes(config: Buffer): Size[] {
  const sizes: Size[] = [];
  if (config.length < 23) return sizes;
  let at = 23; // 22 bytes of profile and format fields, then the count of NAL unit arrays
  for (let array = 0, arrays = config[22]!; array < arrays && at + 3 <= config.length; array += 1) {
    const type = config[at]! & 0x3f;
    const count = config.readUInt16BE(at + 1);
    at += 3;
    for (let unit = 0; unit < count && at + 2 <= config.length; unit += 1) {
      const length = config.readUInt16BE(at);
      const nal = config.subarray(at + 2, Math.min(at + 2 + length, config.length));
      at += 2 + length;
      if (type !== 33) continue; // only sequence parameter sets carry the picture size
      const size = spsPictureSize(nal);
      if (size) sizes.push(size);
    }
  }
  return sizes;
}

/** pic_width/height_in_luma_samples from an HEVC SPS NAL unit (H.265 section 7.3.2.2). */
function spsPictureSize(nal: Buffer): Size | null {
  // drop the emulation-prevention bytes (00 00 03 → 00 00) after the 2-byte NAL header
  const bytes: number[] = [];
  for (let i = 2; i < nal.length && bytes.length < 256; i += 1) {
    if (nal[i] === 3 && bytes.length >= 2 && bytes.at(-1) === 0 && bytes.at(-2) === 0) continue;
    bytes.push(nal[i]!);
  }
  let bit = 0;
  const read = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i += 1, bit += 1) {
      const byte = bytes[bit >> 3];
      if (byte === undefined) throw new RangeError('SPS cut short');
      value = value * 2 + ((byte >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const readExpGolomb = () => {
    let zeros = 0;
    while (read(1) === 0) if (++zeros > 31) throw new RangeError('SPS value out of range');
    return 2 ** zeros - 1 + read(zeros);
  };
  try {
    read(4); // sps_video_parameter_set_id
    const subLayers = read(3); // sps_max_sub_layers_minus1
    read(1); // sps_temporal_id_nesting_flag
    read(88 + 8); // general profile, tier and level
    const present: [boolean, boolean][] = [];
    for (let i = 0; i < subLayers; i += 1) present.push([read(1) === 1, read(1) === 1]);
    if (subLayers > 0) read(2 * (8 - subLayers)); // reserved_zero_2bits
    for (const [profile, level] of present) read((profile ? 88 : 0) + (level ? 8 : 0));
    readExpGolomb(); // sps_seq_parameter_set_id
    if (readExpGolomb() === 3) read(1); // chroma_format_idc 4:4:4 → separate_colour_plane_flag
    return { width: readExpGolomb(), height: readExpGolomb() };
  } catch {
    return null;
  }
}

type Box = { type: string; start: number; end: number };

/** The boxes between start and end; stops at the first malformed header, never reads past end. */
function* boxes(data: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at; // extends to the end of its parent
    }
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function childBox(data: Buffer, start: number, end: number, type: string): Box | null {
  for (const box of boxes(data, start, end)) if (box.type === type) return box;
  return null;
}
