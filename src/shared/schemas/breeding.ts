// Breedings and births (issue 11): the API's bodies and answers, validated alike on both sides.
import * as z from 'zod/mini';
import { gestationLimits } from '../animals/breeding';
import { sexValues } from './animals';
import {
  calendarDate,
  latestTodayOnEarth,
  measurement,
  optionalText,
  recordId,
  requiredText,
} from './common';
import { weightUnits } from './profile';

const pastDate = (tooLate: string) => calendarDate({ max: latestTodayOnEarth, tooLate });

export const gestationDaysSchema = z
  .int('Gestation must be a whole number of days')
  .check(
    z.gte(gestationLimits.min, `Gestation must be ${gestationLimits.min} to ${gestationLimits.max} days`),
    z.lte(gestationLimits.max, `Gestation must be ${gestationLimits.min} to ${gestationLimits.max} days`),
  );

/** POST /animals/{damId}/breedings: the sire is one of the farm's (sireId) or named (sire). */
export const breedingCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  bredOn: pastDate('Breeding date cannot be in the future'),
  sireId: z.nullish(recordId('Choose a sire from your animals')),
  sire: optionalText(100),
  gestationDays: gestationDaysSchema,
  note: optionalText(1000),
});
export type BreedingCreate = z.input<typeof breedingCreateSchema>;

export const breedingSchema = z.object({
  id: z.string(),
  damId: z.string(),
  bredOn: z.string(),
  sireId: z.nullable(z.string()),
  sire: z.nullable(z.string()),
  gestationDays: z.number(),
  expectedOn: z.string(),
  note: z.nullable(z.string()),
  reminderId: z.nullable(z.string()),
  /** the day its birth was recorded; null while expected */
  bornOn: z.nullable(z.string()),
});
export type Breeding = z.infer<typeof breedingSchema>;

export const newbornSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  name: requiredText('Name', 100),
  sex: z.nullish(z.enum(sexValues, 'Choose Female, Male, Castrated Male or Spayed Female')),
  /** birth weight in `weightUnit` */
  weight: z.nullish(measurement('Birth weight', 100_000, 2)),
});

export const maxLitter = 20;

/**
 * POST /animals/{damId}/births: one or several newborns, with the dam's groups, dam and sire; from
 * a breeding (its sire, and it is marked born) or not. Ids chosen by the client make a repeat safe.
 */
export const birthCreateSchema = z.strictObject({
  bornOn: pastDate('Birth date cannot be in the future'),
  breedingId: z.nullish(recordId('Not a valid breeding id')),
  sireId: z.nullish(recordId('Choose a sire from your animals')),
  sire: optionalText(100),
  weightUnit: z.optional(z.enum(weightUnits, 'Choose lbs or kg')),
  offspring: z
    .array(newbornSchema)
    .check(
      z.minLength(1, 'Add at least one newborn'),
      z.maxLength(maxLitter, `At most ${maxLitter} at once`),
    ),
});
export type BirthCreate = z.input<typeof birthCreateSchema>;

export const birthSchema = z.object({
  offspring: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Birth = z.infer<typeof birthSchema>;
