// /api/v1/milk-records, /api/v1/production/milk and a group's or a doe's milk withdrawal: the HTTP
// layer only (validated input in, JSON out); the rules live in milk.service.ts.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { pageSize, type Page } from '../../../shared/schemas/care';
import {
  milkProductionQuerySchema,
  milkProductionSchema,
  milkRecordCreateSchema,
  milkRecordQuerySchema,
  milkRecordSchema,
  milkRecordUpdateSchema,
  milkRecordWrittenSchema,
  milkRecordsWrittenSchema,
  milkWithdrawalQuerySchema,
  milkWithdrawalSchema,
  type MilkRecord,
} from '../../../shared/schemas/milk';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { invalidQuery, offsetOf, pageOf } from '../wire';
import type { MilkService } from './milk.service';

const withdrawalAnswer = {
  200: jsonContent(z.array(milkWithdrawalSchema), 'The does'),
  ...errorResponses,
  ...invalidQuery,
};

export function milkRoutes(milk: MilkService) {
  const actor = (c: Context<AppEnv>) => ({ userId: c.get('userId'), role: c.get('role') });

  return new Hono<AppEnv>()
    .post(
      '/milk-records',
      describeRoute({
        tags: ['Production'],
        summary:
          'Record a milking of one doe or several at once (the farm’s today and milk unit by default), all or none; a doe under a milk withdrawal on that day has all her milk discarded unless `discarded` says how much, and `withdrawal` names her. 200 when every id was already stored (a retry)',
        responses: {
          201: jsonContent(milkRecordsWrittenSchema, 'The records'),
          200: jsonContent(milkRecordsWrittenSchema, 'The records stored before, unchanged'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', milkRecordCreateSchema),
      async (c) => {
        const { written, answer } = await milk.create(c.get('farmId'), c.req.valid('json'), actor(c));
        return c.json(answer, written ? 201 : 200);
      },
    )
    .get(
      '/milk-records',
      describeRoute({
        tags: ['Production'],
        summary:
          'The farm’s milk records, or (?animalId=) a doe’s, or (?groupId=) those of the group’s does, between ?from= and ?to= (inclusive), newest first (50 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(milkRecordSchema), 'A page of records'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', milkRecordQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const page = await milk.list(c.get('farmId'), query, offsetOf(query), pageSize);
        return jsonText<Page<MilkRecord>>(c, page);
      },
    )
    .patch(
      '/milk-records/:id',
      describeRoute({
        tags: ['Production'],
        summary:
          'Change a record’s day, milking, amount, unit, discarded part or note (a farm sitter: only one they recorded); the withdrawal on its day as when recorded',
        responses: {
          200: jsonContent(milkRecordWrittenSchema, 'The record'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', milkRecordUpdateSchema),
      async (c) =>
        c.json(await milk.update(c.get('farmId'), c.req.param('id'), c.req.valid('json'), actor(c)), 200),
    )
    .delete(
      '/milk-records/:id',
      describeRoute({
        tags: ['Production'],
        summary: 'Delete a milk record (a farm sitter: only one they recorded)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await milk.remove(c.get('farmId'), c.req.param('id'), actor(c));
        return c.body(null, 204);
      },
    )
    .get(
      '/groups/:id/milk-withdrawal',
      describeRoute({
        tags: ['Production'],
        summary:
          'The group’s female animals under a milk withdrawal on ?date= (the farm’s today without it), by name, each with the last day she is not safe for milk: what a milking that day would discard',
        responses: withdrawalAnswer,
      }),
      idParams('id'),
      validate('query', milkWithdrawalQuerySchema),
      async (c) =>
        c.json(
          await milk.groupWithdrawal(c.get('farmId'), c.req.param('id'), c.req.valid('query').date),
          200,
        ),
    )
    .get(
      '/animals/:id/milk-withdrawal',
      describeRoute({
        tags: ['Production'],
        summary:
          'The animal, with the last day she is not safe for milk, if she is under a milk withdrawal on ?date= (the farm’s today without it); else none',
        responses: withdrawalAnswer,
      }),
      idParams('id'),
      validate('query', milkWithdrawalQuerySchema),
      async (c) =>
        c.json(
          await milk.animalWithdrawal(c.get('farmId'), c.req.param('id'), c.req.valid('query').date),
          200,
        ),
    )
    .get(
      '/production/milk',
      describeRoute({
        tags: ['Production'],
        summary:
          'Milk of a group’s does (?groupId=), one doe (?animalId=) or the whole farm, in the farm’s milk unit: today, this week, and per doe her last milking, 7-day average, days in milk and lactation since her last recorded birth, and her last 30 days, saleable and discarded apart',
        responses: {
          200: jsonContent(milkProductionSchema, 'The amounts'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', milkProductionQuerySchema),
      async (c) => c.json(await milk.production(c.get('farmId'), c.req.valid('query')), 200),
    );
}
