// The backup file: a gzipped POSIX (ustar) tar, so that `tar xzf` opens it too. A few dozen
// lines of our own instead of a dependency: we write only regular files and read only our own.
import { createGunzip, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';

export type ArchiveEntry = { name: string; data: Buffer };

const block = 512;

function writeField(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

/** ustar keeps names of up to 100 bytes, plus a 155-byte prefix split at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash);
    const rest = name.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`name too long for the archive: ${name}`);
}

function header(entry: ArchiveEntry, mtime: number): Buffer {
  const result = Buffer.alloc(block);
  const { prefix, name } = splitName(entry.name);
  writeField(result, 0, 100, name);
  writeField(result, 100, 8, octal(0o600, 8));
  writeField(result, 108, 8, octal(0, 8));
  writeField(result, 116, 8, octal(0, 8));
  writeField(result, 124, 12, octal(entry.data.length, 12));
  writeField(result, 136, 12, octal(mtime, 12));
  writeField(result, 148, 8, '        '); // the checksum counts its own field as spaces
  writeField(result, 156, 1, '0');
  writeField(result, 257, 6, 'ustar\0');
  writeField(result, 263, 2, '00');
  writeField(result, 345, 155, prefix);
  let sum = 0;
  for (const byte of result) sum += byte;
  writeField(result, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return result;
}

function padding(size: number): Buffer {
  const rest = size % block;
  return Buffer.alloc(rest === 0 ? 0 : block - rest);
}

async function* tarChunks(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>) {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    yield header(entry, mtime);
    yield entry.data;
    yield padding(entry.data.length);
  }
  yield Buffer.alloc(block * 2); // end of archive
}

/** A gzipped tar of the entries, produced as they come (one entry in memory at a time). */
export function writeArchive(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): Readable {
  return Readable.from(tarChunks(entries)).pipe(createGzip());
}

function readString(buffer: Buffer, offset: number, length: number): string {
  const field = buffer.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

export class ArchiveError extends Error {}

/** The regular files of a gzipped tar, one at a time; anything else in it is skipped. */
export async function* readArchive(
  input: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
): AsyncGenerator<ArchiveEntry> {
  const gunzip = Readable.from(input).pipe(createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  let sawEnd = false;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!sawEnd && pending.length >= block) {
        const head = pending.subarray(0, block);
        if (head.every((byte) => byte === 0)) {
          sawEnd = true;
          break;
        }
        let sum = 0;
        for (let index = 0; index < block; index++) sum += index >= 148 && index < 156 ? 32 : head[index]!;
        if (Number.parseInt(readString(head, 148, 8).trim(), 8) !== sum)
          throw new ArchiveError('This is not a Paddock backup (bad tar header checksum).');
        const size = Number.parseInt(readString(head, 124, 12).trim() || '0', 8);
        const total = block + size + padding(size).length;
        if (pending.length < total) break;
        const type = readString(head, 156, 1);
        const prefix = readString(head, 345, 155);
        const name = readString(head, 0, 100);
        if (type === '0' || type === '')
          yield {
            name: prefix ? `${prefix}/${name}` : name,
            data: Buffer.from(pending.subarray(block, block + size)),
          };
        pending = pending.subarray(total);
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(
      `The backup file is damaged or incomplete: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!sawEnd)
    throw new ArchiveError('The backup file is incomplete (it ends before the end of the archive).');
}
