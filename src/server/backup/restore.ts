// Restores a backup archive into an empty, migrated database and an empty photo store: photos
// first (a row never points at a missing file), then every row in one transaction, written back
// by PostgreSQL's own json_populate_recordset so that each value is exactly what was read.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { PhotoStore } from '../photos/photo-store';
import { ArchiveError, readArchive } from './archive';
import { lastMigration } from './backup';
import {
  archiveFormat,
  backupTableNames,
  queryRows,
  quoted,
  type BackupManifest,
  writableColumns,
} from './backup-tables';

/** The target already holds data (or photos): restoring would mix two farms' histories. */
export class TargetNotEmptyError extends Error {}

/** Row counts of every table, leaving out what migrations put in an empty database. */
export async function userRowCounts(db: Pick<Database, 'execute'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of backupTableNames) {
    // the built-in species (farm_id null) are seeded by a migration
    const where = name === 'species' ? ' where farm_id is not null' : '';
    const [row] = await queryRows<{ count: number }>(
      db,
      sql.raw(`select count(*)::int as count from ${quoted(name)}${where}`),
    );
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

export async function assertEmptyTarget(db: Database, photoKeysPresent: () => Promise<boolean>) {
  const counts = await userRowCounts(db);
  const filled = Object.entries(counts).filter(([, count]) => count > 0);
  if (filled.length)
    throw new TargetNotEmptyError(
      `The target database is not empty (${filled.map(([name, count]) => `${name}: ${count}`).join(', ')}). ` +
        'Restore into a new DATA_DIR or a new, empty PostgreSQL database.',
    );
  if (await photoKeysPresent())
    throw new TargetNotEmptyError('The target photo folder is not empty. Restore into a new DATA_DIR.');
}

const batchBytes = 1024 * 1024;

function* batches(lines: string[]): Generator<string> {
  let batch: string[] = [];
  let size = 0;
  for (const line of lines) {
    batch.push(line);
    size += line.length;
    if (size >= batchBytes) {
      yield `[${batch.join(',')}]`;
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield `[${batch.join(',')}]`;
}

export type RestoreResult = { tables: { name: string; rows: number }[]; photos: number };

/**
 * Reads the archive and restores it. The caller has checked that the target is empty
 * (assertEmptyTarget); photos written before a failure are removed again.
 */
export async function restoreBackup(
  deps: { db: Database; photos: PhotoStore },
  archive: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
): Promise<RestoreResult> {
  let manifest: BackupManifest | undefined;
  const tables = new Map<string, string[]>();
  const written: string[] = [];
  try {
    for await (const entry of readArchive(archive)) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest;
        if (manifest.format !== archiveFormat)
          throw new ArchiveError('This file is not a Paddock backup (no Paddock manifest).');
        const migration = await lastMigration(deps.db);
        if (manifest.migration !== migration)
          throw new ArchiveError(
            'This backup was made by a different version of Paddock (another database schema). ' +
              'Restore it with that version, then start the new one, which upgrades the database.',
          );
      } else if (!manifest) {
        throw new ArchiveError('This file is not a Paddock backup (it does not start with its manifest).');
      } else if (entry.name.startsWith('database/') && entry.name.endsWith('.jsonl')) {
        const name = entry.name.slice('database/'.length, -'.jsonl'.length);
        if (!backupTableNames.includes(name)) throw new ArchiveError(`Unknown table in the backup: ${name}`);
        const text = entry.data.toString('utf8');
        tables.set(name, text ? text.replace(/\n$/, '').split('\n') : []);
      } else if (entry.name.startsWith('photos/')) {
        const key = entry.name.slice('photos/'.length);
        await deps.photos.put(key, entry.data); // the store refuses unsafe keys
        written.push(key);
      }
    }
    if (!manifest) throw new ArchiveError('This file is not a Paddock backup (no manifest).');
    for (const table of manifest.tables) {
      if (tables.get(table.name)?.length !== table.rows)
        throw new ArchiveError(
          `The backup is incomplete: table ${table.name} does not hold its ${table.rows} rows.`,
        );
    }
    if (written.length !== manifest.photos.length)
      throw new ArchiveError(
        `The backup is incomplete: ${manifest.photos.length - written.length} photos are missing.`,
      );

    await deps.db.transaction(async (tx) => {
      // The rows already hold what triggers would add (the sign-up trigger's farm, for one).
      // An animal may come before its dam: the deferrable keys (0011) are checked at commit.
      await tx.execute(sql`set constraints all deferred`);
      for (const name of backupTableNames)
        await tx.execute(sql.raw(`alter table ${quoted(name)} disable trigger user`));
      await tx.execute(sql`delete from species where farm_id is null`); // seeded again from the backup
      for (const name of backupTableNames) {
        const columns = writableColumns.get(name)!.map(quoted).join(', ');
        for (const batch of batches(tables.get(name) ?? [])) {
          await tx.execute(
            sql`insert into ${sql.raw(quoted(name))} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(quoted(name))}, ${batch}::json)`,
          );
        }
      }
      await tx.execute(sql`set constraints all immediate`); // checked now: a table with pending checks cannot be altered
      for (const name of backupTableNames)
        await tx.execute(sql.raw(`alter table ${quoted(name)} enable trigger user`));
    });
    return {
      tables: backupTableNames.map((name) => ({ name, rows: tables.get(name)?.length ?? 0 })),
      photos: written.length,
    };
  } catch (error) {
    for (const key of written) await deps.photos.deletePrefix(key);
    throw error;
  }
}
