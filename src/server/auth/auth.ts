// Better Auth, configured for Paddock: email + password, confirmation by email, cookie sessions,
// rate limits kept in the database. See docs/decisions/0001-auth.md.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, inArray, like } from 'drizzle-orm';
import { isTimeZone } from '../../shared/schemas/common';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { account, farmMembers, farms, rateLimit, session, user, verification } from '../db/schema';
import { clearAccountAttempts } from './auth-gateway';
import type { Logger } from '../log/logger';
import type { Mailer } from '../mail/mailer';
import { confirmationEmail, passwordResetEmail } from './emails';
import { hashPassword, verifyPassword } from './password';
import { isDemoAddress } from './demo-address';

/** Header our server sets from the socket (or a trusted proxy); a client's own copy is dropped. */
export const clientIpHeader = 'x-paddock-client-ip';

export const sessionCookieName = (secure: boolean) =>
  secure ? '__Host-paddock.session_token' : 'paddock.session_token';

const oneHour = 60 * 60;
const oneDay = 24 * oneHour;

export function createAuth(deps: { config: Config; db: Database; mailer: Mailer; logger: Logger }) {
  const { config, db, logger } = deps;
  // a demo farm's user has an address on a reserved domain: nothing is ever sent there
  const mailer: Mailer = {
    send: (email) => (isDemoAddress(email.to) ? Promise.resolve() : deps.mailer.send(email)),
  };
  return betterAuth({
    appName: 'Paddock',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    logger: {
      disabled: config.logLevel === 'silent',
      log: (level, message, ...args) => logger[level](`auth: ${message}`, { args }),
    },
    telemetry: { enabled: false },
    // An unexpected failure inside Better Auth is thrown to our app's onError (one JSON log line
    // with a request id, one error shape) instead of better-call printing it raw to stderr.
    onAPIError: { throw: true },
    user: {
      additionalFields: {
        // The browser sends its zone at sign-up; the new farm starts in it (see the farm trigger).
        timeZone: { type: 'string', required: false, input: true, returned: false },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        // Whoever holds the inbox ends up with the only working password: a sign-up for an address
        // that was never confirmed starts afresh — the pending account (and its empty farm) goes,
        // a new one with this password is made, and earlier links name the old account's id, so
        // Better Auth refuses them. A confirmed address is left alone (Better Auth answers as if
        // it were new, and sends nothing). See docs/decisions/0012-auth-gateway.md.
        const given = (ctx.body as { email?: unknown } | undefined)?.email;
        const address = typeof given === 'string' ? given.toLowerCase() : '';
        await db.transaction(async (tx) => {
          const pending = await tx
            .select({ id: user.id })
            .from(user)
            .where(and(eq(user.email, address), eq(user.emailVerified, false)));
          if (!pending.length) return;
          const ids = pending.map((row) => row.id);
          const owned = tx
            .select({ farmId: farmMembers.farmId })
            .from(farmMembers)
            .where(inArray(farmMembers.userId, ids));
          await tx.delete(farms).where(inArray(farms.id, owned));
          await tx.delete(user).where(inArray(user.id, ids));
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: (data) => {
            const zone = (data as { timeZone?: unknown }).timeZone;
            return Promise.resolve({
              data: { ...data, timeZone: typeof zone === 'string' && isTimeZone(zone) ? zone : null },
            });
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: oneHour,
      password: { hash: hashPassword, verify: verifyPassword },
      // Using one reset link voids every other one still out for the account.
      onPasswordReset: async ({ user: changed }) => {
        await db
          .delete(verification)
          .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, changed.id)));
        await clearAccountAttempts(db, changed.email);
      },
      sendResetPassword: async ({ user: recipient, url }) => {
        await mailer.send(passwordResetEmail(recipient.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: oneHour,
      sendVerificationEmail: async ({ user: recipient, url }) => {
        await mailer.send(confirmationEmail(recipient.email, url));
      },
    },
    session: {
      expiresIn: 30 * oneDay,
      updateAge: oneDay, // refreshed while the user is active
    },
    rateLimit: {
      enabled: true, // in every environment, tests included
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      // Only what checks a credential or sends an email is limited: reading the session, signing
      // out and following a link are not (50 page loads must never look like an attack).
      customRules: {
        '/get-session': false,
        '/sign-out': false,
        '/revoke-sessions': false,
        '/sign-in/email': { window: 5 * 60, max: 10 },
        '/sign-up/email': { window: 60 * 60, max: 30 },
        '/send-verification-email': { window: 10 * 60, max: 5 },
        '/request-password-reset': { window: 10 * 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: false, // the __Host- name below carries the prefix itself
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secure, path: '/' },
      cookies: {
        session_token: { name: sessionCookieName(config.secure) },
      },
      cookiePrefix: 'paddock',
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
