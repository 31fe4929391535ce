// /api/v1/care-entries, an animal's care history and a group's log: the HTTP layer only (validated
// input in, JSON out); the rules live in care.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  animalWeightsSchema,
  groupWeightsSchema,
  careBatchSchema,
  careEntryCreateSchema,
  careEntrySchema,
  careEntryUpdateSchema,
  medicationQuerySchema,
  medicationSuggestionSchema,
  type CareBatch,
  type CareEntry,
  type Page,
} from '../../../shared/schemas/care';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { invalidQuery, isoBoth, offsetOf, offsetParam, pageOf } from '../wire';
import type { CareService } from './care.service';

const pagedQuery = z.object({ offset: offsetParam });
/** ?scope=batch acts on the entry's whole batch; anything else (or nothing) on the entry alone. */
const scopeQuery = z.object({ scope: z.optional(z.catch(z.enum(['entry', 'batch']), 'entry')) });

export function careRoutes(care: CareService) {
  return new Hono<AppEnv>()
    .post(
      '/care-entries',
      describeRoute({
        tags: ['Care'],
        summary:
          'Record a medication, weight or note for one or more animals at once: one entry per animal, sharing a batch id, with their reminders, in one transaction',
        responses: {
          201: jsonContent(z.object({ batchId: z.string(), entries: z.array(careEntrySchema) }), 'The batch'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', careEntryCreateSchema),
      async (c) => {
        const { batchId, written, entries } = await care.recordBatch(
          c.get('farmId'),
          c.req.valid('json'),
          c.get('userId'),
        );
        return c.json({ batchId, entries: entries.map(isoBoth) }, written ? 201 : 200);
      },
    )
    .get(
      '/care/medications',
      describeRoute({
        tags: ['Care'],
        summary:
          'The farm’s earlier medications, each once with the dosage and unit last given, most recent first (100 at most; ?q= narrows by name)',
        responses: {
          200: jsonContent(z.array(medicationSuggestionSchema), 'The medications'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', medicationQuerySchema),
      async (c) => c.json(await care.medications(c.get('farmId'), c.req.valid('query').q), 200),
    )
    .get(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'One care entry (to edit it)',
        responses: { 200: jsonContent(careEntrySchema, 'The entry'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(isoBoth(await care.findEntry(c.get('farmId'), c.req.param('id'))), 200),
    )
    .get(
      '/care-entries/:id/batch',
      describeRoute({
        tags: ['Care'],
        summary: 'Every entry of the batch this entry belongs to (to edit a group batch animal by animal)',
        responses: {
          200: jsonContent(z.array(careEntrySchema), 'The batch, by animal name'),
          ...errorResponses,
        },
      }),
      idParams('id'),
      async (c) => c.json((await care.batchOf(c.get('farmId'), c.req.param('id'))).map(isoBoth), 200),
    )
    .patch(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'Change the date and recorded values of an entry, or (?scope=batch) of its whole batch',
        responses: {
          200: jsonContent(z.array(careEntrySchema), 'The changed entries'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('query', scopeQuery),
      validate('json', careEntryUpdateSchema),
      async (c) => {
        const scope = c.req.valid('query').scope ?? 'entry';
        const rows = await care.updateEntry(c.get('farmId'), c.req.param('id'), scope, c.req.valid('json'));
        return c.json(rows.map(isoBoth), 200);
      },
    )
    .delete(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'Delete an entry, or (?scope=batch) its whole batch, with their reminders',
        responses: { 204: { description: 'Deleted' }, ...errorResponses, ...invalidQuery },
      }),
      idParams('id'),
      validate('query', scopeQuery),
      async (c) => {
        await care.deleteEntries(c.get('farmId'), c.req.param('id'), c.req.valid('query').scope ?? 'entry');
        return c.body(null, 204);
      },
    )
    .get(
      '/animals/:id/care-entries',
      describeRoute({
        tags: ['Care'],
        summary: 'An animal’s care history, newest first (50 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(careEntrySchema), 'A page of entries'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      idParams('id'),
      validate('query', pagedQuery),
      async (c) => {
        const page = await care.animalHistory(
          c.get('farmId'),
          c.req.param('id'),
          offsetOf(c.req.valid('query')),
        );
        return jsonText<Page<CareEntry>>(c, page);
      },
    )
    .get(
      '/animals/:id/weights',
      describeRoute({
        tags: ['Care'],
        summary:
          'An animal’s weighings, oldest first, each in the unit it was recorded in (its growth chart)',
        responses: { 200: jsonContent(animalWeightsSchema, 'The weighings'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await care.animalWeights(c.get('farmId'), c.req.param('id')), 200),
    )
    .get(
      '/groups/:id/weights',
      describeRoute({
        tags: ['Care'],
        summary: 'A group’s animals by name, each with its weighings oldest first (the group’s Weights view)',
        responses: {
          200: jsonContent(groupWeightsSchema, 'The animals and their weighings'),
          ...errorResponses,
        },
      }),
      idParams('id'),
      async (c) => c.json(await care.groupWeights(c.get('farmId'), c.req.param('id')), 200),
    )
    .get(
      '/groups/:id/care-log',
      describeRoute({
        tags: ['Care'],
        summary:
          'A group’s log: one row per batch recorded for it and one per own entry of its animals, newest first (25 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(careBatchSchema), 'A page of batches'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      idParams('id'),
      validate('query', pagedQuery),
      async (c) => {
        const page = await care.groupLog(c.get('farmId'), c.req.param('id'), offsetOf(c.req.valid('query')));
        return jsonText<Page<CareBatch>>(c, page);
      },
    );
}
