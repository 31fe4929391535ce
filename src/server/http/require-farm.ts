// Resolves the signed-in user and their farm for /api/v1 routes; anything else is a 401.
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { farmMembers } from '../db/schema';
import type { AppEnv } from './context';
import { UnauthorizedError } from './errors';

export function requireFarm(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!current) throw new UnauthorizedError();
    const [membership] = await db
      .select({ farmId: farmMembers.farmId })
      .from(farmMembers)
      .where(eq(farmMembers.userId, current.user.id))
      .limit(1);
    if (!membership) throw new UnauthorizedError();
    c.set('userId', current.user.id);
    c.set('farmId', membership.farmId);
    await next();
  };
}
