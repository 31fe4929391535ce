// `npm run restore FILE`: a backup into an empty DATA_DIR (or the empty PostgreSQL database at
// DATABASE_URL), with the server stopped; prints what it restored.
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { ArchiveError } from './archive';
import { restoreFromFile } from './backup-file';
import { TargetNotEmptyError } from './restore';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE (a file written by npm run backup)');
  process.exit(2);
}
try {
  const result = await restoreFromFile(loadConfig(), file);
  for (const table of result.tables) console.log(`${table.name.padEnd(16)} ${table.rows}`);
  console.log(`${'photo files'.padEnd(16)} ${result.photos}`);
  console.log(`Restored ${file}. Start the server with the same environment.`);
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof TargetNotEmptyError ||
    error instanceof ArchiveError
  ) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
