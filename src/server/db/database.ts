// Opens the database (embedded PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies the
// committed migrations and then the routines (decision 0034), and closes it cleanly. One SQL
// dialect for both: see docs/decisions/0002.
import fs, { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { applyRoutines, routinesFolder as defaultRoutinesFolder, upgradeLockKeys } from './routines';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = (
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'pglite-memory';
      /** a dump (PGlite's dumpDataDir) to start from: the tests' copy of a migrated database */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string }
) & {
  /** each statement the app runs, with its parameters (tests count them; the bench explains them) */
  onQuery?: (sql: string, params: unknown[]) => void;
  /** the folder of function and trigger files; tests give an edited copy */
  routinesFolder?: string;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// 32 MB of buffers, not PostgreSQL's 128: PGlite's buffers live in the process's WebAssembly
// memory and were touched at start, so the embedded default sat at ~370 MB idle; at 32 MB, ~277
// (issue 31: ≤ 300). A hobby farm's data is a few MB, and the OS caches the files behind them. An
// in-memory PGlite (the tests' databases) keeps the same: it opens in half the CPU time (0.8 s, not
// 1.3–1.5 s; decision 0057).
const pgliteBuffers = ['-c', 'shared_buffers=32MB'];

// PGlite's defaults (its `defaultStartParams`) minus -F, which turns fsync off, and with WAL
// synced by fsync(): Emscripten's fdatasync is a no-op, its fsync reaches the stream ops below.
const durableStartParams = [
  '--single',
  '-O',
  '-j',
  ...['-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false'],
  ...['-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0'],
  ...['-c', 'max_parallel_workers_per_gather=0', '-c', 'max_parallel_maintenance_workers=0'],
  ...['-c', 'io_method=sync', '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  ...pgliteBuffers,
];

type EmscriptenStreamOps = { fsync?: (stream: { nfd: number }) => number };
type PgliteInternals = {
  mod?: { FS?: { lookupPath(path: string): { node: { stream_ops: EmscriptenStreamOps } } } };
};

/**
 * Emscripten's Node filesystem writes with writeSync but has no fsync, so PostgreSQL's fsync calls
 * reach nothing. Give the shared stream operations a real one, so that a commit PostgreSQL
 * acknowledges is on the disk, not only in the OS cache. Throws if PGlite's internals moved.
 */
function makePgliteFsyncReal(client: PGlite): void {
  const internals = client as unknown as PgliteInternals;
  const streamOps = internals.mod?.FS?.lookupPath('/pglite/data/PG_VERSION').node.stream_ops;
  if (!streamOps) throw new Error('PGlite internals changed: cannot enable fsync; see database.ts');
  streamOps.fsync = (stream) => {
    fs.fsyncSync(stream.nfd);
    return 0;
  };
}

/** The names given so far, by statement text; past the cap a statement runs unprepared. */
const statementNames = new Map<string, string>();
const statementNameCap = 1_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < statementNameCap) {
    name = `p${statementNames.size.toString(36)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every statement with parameters runs as a named prepared statement of its text, on each
 * connection: PostgreSQL parses and plans it once per connection, not at every request (issue 31:
 * planning was 0.4–1.4 ms of a list's ~1 ms execution). The app's SQL texts are a fixed set —
 * values always travel as parameters — and the cap keeps a stray unbounded one from filling the
 * server's memory. Statements without parameters (transactions, migrations' scripts of several
 * statements) run as they are.
 */
function preparedByText(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config, ...rest) => {
    if (config && typeof config === 'object' && !('submit' in config)) {
      const statement = config as pg.QueryConfig;
      const values = statement.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined);
      const name = !statement.name && values?.length ? statementName(statement.text) : undefined;
      if (name) return query({ ...statement, name }, ...rest);
    } else if (typeof config === 'string' && Array.isArray(rest[0]) && rest[0].length) {
      const name = statementName(config);
      if (name) return query({ text: config, values: rest[0], name }, ...rest.slice(1));
    }
    return query(config, ...rest);
  };
}

function queryLogger(onQuery?: (sql: string, params: unknown[]) => void): Logger | undefined {
  return onQuery ? { logQuery: (query, params) => onQuery(query, params) } : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = queryLogger(options.onQuery);
  const routinesFolder = options.routinesFolder ?? defaultRoutinesFolder;
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('connect', preparedByText);
    // A dropped idle connection (database restart, failover) must not crash the server; the
    // pool replaces it, and the next query that fails answers that request with a 500.
    pool.on('error', (error) =>
      console.error(
        JSON.stringify({ level: 'error', message: 'database connection lost', error: error.message }),
      ),
    );
    const db = drizzlePostgres(pool, { schema, logger });
    // Several servers may start at once (decision 0029): one at a time migrates and applies the
    // routines, under a session lock on one connection; the others then find nothing to do.
    try {
      const connection = await pool.connect();
      try {
        await connection.query(`select pg_advisory_lock(${upgradeLockKeys})`);
        const upgrading = drizzlePostgres(connection, { schema, logger });
        await migratePostgres(upgrading, { migrationsFolder });
        await applyRoutines(upgrading, routinesFolder);
      } finally {
        // closing the connection ends its session, which releases the lock whatever happened
        connection.release(true);
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (options.kind === 'pglite') {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    try {
      client = await PGlite.create({
        dataDir: join(options.dataDir, 'pgdata'),
        startParams: durableStartParams,
      });
      makePgliteFsyncReal(client);
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...pgliteBuffers],
    });
  }
  const db = drizzlePglite(client, { schema, logger });
  try {
    await migratePglite(db, { migrationsFolder });
    await applyRoutines(db, routinesFolder);
  } catch (error) {
    await client.close();
    releaseLock();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
