// GET/PATCH /api/v1/profile: the Account page.
import { createRoute } from '@hono/zod-openapi';
import { profileSchema, profileUpdateSchema } from '../../../shared/schemas/profile';
import { apiErrorSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/database';
import { NotFoundError } from '../../http/errors';
import { createRouter } from '../../http/validation';
import { findProfile, updateProfile } from './profile.repo';

const errors = {
  401: { description: 'Not signed in', content: { 'application/json': { schema: apiErrorSchema } } },
  404: { description: 'No profile', content: { 'application/json': { schema: apiErrorSchema } } },
};

const getProfile = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Profile'],
  summary: "The signed-in user's profile and farm settings",
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    ...errors,
  },
});

const patchProfile = createRoute({
  method: 'patch',
  path: '/profile',
  tags: ['Profile'],
  summary: 'Change any of the profile and farm settings',
  request: { body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } } },
  responses: {
    200: { description: 'The updated profile', content: { 'application/json': { schema: profileSchema } } },
    422: { description: 'Invalid fields', content: { 'application/json': { schema: apiErrorSchema } } },
    ...errors,
  },
});

export function profileRoutes(db: Database) {
  const router = createRouter();

  router.openapi(getProfile, async (c) => {
    const profile = await findProfile(db, c.get('farmId'), c.get('userId'));
    if (!profile) throw new NotFoundError('Profile');
    return c.json(profile, 200);
  });

  router.openapi(patchProfile, async (c) => {
    const body = c.req.valid('json');
    const farmId = c.get('farmId');
    const userId = c.get('userId');
    await updateProfile(db, farmId, userId, {
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
    const profile = await findProfile(db, farmId, userId);
    if (!profile) throw new NotFoundError('Profile');
    return c.json(profile, 200);
  });

  return router;
}
