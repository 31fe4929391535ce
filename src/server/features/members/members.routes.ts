// Farm sharing over HTTP. /api/v1 (signed in; who may call which is http/permissions.ts's table):
// the farm's members and invitations, changing a role, removing, leaving, the farms a user belongs
// to and the one in use, accepting an invitation. /api/public: an invitation link's page and the
// sign-up through it, by the link's token alone. The rules live in members.service.ts.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import { apiErrorSchema } from '../../../shared/schemas/common';
import {
  farmMembersSchema,
  farmsSchema,
  farmSwitchSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationSchema,
  invitationSignUpSchema,
  memberUpdateSchema,
  publicInvitationSchema,
} from '../../../shared/schemas/members';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { clientAddress, overLimit, type Limit } from '../../http/rate-limit';
import { sameOriginOnly } from '../../http/security';
import { validate } from '../../http/validation';
import type { MembersService } from './members.service';

const forbidden = { 403: jsonContent(apiErrorSchema, 'Your role on this farm does not allow this') };
const conflict = { 409: jsonContent(apiErrorSchema, 'It would leave the farm without an owner') };

export function membersRoutes(members: MembersService) {
  return new Hono<AppEnv>()
    .get(
      '/farm/members',
      describeRoute({
        tags: ['Farm members'],
        summary: "The farm's members (and, for owners, the invitations still out)",
        responses: { 200: jsonContent(farmMembersSchema, 'The members'), ...errorResponses },
      }),
      async (c) => c.json(await members.list(c.get('farmId'), c.get('userId'), c.get('role')), 200),
    )
    .post(
      '/farm/invitations',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Invite someone by email, with a role',
        responses: {
          201: jsonContent(invitationSchema, 'The invitation (its link went by email)'),
          ...forbidden,
          409: jsonContent(apiErrorSchema, 'Already a member'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', invitationCreateSchema),
      async (c) => c.json(await members.invite(c.get('farmId'), c.get('userId'), c.req.valid('json')), 201),
    )
    .post(
      '/farm/invitations/:id/resend',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Send an invitation again, with a new link (the old one stops working)',
        responses: { 200: jsonContent(invitationSchema, 'The invitation'), ...forbidden, ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await members.resend(c.get('farmId'), c.req.param('id')), 200),
    )
    .delete(
      '/farm/invitations/:id',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Revoke an invitation: its link stops working',
        responses: { 204: { description: 'Revoked' }, ...forbidden, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await members.revoke(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .patch(
      '/farm/members/:userId',
      describeRoute({
        tags: ['Farm members'],
        summary: "Change a member's role (and a farm sitter's last day)",
        responses: {
          204: { description: 'Changed' },
          ...forbidden,
          ...conflict,
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      idParams('userId'),
      validate('json', memberUpdateSchema),
      async (c) => {
        await members.change(c.get('farmId'), c.req.param('userId'), c.req.valid('json'));
        return c.body(null, 204);
      },
    )
    .delete(
      '/farm/members/:userId',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Remove a member: their access to the farm ends at once',
        responses: { 204: { description: 'Removed' }, ...forbidden, ...conflict, ...errorResponses },
      }),
      idParams('userId'),
      async (c) => {
        await members.remove(c.get('farmId'), c.req.param('userId'));
        return c.body(null, 204);
      },
    )
    .post(
      '/farm/leave',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Leave the farm in use (the session goes back to your own farm)',
        responses: { 204: { description: 'Left' }, ...conflict, ...errorResponses },
      }),
      async (c) => {
        await members.remove(c.get('farmId'), c.get('userId'));
        return c.body(null, 204);
      },
    )
    .get(
      '/farms',
      describeRoute({
        tags: ['Farm members'],
        summary: 'The farms you belong to, and the one in use',
        responses: { 200: jsonContent(farmsSchema, 'The farms'), ...errorResponses },
      }),
      async (c) => c.json(await members.farms(c.get('userId'), c.get('farmId')), 200),
    )
    .put(
      '/farms/current',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Work in another of your farms (this session only)',
        responses: { 204: { description: 'Switched' }, ...invalidResponse, ...errorResponses },
      }),
      validate('json', farmSwitchSchema),
      async (c) => {
        await members.use(c.get('sessionId'), c.get('userId'), c.req.valid('json').farmId);
        return c.body(null, 204);
      },
    )
    .post(
      '/invitations/accept',
      describeRoute({
        tags: ['Farm members'],
        summary: 'Accept an invitation sent to your address; the session switches to its farm',
        responses: {
          200: { description: 'Accepted' },
          403: jsonContent(apiErrorSchema, 'The invitation was sent to another address'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', invitationAcceptSchema),
      async (c) =>
        c.json(
          await members.accept(c.req.valid('json').token, {
            userId: c.get('userId'),
            sessionId: c.get('sessionId'),
          }),
          200,
        ),
    );
}

/** Looks and sign-ups through invitation links, per client address: a person, never a crawl. */
export const invitationLinkLimit: Limit = { max: 30, windowMs: 15 * 60 * 1000 };

export function publicInvitationRoutes(deps: {
  members: MembersService;
  db: Database;
  trustProxy: number;
  appOrigin: string;
}) {
  const limited = async (c: Context) => {
    const address = clientAddress(c, deps.trustProxy) ?? 'unknown';
    if (await overLimit(deps.db, `invitation-link:${address}`, invitationLinkLimit))
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a few minutes.');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Referrer-Policy', 'no-referrer');
  };
  return new Hono<AppEnv>()
    .get('/invitations/:token', async (c) => {
      await limited(c as Context);
      return c.json(publicInvitationSchema.parse(await deps.members.view(c.req.param('token'))), 200);
    })
    .post(
      '/invitations/:token/sign-up',
      // it signs the browser in: only from our own page (no signing a visitor into another account)
      sameOriginOnly(deps.appOrigin),
      validate('json', invitationSignUpSchema),
      async (c) => {
        await limited(c as Context);
        await deps.members.signUp(c as Context, c.req.param('token'), c.req.valid('json'));
        return c.json({ signedUp: true }, 201);
      },
    );
}
