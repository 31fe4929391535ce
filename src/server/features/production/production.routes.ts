// /api/v1/egg-collections, /api/v1/production/eggs and a group's egg withdrawal: the HTTP layer only
// (validated input in, JSON out); the rules live in production.service.ts.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { pageSize, type Page } from '../../../shared/schemas/care';
import {
  eggCollectionCreateSchema,
  eggCollectionQuerySchema,
  eggCollectionSchema,
  eggCollectionUpdateSchema,
  eggCollectionWrittenSchema,
  eggProductionQuerySchema,
  eggProductionSchema,
  eggWithdrawalQuerySchema,
  eggWithdrawalSchema,
  type EggCollection,
} from '../../../shared/schemas/production';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileService } from '../account/profile.service';
import { invalidQuery, offsetOf, pageOf } from '../wire';
import type { ProductionRepo } from './production.repo';
import { createProductionService } from './production.service';

export function productionRoutes(deps: { repo: ProductionRepo; profiles: ProfileService }) {
  const production = createProductionService(deps);
  const actor = (c: Context<AppEnv>) => ({ userId: c.get('userId'), role: c.get('role') });

  return new Hono<AppEnv>()
    .post(
      '/egg-collections',
      describeRoute({
        tags: ['Production'],
        summary:
          'Record a collection of a group’s eggs (the farm’s today by default); all discarded, unless `discarded` says how many, while an animal of the group is under an egg withdrawal on that day, which `withdrawal` names',
        responses: {
          201: jsonContent(eggCollectionWrittenSchema, 'The collection'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', eggCollectionCreateSchema),
      async (c) => {
        const { written, collection } = await production.create(
          c.get('farmId'),
          c.req.valid('json'),
          actor(c),
        );
        return c.json(collection, written ? 201 : 200);
      },
    )
    .get(
      '/egg-collections',
      describeRoute({
        tags: ['Production'],
        summary:
          'The farm’s egg collections, or (?groupId=) a group’s, between ?from= and ?to= (inclusive), newest first (50 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(eggCollectionSchema), 'A page of collections'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', eggCollectionQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const page = await production.list(c.get('farmId'), query, offsetOf(query), pageSize);
        return jsonText<Page<EggCollection>>(c, page);
      },
    )
    .patch(
      '/egg-collections/:id',
      describeRoute({
        tags: ['Production'],
        summary:
          'Change a collection’s day, counts or note (a farm sitter: only one they recorded); the withdrawal on its day as when recorded',
        responses: {
          200: jsonContent(eggCollectionWrittenSchema, 'The collection'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', eggCollectionUpdateSchema),
      async (c) =>
        c.json(
          await production.update(c.get('farmId'), c.req.param('id'), c.req.valid('json'), actor(c)),
          200,
        ),
    )
    .delete(
      '/egg-collections/:id',
      describeRoute({
        tags: ['Production'],
        summary: 'Delete a collection (a farm sitter: only one they recorded)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await production.remove(c.get('farmId'), c.req.param('id'), actor(c));
        return c.body(null, 204);
      },
    )
    .get(
      '/groups/:id/egg-withdrawal',
      describeRoute({
        tags: ['Production'],
        summary:
          'The group’s animals under an egg withdrawal on ?date= (the farm’s today without it), by name, each with the last day it is not safe for eggs: what a collection that day would discard',
        responses: {
          200: jsonContent(z.array(eggWithdrawalSchema), 'The animals'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      idParams('id'),
      validate('query', eggWithdrawalQuerySchema),
      async (c) =>
        c.json(
          await production.eggWithdrawal(c.get('farmId'), c.req.param('id'), c.req.valid('query').date),
          200,
        ),
    )
    .get(
      '/production/eggs',
      describeRoute({
        tags: ['Production'],
        summary:
          'Eggs of a group (?groupId=) or the whole farm: today, this week, the lay rate over 7 and 30 days, by day for 30 days and by month for 12, saleable and discarded apart',
        responses: {
          200: jsonContent(eggProductionSchema, 'The counts'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', eggProductionQuerySchema),
      async (c) => c.json(await production.eggProduction(c.get('farmId'), c.req.valid('query').groupId), 200),
    );
}
