// A consistent logical backup of a live database and its photos, the same on PGlite and PostgreSQL:
// every table read in one REPEATABLE READ snapshot as JSON lines (PostgreSQL's own JSON, so
// timestamps keep their microseconds and numerics their digits), then the photos the rows point at.
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import type { PhotoStore } from '../photos/photo-store';
import { writeArchive, type ArchiveEntry } from './archive';
import {
  archiveFormat,
  archiveVersion,
  backupTableNames,
  photoFilesOf,
  queryRows,
  quoted,
  type BackupManifest,
} from './backup-tables';

export async function lastMigration(db: Pick<Database, 'execute'>): Promise<string> {
  const [last] = await queryRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  return last?.hash ?? '';
}

type Snapshot = { migration: string; tables: { name: string; lines: string[] }[]; photoKeys: string[] };

async function readSnapshot(db: Database): Promise<Snapshot> {
  // PGlite runs one transaction at a time, so this pauses its other requests for the few
  // milliseconds the reads take; on PostgreSQL the snapshot blocks nobody.
  return db.transaction(
    async (tx) => {
      const tables: Snapshot['tables'] = [];
      for (const name of backupTableNames) {
        const rows = await queryRows<{ line: string }>(
          tx,
          sql.raw(`select row_to_json(t)::text as line from ${quoted(name)} t`),
        );
        tables.push({ name, lines: rows.map((row) => row.line) });
      }
      const photos = await queryRows<{ photo_key: string }>(
        tx,
        sql`select photo_key from animals where photo_key is not null order by photo_key`,
      );
      return {
        migration: await lastMigration(tx),
        tables,
        photoKeys: photos.map((row) => row.photo_key),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type Backup = { manifest: BackupManifest; archive: () => Readable };

/**
 * Reads everything, then hands back the archive to stream. A photo replaced between the snapshot
 * and reading its file (its old files are deleted) sends us round again; a file still missing after
 * a few rounds was missing before, and is listed in the manifest instead of failing the backup.
 */
export async function createBackup(
  deps: { db: Database; photos: PhotoStore },
  attempts = 3,
): Promise<Backup> {
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readSnapshot(deps.db);
    const files: ArchiveEntry[] = [];
    const missing: string[] = [];
    for (const key of snapshot.photoKeys) {
      for (const file of photoFilesOf(key)) {
        const data = await deps.photos.get(file);
        if (data) files.push({ name: `photos/${file}`, data });
        else missing.push(file);
      }
    }
    if (missing.length && attempt < attempts) continue;
    const manifest: BackupManifest = {
      format: archiveFormat,
      version: archiveVersion,
      createdAt: new Date().toISOString(),
      migration: snapshot.migration,
      tables: snapshot.tables.map((table) => ({ name: table.name, rows: table.lines.length })),
      photos: files.map((file) => file.name.slice('photos/'.length)),
      missingPhotos: missing,
    };
    function* entries(): Generator<ArchiveEntry> {
      yield { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
      for (const table of snapshot.tables) {
        const text = table.lines.length ? `${table.lines.join('\n')}\n` : '';
        yield { name: `database/${table.name}.jsonl`, data: Buffer.from(text) };
      }
      yield* files;
    }
    return { manifest, archive: () => writeArchive(entries()) };
  }
}
