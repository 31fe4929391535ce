// Account → 'Export Data' → 'Download JSON': the farm's records in one document, which an import
// reads back — its tables' rows as the database keeps them, parents first, without farm ids.
import * as z from 'zod/mini';
import { milkUnitMessage, milkUnits } from './milk';
import { currencySchema } from './money';
import { farmNameSchema, timeZoneSchema } from './profile';

export const exportDocumentSchema = z.object({
  format: z.literal('paddock-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  farm: z.object({
    name: farmNameSchema,
    timeZone: timeZoneSchema,
    weightUnit: z.enum(['lbs', 'kg']),
    /** absent in a file from before milk (issue 26): the farm's milk is then in its weight unit */
    milkUnit: z.optional(z.enum(milkUnits, milkUnitMessage)),
    /** absent in a file from before organic farms (decision 0040): not organic */
    organic: z.optional(z.boolean()),
    /** absent in a file from before money (issue 28): US dollars, the default */
    currency: z.optional(currencySchema),
  }),
  /** the built-in species (ids differ between installations: an import maps them by name) */
  builtInSpecies: z.array(z.object({ id: z.string(), name: z.string() })),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/** POST /import: what an import of a document into an empty farm added. */
export const importDocumentResultSchema = z.object({ rows: z.number() });
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
