// Migration 0026 (issue 24): the calendar feed becomes each person's own. A database written by
// the migrations before it keeps every feed: one with a maker stays theirs, one made before makers
// were recorded becomes the farm's first owner's; afterwards a farm holds one address per person.
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
import { describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/fresh-database';
import { backends } from '../../test/test-app';

const folder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** A copy of the migrations folder as it was before migration 0026. */
function migrationsBeforePerPersonFeeds(): string {
  const copy = mkdtempSync(join(tmpdir(), 'paddock-migrations-'));
  mkdirSync(join(copy, 'meta'));
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx < 26);
  expect(journal.entries.at(-1)?.tag).toBe('0025_import_in_batches');
  writeFileSync(join(copy, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    cpSync(join(folder, `${entry.tag}.sql`), join(copy, `${entry.tag}.sql`));
  return copy;
}

describe.each(backends)('the per-person calendar feed migration on %s', (backend) => {
  it('gives every existing feed to its maker, or to the farm’s first owner when none was recorded', async () => {
    const oldFolder = migrationsBeforePerPersonFeeds();
    type Rows = Record<string, unknown>[];
    let rows: (query: string) => Promise<Rows>;
    let migrate: (folder: string) => Promise<void>;
    let close: () => Promise<void>;
    if (backend === 'postgres') {
      const fresh = await freshPostgresDatabase('paddock_feed_upgrade');
      const pool = new pg.Pool({ connectionString: fresh.url });
      const pgDb = drizzlePostgres(pool);
      rows = async (query) => (await pgDb.execute(sql.raw(query))).rows;
      migrate = (migrationsFolder) => migratePostgres(pgDb, { migrationsFolder });
      close = async () => {
        await pool.end();
        await fresh.drop();
      };
    } else {
      const client = await PGlite.create();
      const liteDb = drizzlePglite(client);
      rows = async (query) => (await liteDb.execute(sql.raw(query))).rows;
      migrate = (migrationsFolder) => migratePglite(liteDb, { migrationsFolder });
      close = () => client.close();
    }
    try {
      await migrate(oldFolder);
      // Olive's farm, where Mia is a member too; Mia's own farm
      const [olive] = await rows(
        `insert into "user" (name, email) values ('Olive', 'olive@example.com') returning id`,
      );
      const [mia] = await rows(
        `insert into "user" (name, email) values ('Mia', 'mia@example.com') returning id`,
      );
      const farmOf = async (user: unknown) =>
        String(
          (await rows(`select farm_id from farm_members where user_id = '${String(user)}'`))[0]!.farm_id,
        );
      const hill = await farmOf(olive!.id);
      const miasOwn = await farmOf(mia!.id);
      await rows(
        `insert into farm_members (farm_id, user_id, role) values ('${hill}', '${String(mia!.id)}', 'member')`,
      );
      // the farm's feed from before makers were recorded, and one Mia made on her own farm
      await rows(`insert into calendar_feeds (farm_id, token_hash) values ('${hill}', 'legacy')`);
      await rows(
        `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${miasOwn}', 'mias', '${String(mia!.id)}')`,
      );

      await migrate(folder);

      const feeds = `select farm_id::text as farm, created_by::text as maker, token_hash as hash from calendar_feeds order by token_hash`;
      expect(await rows(feeds)).toEqual([
        { farm: hill, maker: String(olive!.id), hash: 'legacy' },
        { farm: miasOwn, maker: String(mia!.id), hash: 'mias' },
      ]);
      // one address per person of a farm: Mia may have hers on Olive's farm beside Olive's
      await rows(
        `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${hill}', 'mias-on-hill', '${String(mia!.id)}')`,
      );
      await expect(
        rows(
          `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${hill}', 'again', '${String(mia!.id)}')`,
        ),
      ).rejects.toThrow();
      await expect(
        rows(`insert into calendar_feeds (farm_id, token_hash) values ('${hill}', 'nobody')`),
      ).rejects.toThrow();
    } finally {
      await close();
      rmSync(oldFolder, { recursive: true, force: true });
    }
  });
});
