// /api/v1/calendar-feed (Account → 'Calendar Feed': the caller's own address of the farm's
// reminders — its state, a new one, revoking it; another person's is never touched) and
// /api/v1/calendar/{token}.ics — the feed itself, read by calendar apps with no cookie: the token
// alone opens it, it reveals only its farm's reminders, and it answers 304 to a revalidation of
// an unchanged body.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import { calendarFeedLinkSchema, calendarFeedSchema } from '../../../shared/schemas/calendar';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { errorResponses, jsonContent } from '../../http/openapi';
import { clientAddress, overLimit, type Limit } from '../../http/rate-limit';
import type { CalendarRepo } from './calendar.repo';
import { createCalendarService } from './calendar.service';

type Deps = { repo: CalendarRepo; origin: string };

export function calendarRoutes(deps: Deps) {
  const calendar = createCalendarService(deps);
  return new Hono<AppEnv>()
    .get(
      '/calendar-feed',
      describeRoute({
        tags: ['Calendar feed'],
        summary: 'Whether the caller has a live calendar feed address on this farm, and since when',
        responses: { 200: jsonContent(calendarFeedSchema, 'The feed’s state'), ...errorResponses },
      }),
      async (c) => c.json(await calendar.state(c.get('farmId'), c.get('userId')), 200),
    )
    .post(
      '/calendar-feed',
      describeRoute({
        tags: ['Calendar feed'],
        summary: 'Make the caller’s calendar feed address (shown once; their earlier one stops working)',
        responses: { 201: jsonContent(calendarFeedLinkSchema, 'The address'), ...errorResponses },
      }),
      async (c) => c.json(await calendar.create(c.get('farmId'), c.get('userId')), 201),
    )
    .delete(
      '/calendar-feed',
      describeRoute({
        tags: ['Calendar feed'],
        summary: 'Revoke the caller’s calendar feed address (no one else’s)',
        responses: { 204: { description: 'Revoked (or there was none)' }, ...errorResponses },
      }),
      async (c) => {
        await calendar.revoke(c.get('farmId'), c.get('userId'));
        return c.body(null, 204);
      },
    );
}

/** Fetches of feeds per client address: calendar services poll every few hours, never a crawl. */
export const calendarFeedLimit: Limit = { max: 120, windowMs: 15 * 60 * 1000 };

/** How long a calendar may keep the feed before asking again (it then revalidates: 304). */
const feedMaxAgeSeconds = 5 * 60;

/** The feed route, mounted before the session guard of /api/v1: its token is its only key. */
export function calendarFeedRoute(deps: Deps & { db: Database; trustProxy: number }) {
  const calendar = createCalendarService(deps);
  return async (c: Context<AppEnv>) => {
    const address = clientAddress(c as Context, deps.trustProxy) ?? 'unknown';
    if (await overLimit(deps.db, `calendar-feed:${address}`, calendarFeedLimit)) {
      c.header('Retry-After', String(calendarFeedLimit.windowMs / 1000));
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a few minutes.');
    }
    const file = c.req.param('file') ?? '';
    const feed = await calendar.feed(file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '');
    const headers = {
      ETag: feed.etag,
      'Last-Modified': feed.lastModified.toUTCString(),
      'Cache-Control': `private, max-age=${feedMaxAgeSeconds}`,
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    };
    if (notModified(c, feed.etag, feed.lastModified)) return c.body(null, 304, headers);
    return c.body(feed.body, 200, {
      ...headers,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="paddock.ics"',
    });
  };
}

/** RFC 9110 13.1: If-None-Match decides when present; otherwise If-Modified-Since, to the second. */
function notModified(c: Context<AppEnv>, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
