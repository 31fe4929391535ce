// For tests of a migration on data written before it: a copy of the migrations folder up to a
// given one, and a fresh database (PGlite in a data dir, or PostgreSQL) to run them on, then the
// rest, or to open as a server would (the current migrations, then the routines).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { freshPostgresDatabase } from './fresh-database';

/** The project's migrations folder. */
export const migrationsFolder = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** A copy of the migrations folder holding the migrations up to `lastTag` (its journal's tag). */
export function migrationsUpTo(lastTag: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'paddock-migrations-'));
  mkdirSync(join(copy, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(copy, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    cpSync(join(migrationsFolder, `${entry.tag}.sql`), join(copy, `${entry.tag}.sql`));
  return copy;
}

export type UpgradeDatabase = {
  rows: (query: string) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  /**
   * Ends the connection above and opens the database as a server starts on an old data dir
   * (openDatabase); the caller closes the handle before close().
   */
  open: (options?: { routinesFolder?: string }) => Promise<DatabaseHandle>;
  /** closes the database (and drops it on PostgreSQL) and removes `oldFolder` */
  close: () => Promise<void>;
};

/** A fresh, empty database on `backend`, to migrate step by step; `oldFolder` is removed on close. */
export async function upgradeDatabase(
  backend: 'pglite' | 'postgres',
  name: string,
  oldFolder: string,
): Promise<UpgradeDatabase> {
  const removeFolder = () => rmSync(oldFolder, { recursive: true, force: true });
  if (backend === 'postgres') {
    const fresh = await freshPostgresDatabase(name);
    const pool = new pg.Pool({ connectionString: fresh.url });
    const db = drizzlePostgres(pool);
    let poolOpen = true;
    const endPool = async () => {
      if (poolOpen) await pool.end();
      poolOpen = false;
    };
    return {
      rows: async (query) => (await db.execute(sql.raw(query))).rows,
      migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
      open: async (options) => {
        await endPool();
        return openDatabase({ kind: 'postgres', url: fresh.url, ...options });
      },
      close: async () => {
        await endPool();
        await fresh.drop();
        removeFolder();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const client = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
  const db = drizzlePglite(client);
  const closeClient = async () => {
    if (!client.closed) await client.close();
  };
  return {
    rows: async (query) => (await db.execute(sql.raw(query))).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    open: async (options) => {
      await closeClient();
      return openDatabase({ kind: 'pglite', dataDir, ...options });
    },
    close: async () => {
      await closeClient();
      rmSync(dataDir, { recursive: true, force: true });
      removeFolder();
    },
  };
}

/**
 * A person written straight into an old schema's "user" table (its sign-up trigger makes their
 * farm): their id and their farm's.
 */
export async function personWithFarm(
  rows: UpgradeDatabase['rows'],
  name: string,
  email: string,
): Promise<{ userId: string; farmId: string }> {
  const [person] = await rows(`insert into "user" (name, email) values ('${name}', '${email}') returning id`);
  const userId = String(person!.id);
  const [member] = await rows(`select farm_id from farm_members where user_id = '${userId}'`);
  return { userId, farmId: String(member!.farm_id) };
}
