// Where photo files live, behind one small interface: a folder for one server on its own (the
// embedded default), or the PostgreSQL database for any number of servers sharing it; an
// S3-compatible bucket could be added beside them without touching the routes.
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryRows } from '../db/sql-text';

export interface PhotoStore {
  put(key: string, data: Buffer): Promise<void>;
  /** the file's bytes, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** removes every file whose key starts with the prefix; missing files are not an error */
  deletePrefix(prefix: string): Promise<void>;
}

export const safeKey = /^[0-9a-f-]+(\/[0-9a-z.-]+)*$/;

/** fsync of a folder makes the names in it (a rename, a new subfolder) durable. */
async function syncFolder(path: string) {
  let folder;
  try {
    folder = await open(path, 'r');
    await folder.sync();
  } catch (error) {
    // Windows cannot open or sync a folder; there NTFS journals the names itself
    if (!['EPERM', 'EISDIR', 'EINVAL'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await folder?.close();
  }
}

export function createFolderPhotoStore(root: string): PhotoStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!safeKey.test(key) || !path.startsWith(base + sep)) throw new Error(`unsafe photo key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      const created = await mkdir(dirname(path), { recursive: true }); // the first folder made, if any
      const temporary = `${path}.${process.pid}.tmp`; // the start-up sweep removes leftovers
      const file = await open(temporary, 'w', 0o600);
      try {
        await file.writeFile(data);
        await file.sync(); // the bytes are on disk before the name points at them
      } finally {
        await file.close();
      }
      await rename(temporary, path); // readers never see half a file
      // the rename, and the folders made for it, survive a crash: sync each folder that gained a name
      const top = created ? dirname(created) : dirname(path);
      for (let folder = dirname(path); ; folder = dirname(folder)) {
        await syncFolder(folder);
        if (folder === top || !folder.startsWith(base)) break;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      await rm(join(base, prefix), { recursive: true, force: true });
    },
  };
}

/**
 * Photo files in the database's `photo_files` table (migration 0016), which every server behind
 * the same PostgreSQL reads. A key starts with its farm's id, kept in `farm_id` too, so deleting a
 * farm deletes its photos with it.
 */
export function createDatabasePhotoStore(db: Database): PhotoStore {
  const checked = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`unsafe photo key: ${key}`);
    return key;
  };
  return {
    async put(key, data) {
      await db.execute(sql`
        insert into photo_files (key, farm_id, data)
        values (${checked(key)}, ${key.split('/')[0]!}::uuid, ${data})
        on conflict (key) do update set data = excluded.data, created_at = now()`);
    },
    async get(key) {
      const [row] = await queryRows<{ data: Uint8Array }>(
        db,
        sql`select data from photo_files where key = ${checked(key)}`,
      );
      return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : null;
    },
    async deletePrefix(prefix) {
      await db.execute(
        sql`delete from photo_files where key = ${checked(prefix)} or key like ${`${prefix}/%`}`,
      );
    },
  };
}
