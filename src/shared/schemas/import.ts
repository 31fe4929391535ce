// My Animals → 'Import Animals': the rows the browser sends once the file is read, mapped and
// previewed (src/shared/animals/import.ts), which the server validates again and imports at once.
import * as z from 'zod/mini';
import { electronicIdSchema, sexValues } from './animals';
import {
  calendarDate,
  latestTodayOnEarth,
  measurement,
  optionalText,
  requiredText,
  safeString,
} from './common';

/** At most this many animals per import: several times a hobby farm. */
export const importRowLimit = 1000;

export const importRowSchema = z.strictObject({
  name: requiredText('Name', 100),
  tagId: optionalText(60),
  electronicId: electronicIdSchema,
  species: optionalText(60),
  breed: optionalText(100),
  sex: z.nullish(z.enum(sexValues, 'Choose Female, Male, Castrated Male or Spayed Female')),
  birthDate: z.nullish(
    calendarDate({ max: latestTodayOnEarth, tooLate: 'Birth date cannot be in the future' }),
  ),
  weight: z.nullish(measurement('Weight', 100_000, 2)),
  dam: optionalText(100),
  sire: optionalText(100),
  /** group names: found (any case) or made; none puts the animal in 'Imported' */
  groups: z.array(safeString().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(20)),
  /** a Notes column: the animal's first note (a note care entry, dated the import day) */
  notes: optionalText(5000),
  /** when the weight was taken (a weight care entry of that day); none: the import day */
  weighedOn: z.nullish(
    calendarDate({ max: latestTodayOnEarth, tooLate: 'Weighed on cannot be in the future' }),
  ),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRequestSchema = z.strictObject({
  rows: z
    .array(importRowSchema)
    .check(
      z.minLength(1, 'Nothing to import'),
      z.maxLength(importRowLimit, `At most ${importRowLimit} animals at once`),
    ),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const importResultSchema = z.object({
  /** animals added: every row sent (a row the herd already has refuses the import, 409) */
  created: z.number(),
  /** note care entries made from a Notes column */
  notes: z.number(),
  /** weight care entries made from a Weight column */
  weighings: z.number(),
});

/** GET /animals/import/known: the herd's animals, so the preview shows a row the herd already has. */
export const importKnownSchema = z.object({
  animals: z.array(
    z.object({
      name: z.string(),
      tagId: z.nullable(z.string()),
      /** absent from a server before migration 0038 */
      electronicId: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type ImportKnown = z.infer<typeof importKnownSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
