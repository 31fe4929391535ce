// DELETE /api/v1/account: the signed-in user deletes their account and everything of their farm,
// photos included. Confirmed by typing the account's email. Better Auth's own /delete-user is off.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { describeRoute, resolver } from 'hono-openapi';
import { accountDeleteSchema, confirmsEmail } from '../../../shared/schemas/account';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { sessionCookieName } from '../../auth/auth';
import type { AppEnv } from '../../http/context';
import { UnauthorizedError, ValidationError } from '../../http/errors';
import type { SessionCache } from '../../http/require-farm';
import { invalidResponse } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { PhotoStore } from '../../photos/photo-store';
import type { AccountRepo } from './account.repo';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(apiErrorSchema) } },
});

export function accountRoutes(deps: {
  repo: AccountRepo;
  photos: PhotoStore;
  sessions: SessionCache;
  secure: boolean;
}) {
  const { repo, photos, sessions, secure } = deps;
  return new Hono<AppEnv>().delete(
    '/account',
    describeRoute({
      tags: ['Account'],
      summary: 'Delete the account, its farm and every record and photo of it, for good',
      responses: {
        204: { description: 'Deleted; the session cookie is cleared' },
        401: error('Not signed in'),
        ...invalidResponse,
        422: error('The email does not match the account'),
      },
    }),
    validate('json', accountDeleteSchema),
    async (c) => {
      const userId = c.get('userId');
      const email = await repo.findEmail(userId);
      if (!email) throw new UnauthorizedError(); // deleted a moment ago by another request
      if (!confirmsEmail(c.req.valid('json').email, email))
        throw new ValidationError({ email: ['Type the email you sign in with'] });
      const farmIds = await repo.deleteUserAndFarms(userId, email);
      // No cached session may outlive its rows (the cache is per server; see require-farm.ts).
      sessions.clear();
      // Photo keys start with the farm id. After the rows: a crash in between leaves files
      // without rows, which the start-up sweep removes, never rows without files.
      for (const farmId of farmIds) await photos.deletePrefix(farmId);
      deleteCookie(c, sessionCookieName(secure), { path: '/', secure });
      return c.body(null, 204);
    },
  );
}
