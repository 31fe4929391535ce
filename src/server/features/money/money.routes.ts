// /api/v1/money and a group's feed: the HTTP layer only (validated input in, JSON out); the rules
// live in money.service.ts. Owners and Members only (permissions.ts): a Farm Sitter sees no money.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { pageSize, type Page } from '../../../shared/schemas/care';
import {
  feedQuerySchema,
  groupFeedSchema,
  moneyEntryCreateSchema,
  moneyEntrySchema,
  moneyEntryUpdateSchema,
  moneyListQuerySchema,
  moneySummaryQuerySchema,
  moneySummarySchema,
  type MoneyEntry,
} from '../../../shared/schemas/money';
import { apiErrorSchema } from '../../../shared/schemas/common';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { invalidQuery, offsetOf, pageOf } from '../wire';
import type { MoneyService } from './money.service';

/** An animal's sale is changed on the animal's page, never here. */
const saleConflict = { 409: jsonContent(apiErrorSchema, 'The income of an animal’s sale') };

export function moneyRoutes(money: MoneyService) {
  return new Hono<AppEnv>()
    .get(
      '/money/summary',
      describeRoute({
        tags: ['Money'],
        summary:
          'The farm’s (or ?groupId= a group’s) money between ?from= and ?to= (this year to today without them): totals, by month, by category, by group, and the expenses per dozen saleable eggs and per unit of saleable milk (the farm’s milk unit)',
        responses: {
          200: jsonContent(moneySummarySchema, 'The figures'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', moneySummaryQuerySchema),
      async (c) => c.json(await money.summary(c.get('farmId'), c.req.valid('query')), 200),
    )
    .post(
      '/money',
      describeRoute({
        tags: ['Money'],
        summary:
          'Record an expense or income (the farm’s today by default) in the farm’s currency, optionally for a group or an animal of the farm (another’s: 404)',
        responses: {
          201: jsonContent(moneyEntrySchema, 'The entry'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', moneyEntryCreateSchema),
      async (c) => {
        const { written, entry } = await money.create(c.get('farmId'), c.req.valid('json'), c.get('userId'));
        return c.json(entry, written ? 201 : 200);
      },
    )
    .get(
      '/money',
      describeRoute({
        tags: ['Money'],
        summary:
          'The farm’s money, newest first (50 a page; ?offset=): its entries and the medicine cabinet’s stock received with a price (source medicine, changed in the cabinet); ?from= ?to= (inclusive), ?groupId=, ?kind=',
        responses: {
          200: jsonContent(pageOf(moneyEntrySchema), 'A page of entries'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', moneyListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        return jsonText<Page<MoneyEntry>>(
          c,
          await money.list(c.get('farmId'), query, offsetOf(query), pageSize),
        );
      },
    )
    .get(
      '/money/:id',
      describeRoute({
        tags: ['Money'],
        summary: 'One money entry',
        responses: { 200: jsonContent(moneyEntrySchema, 'The entry'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await money.find(c.get('farmId'), c.req.param('id')), 200),
    )
    .patch(
      '/money/:id',
      describeRoute({
        tags: ['Money'],
        summary: 'Change an entry (an animal’s sale is changed on the animal: 409)',
        responses: {
          200: jsonContent(moneyEntrySchema, 'The entry'),
          ...errorResponses,
          ...saleConflict,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', moneyEntryUpdateSchema),
      async (c) => c.json(await money.update(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 200),
    )
    .delete(
      '/money/:id',
      describeRoute({
        tags: ['Money'],
        summary: 'Delete an entry (an animal’s sale is undone on the animal: 409)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses, ...saleConflict },
      }),
      idParams('id'),
      async (c) => {
        await money.remove(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .get(
      '/groups/:id/feed',
      describeRoute({
        tags: ['Money'],
        summary:
          'The group’s feed bought between ?from= and ?to= (the last 12 months without them): each purchase, by month, the total and the cost per animal per day',
        responses: {
          200: jsonContent(groupFeedSchema, 'The feed'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      idParams('id'),
      validate('query', feedQuerySchema),
      async (c) => c.json(await money.feed(c.get('farmId'), c.req.param('id'), c.req.valid('query')), 200),
    );
}
