// The medicine cabinet (issue 27): the API's bodies and answers, validated alike on both sides. A
// medicine is what the label says (unit, route, dose, withdrawal days, schedule); its stock is kept
// in lots (a bottle or box with its lot number and expiry), and a lot's stock is the sum of its
// movements: received, used, disposed, corrected. Nothing edits a quantity (decision 0039).
import * as z from 'zod/mini';
import { medicalEntryCreateSchema, medicineRoutes } from './care';
import {
  calendarDate,
  latestTodayOnEarth,
  measurement,
  optionalText,
  recordId,
  requiredText,
} from './common';
import { weightUnits } from './profile';
import { medicineUnits } from '../medicines/units';

export { medicineUnitLabels, medicineUnits, type MedicineUnit } from '../medicines/units';

export const maxQuantity = 1_000_000;
/** 0.001–1,000,000 in the medicine's unit, three decimals at most (numeric(10, 3)) */
const quantity = measurement('Quantity', maxQuantity, 3);
/** a dose in the medicine's unit: as a care entry's dosage (numeric(12, 3)) */
const doseAmount = (label: string) => measurement(label, 100_000, 3);
/** the weight a by-weight dose is given per: as a weight (numeric(9, 2)) */
const perWeight = measurement('Per weight', 100_000, 2);
/** ≥ 0 with two decimals at most, up to 1,000,000 (numeric(10, 2)) */
const price = z.number('Price must be a number').check(
  z.gte(0, 'Price must be 0 or more'),
  z.lte(1_000_000, 'Price must be at most 1000000'),
  z.refine((value) => Number(value.toFixed(2)) === value, 'Price can have at most 2 decimal places'),
);
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .int(`${label} must be a whole number`)
    .check(z.gte(min, `${label} must be at least ${min}`), z.lte(max, `${label} must be at most ${max}`));

/**
 * The label's dose: 'fixed' (`amount` per animal, '2 mL') or 'by-weight' (`amount` per `perWeight`
 * of body weight, '1 mL per 10 kg', in `weightUnit`: the farm's unit when not sent, stored with
 * it), optionally capped at `maxDose` per animal.
 */
export const medicineDoseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), amount: doseAmount('Dose') }),
  z.strictObject({
    kind: z.literal('by-weight'),
    amount: doseAmount('Dose'),
    perWeight,
    weightUnit: z.optional(z.enum(weightUnits, 'Choose lbs or kg')),
    maxDose: z.nullish(doseAmount('Maximum dose')),
  }),
]);

/**
 * A vaccine's course: `initialDoses` (1–10) given `daysApart` days apart (needed with two or more,
 * not sent with one), then a booster every `boosterMonths` months (optional). 'Two doses 21 days
 * apart, then a booster every 12 months': { initialDoses: 2, daysApart: 21, boosterMonths: 12 };
 * 'a booster every 12 months': { initialDoses: 1, boosterMonths: 12 }. The next slices make
 * reminders from it.
 */
export const medicineScheduleSchema = z
  .strictObject({
    initialDoses: wholeNumber('Initial doses', 1, 10),
    daysApart: z.nullish(wholeNumber('Days apart', 1, 365)),
    boosterMonths: z.nullish(wholeNumber('Booster interval', 1, 120)),
  })
  .check(
    z.refine((schedule) => schedule.initialDoses === 1 || schedule.daysApart != null, {
      message: 'Say how many days apart the doses are',
      path: ['daysApart'],
    }),
    z.refine((schedule) => schedule.initialDoses > 1 || schedule.daysApart == null, {
      message: 'Days apart is for two doses or more',
      path: ['daysApart'],
    }),
    z.refine((schedule) => schedule.initialDoses > 1 || schedule.boosterMonths != null, {
      message: 'A schedule of one dose needs a booster interval',
      path: ['boosterMonths'],
    }),
  );
export type MedicineSchedule = z.infer<typeof medicineScheduleSchema>;

const medical = medicalEntryCreateSchema.shape;

/** The fields of a medicine a farmer types in, each optional but the name and unit. */
const medicineFields = {
  name: requiredText('Name', 100),
  activeIngredient: optionalText(100),
  unit: z.enum(medicineUnits, 'Choose a unit'),
  route: medical.route,
  /** null: no set dose (given as the vet says) */
  dose: z.nullish(medicineDoseSchema),
  meatWithdrawalDays: medical.meatWithdrawalDays,
  milkWithdrawalDays: medical.milkWithdrawalDays,
  eggWithdrawalDays: medical.eggWithdrawalDays,
  schedule: z.nullish(medicineScheduleSchema),
  notes: optionalText(2000),
  /** 'Low stock' when the stock in hand (expired lots apart) is below it; null: never */
  lowStockLevel: z.nullish(quantity),
};

/**
 * POST /medicines: 'Add Medicine'. `id` chosen by the client makes a retry safe (the same medicine,
 * 200). The name is unique in the cabinet (not counting archived ones), whatever its case.
 */
export const medicineCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  ...medicineFields,
});
export type MedicineCreate = z.input<typeof medicineCreateSchema>;

/** PATCH /medicines/{id}: the fields sent change (the unit only while it has no stock recorded). */
export const medicineUpdateSchema = z.partial(z.strictObject(medicineFields));
export type MedicineUpdate = z.input<typeof medicineUpdateSchema>;

/** GET /medicines: the cabinet; ?archived=true the archived medicines instead. */
export const medicineQuerySchema = z.object({
  archived: z.optional(z.enum(['true', 'false'], 'Use true or false')),
});

