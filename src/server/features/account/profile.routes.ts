// GET/PATCH /api/v1/profile and PATCH /api/v1/farm/settings: the Account page's 'Your Profile' and
// 'Farm Settings'. The HTTP layer only; the rules live in
// profile.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { apiErrorSchema } from '../../../shared/schemas/common';
import {
  farmSettingsUpdateSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../shared/schemas/profile';
import type { AppEnv } from '../../http/context';
import { invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileService } from './profile.service';

export function profileRoutes(profiles: ProfileService) {
  return new Hono<AppEnv>()
    .get(
      '/profile',
      describeRoute({
        tags: ['Profile'],
        summary: "The signed-in user's profile and farm settings",
        responses: {
          200: jsonContent(profileSchema, 'The profile'),
          401: jsonContent(apiErrorSchema, 'Not signed in'),
        },
      }),
      async (c) => c.json(await profiles.find(c.get('farmId'), c.get('userId')), 200),
    )
    .patch(
      '/profile',
      describeRoute({
        tags: ['Profile'],
        summary: "Change the signed-in person's own name and contact",
        responses: {
          200: jsonContent(profileSchema, 'The updated profile'),
          401: jsonContent(apiErrorSchema, 'Not signed in'),
          ...invalidResponse,
        },
      }),
      validate('json', profileUpdateSchema),
      async (c) => c.json(await profiles.update(c.get('farmId'), c.get('userId'), c.req.valid('json')), 200),
    )
    .patch(
      '/farm/settings',
      describeRoute({
        tags: ['Profile'],
        summary: "Change the farm's name, time zone, weight unit or milk unit (owners only)",
        responses: {
          200: jsonContent(profileSchema, "The caller's profile with the farm's new settings"),
          401: jsonContent(apiErrorSchema, 'Not signed in'),
          403: jsonContent(apiErrorSchema, 'Not an owner of the farm'),
          ...invalidResponse,
        },
      }),
      validate('json', farmSettingsUpdateSchema),
      async (c) =>
        c.json(await profiles.updateFarm(c.get('farmId'), c.get('userId'), c.req.valid('json')), 200),
    );
}
