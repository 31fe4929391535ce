// What `npm run backup` and `npm run restore` do, as functions the tests can call: fetch a backup
// from the running server into one file, and restore one file into an empty DATA_DIR or database.
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { createFolderPhotoStore } from '../photos/photo-store';
import { ArchiveError, readArchive } from './archive';
import { backupToken } from './backup.routes';
import { createBackup } from './backup';
import type { BackupManifest } from './backup-tables';
import { assertEmptyTarget, restoreBackup, type RestoreResult } from './restore';

export class BackupRefusedError extends Error {}

export const defaultBackupName = (now = new Date()) =>
  `paddock-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/** Reads a finished file back: proves it is whole before we call it a backup. */
async function checkArchive(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let photos = 0;
  for await (const entry of readArchive(createReadStream(file))) {
    if (entry.name === 'manifest.json') manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest;
    else if (entry.name.startsWith('photos/')) photos++;
  }
  if (!manifest || photos !== manifest.photos.length)
    throw new ArchiveError('The backup file came out incomplete.');
  return manifest;
}

async function writeAtomically(file: string, source: Readable): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
    const manifest = await checkArchive(partial);
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The address on which this machine's server answers; a wildcard listener answers on loopback. */
function loopbackOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = ['0.0.0.0', '::', '', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * Asks the running server (same DATA_DIR/AUTH_SECRET/PORT) for a backup. With no server running,
 * opens the database itself: nothing else is writing to it then.
 */
export async function backupToFile(
  config: Pick<Config, 'host' | 'port' | 'authSecret' | 'dataDir' | 'databaseUrl'>,
  file: string,
): Promise<BackupManifest & { from: 'server' | 'database' }> {
  let response: Response | undefined;
  try {
    response = await fetch(`${loopbackOrigin(config)}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backupToken(config.authSecret)}` },
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw error;
  }
  if (response) {
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new BackupRefusedError(
        `The server on port ${config.port} refused the backup (${response.status}): ${body?.error?.message ?? 'no reason given'}`,
      );
    }
    const manifest = await writeAtomically(file, Readable.fromWeb(response.body as never));
    return { ...manifest, from: 'server' };
  }
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupRefusedError(
      `A server (pid ${error.ownerPid}) is using DATA_DIR ${config.dataDir} but nothing answered on port ${config.port}: run the backup with the server's PORT.`,
    );
  });
  try {
    const backup = await createBackup({
      db: handle.db,
      photos: createFolderPhotoStore(join(config.dataDir, 'photos')),
    });
    const manifest = await writeAtomically(file, backup.archive());
    return { ...manifest, from: 'database' };
  } finally {
    await handle.close();
  }
}

/** Restores into the database and photo folder that this configuration would start a server on. */
export async function restoreFromFile(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new ArchiveError(`No such file: ${file}`);
  const photoDir = join(config.dataDir, 'photos');
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await assertEmptyTarget(handle.db, () =>
      Promise.resolve(existsSync(photoDir) && readdirSync(photoDir).length > 0),
    );
    return await restoreBackup(
      { db: handle.db, photos: createFolderPhotoStore(photoDir) },
      createReadStream(file),
    );
  } finally {
    await handle.close();
  }
}
