// Builds the whole HTTP application: auth, the /api/v1 REST API, and the web app's files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Schema } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import { except } from 'hono/combine';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { getPath } from 'hono/utils/url';
import { randomUUID } from 'node:crypto';
import { clientIpHeader, sessionCookieName, type Auth } from './auth/auth';
import { accountAttempts, checkAuthRequest, createSignInGuard } from './auth/auth-gateway';
import { backupRoutes } from './backup/backup.routes';
import type { Config } from './config';
import type { Database } from './db/database';
import { createAccountRepo } from './features/account/account.repo';
import { accountRoutes } from './features/account/account.routes';
import { createAnimalsRepo } from './features/animals/animals.repo';
import { createAnimalsService } from './features/animals/animals.service';
import { animalsRoutes } from './features/animals/animals.routes';
import { importRoutes } from './features/animals/import.routes';
import { gzipReads } from './http/gzip-reads';
import { clientAddress } from './http/rate-limit';
import { createRecordsRepo } from './features/records/records.repo';
import { publicRecordRoutes, recordsRoutes } from './features/records/records.routes';
import { createBreedingRepo } from './features/breeding/breeding.repo';
import { breedingRoutes } from './features/breeding/breeding.routes';
import { createDailyEmailRepo } from './features/daily-email/daily-email.repo';
import { dailyEmailRoutes, unsubscribeRoutes } from './features/daily-email/daily-email.routes';
import { demoGuard, demoRoutes } from './features/demo/demo.routes';
import { createExportRepo } from './features/export/export.repo';
import { exportRoutes } from './features/export/export.routes';
import { createCalendarRepo } from './features/calendar/calendar.repo';
import { calendarFeedRoute, calendarRoutes } from './features/calendar/calendar.routes';
import { createCareService } from './features/care/care.service';
import { careRoutes } from './features/care/care.routes';
import { createGroupsRepo } from './features/groups/groups.repo';
import { createMembersRepo } from './features/members/members.repo';
import { membersRoutes, publicInvitationRoutes } from './features/members/members.routes';
import { createMembersService } from './features/members/members.service';
import { groupsRoutes } from './features/groups/groups.routes';
import { createMilkRepo } from './features/production/milk.repo';
import { milkRoutes } from './features/production/milk.routes';
import { createMilkService } from './features/production/milk.service';
import { createProductionRepo } from './features/production/production.repo';
import { productionRoutes } from './features/production/production.routes';
import { createMedicinesRepo } from './features/medicines/medicines.repo';
import { medicinesRoutes } from './features/medicines/medicines.routes';
import { createMedicinesService } from './features/medicines/medicines.service';
import { createWarningsRepo } from './features/medicines/warnings.repo';
import { warningsRoutes } from './features/medicines/warnings.routes';
import { createWarningsService } from './features/medicines/warnings.service';
import { createMoneyRepo } from './features/money/money.repo';
import { moneyRoutes } from './features/money/money.routes';
import { createMoneyService } from './features/money/money.service';
import { createNotificationsRepo } from './features/notifications/notifications.repo';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createProfileRepo } from './features/account/profile.repo';
import { createProfileService } from './features/account/profile.service';
import { profileRoutes } from './features/account/profile.routes';
import { pathWithLowerCaseIds } from '../shared/schemas/common';
import { createRemindersRepo } from './features/reminders/reminders.repo';
import { remindersRoutes } from './features/reminders/reminders.routes';
import { limitBody } from './http/body-limit';
import type { AppEnv } from './http/context';
import { AppError, errorBody } from './http/errors';
import { enforcePermissions, routesWithoutPermission } from './http/permissions';
import { rememberReads } from './http/remembered-reads';
import { requireFarm, SessionCache } from './http/require-farm';
import { apiSecurityHeaders, sameOriginOnly, securityHeaders } from './http/security';
import type { Logger } from './log/logger';
import type { Mailer } from './mail/mailer';
import type { PhotoStore } from './photos/photo-store';

export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
  photos: PhotoStore;
  /** folder with the built web app (vite build); absent in API-only tests */
  webDir?: string;
};

const jsonBodyLimit = 64 * 1024;
/** an import of up to 1,000 animals */
const importBodyLimit = 1024 * 1024;
/** a whole farm's JSON document: its 30,000 rows at most (import-document.service.ts) are about 17 MB */
const documentBodyLimit = 20 * 1024 * 1024;

/** The routes one feature's builder answers (each builder chains its routes, so Hono infers them). */
type RoutesOf<Build extends (...args: never[]) => Hono<AppEnv, Schema, string>> =
  ReturnType<Build> extends Hono<AppEnv, infer Routes, string> ? Routes : never;

