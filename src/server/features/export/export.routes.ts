// /api/v1/export/csv and /api/v1/export/json: Account → 'Export Data' → 'Download CSV' (a ZIP of
// one CSV per kind of record) and 'Download JSON' (everything, for an import), streamed.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { exportDocumentSchema, importDocumentResultSchema } from '../../../shared/schemas/export';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError, NotFoundError } from '../../http/errors';
import { errorResponses, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { overLimit, type Limit } from '../../http/rate-limit';
import type { ExportRepo } from './export.repo';
import { createExportService, exportName } from './export.service';
import { createDocumentImport } from './import-document.service';

/** Exports per farm: a download now and then, never a loop reading the database flat out. */
export const exportLimit: Limit = { max: 30, windowMs: 15 * 60 * 1000 };

export function exportRoutes(deps: { repo: ExportRepo; db: Database }) {
  const exports = createExportService(deps.repo);
  const documents = createDocumentImport(deps.db);

  async function start(farmId: string) {
    if (await overLimit(deps.db, `export:${farmId}`, exportLimit)) {
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many exports. Please wait a few minutes.');
    }
    const farm = await exports.farm(farmId);
    if (!farm) throw new NotFoundError('Farm');
    return farm;
  }

  return new Hono<AppEnv>()
    .get(
      '/export/csv',
      describeRoute({
        tags: ['Export'],
        summary:
          'The farm’s records as a ZIP of CSV files: animals, groups, care entries, reminders, breedings, eggs and milk, medicines, money',
        responses: { 200: { description: 'application/zip' }, ...errorResponses },
      }),
      async (c) => {
        const farm = await start(c.get('farmId'));
        return c.body(exports.csvZip(c.get('farmId')), 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${exportName(farm.name, 'zip', farm.time_zone)}"`,
        });
      },
    )
    .post(
      '/import',
      describeRoute({
        tags: ['Export'],
        summary: 'Import a ‘Download JSON’ document into this farm, which must be empty (409 otherwise)',
        responses: {
          200: jsonContent(importDocumentResultSchema, 'How many rows were imported'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', exportDocumentSchema),
      async (c) => c.json(await documents.importDocument(c.get('farmId'), c.req.valid('json')), 200),
    )
    .get(
      '/export/json',
      describeRoute({
        tags: ['Export'],
        summary: 'Everything of the farm’s records in one JSON document, which an import reads back',
        responses: { 200: jsonContent(exportDocumentSchema, 'The document'), ...errorResponses },
      }),
      async (c) => {
        const farm = await start(c.get('farmId'));
        return c.body(exports.json(c.get('farmId'), farm, await exports.builtInSpecies()), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportName(farm.name, 'json', farm.time_zone)}"`,
        });
      },
    );
}
