// Milk (issue 26): the API's bodies and answers, validated alike on both sides. A milk record is one
// doe's milk at one milking; it keeps the unit it was recorded in, and every total is answered in
// the farm's milk unit (lbs, kg, L or gal), converted like weights are (src/shared/units/milk.ts).
// The part discarded for a milk withdrawal is stored, saleable computed (as eggs, decision 0037).
import * as z from 'zod/mini';
import { milkings } from '../units/milk';
import { calendarDate, pageOffset, latestTodayOnEarth, measurement, optionalText, recordId } from './common';

export const milkUnits = ['lbs', 'kg', 'L', 'gal'] as const;
export type MilkUnit = (typeof milkUnits)[number];
export const milkUnitMessage = 'Choose lbs, kg, L or gal';

/** A day's milkings: their list and labels live apart from the schemas. */
export { milkingLabels, milkings, type Milking } from '../units/milk';

export const maxMilk = 1000;
/** 0.01–1,000 in the unit, two decimals at most (numeric(7, 2)) */
const amount = measurement('Amount', maxMilk, 2);
/** the part thrown away: 0 up to the amount (the server checks it against the amount) */
const discarded = z.number('Discarded must be a number').check(
  z.gte(0, 'Discarded must be 0 or more'),
  z.lte(maxMilk, `Discarded must be at most ${maxMilk}`),
  z.refine((value) => Number(value.toFixed(2)) === value, 'Discarded can have at most 2 decimal places'),
);

/** not after the farm's today (the server checks that in the farm's zone) */
const milkedOn = calendarDate({ max: latestTodayOnEarth, tooLate: 'Milking date cannot be in the future' });

export const maxMilkBatch = 100;

/** One doe's milk in a POST: `id` chosen by the client makes a retry safe (the same record, not two). */
export const milkRecordItemSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  animalId: recordId('Choose a female animal'),
  amount,
  /** absent: all of it while the doe is under a milk withdrawal on the day, else none */
  discarded: z.optional(discarded),
  note: optionalText(1000),
});

/**
 * POST /milk-records: one doe's milking (from her page) or several at once (a group's page, one
 * field per female; blank ones are not sent). Each animal must be a female of the farm (422 naming
 * `records.N.animalId`). All or nothing.
 */
export const milkRecordCreateSchema = z.strictObject({
  /** absent: the farm's today */
  milkedOn: z.optional(milkedOn),
  milking: z.enum(milkings, 'Choose Morning, Evening or Once a day'),
  /** absent: the farm's milk unit */
  unit: z.optional(z.enum(milkUnits, milkUnitMessage)),
  /** the group it was recorded from (its page), if any: kept for the group's production */
  groupId: z.nullish(recordId('Not a valid group id')),
  records: z
    .array(milkRecordItemSchema)
    .check(
      z.minLength(1, 'Enter at least one amount'),
      z.maxLength(maxMilkBatch, `At most ${maxMilkBatch} at once`),
    ),
});
export type MilkRecordCreate = z.input<typeof milkRecordCreateSchema>;

/** PATCH /milk-records/{id}: the fields sent change; the animal stays. */
export const milkRecordUpdateSchema = z.partial(
  z.strictObject({
    milkedOn,
    milking: z.enum(milkings, 'Choose Morning, Evening or Once a day'),
    unit: z.enum(milkUnits, milkUnitMessage),
    amount,
    discarded,
    note: optionalText(1000),
  }),
);
export type MilkRecordUpdate = z.input<typeof milkRecordUpdateSchema>;

/** GET /milk-records: ?animalId= one doe's, ?groupId= a group's does', ?from= ?to= (inclusive), ?offset=. */
export const milkRecordQuerySchema = z.object({
  animalId: z.optional(recordId('Not a valid id')),
  groupId: z.optional(recordId('Not a valid id')),
  from: z.optional(calendarDate()),
  to: z.optional(calendarDate()),
  offset: z.optional(pageOffset),
});

/** GET /production/milk: ?groupId= a group's does, ?animalId= one doe, farm-wide without either. */
export const milkProductionQuerySchema = z.object({
  groupId: z.optional(recordId('Not a valid id')),
  animalId: z.optional(recordId('Not a valid id')),
});

/** GET /groups/{id}/milk-withdrawal?date= and /animals/{id}/milk-withdrawal?date= */
export const milkWithdrawalQuerySchema = z.object({ date: z.optional(calendarDate()) });

/** A doe under a milk withdrawal on the day: not safe for milk until `until` (inclusive). */
export const milkWithdrawalSchema = z.object({ animalId: z.string(), name: z.string(), until: z.string() });
export type MilkWithdrawal = z.infer<typeof milkWithdrawalSchema>;

export const milkRecordSchema = z.object({
  id: z.string(),
  animalId: z.string(),
  animalName: z.string(),
  /** the group it was recorded from; null if none (or deleted since) */
  groupId: z.nullable(z.string()),
  milkedOn: z.string(),
  milking: z.enum(milkings),
  /** as recorded, in `unit` */
  amount: z.number(),
  unit: z.enum(milkUnits),
  discarded: z.number(),
  /** amount − discarded */
  saleable: z.number(),
  note: z.nullable(z.string()),
  recordedBy: z.nullable(z.string()),
  recordedById: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MilkRecord = z.infer<typeof milkRecordSchema>;

/** The answer to a PATCH: the record, and the withdrawal on its day (none: []), as when recorded. */
export const milkRecordWrittenSchema = z.object({
  ...milkRecordSchema.shape,
  withdrawal: z.array(milkWithdrawalSchema),
});
export type MilkRecordWritten = z.infer<typeof milkRecordWrittenSchema>;

/** The answer to a POST: the records, and the withdrawals that made them discarded (none: []). */
export const milkRecordsWrittenSchema = z.object({
  records: z.array(milkRecordSchema),
  withdrawal: z.array(milkWithdrawalSchema),
});
export type MilkRecordsWritten = z.infer<typeof milkRecordsWrittenSchema>;

/** amounts in the farm's milk unit, rounded to two decimals */
const milkAmounts = { amount: z.number(), saleable: z.number(), discarded: z.number() };

export const doeProductionSchema = z.object({
  animalId: z.string(),
  name: z.string(),
  /** the last milking recorded, in the farm's unit; null if never milked */
  lastMilking: z.nullable(z.object({ milkedOn: z.string(), milking: z.enum(milkings), amount: z.number() })),
  /** milk per day over the last 7 days (today included), in the farm's unit */
  average7: z.number(),
  /** her last recorded birth (Record Birth: a kid with her as dam, or a breeding marked born); null if none */
  lactationStart: z.nullable(z.string()),
  /** days since lactationStart (that day: 0); null without a birth */
  daysInMilk: z.nullable(z.number()),
  /** since lactationStart (or all her milk, without one) */
  lactation: z.object(milkAmounts),
  /** the last 30 days, oldest first, every day present */
  byDay: z.array(z.object({ date: z.string(), ...milkAmounts })),
});
export type DoeProduction = z.infer<typeof doeProductionSchema>;

export const milkProductionSchema = z.object({
  groupId: z.nullable(z.string()),
  animalId: z.nullable(z.string()),
  /** the farm's today and milk unit: every amount below is in it */
  today: z.string(),
  unit: z.enum(milkUnits),
  todayTotals: z.object(milkAmounts),
  /** Monday to today */
  week: z.object({ from: z.string(), ...milkAmounts }),
  /** the females of the group (or the farm, or the one doe) that have any milk recorded, by name */
  does: z.array(doeProductionSchema),
});
export type MilkProduction = z.infer<typeof milkProductionSchema>;
