// Eggs (issue 26): the API's bodies and answers, validated alike on both sides. Counts are whole
// eggs; a part (cracked, dirty, small, discarded) is never more than the collection's eggs, which
// the server checks against the stored count too (a change may send one without the other).
import * as z from 'zod/mini';
import { calendarDate, pageOffset, latestTodayOnEarth, optionalText, recordId } from './common';

export const maxEggs = 10_000;

const count = (label: string) =>
  z
    .int(`${label} must be a whole number`)
    .check(z.gte(0, `${label} must be 0 or more`), z.lte(maxEggs, `${label} must be at most ${maxEggs}`));

/** not after the farm's today (the server checks that in the farm's zone) */
const collectedOn = calendarDate({
  max: latestTodayOnEarth,
  tooLate: 'Collection date cannot be in the future',
});

const parts = {
  cracked: z.nullish(count('Cracked')),
  dirty: z.nullish(count('Dirty')),
  small: z.nullish(count('Small')),
  /** thrown away; absent: all of them while an animal of the group is under an egg withdrawal, else none */
  discarded: z.optional(count('Discarded')),
  note: optionalText(1000),
};

/** POST /egg-collections; `id` chosen by the client makes a retry safe (the same collection, 200). */
export const eggCollectionCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  groupId: recordId('Choose a group'),
  /** absent: the farm's today */
  collectedOn: z.optional(collectedOn),
  eggs: count('Eggs'),
  ...parts,
});
export type EggCollectionCreate = z.input<typeof eggCollectionCreateSchema>;

/** PATCH /egg-collections/{id}: the fields sent change; the group stays. */
export const eggCollectionUpdateSchema = z.partial(
  // partial: a field not sent stays absent (the note's blank-to-null would otherwise clear it)
  z.strictObject({ collectedOn, eggs: count('Eggs'), ...parts }),
);
export type EggCollectionUpdate = z.input<typeof eggCollectionUpdateSchema>;

/** GET /egg-collections: ?groupId= one group's, ?from= ?to= days (inclusive), ?offset= the next page. */
export const eggCollectionQuerySchema = z.object({
  groupId: z.optional(recordId('Not a valid id')),
  from: z.optional(calendarDate()),
  to: z.optional(calendarDate()),
  offset: z.optional(pageOffset),
});

/** GET /production/eggs: ?groupId= one group's, farm-wide without it. */
export const eggProductionQuerySchema = z.object({ groupId: z.optional(recordId('Not a valid id')) });

/** GET /groups/{id}/egg-withdrawal?date=: the day to check, the farm's today without it. */
export const eggWithdrawalQuerySchema = z.object({ date: z.optional(calendarDate()) });

/** An animal of the group under an egg withdrawal on the day: not safe for eggs until `until` (inclusive). */
export const eggWithdrawalSchema = z.object({ animalId: z.string(), name: z.string(), until: z.string() });
export type EggWithdrawal = z.infer<typeof eggWithdrawalSchema>;

export const eggCollectionSchema = z.object({
  id: z.string(),
  /** null once the group was deleted: the collection stays in the farm's totals */
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  collectedOn: z.string(),
  eggs: z.number(),
  cracked: z.nullable(z.number()),
  dirty: z.nullable(z.number()),
  small: z.nullable(z.number()),
  discarded: z.number(),
  /** eggs − discarded */
  saleable: z.number(),
  note: z.nullable(z.string()),
  /** the recorder's name ('by {name}'), and id (a farm sitter may change only their own); null if unknown */
  recordedBy: z.nullable(z.string()),
  recordedById: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EggCollection = z.infer<typeof eggCollectionSchema>;

/** The answer to a write: the collection, and the withdrawals that made it discarded (none: []). */
export const eggCollectionWrittenSchema = z.object({
  ...eggCollectionSchema.shape,
  withdrawal: z.array(eggWithdrawalSchema),
});
export type EggCollectionWritten = z.infer<typeof eggCollectionWrittenSchema>;

const eggCounts = { eggs: z.number(), saleable: z.number(), discarded: z.number() };

export const eggProductionSchema = z.object({
  groupId: z.nullable(z.string()),
  /** the farm's today */
  today: z.string(),
  /** female chickens now (of the group, or the farm) */
  hens: z.number(),
  todayCounts: z.object(eggCounts),
  /** Monday to today */
  week: z.object({ from: z.string(), ...eggCounts }),
  /** eggs per hen per day over the last 7 and 30 days (today included); null without hens */
  layRate: z.object({ last7: z.nullable(z.number()), last30: z.nullable(z.number()) }),
  /** the last 30 days, oldest first, every day present */
  byDay: z.array(z.object({ date: z.string(), ...eggCounts })),
  /** the last 12 months ('YYYY-MM'), oldest first, this month last */
  byMonth: z.array(z.object({ month: z.string(), ...eggCounts })),
});
export type EggProduction = z.infer<typeof eggProductionSchema>;
