// Account → 'Export Data' → 'Download JSON': the farm's records in one document, which an import
// reads back — its tables' rows as the database keeps them, parents first, without farm ids.
import * as z from 'zod/mini';

export const exportDocumentSchema = z.object({
  format: z.literal('paddock-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  farm: z.object({
    name: z.nullable(z.string()),
    timeZone: z.string(),
    weightUnit: z.enum(['lbs', 'kg']),
  }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
