// Start-up clean-up of what a crash (kill -9, power loss) can leave in the photo folder: temp files
// of a half-written upload, and whole uploads whose key never reached the database (or whose
// animal or account was deleted before its files were). Run it only before the server listens: an
// upload in flight in this process would look exactly like an orphan.
import { access, readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryRows } from '../db/sql-text';
import { animals, farms } from '../db/schema';
import type { Logger } from '../log/logger';
import type { PhotoStore } from './photo-store';

/** `${farmId}/${animalId}/${version}`: see the photo route in animals.routes.ts */
const keyDepth = 3;

export type PhotoSweepResult = {
  temporaryFiles: number;
  /** key folders that no animal points to, deleted */
  orphanFolders: number;
  /** key folders left alone because the photo folder seems to belong to another database */
  unknownFarmFolders: number;
  /** photo keys in the database whose two files are not both there: counted and logged only */
  rowsWithoutFiles: number;
};

export async function sweepOrphanPhotos(deps: {
  db: Database;
  photoDir: string;
  logger: Logger;
}): Promise<PhotoSweepResult> {
  const { db, photoDir, logger } = deps;
  const result: PhotoSweepResult = {
    temporaryFiles: 0,
    orphanFolders: 0,
    unknownFarmFolders: 0,
    rowsWithoutFiles: 0,
  };
  const rows = await db.select({ key: animals.photoKey }).from(animals).where(isNotNull(animals.photoKey));
  const keys = new Set(rows.map((row) => row.key!));
  // Folders on the way to a referenced key (farm, animal) are kept whatever their depth, so a
  // photo a row points to is never deleted, even if keys someday take another shape.
  const onTheWay = new Set<string>();
  for (const key of keys) {
    const parts = key.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) onTheWay.add(parts.slice(0, depth).join('/'));
  }
  // A photo folder in which no farm folder is a farm of this database belongs to another database
  // (DATABASE_URL switched, a restore into a fresh one): deleting would lose every photo, so then
  // nothing is judged, only counted. Otherwise a farm it does not know is a deleted account
  // whose files outlived its rows (a crash between the two), and is swept like any orphan.
  const farmIds = new Set((await db.select({ id: farms.id }).from(farms)).map((farm) => farm.id));
  const farmFolders = ((await entries(photoDir)) ?? []).filter((entry) => entry.isDirectory());
  const foreign = farmFolders.length > 0 && !farmFolders.some((entry) => farmIds.has(entry.name));

  /** Walks a folder; answers whether it is now empty or gone, so that its parent can drop it. */
  async function sweep(path: string, relative: string[]): Promise<boolean> {
    const key = relative.join('/');
    const list = (await entries(path)) ?? [];
    let remaining = list.length;
    for (const entry of list) {
      const child = join(path, entry.name);
      if (entry.isFile() && entry.name.endsWith('.tmp')) {
        await rm(child, { force: true });
        result.temporaryFiles += 1;
        remaining -= 1;
      } else if (entry.isDirectory()) {
        if (await sweep(child, [...relative, entry.name])) {
          await rmdir(child).catch(() => {}); // already gone, or not empty after all
          remaining -= 1;
        }
      }
    }
    if (relative.length !== keyDepth || keys.has(key) || onTheWay.has(key)) return remaining === 0;
    if (foreign) {
      if (remaining === 0) return true; // nothing in it to lose
      result.unknownFarmFolders += 1;
      return false;
    }
    await rm(path, { recursive: true, force: true });
    result.orphanFolders += 1;
    return true;
  }

  if (await entries(photoDir)) await sweep(photoDir, []); // the folder itself stays, even when empty
  // The route writes both files before the row, so this stays 0 unless files were lost outside
  // Paddock (a disk, a restore of the database without its photos); the photo route answers 404.
  for (const key of keys) {
    const present = await Promise.all(
      ['display.webp', 'thumb.webp'].map((name) =>
        access(join(photoDir, key, name)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (present.includes(false)) result.rowsWithoutFiles += 1;
  }
  (result.rowsWithoutFiles || result.unknownFarmFolders ? logger.warn : logger.info)('Photo folder swept', {
    photoDir,
    ...result,
    referencedPhotos: keys.size,
  });
  return result;
}

async function entries(path: string) {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * With photos in the database (several servers): files no animal points to — a crash between
 * storing an upload and recording it — deleted once older than an hour, so that an upload in
 * flight on another server is never taken for one.
 */
export async function sweepDatabasePhotos(deps: { db: Database; logger: Logger }): Promise<number> {
  const gone = await queryRows<{ key: string }>(
    deps.db,
    sql`delete from photo_files p
        where p.created_at < now() - interval '1 hour'
          and not exists (select 1 from animals a
            where a.farm_id = p.farm_id and a.photo_key = regexp_replace(p.key, '/[^/]+$', ''))
        returning p.key`,
  );
  if (gone.length > 0)
    deps.logger.info('Orphan photo files deleted from the database', { files: gone.length });
  return gone.length;
}

/**
 * The sweep of the database's photo files as a background job: at start-up and then once an hour
 * (a crash leaves orphans at any time, and a server may run for months), whichever job pass it is.
 */
export function createPhotoSweepJob(deps: { db: Database; logger: Logger; everyMs?: number }) {
  const everyMs = deps.everyMs ?? 60 * 60 * 1000;
  let lastRun = -Infinity;
  return {
    /** Sweeps when an hour has passed since this server's last sweep; answers the files deleted. */
    async run(now: Date): Promise<number> {
      if (now.getTime() - lastRun < everyMs) return 0;
      lastRun = now.getTime();
      return sweepDatabasePhotos(deps);
    },
  };
}

/**
 * A server moving from the folder store onto PostgreSQL: each photo an animal points to that the
 * database lacks is copied in from the folder, once (later starts find nothing to copy).
 */
export async function copyFolderPhotos(deps: {
  db: Database;
  from: PhotoStore;
  to: PhotoStore;
  logger: Logger;
}): Promise<number> {
  const missing = await queryRows<{ key: string }>(
    deps.db,
    sql`select a.photo_key as key from animals a
        where a.photo_key is not null
          and not exists (select 1 from photo_files p where p.key = a.photo_key || '/display.webp')`,
  );
  let copied = 0;
  for (const { key } of missing) {
    for (const size of ['display', 'thumb']) {
      const data = await deps.from.get(`${key}/${size}.webp`);
      if (data) {
        await deps.to.put(`${key}/${size}.webp`, data);
        copied++;
      }
    }
  }
  if (copied > 0) deps.logger.info('Photo files copied from the folder into the database', { files: copied });
  return copied;
}