/** not after the farm's today (the server checks that in the farm's zone) */
const pastDay = (tooLate: string) => calendarDate({ max: latestTodayOnEarth, tooLate });

const lotFields = {
  lotNumber: optionalText(60),
  /** null: no expiry on the label; a lot is expired from the day after this one */
  expiresOn: z.nullish(calendarDate()),
  supplier: optionalText(100),
  /** what the lot cost, in the farm's currency */
  price: z.nullish(price),
};

/**
 * POST /medicines/{id}/lots: 'Add Stock'. The lot and its 'received' movement of `quantity` are
 * written together; `id` chosen by the client makes a retry safe.
 */
export const lotCreateSchema = z.strictObject({
  id: z.optional(recordId('Must be a UUID')),
  quantity,
  /** absent: the farm's today */
  receivedOn: z.optional(pastDay('Received date cannot be in the future')),
  ...lotFields,
});
export type LotCreate = z.input<typeof lotCreateSchema>;

/** PATCH /medicine-lots/{id}: what the label and the invoice say; never the quantity (a movement changes that). */
export const lotUpdateSchema = z.partial(z.strictObject(lotFields));
export type LotUpdate = z.input<typeof lotUpdateSchema>;

export const movementKinds = ['received', 'used', 'disposed', 'corrected'] as const;

/** A change of stock as stored: ±0.001–1,000,000, never 0 (numeric(10, 3)). */
export const signedQuantity = z.number('Quantity must be a number').check(
  z.gte(-maxQuantity, `Quantity must be at least -${maxQuantity}`),
  z.lte(maxQuantity, `Quantity must be at most ${maxQuantity}`),
  z.refine((value) => value !== 0, 'Quantity cannot be 0'),
  z.refine((value) => Number(value.toFixed(3)) === value, 'Quantity can have at most 3 decimal places'),
);
export type MovementKind = (typeof movementKinds)[number];

/**
 * POST /medicine-lots/{id}/movements: stock thrown away ('disposed': `quantity` the amount, taken
 * off) or a count set right ('corrected': `quantity` added, negative to take off). A movement that
 * would leave the lot below zero is refused (422 naming `quantity`). `id` makes a retry safe.
 */
export const movementCreateSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    id: z.optional(recordId('Must be a UUID')),
    kind: z.literal('disposed'),
    quantity,
    occurredOn: z.optional(pastDay('Date cannot be in the future')),
    note: optionalText(500),
  }),
  z.strictObject({
    id: z.optional(recordId('Must be a UUID')),
    kind: z.literal('corrected'),
    quantity: signedQuantity,
    occurredOn: z.optional(pastDay('Date cannot be in the future')),
    note: optionalText(500),
  }),
]);
export type MovementCreate = z.input<typeof movementCreateSchema>;

export const lotSchema = z.object({
  id: z.string(),
  medicineId: z.string(),
  lotNumber: z.nullable(z.string()),
  expiresOn: z.nullable(z.string()),
  supplier: z.nullable(z.string()),
  price: z.nullable(z.number()),
  /** the sum of its movements, in the medicine's unit */
  stock: z.number(),
  /** its expiry is before the farm's today */
  expired: z.boolean(),
  /** the day its 'received' movement says */
  receivedOn: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Lot = z.infer<typeof lotSchema>;

export const medicineSchema = z.object({
  id: z.string(),
  name: z.string(),
  activeIngredient: z.nullable(z.string()),
  unit: z.enum(medicineUnits),
  route: z.nullable(z.enum(medicineRoutes)),
  dose: z.nullable(
    z.union([
      z.object({ kind: z.literal('fixed'), amount: z.number() }),
      z.object({
        kind: z.literal('by-weight'),
        amount: z.number(),
        perWeight: z.number(),
        weightUnit: z.enum(weightUnits),
        maxDose: z.nullable(z.number()),
      }),
    ]),
  ),
  meatWithdrawalDays: z.nullable(z.number()),
  milkWithdrawalDays: z.nullable(z.number()),
  eggWithdrawalDays: z.nullable(z.number()),
  schedule: z.nullable(
    z.object({
      initialDoses: z.number(),
      daysApart: z.nullable(z.number()),
      boosterMonths: z.nullable(z.number()),
    }),
  ),
  notes: z.nullable(z.string()),
  lowStockLevel: z.nullable(z.number()),
  /** set when archived: out of the cabinet, its history kept */
  archivedAt: z.nullable(z.string()),
  /** 'In stock': the stock of its lots that have not expired */
  inStock: z.number(),
  /** the stock of its expired lots, apart */
  expiredStock: z.number(),
  /** `inStock` below `lowStockLevel` */
  lowStock: z.boolean(),
  /**
   * Its lots, the earliest expiry first (none last): in the list, those with stock in hand; for
   * one medicine (GET /medicines/{id}), every lot, empty ones too.
   */
  lots: z.array(lotSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const movementSchema = z.object({
  id: z.string(),
  lotId: z.string(),
  kind: z.enum(movementKinds),
  /** signed: received positive, used and disposed negative, corrected either */
  quantity: z.number(),
  occurredOn: z.string(),
  note: z.nullable(z.string()),
  /** the treatment that used it (a 'used' movement); null once that entry is deleted */
  careEntryId: z.nullable(z.string()),
  /** who recorded it ('by {name}'); null if unknown */
  recordedBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;
