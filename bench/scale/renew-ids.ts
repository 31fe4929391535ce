// A write's statements run again (bench/explain.ts, src/server/db/other-farms-plans.test.ts): the
// same batch again would be a no-op, so what it made (the batch, its entries) gets new ids, while
// the farm's own records and people keep theirs.
import { randomUUID } from 'node:crypto';

/** Runs one SQL statement and answers its rows (node-postgres). */
type Query = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

const uuids = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids a write of this farm names that must stay: its animals, groups, itself, and the people. */
export async function keptIds(query: Query, farmId: string): Promise<Set<string>> {
  const rows = await query<{ id: string }>(
    `select id::text from animals where farm_id = $1 union all select id::text from groups where farm_id = $1
     union all select $1::text union all select id::text from "user"`,
    [farmId],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * A function giving every id a value holds (alone, in an array or in JSON text) a new one, the same
 * new one for the same id throughout, but the `kept` ones. One per run of a write's statements.
 */
export function idRenewer(kept: ReadonlySet<string>) {
  const renewed = new Map<string, string>();
  const renew = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renew);
    if (typeof value !== 'string') return value;
    return value.replace(uuids, (id) => {
      if (kept.has(id)) return id;
      if (!renewed.has(id)) renewed.set(id, randomUUID());
      return renewed.get(id)!;
    });
  };
  return renew;
}
