// Resolves the signed-in user, the farm in use and their role on it for /api/v1 routes; anything
// else is a 401. What each role may call is permissions.ts's, checked right after this.
// Better Auth issues, refreshes and revokes sessions (/api/auth); this only reads them: one query,
// remembered for a few seconds so that a burst of requests costs no extra round trip.
// See docs/decisions/0007-session-lookup.md.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Database } from '../db/database';
import { farmMembers, farms, session } from '../db/schema';
import type { AppEnv } from './context';
import { UnauthorizedError } from './errors';

/** Better Auth's signed session cookie value: "token.base64(HMAC-SHA256(token))" (the demo farm signs its visitor in with it). */
export const signSessionToken = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

/** The token of a Better Auth signed cookie ("token.base64(HMAC-SHA256(token))"), if the signature holds. */
export function verifiedSessionToken(cookieValue: string | undefined, secret: string): string | undefined {
  if (!cookieValue) return undefined;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * A membership still in force: a farm sitter's last day has not passed in the farm's time zone.
 * The one statement of that rule, for the session guard and the farms a user may switch to.
 */
export const membershipInForce = sql`(${farmMembers.accessUntil} is null or ${farmMembers.accessUntil} >= (now() at time zone ${farms.timeZone})::date)`;

/**
 * A secret link (share link, calendar feed) works only while whoever made it still works on the
 * farm: removal and leaving delete their links, and this holds them too once a sitter's last day
 * has passed. Links from before makers were recorded (null) keep working until revoked.
 */
export const makerStillOnFarm = (createdBy: AnyPgColumn, farmId: AnyPgColumn) =>
  sql`(${createdBy} is null or exists (select 1 from ${farmMembers}
      join ${farms} on ${farms.id} = ${farmMembers.farmId}
      where ${farmMembers.farmId} = ${farmId} and ${farmMembers.userId} = ${createdBy} and ${membershipInForce}))`;

type CachedSession = {
  userId: string;
  sessionId: string;
  farmId: string;
  role: 'owner' | 'member' | 'sitter';
  demo: boolean;
  expiresAt: number;
  validUntil: number;
};

/**
 * Sessions seen in the last few seconds. Signing out, revoking sessions or resetting a password
 * through this server clears it at once (see app.ts); another server instance behind the same
 * database may honour a revoked session for at most `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.validUntil > now && entry.expiresAt > now) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: Omit<CachedSession, 'validUntil'>, now = Date.now()) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { ...value, validUntil: now + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }
}

export function requireFarm(options: {
  db: Database;
  secret: string;
  cookieName: string;
  cache: SessionCache;
}): MiddlewareHandler<AppEnv> {
  const { db, secret, cookieName, cache } = options;
  // The farm in use: the one the session chose, while the user is still a member and a sitter's
  // last day has not passed in the farm's time zone; for a new session the one they last chose
  // (a sitter who signed up through an invitation signs in to that farm); else their own (every
  // user owns the farm made at sign-up), then the oldest membership.
  const lookup = db
    .select({
      userId: session.userId,
      sessionId: session.id,
      farmId: farmMembers.farmId,
      role: farmMembers.role,
      demo: sql<boolean>`${farms.demoUntil} is not null`,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(farmMembers, eq(farmMembers.userId, session.userId))
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(
      and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`), membershipInForce),
    )
    .orderBy(
      sql`${farmMembers.farmId} = ${session.activeFarmId} desc nulls last`,
      sql`${farmMembers.lastUsedAt} desc nulls last`,
      sql`${farmMembers.role} = 'owner' desc`,
      farmMembers.createdAt,
    )
    .limit(1)
    .prepare('paddock_session_farm');

  return async (c, next) => {
    // Keyed by the whole signed cookie: a hit needs no signature check and no query.
    const cookie = getCookie(c, cookieName);
    if (!cookie) throw new UnauthorizedError();
    let found = cache.get(cookie);
    if (!found) {
      const token = verifiedSessionToken(cookie, secret);
      if (!token) throw new UnauthorizedError();
      const [row] = await lookup.execute({ token });
      if (!row) throw new UnauthorizedError();
      cache.set(cookie, {
        userId: row.userId,
        sessionId: row.sessionId,
        farmId: row.farmId,
        role: row.role,
        demo: row.demo,
        expiresAt: row.expiresAt.getTime(),
      });
      found = cache.get(cookie)!;
    }
    c.set('userId', found.userId);
    c.set('farmId', found.farmId);
    c.set('role', found.role);
    c.set('sessionId', found.sessionId);
    c.set('demo', found.demo);
    await next();
  };
}
