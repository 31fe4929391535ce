// Test support: a whole Paddock app on a fresh, migrated database (in-memory PGlite, or a new
// PostgreSQL database when TEST_DATABASE_URL is set), driven through its HTTP interface.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { createDailyEmailJob } from '../../src/server/features/daily-email/daily-email.job';
import { createDailyEmailRepo } from '../../src/server/features/daily-email/daily-email.repo';
import { createWarningsRepo } from '../../src/server/features/medicines/warnings.repo';
import { createDayWarnings } from '../../src/server/features/medicines/warnings.service';
import { createNotificationsJob } from '../../src/server/features/notifications/notifications.job';
import { createNotificationsRepo } from '../../src/server/features/notifications/notifications.repo';
import { createPushSender } from '../../src/server/features/notifications/push-sender';
import { createLogger } from '../../src/server/log/logger';
import { createMailSender, createQueueMailer } from '../../src/server/mail/mail-queue';
import type { Email, Mailer } from '../../src/server/mail/mailer';
import { createFolderPhotoStore } from '../../src/server/photos/photo-store';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { freshPostgresDatabase } from './fresh-database';

export const appUrl = 'http://paddock.test';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. For the authorization
 * matrix only, which proves the HTTP rules of who may call what (permissions.ts, the session and
 * farm guards), the same code whatever stores the rows; every feature's own tests, which prove the
 * farm filters in its SQL, keep running on both. It was a fifth of CI's API time on two.
 */
