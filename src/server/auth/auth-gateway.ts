// The one door to Better Auth: only the endpoints the app uses are served (an allow-list, so a
// library upgrade cannot open a new one), every body passes Paddock's rules first (the shared text
// rule, lengths, no unknown fields), and sign-in is limited per account as well as per address.
// See docs/decisions/0011-input-rules.md and 0012-auth-gateway.md.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import * as z from 'zod/mini';
import { emailSchema, passwordSchema } from '../../shared/schemas/auth';
import { findUnsafeText, safeString, unsafeTextMessage } from '../../shared/schemas/common';
import type { Database } from '../db/database';
import { knownDevices, rateLimit, user } from '../db/schema';
import { fieldIssues, invalid } from '../http/validation';
import { errorBody } from '../http/errors';
import { overLimit } from '../http/rate-limit';

const email = emailSchema;
const password = passwordSchema;
/** Where Better Auth may send the browser afterwards: a path of this app, never another site. */
const appPath = safeString().check(
  z.maxLength(200, 'Must be at most 200 characters'),
  z.regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path of this app, like /auth'),
);
const noBody = z.strictObject({});

type Endpoint = { method: 'GET' | 'POST'; body?: z.ZodMiniType };

/** Every Better Auth endpoint the app calls (src/web/features/auth) or links to in its emails. */
export const authEndpoints: Record<string, Endpoint> = {
  '/get-session': { method: 'GET' },
  '/sign-up/email': {
    method: 'POST',
    body: z.strictObject({
      email,
      password: password.check(z.minLength(8, 'Password must be at least 8 characters')),
      name: z.optional(safeString().check(z.maxLength(100, 'Must be at most 100 characters'))),
      /** the browser's zone, which the new farm starts in (an unknown one is ignored: auth.ts) */
      timeZone: z.optional(safeString().check(z.maxLength(64, 'Must be at most 64 characters'))),
      callbackURL: z.optional(appPath),
    }),
  },
  '/sign-in/email': {
    method: 'POST',
    body: z.strictObject({
      email,
      password,
      rememberMe: z.optional(z.boolean()),
      callbackURL: z.optional(appPath),
    }),
  },
  '/sign-out': { method: 'POST', body: noBody },
  '/revoke-sessions': { method: 'POST', body: noBody },
  '/verify-email': { method: 'GET' },
  '/send-verification-email': {
    method: 'POST',
    body: z.strictObject({ email, callbackURL: z.optional(appPath) }),
  },
  '/request-password-reset': {
    method: 'POST',
    body: z.strictObject({ email, redirectTo: z.optional(appPath) }),
  },
  /** the emailed link, which checks the token and sends the browser to /reset-password */
  '/reset-password/:token': { method: 'GET' },
  '/reset-password': {
    method: 'POST',
    body: z.strictObject({
      token: safeString().check(z.minLength(1), z.maxLength(256, 'Must be at most 256 characters')),
      newPassword: password,
    }),
  },
};

/** The endpoint a request is for: its path below /api/auth, matched against the allow-list. */
export function authEndpointOf(method: string, path: string): Endpoint | undefined {
  const exact = authEndpoints[path];
  if (exact) return exact.method === method ? exact : undefined;
  if (method === 'GET' && /^\/reset-password\/[^/]+$/.test(path))
    return authEndpoints['/reset-password/:token'];
  return undefined;
}

/**
 * Checks a request to Better Auth against Paddock's rules; answers the refusal, or the request to
 * hand on (its body read once and passed on unchanged).
 */
