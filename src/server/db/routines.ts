// The database's own code in one place (decision 0034): each function and trigger in a file of its
// own under routines/, holding its current definition, applied after the migrations whenever the
// file's text changes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notInArray, sql } from 'drizzle-orm';
import type { Database } from './database';
import { paddockRoutines } from './schema';
import { queryRows } from './sql-text';

/** Beside this module; in the compiled server beside main.js (scripts/build-server.ts copies it). */
export const routinesFolder = fileURLToPath(new URL('./routines', import.meta.url));

/**
 * The advisory lock (two-key form; farm_write_lock's class is 1919) under which one process at a
 * time brings a shared database up to date: several servers may start at once (decision 0029).
 */
export const upgradeLockKeys = '34, 0';

// Functions first: a trigger names its function, which must exist when the trigger is created.
const kinds = ['functions', 'triggers'] as const;

export type Routine = {
  /** its file in the folder without .sql, as the bookkeeping table keys it: functions/<name> */
  name: string;
  text: string;
  sha256: string;
};

/** The folder's routines in the order they are applied: functions, then triggers, each by name. */
export function readRoutines(folder = routinesFolder): Routine[] {
  return kinds.flatMap((kind) =>
    readdirSync(join(folder, kind))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => {
        const text = readFileSync(join(folder, kind, file), 'utf8');
        const sha256 = createHash('sha256').update(text).digest('hex');
        return { name: `${kind}/${file.slice(0, -'.sql'.length)}`, text, sha256 };
      }),
  );
}

/**
 * The functions and triggers the database holds, named like their files. Its own ones only: not
 * those of an extension.
 */
export async function routinesInDatabase(db: Pick<Database, 'execute'>): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select 'functions/' || p.proname as name from pg_proc p
        where p.pronamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                          and d.objid = p.oid and d.deptype = 'e')
        union all
        select 'triggers/' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * Applies each routine whose text differs from the one last applied, or whose object is missing (a
 * migration dropped a table and its triggers with it), in one transaction: all or none. Returns
 * the names of those applied. A file is one idempotent statement: CREATE OR REPLACE FUNCTION, or
 * CREATE OR REPLACE TRIGGER, and must define the object its name says.
 */
export async function applyRoutines(db: Database, folder = routinesFolder): Promise<string[]> {
  const routines = readRoutines(folder);
  return db.transaction(async (tx) => {
    // another process applying the same routines: wait for it, then find them applied
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(upgradeLockKeys)})`);
    const appliedRows = await tx.select().from(paddockRoutines);
    const applied = new Map(appliedRows.map((row) => [row.name, row.sha256]));
    const present = await routinesInDatabase(tx);
    const changed = routines.filter(
      (routine) => applied.get(routine.name) !== routine.sha256 || !present.has(routine.name),
    );
    for (const routine of changed) await tx.execute(sql.raw(routine.text));

    if (changed.length) {
      const nowPresent = await routinesInDatabase(tx);
      const [kind, name] = changed.find((routine) => !nowPresent.has(routine.name))?.name.split('/') ?? [];
      if (kind)
        throw new Error(
          `routines/${kind}/${name}.sql does not define ${kind.slice(0, -1)} ${name}: name each file after what it defines`,
        );
      await tx
        .insert(paddockRoutines)
        .values(changed.map(({ name, sha256 }) => ({ name, sha256 })))
        .onConflictDoUpdate({
          target: paddockRoutines.name,
          set: { sha256: sql`excluded.sha256`, appliedAt: sql`now()` },
        });
    }
    // A file removed: its object stays until a migration drops it (decision 0034); forget its text.
    const names = routines.map((routine) => routine.name);
    if (appliedRows.some((row) => !names.includes(row.name)))
      await tx.delete(paddockRoutines).where(notInArray(paddockRoutines.name, names));
    return changed.map((routine) => routine.name);
  });
}
