// Test support: small real images (made by sharp at run time) whose header is then rewritten to
// declare a huge picture. Decoding one would take seconds and gigabytes, so the only safe answer
// is a refusal from the header alone. Not used by the server.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const small = (alpha = false) =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 120, g: 170, b: 80, alpha: 0.5 } : '#7a5',
    },
  });

/** The start of an HEVC sequence parameter set as x265 writes it (Main profile, 1280 × 720), up
 * to and including its picture size, emulation-prevention bytes and all. */
export const x265Sps1280x720 = Buffer.from('420101016000000300b0000003000003005da00280802d16', 'hex');

/** profile_tier_level of that SPS: Main profile, level 3.1 */
const mainProfileLevel = [0x01, 0x60, 0x00, 0x00, 0x00, 0xb0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x5d];

/** An SPS like the one above but declaring another picture size. */
export function spsDeclaring(width: number, height: number): Buffer {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i -= 1) bits.push(Math.floor(value / 2 ** i) % 2);
  };
  const putExpGolomb = (value: number) => {
    const zeros = Math.floor(Math.log2(value + 1));
    put(0, zeros);
    put(value + 1, zeros + 1);
  };
  put(0, 4); // sps_video_parameter_set_id
  put(0, 3); // sps_max_sub_layers_minus1
  put(1, 1); // sps_temporal_id_nesting_flag
  for (const byte of mainProfileLevel) put(byte, 8);
  putExpGolomb(0); // sps_seq_parameter_set_id
  putExpGolomb(1); // chroma_format_idc 4:2:0
  putExpGolomb(width);
  putExpGolomb(height);
  put(1, 1); // stop bit
  while (bits.length % 8) bits.push(0);
  const payload: number[] = [];
  for (let i = 0; i < bits.length; i += 8) payload.push(parseInt(bits.slice(i, i + 8).join(''), 2));
  // emulation prevention: 00 00 followed by 00..03 gets a 03 in between
  const escaped: number[] = [];
  for (const byte of payload) {
    if (byte <= 3 && escaped.length >= 2 && escaped.at(-1) === 0 && escaped.at(-2) === 0) escaped.push(3);
    escaped.push(byte);
  }
  return Buffer.from([0x42, 0x01, ...escaped]);
}

/**
 * A HEIC-shaped file: sharp's AVIF relabelled 'heic' with an HEVC configuration (hvcC) holding
 * the given SPS added to its properties. Only its header is meaningful; it never decodes.
 */
export async function heicWithSps(sps: Buffer): Promise<Buffer> {
  const avif = await small().avif().toBuffer();
  const config = Buffer.alloc(23 + 3 + 2 + sps.length);
  config[0] = 1; // configurationVersion
  config[22] = 1; // one array of NAL units
  config[23] = 0x80 | 33; // complete array of sequence parameter sets
  config.writeUInt16BE(1, 24);
  config.writeUInt16BE(sps.length, 26);
  sps.copy(config, 28);
  const box = Buffer.concat([Buffer.alloc(8), config]);
  box.writeUInt32BE(box.length, 0);
  box.write('hvcC', 4, 'latin1');
  const start = (type: string) => avif.indexOf(type, 0, 'latin1') - 4;
  const ipco = start('ipco');
  const ipcoEnd = ipco + avif.readUInt32BE(ipco);
  const heic = Buffer.concat([avif.subarray(0, ipcoEnd), box, avif.subarray(ipcoEnd)]);
  for (const parent of [start('meta'), start('iprp'), ipco]) {
    heic.writeUInt32BE(heic.readUInt32BE(parent) + box.length, parent);
  }
  heic.write('heic', 8, 'latin1'); // major brand
  return heic;
}

export const bombs = {
  /** AVIF whose 'ispe' property says 16000 × 16000 */
  async avif() {
    const data = await small().avif().toBuffer();
    const at = data.indexOf('ispe', 0, 'latin1'); // size, 'ispe', version+flags, width, height
    data.writeUInt32BE(16000, at + 8);
    data.writeUInt32BE(16000, at + 12);
    return data;
  },
  /** HEIC whose 'ispe' says 64 × 48 but whose HEVC stream says 16000 × 16000 */
  heic: () => heicWithSps(spsDeclaring(16000, 16000)),
  /** PNG whose IHDR says 20000 × 20000, with its CRC fixed or left wrong */
  async png(fixCrc: boolean) {
    const data = await small().png().toBuffer();
    data.writeUInt32BE(20000, 16);
    data.writeUInt32BE(20000, 20);
    if (fixCrc) data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
    return data;
  },
  /** baseline JPEG whose SOF0 says 9000 × 9000 */
  async jpeg() {
    const data = await small().jpeg().toBuffer();
    const sof = data.indexOf(Buffer.from([0xff, 0xc0]));
    data.writeUInt16BE(9000, sof + 5); // height
    data.writeUInt16BE(9000, sof + 7); // width
    return data;
  },
  /** WebP (VP8X, as sharp writes one with alpha) whose canvas says 16000 × 16000 */
  async webp() {
    const data = await small(true).webp().toBuffer();
    if (data.toString('latin1', 12, 16) !== 'VP8X') throw new Error('expected an extended WebP');
    data.writeUIntLE(16000 - 1, 24, 3); // canvas width minus one
    data.writeUIntLE(16000 - 1, 27, 3); // canvas height minus one
    return data;
  },
};