export async function checkAuthRequest(
  c: Context,
  path: string,
): Promise<{ refusal: Response } | { body: string | undefined; parsed: unknown }> {
  const endpoint = authEndpointOf(c.req.method, path);
  if (!endpoint) return { refusal: c.json(errorBody('NOT_FOUND', 'No such API route.'), 404) };
  const unsafeQuery = findUnsafeText(c.req.query());
  if (unsafeQuery || findUnsafeText(path)) {
    return { refusal: c.json(invalid({ [unsafeQuery ?? 'token']: [unsafeTextMessage] }), 422) };
  }
  if (!endpoint.body) return { body: undefined, parsed: undefined };

  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim()) {
    if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) {
      return { refusal: c.json(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON.'), 415) };
    }
    try {
      value = JSON.parse(text);
    } catch {
      return { refusal: c.json(errorBody('BAD_REQUEST', 'The request body is not valid JSON.'), 400) };
    }
  }
  const unsafe = findUnsafeText(value);
  if (unsafe) return { refusal: c.json(invalid({ [unsafe]: [unsafeTextMessage] }), 422) };
  const result = endpoint.body['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('auth body schemas must be synchronous');
  if (result.issues) return { refusal: c.json(invalid(fieldIssues(result.issues)), 422) };
  return { body: JSON.stringify(value), parsed: result.value };
}

// ---- Sign-in attempts per account ----------------------------------------------------------------
// The per-address limit (Better Auth's, auth.ts) stops one client; this stops many clients guessing
// one account's password. A device that has signed in to the account before is not counted, so
// guesses from elsewhere slow the account down but never lock its owner out of their own phone.
//
// A known device holds, per account signed in on it (at most 5), 256 random bits in a cookie; the
// database keeps only their SHA-256 with the account and an expiry (known_devices). A value counts
// only for the account it was issued to, until it expires, the account's password changes (a
// trigger, migration 0021) or the account is signed out everywhere (forgetDevices, from app.ts).
// Each successful sign-in replaces the device's value for that account, so a copy taken earlier
// stops working once the owner signs in again.

export const accountAttempts = { max: 10, windowMs: 15 * 60 * 1000 };
const knownDeviceCookie = 'paddock.known_device';
const knownDeviceDays = 90;
/** devices kept per account: the newest; an older one just counts its attempts again */
const knownDevicesPerAccount = 20;
const deviceValue = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url

/** The rate_limit key of an account's sign-in attempts (account deletion removes it too). */
export const signInAccountKey = (address: string) => `sign-in-account:${address.trim().toLowerCase()}`;

const hashDeviceValue = (value: string) => createHash('sha256').update(value).digest('hex');

export function createSignInGuard(deps: { db: Database; secure: boolean }) {
  const { db, secure } = deps;
  const cookieName = secure ? `__Host-${knownDeviceCookie}` : knownDeviceCookie;

  /** The well-formed values the device holds, by their hash (anything else is ignored). */
  function heldValues(c: Context): Map<string, string> {
    const values = (getCookie(c, cookieName)?.split('|') ?? []).filter((value) => deviceValue.test(value));
    return new Map(values.slice(-5).map((value) => [hashDeviceValue(value), value]));
  }

  const accountOf = (address: string) =>
    db.select({ id: user.id }).from(user).where(eq(user.email, address.trim().toLowerCase()));

  async function isKnownDevice(c: Context, address: string): Promise<boolean> {
    const held = [...heldValues(c).keys()];
    if (!held.length) return false;
    const known = await db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .innerJoin(user, eq(user.id, knownDevices.userId))
      .where(
        and(
          eq(user.email, address.trim().toLowerCase()),
          inArray(knownDevices.tokenHash, held),
          gt(knownDevices.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return known.length > 0;
  }

  return {
    /** Counts an attempt on the account; true when it is over the limit (answer 429). */
    async overLimit(c: Context, address: string): Promise<boolean> {
      if (await isKnownDevice(c, address)) return false;
      return overLimit(db, signInAccountKey(address), accountAttempts);
    },
    /**
     * After a successful sign-in: the account's count starts again, and the answer carries the
     * cookie (Set-Cookie value) that marks this device as known to the account, with a new value
     * for this account and the device's still-valid values for other accounts.
     */
    async succeeded(c: Context, address: string): Promise<string | undefined> {
      await clearAccountAttempts(db, address);
      const [account] = await accountOf(address);
      if (!account) return undefined;
      const held = heldValues(c);
      const value = randomBytes(32).toString('base64url');
      const kept = await db.transaction(async (tx) => {
        if (held.size) {
          // this account's old value on this device is replaced; expired rows go as well
          await tx
            .delete(knownDevices)
            .where(
              or(
                and(eq(knownDevices.userId, account.id), inArray(knownDevices.tokenHash, [...held.keys()])),
                lte(knownDevices.expiresAt, sql`now()`),
              ),
            );
        }
        await tx.insert(knownDevices).values({
          userId: account.id,
          tokenHash: hashDeviceValue(value),
          expiresAt: sql`now() + ${`${knownDeviceDays} days`}::interval`,
        });
        const newest = tx
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .where(eq(knownDevices.userId, account.id))
          .orderBy(desc(knownDevices.createdAt), desc(knownDevices.id))
          .limit(knownDevicesPerAccount);
        await tx
          .delete(knownDevices)
          .where(and(eq(knownDevices.userId, account.id), notInArray(knownDevices.id, newest)));
        if (!held.size) return [];
        // the device's values for other accounts that still count
        return tx
          .select({ tokenHash: knownDevices.tokenHash })
          .from(knownDevices)
          .where(
            and(inArray(knownDevices.tokenHash, [...held.keys()]), gt(knownDevices.expiresAt, sql`now()`)),
          );
      });
      const others = kept.map((row) => held.get(row.tokenHash)!);
      return serialize(cookieName, [...others.slice(-4), value].join('|'), {
        httpOnly: true,
        secure,
        sameSite: 'Lax',
        path: '/',
        maxAge: knownDeviceDays * 24 * 60 * 60,
      });
    },
    /**
     * 'Sign out everywhere': the account's devices are no longer known. (A new password forgets
     * them in the database itself, migration 0021, whichever way it was changed.)
     */
    async forgetDevices(userId: string): Promise<void> {
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
    },
  };
}

/** A password reset proves the inbox: the account's count of sign-in attempts starts again. */
export async function clearAccountAttempts(db: Database, address: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, signInAccountKey(address)));
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
