// POST /api/demo: the landing page's 'View Demo' (a plain form: no script on the landing page).
// It makes the visitor's own demo farm, signs this browser into it and sends it to /home. Limited
// per address and in all, so that a script cannot fill the database with farms. And `demoGuard`:
// inside a demo farm, nothing is sent to the outside (email, share links, calendar feeds) and
// writes are limited.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { clientAddress, overLimit, type Limit } from '../../http/rate-limit';
import { sameOriginOnly } from '../../http/security';
import { createDemoService } from './demo.service';

/** Demo farms one address may open. */
export const demoLimit: Limit = { max: 5, windowMs: 60 * 60 * 1000 };
/** Demo farms alive at once, from everyone. */
export const demoCeiling = 1000;
/** Writes a demo farm may make: a visitor trying things, never a script filling the database. */
export const demoWriteLimit: Limit = { max: 300, windowMs: 60 * 60 * 1000 };

export function demoRoutes(deps: {
  db: Database;
  secret: string;
  cookieName: string;
  secure: boolean;
  trustProxy: number;
  appOrigin: string;
}) {
  const demo = createDemoService(deps);
  // a form post from the landing page only: another site cannot sign a visitor into a demo
  return new Hono<AppEnv>().post('/demo', sameOriginOnly(deps.appOrigin), async (c) => {
    const address = clientAddress(c as Context, deps.trustProxy) ?? 'unknown';
    if (await overLimit(deps.db, `demo:${address}`, demoLimit)) {
      c.header('Retry-After', String(demoLimit.windowMs / 1000));
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many demo farms from here. Please try again later.');
    }
    if ((await demo.alive()) >= demoCeiling) {
      c.header('Retry-After', '3600');
      throw new AppError(
        429,
        'DEMO_FULL',
        'The demo is busy right now. Please try again later, or create an account.',
      );
    }
    const { cookie, expiresAt } = await demo.create();
    setCookie(c, deps.cookieName, cookie, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: deps.secure,
      expires: expiresAt,
    });
    return c.redirect('/home', 303);
  });
}

/**
 * Routes refused in a demo (method and path under /api/v1): those that reach outside the farm, and
 * the imports (a whole farm or a thousand animals in one request: a script's way to fill the
 * database, never a visitor's try).
 */
const outward: [method: string, path: RegExp][] = [
  ['POST', /^\/api\/v1\/import$/],
  ['POST', /^\/api\/v1\/animals\/import$/],
  ['POST', /^\/api\/v1\/calendar-feed$/],
  ['POST', /^\/api\/v1\/animals\/[^/]+\/record\/share$/],
  ['PUT', /^\/api\/v1\/daily-email$/],
  ['POST', /^\/api\/v1\/farm\/invitations(\/[^/]+\/resend)?$/],
  ['POST', /^\/api\/v1\/invitations\/accept$/],
];

/** After requireFarm: the demo's rules, in one place for every route. */
export function demoGuard(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('demo') && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (outward.some(([method, path]) => method === c.req.method && path.test(c.req.path)))
        throw new AppError(403, 'NOT_IN_DEMO', 'Not available in the demo. Create an account to use it.');
      if (await overLimit(db, `demo-writes:${c.get('farmId')}`, demoWriteLimit))
        throw new AppError(
          429,
          'TOO_MANY_REQUESTS',
          'The demo has had enough changes for now. Create an account to keep going.',
        );
    }
    await next();
  };
}
