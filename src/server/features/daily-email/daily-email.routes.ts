// /api/v1/daily-email: Account → 'Daily reminder email' (on or off, for the signed-in person); and
// /api/public/unsubscribe/{token}: the link of each email, which turns it off without signing in.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import { dailyEmailSchema } from '../../../shared/schemas/daily-email';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { errorResponses, invalidResponse, jsonContent } from '../../http/openapi';
import { clientAddress, overLimit, type Limit } from '../../http/rate-limit';
import { validate } from '../../http/validation';
import type { DailyEmailRepo } from './daily-email.repo';
import { createDailyEmailService } from './daily-email.service';

export function dailyEmailRoutes(repo: DailyEmailRepo) {
  const dailyEmail = createDailyEmailService(repo);
  return new Hono<AppEnv>()
    .get(
      '/daily-email',
      describeRoute({
        tags: ['Daily email'],
        summary: 'Whether the signed-in person gets the daily reminder email',
        responses: { 200: jsonContent(dailyEmailSchema, 'The choice'), ...errorResponses },
      }),
      async (c) => c.json({ enabled: await dailyEmail.enabled(c.get('farmId'), c.get('userId')) }, 200),
    )
    .put(
      '/daily-email',
      describeRoute({
        tags: ['Daily email'],
        summary: 'Turn the daily reminder email on or off',
        responses: {
          200: jsonContent(dailyEmailSchema, 'The choice'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', dailyEmailSchema),
      async (c) => {
        const { enabled } = c.req.valid('json');
        await dailyEmail.setEnabled(c.get('farmId'), c.get('userId'), enabled);
        return c.json({ enabled }, 200);
      },
    );
}

/** Unsubscribes per client address: a person clicking, never a crawl of tokens. */
export const unsubscribeLimit: Limit = { max: 30, windowMs: 15 * 60 * 1000 };

/** POST /api/public/unsubscribe/{token}: from the link's page, or a mail app's one-click (RFC 8058). */
export function unsubscribeRoutes(deps: { repo: DailyEmailRepo; db: Database; trustProxy: number }) {
  const dailyEmail = createDailyEmailService(deps.repo);
  return new Hono<AppEnv>().post('/unsubscribe/:token', async (c) => {
    const address = clientAddress(c as Context, deps.trustProxy) ?? 'unknown';
    if (await overLimit(deps.db, `unsubscribe:${address}`, unsubscribeLimit)) {
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a few minutes.');
    }
    await dailyEmail.unsubscribe(c.req.param('token'));
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Referrer-Policy', 'no-referrer');
    return c.json({ unsubscribed: true }, 200);
  });
}
