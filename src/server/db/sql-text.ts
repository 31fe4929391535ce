// Rules of our SQL, written once: animal names in natural order, a search taken literally inside
// LIKE, timestamps as JavaScript's ISO strings, a person's name, and the rows of a raw query.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database';
import { animals } from './schema';

/**
 * The name a person goes by ('by {name}', the members list, an invitation): their profile's name,
 * their account's, else their email. `userId` is the SQL of a user id (a column, a parameter).
 * The group log's functions (routines/functions/group_log_batches.sql) say the same in SQL.
 */
export const personName = (userId: SQL) => sql<string | null>`(${personRow(userId)})`;

const personRow = (userId: SQL) =>
  sql`select coalesce(nullif(btrim(p.owner_name), ''), nullif(btrim(u.name), ''), u.email) as name
    from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`;

/**
 * personName as a join, for a list's rows: `recorder.name` (see `recordedBy`) is the name of the
 * person `userId` (a row's column). A subquery in a select list costs ~5 µs a row more than the
 * same lookup joined (0.5 ms of an animal's 100-entry page; decision 0051). `limit 1` keeps it a
 * lookup per row: a plain lateral subquery is flattened into a join, which the planner may make by
 * hashing every account (a cost that grows with the farms).
 */
export const recorderJoin = (userId: SQL) =>
  sql`left join lateral (${personRow(userId)} limit 1) recorder on true`;

/** The `recordedBy` field (jsonObject) of a row joined by `recorderJoin`. */
export const recordedBy = sql`recorder.name as "recordedBy"`;

/**
 * Animals by name in natural order ('Hen 2' before 'Hen 10'): natural_sort_key() (its file in
 * routines/functions), stored with the name (animals.name_key, 0007) and compared byte by byte
 * (its collation is "C") so that PGlite and PostgreSQL agree; the same rule as
 * src/shared/animals/natural-sort.ts.
 */
export const animalNameOrder = sql`${animals.nameKey}`;

/** '%text%' for (I)LIKE, with the text's own %, _ and backslash (LIKE's escape character) escaped. */
export const containsPattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A timestamptz as Date.prototype.toISOString() writes it, for JSON the database builds. */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The rows of a raw query; node-postgres and PGlite both answer { rows }. */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/**
 * JSON written by PostgreSQL from a row, not a call: `fields` is a select list (`r.id, r.group_id
 * as "groupId", …`, the keys as the column names or aliases), and `row_to_json` / `json_agg` of a
 * row of them writes each object about twice as fast as `json_build_object` of the same pairs, and
 * compact (`json_build_object` writes `"key" : value`, 10 % of a list's bytes). Decision 0051.
 */
export const jsonObject = (fields: SQL, from: SQL) =>
  sql`(select row_to_json(item) from (select ${fields} from ${from}) item)`;

/**
 * The JSON array (`[]` for none) of `fields` (as in jsonObject) over `from`, in `order`: the rows
 * come to json_agg from a sorted subquery and it keeps their order (the manual's way to order an
 * aggregate's input; nothing at its level joins or groups to reorder them). Every list's order is
 * held to it by its tests.
 */
export const jsonArray = (fields: SQL, from: SQL, order: SQL) =>
  sql`(select coalesce(json_agg(item), '[]'::json) from (select ${fields} from ${from} order by ${order}) item)`;

/**
 * One page as the JSON text of Page<T>. `rows` are the page's rows and one more: already filtered,
 * ordered by `order` (its columns, unqualified: 'day desc, id desc'), offset and limited to
 * `limit + 1` by the caller's statement, so that it reads no further than the page (each source
 * sliced before its names are joined: decision 0053), and carrying their `recorded_by`. Each row
 * becomes the `fields` (a select list, as in jsonObject, which may name `recordedBy`) of the
 * alias given; the extra row only tells there is a next page. One statement, whose rows (each
 * one's JSON) the process joins: numbering and aggregating them in SQL cost more than their JSON.
 * The outer select only writes each sorted row, so it keeps their order; every list's order is
 * held to it by its tests.
 */
export async function readPage(
  db: Pick<Database, 'execute'>,
  rows: SQL,
  order: SQL,
  fields: (row: SQL) => SQL,
  offset: number,
  limit: number,
): Promise<string> {
  const items = await queryRows<{ item: string }>(
    db,
    sql`select row_to_json(item)::text as item from (
      select ${fields(sql`page`)} from (${rows}) page ${recorderJoin(sql`page.recorded_by`)}
      order by ${order}) item`,
  );
  return pageText(
    items.map((row) => row.item),
    offset,
    limit,
  );
}

/**
 * A row's kept JSON (its `item`, written by a trigger: care_entries_item, egg_collections_item)
 * with the fields it leaves out, names that change on their own, spliced in at its start.
 */
export function withFields(item: string, fields: Record<string, string | null>): string {
  let head = '{';
  for (const [key, value] of Object.entries(fields)) head += `"${key}":${JSON.stringify(value)},`;
  return head + item.slice(1);
}

/**
 * The JSON text of Page<T> from its items' JSON texts, `limit + 1` of them read: the extra one only
 * tells there is a next page.
 */
export function pageText(items: string[], offset: number, limit: number): string {
  const more = items.length > limit;
  return `{"items":[${(more ? items.slice(0, limit) : items).join(',')}],"nextOffset":${more ? offset + limit : null}}`;
}

/** An UPDATE's SET list: `updated_at = now()`, and `column = value` for each change given (undefined: kept). */
export function changedColumns<T extends object>(changes: T, columns: Record<keyof T, string>): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  for (const [key, column] of Object.entries(columns) as [keyof T, string][]) {
    if (changes[key] !== undefined) sets.push(sql`${sql.identifier(column)} = ${changes[key]}`);
  }
  return sql.join(sets, sql`, `);
}
