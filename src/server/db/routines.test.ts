// The database's functions and triggers come from src/server/db/routines (decision 0034): a fresh
// database has each file applied and recorded; an edited file is applied again, alone, on the next
// open, and an unchanged open applies nothing; a trigger a migration dropped comes back; a wrong
// file changes nothing; servers starting at once on one PostgreSQL apply everything once; and an
// old version's data dir opened by this one holds what a fresh database holds. Both databases.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../test/support/fresh-database';
import { migrationsUpTo, upgradeDatabase } from '../../../test/support/migration-upgrade';
import { backends, type Backend } from '../../../test/support/test-app';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './database';
import { readRoutines, routinesFolder, routinesInDatabase } from './routines';
import { paddockRoutines } from './schema';
import { queryRows } from './sql-text';

const slow = 180_000;
const routines = readRoutines();
const byName = <Row extends { name: string }>(rows: Row[]) =>
  [...rows].sort((a, b) => (a.name < b.name ? -1 : 1));

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

type Extra = Pick<DatabaseOptions, 'onQuery' | 'routinesFolder'>;
type Store = { open: (extra?: Extra) => Promise<DatabaseHandle>; drop: () => Promise<void> };

/** A new database that can be opened again and again, as a server restarts on it. */
async function freshStore(backend: Backend): Promise<Store> {
  if (backend === 'pglite') {
    const dataDir = tempDir('paddock-routines-');
    return { open: (extra) => openDatabase({ kind: 'pglite', dataDir, ...extra }), drop: async () => {} };
  }
  const fresh = await freshPostgresDatabase('paddock_routines');
  return { open: (extra) => openDatabase({ kind: 'postgres', url: fresh.url, ...extra }), drop: fresh.drop };
}

/** Opens the store and keeps the routine files' texts it applied (each is one statement). */
async function openLogged(store: Store, folder = routinesFolder) {
  const texts = new Set(readRoutines(folder).map((routine) => routine.text));
  const applied: string[] = [];
  const handle = await store.open({
    routinesFolder: folder,
    onQuery: (query) => {
      if (texts.has(query)) applied.push(query);
    },
  });
  return { handle, applied };
}

const recorded = (handle: DatabaseHandle) =>
  handle.db.select().from(paddockRoutines).orderBy(asc(paddockRoutines.name));

/** Each routine's definition as PostgreSQL prints it, by the routine's name. */
async function definitions(db: DatabaseHandle['db']): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select 'functions/' || p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p where p.pronamespace = current_schema()::regnamespace
        union all
        select 'triggers/' || t.tgname, pg_get_triggerdef(t.oid) || ' (enabled: ' || t.tgenabled::text || ')'
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

/** A copy of the routines folder to edit. */
function routinesCopy(): string {
  const copy = tempDir('paddock-routines-folder-');
  cpSync(routinesFolder, copy, { recursive: true });
  return copy;
}

