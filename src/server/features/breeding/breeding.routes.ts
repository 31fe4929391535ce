// /api/v1/animals/{damId}/breedings, /api/v1/breedings/{id} and /api/v1/animals/{damId}/births.
// The HTTP layer only; the rules live in breeding.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  birthCreateSchema,
  birthSchema,
  breedingCreateSchema,
  breedingSchema,
} from '../../../shared/schemas/breeding';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { mayChangeFarmSettings } from '../../http/permissions';
import type { ProfileService } from '../account/profile.service';
import type { AnimalsService } from '../animals/animals.service';
import type { BreedingRepo } from './breeding.repo';
import { createBreedingService } from './breeding.service';

export function breedingRoutes(deps: {
  db: Database;
  repo: BreedingRepo;
  animals: AnimalsService;
  profiles: ProfileService;
}) {
  const breeding = createBreedingService(deps);

  return new Hono<AppEnv>()
    .get(
      '/animals/:id/breedings',
      describeRoute({
        tags: ['Breeding'],
        summary: 'A dam’s breedings, newest first, with their expected births',
        responses: { 200: jsonContent(z.array(breedingSchema), 'Breedings'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await breeding.list(c.get('farmId'), c.req.param('id')), 200),
    )
    .post(
      '/animals/:id/breedings',
      describeRoute({
        tags: ['Breeding'],
        summary:
          'Record a breeding: the expected birth from the gestation given (kept as the farm’s for the dam’s species when an owner records it) and a reminder a week before',
        responses: {
          201: jsonContent(breedingSchema, 'The breeding'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', breedingCreateSchema),
      async (c) => {
        const result = await breeding.create(c.get('farmId'), c.req.param('id'), c.req.valid('json'), {
          // the farm's gestation is a farm setting: a member's breeding keeps its own length only
          keepGestation: mayChangeFarmSettings(c),
        });
        return c.json(result.breeding, result.written ? 201 : 200);
      },
    )
    .delete(
      '/breedings/:id',
      describeRoute({
        tags: ['Breeding'],
        summary: 'Delete a breeding and its reminder (unless done)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await breeding.remove(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .post(
      '/animals/:id/births',
      describeRoute({
        tags: ['Breeding'],
        summary:
          'Record a birth: the newborns with dam, sire, birth date, birth weight and the dam’s groups, in one step',
        responses: { 201: jsonContent(birthSchema, 'The newborns'), ...errorResponses, ...invalidResponse },
      }),
      idParams('id'),
      validate('json', birthCreateSchema),
      async (c) =>
        c.json(await breeding.recordBirth(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 201),
    );
}