/**
 * Every /api/v1 route (all mounted at '/' below), for the browser's typed client (src/web/lib/api.ts,
 * `hc<ApiRoutes>`): a type only, so no server code reaches the bundle. A feature mounted below and
 * not named here cannot be called from the web app, so forgetting it fails the web build, not a user.
 */
export type ApiRoutes = Hono<
  AppEnv,
  | RoutesOf<typeof profileRoutes>
  | RoutesOf<typeof groupsRoutes>
  | RoutesOf<typeof animalsRoutes>
  | RoutesOf<typeof importRoutes>
  | RoutesOf<typeof careRoutes>
  | RoutesOf<typeof remindersRoutes>
  | RoutesOf<typeof breedingRoutes>
  | RoutesOf<typeof productionRoutes>
  | RoutesOf<typeof milkRoutes>
  | RoutesOf<typeof medicinesRoutes>
  | RoutesOf<typeof warningsRoutes>
  | RoutesOf<typeof recordsRoutes>
  | RoutesOf<typeof calendarRoutes>
  | RoutesOf<typeof exportRoutes>
  | RoutesOf<typeof dailyEmailRoutes>
  | RoutesOf<typeof notificationsRoutes>
  | RoutesOf<typeof accountRoutes>
  | RoutesOf<typeof membersRoutes>
  | RoutesOf<typeof moneyRoutes>
>;

/** Better Auth routes after which a session may no longer be valid. */
const sessionEndingPaths = [
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/reset-password',
  '/change-password',
  '/delete-user',
];

/** Better Auth answers errors as { code, message }, some with no body: give them the API's one shape. */
async function normaliseAuthError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const code =
    typeof body?.code === 'string' && body.code
      ? body.code
      : response.status === 429
        ? 'TOO_MANY_REQUESTS'
        : response.status === 404
          ? 'NOT_FOUND'
          : 'AUTH_ERROR';
  const message =
    response.status === 429
      ? 'Too many attempts. Please wait a few minutes and try again.'
      : typeof body?.message === 'string' && body.message
        ? body.message
        : 'The request could not be completed.';
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers });
}

