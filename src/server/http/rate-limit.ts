// One counter per key in the rate_limit table (Better Auth's, shared by every instance): a fixed
// window that starts again after `windowMs`. Used for sign-in per account and for share links.
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import { rateLimit } from '../db/schema';

export type Limit = { max: number; windowMs: number };

/** Counts one hit on `key`; true when that makes it more than `limit.max` in the window (answer 429). */
export async function overLimit(db: Database, key: string, limit: Limit): Promise<boolean> {
  const now = Date.now();
  const expired = sql`${rateLimit.lastRequest} < ${now - limit.windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return Number(row?.count ?? 0) > limit.max;
}

/** The client's address: the proxy's X-Forwarded-For when trusted, else the socket's; undefined in-process. */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) return c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // in-process requests (tests) have no socket
  }
}
