// For tests of a migration on data written before it: a copy of the migrations folder up to a
// given one, and a fresh database (PGlite or PostgreSQL) to run them on, then the rest.
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
    return {
      rows: async (query) => (await db.execute(sql.raw(query))).rows,
      migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await fresh.drop();
        removeFolder();
      },
    };
  }
  const client = await PGlite.create();
  const db = drizzlePglite(client);
  return {
    rows: async (query) => (await db.execute(sql.raw(query))).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      removeFolder();
    },
  };
}
