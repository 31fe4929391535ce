// /api/v1/medicine-warnings and the cabinet's 'Dismiss' buttons: the HTTP layer only; the rules
// live in warnings.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { medicineWarningSchema, type MedicineWarning } from '../../../shared/schemas/medicine-warnings';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, jsonContent } from '../../http/openapi';
import type { WarningsService } from './warnings.service';

export function warningsRoutes(warnings: WarningsService) {
  return new Hono<AppEnv>()
    .get(
      '/medicine-warnings',
      describeRoute({
        tags: ['Medicines'],
        summary:
          'The cabinet’s warnings on the farm’s today: lots holding stock that expired or expire within 30 days, and medicines whose stock in hand is below their level, less those dismissed',
        responses: { 200: jsonContent(z.array(medicineWarningSchema), 'The warnings'), ...errorResponses },
      }),
      async (c) => jsonText<MedicineWarning[]>(c, await warnings.list(c.get('farmId'))),
    )
    .post(
      '/medicine-lots/:id/dismiss-expiry',
      describeRoute({
        tags: ['Medicines'],
        summary:
          'Dismiss a lot’s expiry warning: it stays away while the lot is as it is now (one dismissed while expiring warns again once expired)',
        responses: { 204: { description: 'Dismissed' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await warnings.dismissExpiry(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .post(
      '/medicines/:id/dismiss-low-stock',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Dismiss a medicine’s low-stock warning until stock is next received',
        responses: { 204: { description: 'Dismissed' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await warnings.dismissLowStock(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    );
}
