// The farm's money (issue 28 items 3-5): the API's bodies and answers, validated alike on both
// sides. Amounts are in the farm's currency, 0.00 to 10,000,000 with two decimals at most (stored
// as numeric(12, 2), so a value reads back exactly); a category is one of the lists below or the
// farm's own (up to 40 characters). Decision 0044.
import * as z from 'zod/mini';
import {
  calendarDate,
  latestTodayOnEarth,
  measurement,
  moneyOf,
  optionalText,
  pageOffset,
  recordId,
  requiredText,
} from './common';
import { milkUnits } from './milk';

/** What a farm keeps its money in (Farm Settings): all with cents, so two decimals fit each. */
export const currencies = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'ZAR',
] as const;
export type Currency = (typeof currencies)[number];
export const currencyMessage = `Choose one of ${currencies.join(', ')}`;
export const currencySchema = z.enum(currencies, currencyMessage);

export const moneyKinds = ['expense', 'income'] as const;
export type MoneyKind = (typeof moneyKinds)[number];

/** The categories offered; a farm may type its own instead. */
export const expenseCategories = ['Feed', 'Bedding', 'Vet', 'Medicine', 'Equipment', 'Other'] as const;
export const incomeCategories = ['Eggs', 'Milk', 'Animal sale', 'Breeding fee', 'Other'] as const;
/** What feed bought is filed under: a group's Feed view reads these expenses. */
export const feedCategory = 'Feed';
/** What the medicine cabinet's priced stock shows as, and an animal's sale. */
export const medicineCategory = 'Medicine';
export const animalSaleCategory = 'Animal sale';

export const maxAmount = 10_000_000;

/** 0.00–10,000,000, two decimals at most: what numeric(12, 2) holds exactly. */
export const moneyAmount = moneyOf('Amount');

const occurredOn = calendarDate({ max: latestTodayOnEarth, tooLate: 'Date cannot be in the future' });

const fields = {
  kind: z.enum(moneyKinds, 'Choose expense or income'),
  occurredOn,
  amount: moneyAmount,
  category: requiredText('Category', 40),
  /** what it was for: a group (the flock's feed) or an animal (a vet visit); both may be absent */
  groupId: z.nullish(recordId('Choose a group')),
  animalId: z.nullish(recordId('Choose an animal')),
  /** '4' bags: 0.001–1,000,000, three decimals at most (numeric(12, 3)) */
  quantity: z.nullish(measurement('Quantity', 1_000_000, 3)),
  quantityUnit: optionalText(40),
  note: optionalText(500),
};

/** POST /money; `id` chosen by the client makes a retry safe (the same entry, 200). */
export const moneyEntryCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  ...fields,
  /** absent: the farm's today */
  occurredOn: z.optional(occurredOn),
});
export type MoneyEntryCreate = z.input<typeof moneyEntryCreateSchema>;

/** PATCH /money/{id}: the fields sent change. */
export const moneyEntryUpdateSchema = z.partial(z.strictObject(fields));
export type MoneyEntryUpdate = z.input<typeof moneyEntryUpdateSchema>;

/** GET /money: a period (inclusive), one group's, one kind; ?offset= the next page. */
export const moneyListQuerySchema = z.object({
  from: z.optional(calendarDate()),
  to: z.optional(calendarDate()),
  groupId: z.optional(recordId('Not a valid id')),
  kind: z.optional(z.enum(moneyKinds, 'Choose expense or income')),
  offset: z.optional(pageOffset),
});

/** GET /money/summary: the period (this year to the farm's today without it), one group's or the farm's. */
export const moneySummaryQuerySchema = z.object({
  from: z.optional(calendarDate()),
  to: z.optional(calendarDate()),
  groupId: z.optional(recordId('Not a valid id')),
});

/** GET /groups/{id}/feed: the period (the last 12 months without it). */
export const feedQuerySchema = z.object({
  from: z.optional(calendarDate()),
  to: z.optional(calendarDate()),
});

/**
 * An entry of the Money list. `source` 'medicine' is stock received into the medicine cabinet with
 * a price, read from the cabinet (its id is the lot's; change it there); `animalSaleOf` names the
 * animal whose sale it is (change it on the animal's page).
 */
export const moneyEntrySchema = z.object({
  id: z.string(),
  source: z.enum(['entry', 'medicine']),
  kind: z.enum(moneyKinds),
  occurredOn: z.string(),
  amount: z.number(),
  category: z.string(),
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  animalId: z.nullable(z.string()),
  animalName: z.nullable(z.string()),
  quantity: z.nullable(z.number()),
  quantityUnit: z.nullable(z.string()),
  note: z.nullable(z.string()),
  animalSaleOf: z.nullable(z.string()),
  /** the cabinet's medicine, for 'medicine' rows (its page is where the lot is changed) */
  medicineId: z.nullable(z.string()),
  recordedBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MoneyEntry = z.infer<typeof moneyEntrySchema>;

const inOut = { income: z.number(), expenses: z.number() };

export const moneySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  groupId: z.nullable(z.string()),
  currency: currencySchema,
  totals: z.object({ ...inOut, net: z.number() }),
  /** every month of the period ('YYYY-MM'), oldest first */
  byMonth: z.array(z.object({ month: z.string(), ...inOut })),
  /** largest first */
  byCategory: z.array(z.object({ kind: z.enum(moneyKinds), category: z.string(), amount: z.number() })),
  /** each group with money in the period, by name; groupId null: the farm's money for no group */
  byGroup: z.array(
    z.object({ groupId: z.nullable(z.string()), groupName: z.nullable(z.string()), ...inOut }),
  ),
  /** the period's saleable eggs and the expenses per dozen of them; null without eggs */
  eggs: z.nullable(z.object({ eggs: z.number(), costPerDozen: z.number() })),
  /** the period's saleable milk in the farm's unit and the expenses per unit of it; null without milk */
  milk: z.nullable(z.object({ amount: z.number(), unit: z.enum(milkUnits), costPerUnit: z.number() })),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;

export const groupFeedSchema = z.object({
  groupId: z.string(),
  from: z.string(),
  to: z.string(),
  currency: currencySchema,
  /** the group's animals now: memberships keep no history */
  animals: z.number(),
  /** days from the first purchase in the period (or its start) to its end */
  days: z.number(),
  total: z.number(),
  /** total / (animals × days); null without animals or purchases */
  costPerAnimalPerDay: z.nullable(z.number()),
  /** every month of the period, oldest first */
  byMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
  /** newest first */
  purchases: z.array(
    z.object({
      id: z.string(),
      occurredOn: z.string(),
      amount: z.number(),
      quantity: z.nullable(z.number()),
      quantityUnit: z.nullable(z.string()),
      note: z.nullable(z.string()),
    }),
  ),
});
export type GroupFeed = z.infer<typeof groupFeedSchema>;