export const oneBackend: Backend[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Copies of the migrated databases global-setup.ts made once per run: openDatabase still runs the
// migrations, and finds nothing left to apply. (Run without that setup, each is migrated afresh.)
let pgliteTemplate: Blob | undefined;
export function migratedPglite(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}
/** the name of the migrated PostgreSQL database to copy (freshPostgresDatabase's `template`) */
export const migratedPostgres = (): string | undefined => inject('postgresTemplate') || undefined;

export type TestMailOptions = {
  /** the mail server, should a test want one that refuses or stalls (`outbox` gets what it accepts) */
  transport?: Mailer;
  /**
   * true (default): request() and dailyEmail.run() return once the email they queued has been
   * handed to the transport, so a test reads `outbox` straight after; false: they return at once.
   */
  waitForDelivery?: boolean;
};

export async function createTestApp(
  backend: Backend,
  environment: Record<string, string> = {},
  /** the mail server and delivery waiting; `webDir`: a folder with index.html and landing.html, so the app serves pages too */
  options: TestMailOptions & { webDir?: string } = {},
) {
  const outbox: Email[] = [];
  // what the queue's sender hands each email to: `outbox` records what the mail server accepted
  const transport: Mailer = {
    send: async (email) => {
      await options.transport?.send(email);
      outbox.push(email);
    },
  };
  const waitForDelivery = options.waitForDelivery ?? true;
  const queries: string[] = [];
  /** each statement with its parameters, as the database was sent it */
  const calls: { text: string; params: unknown[] }[] = [];
  const logQuery = (text: string, params: unknown[]) => {
    queries.push(text);
    calls.push({ text, params });
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: appUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/nonexistent-paddock-test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...environment,
  });
  let handle: DatabaseHandle;
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    const fresh = await freshPostgresDatabase('paddock_test', undefined, migratedPostgres());
    drop = fresh.drop;
    databaseUrl = fresh.url;
    handle = await openDatabase({ kind: 'postgres', url: fresh.url, onQuery: logQuery });
  } else {
    handle = await openDatabase({
      kind: 'pglite-memory',
      loadDataDir: migratedPglite(),
      onQuery: logQuery,
    });
  }
  const logger = createLogger(config.logLevel);
  // as in server.ts: the app queues its email, a sender delivers it just after
  const mailSender = createMailSender({ db: handle.db, transport, logger });
  const mailer = createQueueMailer(handle.db, () => mailSender.wake());
  const delivered = () => (waitForDelivery ? mailSender.idle() : Promise.resolve());
  const auth = createAuth({ config, db: handle.db, mailer, logger });
  const photoDir = mkdtempSync(join(tmpdir(), 'paddock-photos-'));
  /** the daily reminder email's job, run by the test with the clock it chooses */
  const dailyEmailJob = createDailyEmailJob({
    repo: createDailyEmailRepo(handle.db),
    cabinet: createDayWarnings(createWarningsRepo(handle.db)),
    mailer,
    origin: appUrl,
    logger,
  });
  const dailyEmail: typeof dailyEmailJob = {
    run: async (now) => {
      const sent = await dailyEmailJob.run(now);
      await delivered();
      return sent;
    },
  };
  /** the notification run (Web Push), run by the test with the clock it chooses */
  const notifications = createNotificationsJob({
    repo: createNotificationsRepo(handle.db),
    send: createPushSender({ vapid: config.vapid, allowPrivateEndpoints: config.pushAllowPrivateEndpoints }),
    logger,
  });
  const app = createApp({
    config,
    db: handle.db,
    auth,
    logger,
    mailer,
    photos: createFolderPhotoStore(photoDir),
    webDir: options.webDir,
  });

  // a test that calls app.request itself (forms, raw bodies) reads the outbox after it as well
  const answer = app.request.bind(app);
  app.request = async (...args: Parameters<typeof app.request>) => {
    const response = await answer(...args);
    await delivered();
    return response;
  };

  /** A request as the browser would send it: same origin, JSON body, optional session cookie. */
  async function request(
    path: string,
    init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { origin: appUrl, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    return app.request(`${appUrl}${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
  }

  function cookieFrom(response: Response): string {
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    return cookies.filter((pair) => !pair.endsWith('=')).join('; ');
  }

  function lastLinkTo(email: string): string {
    const message = [...outbox].reverse().find((item) => item.to === email);
    if (!message?.link) throw new Error(`no email with a link to ${email}`);
    return message.link;
  }

  /** Signs up, follows the confirmation link, and returns the session cookie it sets. */
  async function signUpAndConfirm(
    email = `farmer-${randomBytes(4).toString('hex')}@example.com`,
    password = 'correct horse battery',
  ) {
    const signUp = await request('/api/auth/sign-up/email', {
      body: { email, password, name: '', callbackURL: '/auth?confirmed=1' },
    });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const link = new URL(lastLinkTo(email));
    const confirm = await app.request(link.toString().replace(link.origin, appUrl));
    const cookie = cookieFrom(confirm);
    if (!cookie.includes('session_token')) throw new Error(`confirmation set no session: ${confirm.status}`);
    return { email, password, cookie };
  }

  /**
   * Statements every route pays, whatever it does: the session lookup (http/require-farm.ts), whose
   * cache asks again every 10 seconds, so a count that included it changed when a test crossed that
   * mark; and a remembered read's farm version (http/remembered-reads.ts), which
   * remembered-reads.test.ts counts itself.
   */
  const aroundRoutes = (text: string, withVersion = false) =>
    text.includes('from "session" inner join "farm_members"') ||
    (!withVersion && text.includes('from "farm_versions"'));

  /**
   * The statements the server ran for `run`, less those of aroundRoutes: what a route itself costs
   * (with the farm's version, `withVersion`: what a remembered read costs).
   */
  const statementsOf = async (
    run: () => Promise<unknown>,
    { withVersion = false } = {},
  ): Promise<string[]> => {
    const start = queries.length;
    await run();
    return queries.slice(start).filter((sql) => !aroundRoutes(sql, withVersion));
  };

  /**
   * As statementsOf, for an answer computed, not remembered (decision 0062): every farm's version
   * moved on first, as a write moves its farm's, so that what the route asks the database shows.
   */
  const computedStatementsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    await handle.db.execute(sql`update farm_versions set version = nextval('farm_version_seq')`);
    return statementsOf(run);
  };

  /** As statementsOf, each with the parameters it was sent with (to explain it again). */
  const callsOf = async (run: () => Promise<unknown>) => {
    const start = calls.length;
    await run();
    return calls.slice(start).filter((call) => !aroundRoutes(call.text));
  };

  return {
    app,
    db: handle.db,
    /** the PostgreSQL database's URL (a second server can open it); undefined on PGlite */
    databaseUrl,
    dailyEmail,
    notifications,
    /** the server's VAPID keys and settings, as the app was given them */
    config,
    mailer,
    /** the queue's sender: run(now) is one pass, as the job interval runs it */
    mailSender,
    outbox,
    queries,
    statementsOf,
    computedStatementsOf,
    callsOf,
    request,
    cookieFrom,
    lastLinkTo,
    signUpAndConfirm,
    photoDir,
    close: async () => {
      await mailSender.stop();
      await handle.close();
      await drop();
      rmSync(photoDir, { recursive: true, force: true });
    },
  };
}