describe.each(backends)('database routines on %s', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(backend);
  }, slow);
  afterAll(() => store.drop());

  it(
    'a fresh database has every routine file applied and recorded with its hash, and no other',
    async () => {
      const { handle, applied } = await openLogged(store);
      try {
        expect(applied).toHaveLength(routines.length);
        const rows = await recorded(handle);
        expect(rows.map(({ name, sha256 }) => ({ name, sha256 }))).toEqual(
          byName(routines.map(({ name, sha256 }) => ({ name, sha256 }))),
        );
        // every function and trigger of the database has its file, and each file its object
        expect([...(await routinesInDatabase(handle.db))].sort()).toEqual(
          routines.map((routine) => routine.name).sort(),
        );
      } finally {
        await handle.close();
      }
    },
    slow,
  );

  it(
    'an unchanged open applies nothing; an edited file is applied again, alone, on the next open',
    async () => {
      const before = await (async () => {
        const { handle, applied } = await openLogged(store);
        try {
          expect(applied).toEqual([]);
          return await recorded(handle);
        } finally {
          await handle.close();
        }
      })();

      const copy = routinesCopy();
      const file = join(copy, 'functions/withdrawal_last_day.sql');
      const edited = readFileSync(file, 'utf8').replace(' END $$', () => ' END /* edited */ $$');
      expect(edited).toContain('/* edited */');
      writeFileSync(file, edited);

      const { handle, applied } = await openLogged(store, copy);
      try {
        expect(applied).toEqual([edited]);
        const after = await recorded(handle);
        const editedRow = after.find((row) => row.name === 'functions/withdrawal_last_day')!;
        expect(editedRow.sha256).toBe(readRoutines(copy).find((r) => r.name === editedRow.name)!.sha256);
        expect(editedRow.appliedAt.getTime()).toBeGreaterThan(
          before.find((row) => row.name === editedRow.name)!.appliedAt.getTime(),
        );
        expect(after.filter((row) => row !== editedRow)).toEqual(
          before.filter((row) => row.name !== editedRow.name),
        );
        expect((await definitions(handle.db))['functions/withdrawal_last_day']).toContain('/* edited */');
      } finally {
        await handle.close();
      }

      // and back: the project's own text is applied again
      const { handle: again, applied: appliedAgain } = await openLogged(store);
      try {
        expect(appliedAgain).toHaveLength(1);
        expect((await definitions(again.db))['functions/withdrawal_last_day']).not.toContain('edited');
      } finally {
        await again.close();
      }
    },
    slow,
  );

  it(
    'a trigger dropped (as by a migration that rebuilds its table) is created again though its file did not change',
    async () => {
      const first = await store.open();
      try {
        await first.db.execute(sql`drop trigger group_log_join on animal_groups`);
        expect(await routinesInDatabase(first.db)).not.toContain('triggers/group_log_join');
      } finally {
        await first.close();
      }
      const { handle, applied } = await openLogged(store);
      try {
        expect(applied).toEqual([
          routines.find((routine) => routine.name === 'triggers/group_log_join')!.text,
        ]);
        expect(await routinesInDatabase(handle.db)).toContain('triggers/group_log_join');
      } finally {
        await handle.close();
      }
    },
    slow,
  );

  it(
    'a file that does not define what its name says fails the open, and nothing of it stays',
    async () => {
      const copy = routinesCopy();
      writeFileSync(
        join(copy, 'functions/zz_misnamed.sql'),
        'CREATE OR REPLACE FUNCTION zz_other() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      const file = join(copy, 'functions/withdrawal_last_day.sql');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(' END $$', () => ' END /* edited */ $$'),
      );
      await expect(store.open({ routinesFolder: copy })).rejects.toThrow(
        'routines/functions/zz_misnamed.sql does not define function zz_misnamed',
      );

      const { handle, applied } = await openLogged(store);
      try {
        expect(applied).toEqual([]);
        const present = await routinesInDatabase(handle.db);
        expect(present).not.toContain('functions/zz_other');
        expect((await definitions(handle.db))['functions/withdrawal_last_day']).not.toContain('edited');
      } finally {
        await handle.close();
      }
    },
    slow,
  );

  it(
    "an old version's data dir (migration 0010, before 0018 and 0019 rewrote its functions) gets the current routines",
    async () => {
      const oldFolder = migrationsUpTo('0010_withdrawal');
      const old = await upgradeDatabase(backend, 'paddock_routines_upgrade', oldFolder);
      try {
        await old.migrate(oldFolder);
        expect(await old.rows(`select 1 from pg_proc where proname = 'farm_write_lock'`)).toEqual([]);
        const upgraded = await old.open();
        const fresh = await store.open();
        try {
          expect(await definitions(upgraded.db)).toEqual(await definitions(fresh.db));
          expect((await recorded(upgraded)).map(({ name, sha256 }) => ({ name, sha256 }))).toEqual(
            byName(routines.map(({ name, sha256 }) => ({ name, sha256 }))),
          );
        } finally {
          await upgraded.close();
          await fresh.close();
        }
      } finally {
        await old.close();
      }
    },
    slow,
  );
});

describe.runIf(backends.includes('postgres'))('several servers starting at once on PostgreSQL', () => {
  it(
    'each migration and each routine is applied once, and every server opens',
    async () => {
      const store = await freshStore('postgres');
      try {
        const opened = await Promise.all([1, 2, 3, 4].map(() => openLogged(store)));
        try {
          expect(opened.flatMap(({ applied }) => applied)).toHaveLength(routines.length);
          const [first] = opened;
          const migrations = await queryRows<{ count: number }>(
            first!.handle.db,
            sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
          );
          const journal = JSON.parse(
            readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
          ) as { entries: unknown[] };
          expect(migrations[0]?.count).toBe(journal.entries.length);
          expect(await recorded(first!.handle)).toHaveLength(routines.length);
        } finally {
          for (const { handle } of opened) await handle.close();
        }
      } finally {
        await store.drop();
      }
    },
    slow,
  );
});
