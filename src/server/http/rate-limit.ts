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

/**
 * The client's address for rate limits. Behind `proxies` reverse proxies of ours (TRUST_PROXY), each
 * appends the address it was reached from to X-Forwarded-For, so only the last `proxies` hops are
 * theirs and everything to the left is whatever the client wrote: the address is the one that many
 * hops from the socket (Express's `trust proxy` with a hop count, from proxy-addr). A request that
 * came past fewer proxies gets the furthest address it has. Undefined in-process with no header.
 */
export function clientAddress(c: Context, proxies: number): string | undefined {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // in-process requests (tests) have no socket: as if from the nearest proxy
  }
  if (proxies === 0) return socket;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const path = [...hops, socket];
  return path[Math.max(path.length - 1 - proxies, 0)];
}
