// Animals: what the API accepts and answers; sex values and their labels.
import * as z from 'zod/mini';
import {
  calendarDate,
  latestTodayOnEarth,
  measurement,
  moneyOf,
  optionalText,
  recordId,
  requiredText,
  safeString,
} from './common';
import { weightUnits } from './profile';
import { withdrawalKinds } from '../care/withdrawal';
import { electronicIdDigits, electronicIdProblem } from '../animals/electronic-id';
import { animalSortValues, exitKinds, noGroup, sexValues, underWithdrawal } from '../animals/values';

export {
  animalSortLabels,
  animalSortValues,
  exitKindLabels,
  exitKinds,
  meatExits,
  noGroup,
  sexLabels,
  sexValues,
  underWithdrawal,
  type AnimalSort,
  type ExitKind,
  type Sex,
} from '../animals/values';

/** Born between 1900-01-01 and today (anywhere on Earth: the farm's zone may be UTC+14). */
const birthDateSchema = z.pipe(
  z.nullish(
    z.union([
      z.literal(''),
      calendarDate({ max: latestTodayOnEarth, tooLate: 'Birth date cannot be in the future' }),
    ]),
  ),
  z.transform((value) => value || null),
);

/** numeric(9, 2) in the database: 0.01 to 100000, two decimals at most */
const weightSchema = z.nullish(measurement('Weight', 100_000, 2));

export const groupIdsSchema = z.array(recordId('Not a valid group id')).check(
  z.maxLength(100, 'At most 100 groups'),
  z.refine((ids) => new Set(ids).size === ids.length, 'A group is listed twice'),
);

/**
 * 'Electronic ID' (ISO 11784/11785): 15 digits as a reader types them, spaces or dashes between
 * groups allowed and dropped; the first three a country or manufacturer code. Blank → null.
 */
export const electronicIdSchema = z.pipe(
  z.nullish(safeString().check(z.trim(), z.maxLength(40, 'An Electronic ID is 15 digits'))),
  z.pipe(
    z.transform((value: string | null | undefined) => (value ? electronicIdDigits(value) : null)),
    z.nullable(z.string()).check(
      z.refine((digits) => digits === null || electronicIdProblem(digits) === null, {
        // zod/mini's refine message is fixed: the function below names the exact problem
        error: (issue) => electronicIdProblem(String(issue.input)) ?? 'Not an Electronic ID',
      }),
    ),
  ),
);

const animalFields = {
  name: requiredText('Name', 100),
  breed: optionalText(100),
  sex: z.nullish(z.enum(sexValues, 'Choose Female, Male, Castrated Male or Spayed Female')),
  birthDate: birthDateSchema,
  weight: weightSchema,
  /** the unit of `weight`; the farm's current unit when left out */
  weightUnit: z.optional(z.enum(weightUnits, 'Choose lbs or kg')),
  speciesId: z.nullish(recordId('Not a valid species id')),
  color: optionalText(60),
  /** a parent from elsewhere, by name; a linked parent (damId) names itself */
  dam: optionalText(100),
  sire: optionalText(100),
  /** a parent of this farm; null unlinks it (its name stays) */
  damId: z.nullish(recordId('Choose a dam from your animals')),
  sireId: z.nullish(recordId('Choose a sire from your animals')),
  tagId: optionalText(60),
  electronicId: electronicIdSchema,
};

export const animalCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  ...animalFields,
  groupIds: groupIdsSchema.check(z.minLength(1, 'Choose at least one group')),
});
export type AnimalCreate = z.input<typeof animalCreateSchema>;

export const animalUpdateSchema = z.partial(z.strictObject({ ...animalFields, groupIds: groupIdsSchema }));
export type AnimalUpdate = z.input<typeof animalUpdateSchema>;

export const groupChipSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });

/** The last day of each withdrawal (WithdrawalEnds in shared/care/withdrawal.ts). */
export const withdrawalEndsSchema = z.object({
  meat: z.nullable(z.string()),
  milk: z.nullable(z.string()),
  eggs: z.nullable(z.string()),
  /** the kinds whose last day comes from an organic treatment (doubled); absent when none */
  organic: z.optional(z.array(z.enum(withdrawalKinds))),
});

// ---- Leaving the herd (issue 28, decision 0043) ------------------------------------------------

/**
 * POST /animals/{id}/exit: how it left, on which day (not in the future, not before its birth or
 * its last record: the server checks those), a note (cause, buyer) and, for a sale, its price.
 */
export const animalExitSchema = z
  .strictObject({
    kind: z.enum(exitKinds, 'Choose Sold, Died, Culled, Given Away or Lost'),
    date: calendarDate({ max: latestTodayOnEarth, tooLate: 'The date cannot be in the future' }),
    note: optionalText(500),
    price: z.optional(z.nullable(moneyOf('Price'))),
  })
  .check(
    z.refine((exit) => exit.price == null || exit.kind === 'sold', {
      message: 'Only a sale has a price',
      path: ['price'],
    }),
  );
export type AnimalExitInput = z.input<typeof animalExitSchema>;

