// The farm's daily reads answered again from memory while the farm's records have not changed
// (issue 31, decision 0062). A farm's pages are read many times between two of its writes: Home,
// the herd, a group's log, Production, the cabinet, Money, on a phone and a laptop. Each of those
// answers costs the database the same work every time (milk production sums a season of milkings
// into five does' 30 days), so the same answer is kept, with the farm's version it was computed at.
//
// The farm's version (farm_versions, migration 0046) is raised by the database itself, at the
// commit of any change of the farm's records, whoever makes it: a route, an import, a job, a
// script (routines/triggers/answers_changed.sql and its siblings). A remembered answer is sent
// only while the farm is still at its version, so no write can be missed by forgetting to say so.
//
// Correct under READ COMMITTED: the version is read before the answer is computed, by an earlier
// statement, so the answer holds at least every change that version counts; a change committed
// in between makes the version move on, and the answer is computed again at the next read.
import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { farmVersions } from '../db/schema';
import type { AppEnv } from './context';
import { acceptsGzip, gzipAnswer, gzipThreshold } from './gzip-reads';

/**
 * The reads remembered ("GET path" as Hono registers the route, as permissions.ts keys them). Each
 * answer depends only on the farm's records and settings, the caller, the request's path and query,
 * and the farm's today: nothing of the hour, nothing of a table the triggers leave out (a person's
 * devices, the notification run's claims, the daily email's bookkeeping).
 */
export const rememberedReads: ReadonlySet<string> = new Set([
  'GET /api/v1/animals',
  'GET /api/v1/groups',
  'GET /api/v1/groups/:id/care-log',
  'GET /api/v1/animals/:id/care-entries',
  'GET /api/v1/reminders',
  'GET /api/v1/production/eggs',
  'GET /api/v1/egg-collections',
  'GET /api/v1/production/milk',
  'GET /api/v1/milk-records',
  'GET /api/v1/medicines',
  'GET /api/v1/medicine-warnings',
  'GET /api/v1/money',
  'GET /api/v1/money/summary',
]);

/** What an answer's body is kept as: its text, and gzipped when gzipReads would send it so. */
type Answer = { version: number; plain: Buffer<ArrayBuffer>; zipped: Buffer<ArrayBuffer> | null };

/** Memory for answers: ~16 MB of bodies, the least recently used forgotten first. */
const maxBytes = 16 * 1024 * 1024;

export type RememberedReadsDeps = {
  db: Database;
  /** the farm's settings and today, as the services read them (remembered for a few seconds) */
  profiles: {
    settings: (farmId: string) => Promise<object>;
    today: (farmId: string) => Promise<string>;
  };
};

/**
 * For the reads of `rememberedReads`: the answer last sent for the same farm, person, settings,
 * today, path and query, if the farm's version has not moved since; else the route's answer,
 * remembered if it is a 200 of JSON. One statement (the farm's version) when remembered.
 */
export function rememberReads({ db, profiles }: RememberedReadsDeps): MiddlewareHandler<AppEnv> {
  const versionStatement = db
    .select({ version: farmVersions.version })
    .from(farmVersions)
    .where(eq(farmVersions.farmId, sql.placeholder('farmId')))
    .prepare('farm_version');
  const answers = new LRUCache<string, Answer>({
    maxSize: maxBytes,
    sizeCalculation: (answer, key) => answer.plain.length + (answer.zipped?.length ?? 0) + key.length,
  });

  return async (c, next) => {
    if (c.req.method !== 'GET' || !isRemembered(c)) return next();
    const farmId = c.get('farmId');
    const [[row], settings, today] = await Promise.all([
      versionStatement.execute({ farmId }),
      profiles.settings(farmId),
      profiles.today(farmId),
    ]);
    if (!row) return next(); // a farm without its version row: nothing is remembered for it
    const url = new URL(c.req.url);
    const key = [farmId, c.get('userId'), today, JSON.stringify(settings), url.pathname + url.search].join(
      '\n',
    );
    const known = answers.get(key);
    if (known?.version === row.version) {
      c.res = sent(c, known);
      return;
    }
    await next();
    const response = c.res;
    if (
      response.status !== 200 ||
      response.headers.has('Content-Encoding') ||
      !response.headers.get('Content-Type')?.startsWith('application/json')
    )
      return;
    const plain = Buffer.from(await response.arrayBuffer());
    const answer: Answer = {
      version: row.version,
      plain,
      zipped: plain.length >= gzipThreshold ? gzipAnswer(plain) : null,
    };
    answers.set(key, answer);
    c.res = undefined; // (Hono's c.res would copy the replaced answer's headers onto the new one)
    c.res = sent(c, answer);
  };
}

/** Whether the request's route is one of `rememberedReads`. */
function isRemembered(c: Context<AppEnv>): boolean {
  const route = matchedRoutes(c).find((each) => each.method === 'GET' && each.path.startsWith('/api/v1/'));
  return route !== undefined && rememberedReads.has(`GET ${route.path}`);
}

/** The answer as gzipReads would send it: gzipped from 1 KB to a client that takes gzip. */
function sent(c: Context<AppEnv>, answer: Answer): Response {
  const gzip = answer.zipped !== null && acceptsGzip(c.req.header('Accept-Encoding'));
  const body = gzip ? answer.zipped! : answer.plain;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    Vary: 'Accept-Encoding',
  };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return new Response(body, { status: 200, headers });
}
