// GET/PATCH /api/v1/profile: the Account page.
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { profileSchema, profileUpdateSchema } from '../../../shared/schemas/profile';
import type { AppEnv } from '../../http/context';
import { NotFoundError } from '../../http/errors';
import { invalidResponse } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileRepo } from './profile.repo';

const json = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

export function profileRoutes(repo: ProfileRepo) {
  return new Hono<AppEnv>()
    .get(
      '/profile',
      describeRoute({
        tags: ['Profile'],
        summary: "The signed-in user's profile and farm settings",
        responses: { 200: json(profileSchema, 'The profile'), 401: json(apiErrorSchema, 'Not signed in') },
      }),
      async (c) => {
        const profile = await repo.find(c.get('farmId'), c.get('userId'));
        if (!profile) throw new NotFoundError('Profile');
        return c.json(profile, 200);
      },
    )
    .patch(
      '/profile',
      describeRoute({
        tags: ['Profile'],
        summary: 'Change any of the profile and farm settings',
        responses: {
          200: json(profileSchema, 'The updated profile'),
          401: json(apiErrorSchema, 'Not signed in'),
          ...invalidResponse,
        },
      }),
      validate('json', profileUpdateSchema),
      async (c) => {
        const body = c.req.valid('json');
        const farmId = c.get('farmId');
        const userId = c.get('userId');
        await repo.update(farmId, userId, {
          farm: {
            ...(body.farmName !== undefined && { name: body.farmName }),
            ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
            ...(body.weightUnit !== undefined && { weightUnit: body.weightUnit }),
          },
          person: {
            ...(body.ownerName !== undefined && { ownerName: body.ownerName }),
            ...(body.email !== undefined && { email: body.email }),
            ...(body.phone !== undefined && { phone: body.phone }),
            ...(body.location !== undefined && { location: body.location }),
          },
        });
        const profile = await repo.find(farmId, userId);
        if (!profile) throw new NotFoundError('Profile');
        return c.json(profile, 200);
      },
    );
}
