// DELETE /api/v1/account: the signed-in user deletes their account and everything of their farm,
// photos included. Confirmed by typing the account's email. Better Auth's own /delete-user is off.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { describeRoute } from 'hono-openapi';
import { accountDeleteSchema } from '../../../shared/schemas/account';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { sessionCookieName } from '../../auth/auth';
import type { AppEnv } from '../../http/context';
import type { SessionCache } from '../../http/require-farm';
import { invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { PhotoStore } from '../../photos/photo-store';
import type { AccountRepo } from './account.repo';
import { createAccountService } from './account.service';

const error = (description: string) => jsonContent(apiErrorSchema, description);

export function accountRoutes(deps: {
  repo: AccountRepo;
  photos: PhotoStore;
  sessions: SessionCache;
  secure: boolean;
}) {
  const { secure } = deps;
  const service = createAccountService(deps);
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
      await service.deleteAccount(c.get('userId'), c.req.valid('json').email);
      deleteCookie(c, sessionCookieName(secure), { path: '/', secure });
      return c.body(null, 204);
    },
  );
}
