// Animals: what the API accepts and answers; sex values and their labels.
import * as z from 'zod/mini';
import { optionalText } from './common';
import { weightUnits } from './profile';

export const sexValues = ['female', 'male', 'castrated_male', 'spayed_female'] as const;
export type Sex = (typeof sexValues)[number];
export const sexLabels: Record<Sex, string> = {
  female: 'Female',
  male: 'Male',
  castrated_male: 'Castrated Male',
  spayed_female: 'Spayed Female',
};

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const birthDateSchema = z.pipe(
  z.nullish(
    z.union([z.literal(''), z.string().check(z.refine(isCalendarDate, 'Use a date like 2024-03-15'))]),
  ),
  z.transform((value) => value || null),
);

const weightSchema = z.nullish(
  z
    .number('Weight must be a number')
    .check(z.positive('Weight must be more than 0'), z.lte(100_000, 'Weight must be at most 100000')),
);

const groupIdsSchema = z.array(z.uuid('Not a valid group id')).check(
  z.maxLength(100, 'At most 100 groups'),
  z.refine((ids) => new Set(ids).size === ids.length, 'A group is listed twice'),
);

const animalFields = {
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Must be at most 100 characters')),
  breed: optionalText(100),
  sex: z.nullish(z.enum(sexValues, 'Choose Female, Male, Castrated Male or Spayed Female')),
  birthDate: birthDateSchema,
  weight: weightSchema,
  /** the unit of `weight`; the farm's current unit when left out */
  weightUnit: z.optional(z.enum(weightUnits, 'Choose lbs or kg')),
  speciesId: z.nullish(z.uuid('Not a valid species id')),
  color: optionalText(60),
  dam: optionalText(100),
  sire: optionalText(100),
  tagId: optionalText(60),
};

export const animalCreateSchema = z.strictObject({
  id: z.optional(z.uuid('Must be a UUID')),
  ...animalFields,
  groupIds: groupIdsSchema.check(z.minLength(1, 'Choose at least one group')),
});
export type AnimalCreate = z.input<typeof animalCreateSchema>;

export const animalUpdateSchema = z.partial(z.strictObject({ ...animalFields, groupIds: groupIdsSchema }));
export type AnimalUpdate = z.input<typeof animalUpdateSchema>;

export const groupChipSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });

export const animalSchema = z.object({
  id: z.string(),
  name: z.string(),
  breed: z.nullable(z.string()),
  sex: z.nullable(z.enum(sexValues)),
  birthDate: z.nullable(z.string()),
  weight: z.nullable(z.number()),
  weightUnit: z.nullable(z.enum(weightUnits)),
  speciesId: z.nullable(z.string()),
  speciesName: z.nullable(z.string()),
  color: z.nullable(z.string()),
  dam: z.nullable(z.string()),
  sire: z.nullable(z.string()),
  tagId: z.nullable(z.string()),
  /** display-size photo (WebP), or null */
  photoUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  groups: z.array(groupChipSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Animal = z.infer<typeof animalSchema>;

export const speciesSchema = z.object({ id: z.string(), name: z.string(), custom: z.boolean() });
export type Species = z.infer<typeof speciesSchema>;

export const speciesCreateSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Species name is required'),
      z.maxLength(60, 'Must be at most 60 characters'),
    ),
});

export const photoLimits = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
};
