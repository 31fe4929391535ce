// POST /api/v1/animals/import: My Animals → 'Import Animals' sends the previewed rows here.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { importRequestSchema, importResultSchema } from '../../../shared/schemas/import';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { errorResponses, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileRepo } from '../account/profile.repo';
import { createImportService } from './import.service';

export function importRoutes(deps: { db: Database; profiles: ProfileRepo }) {
  const importer = createImportService(deps);
  return new Hono<AppEnv>().post(
    '/animals/import',
    describeRoute({
      tags: ['Animals'],
      summary:
        'Import animals (up to 1,000) in one transaction; animals the herd already has (same tag, or same name without a tag) are skipped',
      responses: {
        200: jsonContent(importResultSchema, 'How many were added and skipped'),
        ...invalidResponse,
        ...errorResponses,
      },
    }),
    validate('json', importRequestSchema),
    async (c) => c.json(await importer.importAnimals(c.get('farmId'), c.req.valid('json').rows), 200),
  );
}