/** How an animal left the herd, as the API answers it; null while it is in the herd. */
export const animalExitStateSchema = z.object({
  kind: z.enum(exitKinds),
  date: z.string(),
  note: z.nullable(z.string()),
  price: z.nullable(z.number()),
});
export type AnimalExit = z.infer<typeof animalExitStateSchema>;

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
  damId: z.nullable(z.string()),
  sireId: z.nullable(z.string()),
  tagId: z.nullable(z.string()),
  /** ISO 11784/11785, 15 digits */
  electronicId: z.nullable(z.string()),
  /** display-size photo (WebP), or null */
  photoUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  groups: z.array(groupChipSchema),
  withdrawal: z.nullable(withdrawalEndsSchema),
  /** how it left the herd; null while it is in it */
  exit: z.nullable(animalExitStateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Animal = z.infer<typeof animalSchema>;

/**
 * An animal as a list shows it (My Animals, a group's animals, the pickers): what its card shows,
 * with its groups as ids the client matches with the groups it already has. The rest is on
 * GET /animals/{id}.
 */
export const animalListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  speciesName: z.nullable(z.string()),
  sex: z.nullable(z.enum(sexValues)),
  birthDate: z.nullable(z.string()),
  weight: z.nullable(z.number()),
  weightUnit: z.nullable(z.enum(weightUnits)),
  breed: z.nullable(z.string()),
  tagId: z.nullable(z.string()),
  /** absent on an item written before migration 0038 */
  electronicId: z.optional(z.nullable(z.string())),
  thumbnailUrl: z.nullable(z.string()),
  groupIds: z.array(z.string()),
  /** the last day of each withdrawal (null: never had one); badges ask activeWithdrawals */
  withdrawal: z.nullable(withdrawalEndsSchema),
  /** how and when it left the herd ('Sold Nov 20'); null (or absent, on an item written before) while it is in it */
  exit: z.optional(z.nullable(z.object({ kind: z.enum(exitKinds), date: z.string() }))),
});
export type AnimalListItem = z.infer<typeof animalListItemSchema>;

/** One ancestor in an animal's pedigree: `position` is its path from the animal ('dam', 'dam.sire'). */
export const pedigreeNodeSchema = z.object({
  position: z.string(),
  /** null for an animal from elsewhere, known by name only */
  id: z.nullable(z.string()),
  name: z.string(),
});
export type PedigreeNode = z.infer<typeof pedigreeNodeSchema>;

/** How many generations of ancestors a pedigree shows: parents, grandparents, great-grandparents. */
export const pedigreeDepth = 3;

export const offspringSchema = z.object({
  id: z.string(),
  name: z.string(),
  sex: z.nullable(z.enum(sexValues)),
  birthDate: z.nullable(z.string()),
  /** which parent the animal is to it */
  parent: z.enum(['dam', 'sire']),
});
export type Offspring = z.infer<typeof offspringSchema>;

/** GET /animals/{id}/family: its ancestors to `pedigreeDepth` and its offspring, oldest first. */
export const animalFamilySchema = z.object({
  pedigree: z.array(pedigreeNodeSchema),
  offspring: z.array(offspringSchema),
});
export type AnimalFamily = z.infer<typeof animalFamilySchema>;

/**
 * GET /api/v1/animals?q=&group=&species=&sex=&sort= — every part optional: `q` matches name, tag
 * ID or breed (any case, anywhere in the text, taken literally); `group` a group id or 'none'.
 */
export const animalListQuerySchema = z.object({
  q: z.optional(
    safeString('Search for text').check(z.trim(), z.maxLength(100, 'Must be at most 100 characters')),
  ),
  group: z.optional(z.union([z.literal(noGroup), recordId()], 'Choose a group from the list, or No group')),
  species: z.optional(recordId('Choose a species from the list')),
  sex: z.optional(z.enum(sexValues, 'Choose Female, Male, Castrated Male or Spayed Female')),
  /** 'active': only animals under a withdrawal on the farm's today */
  withdrawal: z.optional(z.literal(underWithdrawal, 'Filter by withdrawal with: active')),
  sort: z.optional(z.enum(animalSortValues, `Sort by one of: ${animalSortValues.join(', ')}`)),
  /** 'true': 'Include past animals' (sold, died…) beside those in the herd */
  past: z.optional(z.literal('true', 'Include past animals with: true')),
});
export type AnimalListQuery = z.input<typeof animalListQuerySchema>;

export type AnimalListFilter = z.output<typeof animalListQuerySchema>;

/**
 * GET /api/v1/animals/by-tag?code= — what a tag reader or the camera read: a tag (any case, spaces
 * and dashes ignored) or an Electronic ID.
 */
export const tagLookupQuerySchema = z.object({
  code: safeString('Type or scan a tag').check(
    z.trim(),
    z.maxLength(100, 'Must be at most 100 characters'),
    z.refine((code) => /[^\s-]/.test(code), 'Type or scan a tag'),
  ),
});

/** The animal a tag names. */
export const tagMatchSchema = z.object({ id: z.string(), name: z.string() });
export type TagMatch = z.infer<typeof tagMatchSchema>;

export const speciesSchema = z.object({
  id: z.string(),
  name: z.string(),
  custom: z.boolean(),
  /** days from breeding to birth: the farm's own, else the built-in default; null when unknown */
  gestationDays: z.nullable(z.number()),
});
export type Species = z.infer<typeof speciesSchema>;

export const speciesCreateSchema = z.strictObject({
  name: requiredText('Species name', 60),
});

export const photoLimits = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
};
