// `npm run backup [FILE]`: one file with the database and the photos, from the running server
// configured by the same environment (DATA_DIR, AUTH_SECRET, PORT), without stopping it.
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { ArchiveError } from './archive';
import { BackupRefusedError, backupToFile, defaultBackupName } from './backup-file';

try {
  const file = process.argv[2] ?? defaultBackupName();
  const result = await backupToFile(loadConfig(), file);
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written to ${file}: ${rows} rows, ${result.photos.length} photo files` +
      (result.from === 'server' ? ' (from the running server).' : ' (no server was running).'),
  );
  if (result.missingPhotos.length)
    console.warn(
      `Warning: ${result.missingPhotos.length} photo files were missing: ${result.missingPhotos.join(', ')}`,
    );
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof BackupRefusedError ||
    error instanceof ArchiveError
  ) {
    console.error(`Backup failed: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