export function createApp(deps: AppDeps) {
  const { config, db, auth, logger } = deps;
  // Routed with every id in the path in lower case: '/animals/3F2A…' names the same animal as
  // '/animals/3f2a…' (the database agrees), so no handler, file key or comparison sees two spellings.
  const app = new Hono<AppEnv>({ getPath: (request) => pathWithLowerCaseIds(getPath(request)) });

  // An error answered before a request's body was read leaves the rest of that body on the
  // socket: close the connection, so a keep-alive client's next request is not read as its tail.
  // (Headers added after next() go on c.res.headers: c.header() there rebuilds the finished
  // response around a stream, and Node then writes a body it had whole in pieces.)
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 400 && (c.req.header('content-length') ?? '0') !== '0')
      c.res.headers.set('Connection', 'close');
    if (c.res.status >= 400 && c.req.header('transfer-encoding')) c.res.headers.set('Connection', 'close');
  });
  app.use('/api/*', apiSecurityHeaders({ secure: config.secure }));
  app.use('*', except('/api/*', securityHeaders({ secure: config.secure })));
  app.use('/assets/*', compress());
  // the farm's reads gzipped for a phone in the barn; not Better Auth's answers, which carry the
  // session's token (a middleware of every method: a route's permission is found by method and path)
  app.use('/api/v1/*', gzipReads());

  app.use('/api/*', async (c, next) => {
    await next();
    // private data: never stored, unless a route says otherwise (versioned photo URLs do)
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Only methods that carry a body (touching the body of a GET makes Node build a full Request);
  // photo uploads have their own, larger limit.
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '/api/*',
    except(
      ['/api/v1/animals/:id/photo', '/api/v1/animals/import', '/api/v1/import'],
      limitBody(jsonBodyLimit, 'The request body is too large.'),
    ),
  );
  app.post('/api/v1/animals/import', limitBody(importBodyLimit, 'Import at most 1,000 animals at once.'));
  app.post('/api/v1/import', limitBody(documentBodyLimit, 'The file is too large to import.'));

  // ---- Better Auth ----
  // Better Auth checks Origin only on requests that carry cookies; we refuse every cross-site
  // POST, which also stops login CSRF (signing a victim into someone else's account).
  const appOrigin = new URL(config.appUrl).origin;
  const sessions = new SessionCache();
  app.use('/api/auth/*', sameOriginOnly(appOrigin));
  const signInGuard = createSignInGuard({ db, secure: config.secure });
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    const checked = await checkAuthRequest(c, path);
    if ('refusal' in checked) return checked.refusal;
    const headers = new Headers(c.req.raw.headers);
    headers.delete(clientIpHeader);
    headers.delete('content-length'); // the body is passed on re-serialised
    const ip = clientAddress(c, config.trustProxy);
    if (ip) headers.set(clientIpHeader, ip);

    const account = path === '/sign-in/email' ? (checked.parsed as { email: string }).email : undefined;
    if (account && (await signInGuard.overLimit(c, account))) {
      c.header('Retry-After', String(accountAttempts.windowMs / 1000));
      return c.json(
        errorBody(
          'TOO_MANY_REQUESTS',
          'Too many attempts for this account. Please wait a few minutes and try again, or reset your password.',
        ),
        429,
      );
    }
    // 'Sign out everywhere' also forgets the account's known devices: whose sessions they are is
    // read before Better Auth ends them. (A new password forgets them in the database: 0021.)
    const everywhere =
      c.req.method === 'POST' && path === '/revoke-sessions'
        ? await auth.api.getSession({ headers, query: { disableRefresh: true } })
        : null;
    const request = new Request(c.req.raw.url, { method: c.req.method, headers, body: checked.body });
    const response = await normaliseAuthError(await auth.handler(request));
    if (c.req.method === 'POST' && sessionEndingPaths.some((ending) => path.endsWith(ending)))
      sessions.clear();
    if (everywhere && response.status === 200) await signInGuard.forgetDevices(everywhere.user.id);
    if (account && response.status === 200) {
      const deviceCookie = await signInGuard.succeeded(c, account);
      if (deviceCookie) response.headers.append('Set-Cookie', deviceCookie);
    }
    return response;
  });

  // ---- REST API ----
  const api = new Hono<AppEnv>();
  api.use('*', sameOriginOnly(appOrigin));
  // Registered before the guard, so the document is public and every other route needs a farm.
  api.get(
    '/openapi.json',
    openAPIRouteHandler(api, {
      defaultValidationErrorResponse: false, // ours is the 422 in the one error shape (invalidResponse)
      documentation: {
        openapi: '3.1.0',
        servers: [{ url: '/api/v1' }],
        info: {
          title: 'Paddock API',
          version: '1',
          description:
            'Animal records for hobby farmers. Every route needs a signed-in session (the cookie set by /api/auth/sign-in/email). Errors are { error: { code, message, fields? } }.',
        },
      },
    }),
  );
  api.use(
    '*',
    requireFarm({
      db,
      secret: config.authSecret,
      cookieName: sessionCookieName(config.secure),
      cache: sessions,
    }),
  );
  // what the caller's role on that farm allows: the permission table, one place for every route
  api.use('*', enforcePermissions());
  // a demo farm's rules (nothing sent outside, writes limited): one place, before every route
  api.use('*', demoGuard(db));
  const profiles = createProfileService(createProfileRepo(db));
  // the daily reads, answered again from memory while the farm's version has not moved (0062)
  api.use('*', rememberReads({ db, profiles }));
  const members = createMembersService({
    repo: createMembersRepo(db),
    db,
    mailer: deps.mailer,
    origin: appOrigin,
    sessions,
    profiles,
    secret: config.authSecret,
    cookieName: sessionCookieName(config.secure),
    secure: config.secure,
  });
  api.route('/', membersRoutes(members));
  // an animal's sale is the farm's income (decision 0043)
  const money = createMoneyService({ repo: createMoneyRepo(db), profiles });
  const animals = createAnimalsService({
    db,
    repo: createAnimalsRepo(db),
    profiles,
    photos: deps.photos,
    money,
  });
  api.route('/', profileRoutes(profiles));
  api.route('/', groupsRoutes(createGroupsRepo(db), animals));
  api.route('/', importRoutes({ db, profiles }));
  api.route('/', animalsRoutes(animals));
  const medicines = createMedicinesService({ repo: createMedicinesRepo(db), profiles });
  const care = createCareService({ db, profiles, medicines });
  api.route('/', careRoutes(care));
  api.route('/', remindersRoutes({ repo: createRemindersRepo(db), care, profiles }));
  api.route('/', breedingRoutes({ db, repo: createBreedingRepo(db), animals, profiles }));
  api.route('/', productionRoutes({ repo: createProductionRepo(db), profiles }));
  const milk = createMilkService({ db, repo: createMilkRepo(db), profiles });
  api.route('/', milkRoutes(milk));
  api.route('/', medicinesRoutes(medicines));
  api.route('/', warningsRoutes(createWarningsService({ repo: createWarningsRepo(db), profiles })));
  api.route('/', moneyRoutes(money));
  const records = createRecordsRepo(db);
  const recordDeps = { repo: records, animals, care, milk, profiles };
  api.route('/', recordsRoutes({ ...recordDeps, origin: appOrigin }));
  const calendar = { repo: createCalendarRepo(db), origin: appOrigin };
  api.route('/', calendarRoutes(calendar));
  api.route('/', exportRoutes({ repo: createExportRepo(db), db }));
  const dailyEmails = createDailyEmailRepo(db);
  api.route('/', dailyEmailRoutes(dailyEmails));
  api.route(
    '/',
    notificationsRoutes(
      createNotificationsService({
        repo: createNotificationsRepo(db),
        publicKey: config.vapid.publicKey,
        allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
      }),
    ),
  );
  api.route(
    '/',
    accountRoutes({ repo: createAccountRepo(db), photos: deps.photos, sessions, secure: config.secure }),
  );
  // a calendar app's feed, by its address's token alone: answered before the session guard
  app.get('/api/v1/calendar/:file', calendarFeedRoute({ ...calendar, db, trustProxy: config.trustProxy }));
  app.route('/api/v1', api);
  const unguarded = routesWithoutPermission(
    api.routes.map((route) => ({ ...route, path: `/api/v1${route.path}` })),
  ).filter((key) => key !== 'GET /api/v1/openapi.json');
  if (unguarded.length)
    throw new Error(`routes without a row in http/permissions.ts: ${unguarded.join(', ')}`);
  // 'View Demo': a visitor's own demo farm, signed in at once
  app.route(
    '/api',
    demoRoutes({
      db,
      secret: config.authSecret,
      cookieName: sessionCookieName(config.secure),
      secure: config.secure,
      trustProxy: config.trustProxy,
      appOrigin,
    }),
  );
  // a daily email's unsubscribe link, by its token alone (before the shared records' limit)
  app.route('/api/public', unsubscribeRoutes({ repo: dailyEmails, db, trustProxy: config.trustProxy }));
  // an invitation link's page and the sign-up through it, by the link's token alone
  app.route('/api/public', publicInvitationRoutes({ members, db, trustProxy: config.trustProxy, appOrigin }));
  // a shared health record: reachable without a session, by its link's token alone
  app.route('/api/public', publicRecordRoutes({ ...recordDeps, db, trustProxy: config.trustProxy }));

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'No such API route.'), 404));
  app.route('/internal', backupRoutes({ db, photos: deps.photos, authSecret: config.authSecret, logger }));

  // ---- Web app ----
  if (deps.webDir && existsSync(join(deps.webDir, 'index.html'))) {
    const webDir = deps.webDir;
    const appHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
    const landingHtml = readFileSync(join(webDir, 'landing.html'), 'utf8');
    app.use(
      '/assets/*',
      serveStatic({
        root: webDir,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // A file the build does not have is missing, not the app's page (a stale tab asks for old chunks).
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.get('/', async (c) => {
      const signedIn = c.req.header('cookie')?.includes('session_token')
        ? await auth.api.getSession({ headers: c.req.raw.headers })
        : null;
      if (signedIn) return c.redirect('/home', 302);
      c.header('Cache-Control', 'no-cache');
      return c.html(landingHtml);
    });
    // Files at the top of the build (favicon, manifest); the HTML pages are served above and below.
    const topLevelFiles = serveStatic<AppEnv>({
      root: webDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    });
    app.get('/:file{[^/]+\\.(svg|png|ico|webmanifest|txt)}', topLevelFiles);
    // The service worker is checked for updates on every visit: never kept by a cache (decision 0031).
    app.get(
      '/sw.js',
      serveStatic<AppEnv>({ root: webDir, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }),
    );
    // (a secret link's page — shared record, unsubscribe, invitation — gets no-referrer and
    // noindex from securityHeaders, where every page's headers are set)
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(appHtml);
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.fields), error.status);
    }
    const databaseCode = (error as { cause?: { code?: unknown } }).cause?.code;
    if (databaseCode === '23503') {
      // a referenced record vanished between our check and the write (a concurrent delete)
      return c.json(
        errorBody('CONFLICT', 'Something this refers to was just deleted. Reload and try again.'),
        409,
      );
    }
    if (databaseCode === '23514') {
      // a value the database's own rules refuse (a farm time zone it cannot read, say): the
      // request's fault, like a 422 of the schemas, and nothing was written
      return c.json(errorBody('INVALID_VALUE', 'A value is outside what Paddock can store.'), 422);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 400 ? 'The request body is not valid JSON.' : error.message || 'Bad request';
      return c.json(errorBody(status === 400 ? 'BAD_REQUEST' : 'HTTP_ERROR', message), status);
    }
    // Only failures need an id (to find the log line from a user's report): none on the hot path.
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    c.header('X-Request-Id', requestId);
    logger.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      // a failed query's own reason (Drizzle puts the driver's error there)
      cause: error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined,
    });
    return c.json(errorBody('INTERNAL_ERROR', 'An unexpected error occurred. Please try again.'), 500);
  });

  return app;
}
