// POST /api/v1/animals/import: My Animals → 'Import Animals' sends the previewed rows here.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { importKnownSchema, importRequestSchema, importResultSchema } from '../../../shared/schemas/import';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { errorResponses, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileService } from '../account/profile.service';
import { createImportService } from './import.service';

export function importRoutes(deps: { db: Database; profiles: ProfileService }) {
  const importer = createImportService(deps);
  return new Hono<AppEnv>()
    .get(
      '/animals/import/known',
      describeRoute({
        tags: ['Animals'],
        summary:
          'The herd’s animals (name and tag), for the import preview to show rows the herd already has',
        responses: { 200: jsonContent(importKnownSchema, 'The herd’s names and tags'), ...errorResponses },
      }),
      async (c) => c.json(await importer.known(c.get('farmId')), 200),
    )
    .post(
      '/animals/import',
      describeRoute({
        tags: ['Animals'],
        summary:
          'Import animals (up to 1,000) in one transaction, with their notes and weighings; the same animal twice is a 422, one the herd already has (same tag, or same name without a tag) a 409',
        responses: {
          200: jsonContent(importResultSchema, 'How many animals, notes and weighings were added'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', importRequestSchema),
      async (c) =>
        c.json(await importer.importAnimals(c.get('farmId'), c.req.valid('json').rows, c.get('userId')), 200),
    );
}
