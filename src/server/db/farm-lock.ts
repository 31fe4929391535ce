// One lock per farm for writes that change rows the database derives (farm_write_lock in
// routines/functions, since migration 0019): the group log, an animal's group ids, weight and
// withdrawal days, offspring's parent names.
import { sql } from 'drizzle-orm';
import type { Database } from './database';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the farm's write lock until the transaction ends, before the transaction's first row lock:
 * the triggers take it too, but only after their statement has locked its rows, where waiting for
 * it can deadlock with a transaction that holds it and goes on to one of those rows (a weigh-in
 * corrected, then its animals' weights, beside a rename of one of them). Taken first, it is one
 * lock in a fixed order. A no-op on PGlite's one connection, in effect.
 */
export async function lockFarm(tx: Transaction, farmId: string): Promise<void> {
  await tx.execute(sql`select farm_write_lock(array[${farmId}::uuid])`);
}
