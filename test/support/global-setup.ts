// Vitest's global setup: what each test file would otherwise make again for itself, made once per
// run. The server compiled as `npm start` runs it (process tests spawn `node main.js` instead of
// transpiling the whole server through tsx at every start), and a migrated database of each kind
// that test apps copy instead of running every migration again (PGlite's initdb and the migrations
// took a few seconds per instance). Test files read these through `inject`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { freshPostgresDatabase } from './fresh-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a folder with main.js, backup-command.js and restore-command.js, compiled from src/server */
    compiledServer: string;
    /** a tarball of a migrated PGlite data dir (PGlite's dumpDataDir), for `loadDataDir` */
    pgliteTemplate: string;
    /** the same as a DATA_DIR's pgdata folder, closed cleanly, for a server process to start on */
    pgliteDataDir: string;
    /** a migrated PostgreSQL database to create test databases from; '' without TEST_DATABASE_URL */
    postgresTemplate: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject) {
  // Inside the project, so that the bundle finds its packages in node_modules (they stay external)
  // and the web build at dist/web, as dist/server/main.js does.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const outdir = mkdtempSync(join(root, 'dist', 'test-server-'));
  let dropPostgres = async () => {};
  const teardown = async () => {
    await dropPostgres();
    rmSync(outdir, { recursive: true, force: true });
  };
  try {
    compileServer(outdir);
    dropPostgres = await provideMigratedDatabases(project, outdir);
    project.provide('compiledServer', outdir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/** The production build: scripts/build-server.ts, with the backup and restore commands beside main.js. */
function compileServer(outdir: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: root,
    env: { ...process.env, SERVER_OUTDIR: outdir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * A migrated database of each kind (PostgreSQL only with TEST_DATABASE_URL), made in `outdir` and
 * provided to the test files (pgliteTemplate, pgliteDataDir, postgresTemplate); answers what drops
 * the PostgreSQL one. The browser journeys' setup (e2e/support/global-setup.ts) shares it.
 */
export async function provideMigratedDatabases(project: TestProject, outdir: string) {
  const [pglite, postgres] = await Promise.all([
    migratedPglite(join(outdir, 'pglite-migrated.tar'), join(outdir, 'pgdata')),
    process.env.TEST_DATABASE_URL ? migratedPostgres() : Promise.resolve(null),
  ]);
  project.provide('pgliteTemplate', pglite.file);
  project.provide('pgliteDataDir', pglite.dataDir);
  project.provide('postgresTemplate', postgres?.name ?? '');
  return postgres?.drop ?? (async () => {});
}

/** A migrated PGlite database as a dump in `file` and as a closed data folder at `dataDir`. */
async function migratedPglite(file: string, dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite-memory' });
  let dump: Blob;
  try {
    dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  const onDisk = await PGlite.create({ dataDir, loadDataDir: dump });
  await onDisk.close();
  return { file, dataDir };
}

/** A migrated PostgreSQL database (TEST_DATABASE_URL's server) to copy as a template. */
async function migratedPostgres(): Promise<{ name: string; drop: () => Promise<void> }> {
  const fresh = await freshPostgresDatabase('paddock_template');
  try {
    const handle = await openDatabase({ kind: 'postgres', url: fresh.url });
    // no connection may stay open: PostgreSQL copies a template only when nobody is on it
    await handle.close();
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return { name: fresh.name, drop: fresh.drop };
}
