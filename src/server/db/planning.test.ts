// What the database plans once rather than at every request (issue 31, decision 0049). On
// PostgreSQL every statement with parameters runs as a named prepared statement of its text on its
// connection (planning was up to 1.4 ms of a list's request), and the routines every care write's
// triggers call keep one generic plan per connection (planning them was ~3.5 ms of a note's 5 ms).
// Checked on the database itself: its list of a connection's prepared statements, and the
// functions' settings. PGlite runs in the process and has no such list.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../test/support/fresh-database';
import { migratedPostgres } from '../../../test/support/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import { queryRows } from './sql-text';

describe.skipIf(!process.env.TEST_DATABASE_URL)('planning once on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let drop = async () => {};

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(
      'paddock_planning',
      process.env.TEST_DATABASE_URL,
      migratedPostgres(),
    );
    drop = fresh.drop;
    handle = await openDatabase({ kind: 'postgres', url: fresh.url });
  });
  afterAll(async () => {
    await handle?.close();
    await drop();
  });

  it('prepares a statement with parameters once on its connection, and runs one without as it is', async () => {
    const prepared = await handle.db.transaction(async (tx) => {
      // one connection for the whole transaction: what it prepared is listed there
      await queryRows(
        tx,
        sql`select count(*) from animals where farm_id = ${'00000000-0000-4000-8000-000000000000'}`,
      );
      await queryRows(
        tx,
        sql`select count(*) from animals where farm_id = ${'00000000-0000-4000-8000-000000000001'}`,
      );
      await queryRows(tx, sql`select 2 + 2 as four`);
      return queryRows<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where not from_sql and statement like '%animals%'
          union all select statement from pg_prepared_statements where statement like '%2 + 2%'`,
      );
    });
    expect(prepared.map((row) => row.statement)).toEqual(['select count(*) from animals where farm_id = $1']);
  });

  it('keeps a generic plan for the functions every care write calls', async () => {
    const functions = await queryRows<{ name: string; language: string; settings: string[] | null }>(
      handle.db,
      sql`select p.proname as name, l.lanname as language, p.proconfig as settings
        from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname in ('group_log_batches', 'group_log_own', 'animals_withdrawal_refresh')
        order by p.proname`,
    );
    expect(functions).toEqual(
      ['animals_withdrawal_refresh', 'group_log_batches', 'group_log_own'].map((name) => ({
        name,
        language: 'plpgsql',
        settings: ['plan_cache_mode=force_generic_plan'],
      })),
    );
  });
});
