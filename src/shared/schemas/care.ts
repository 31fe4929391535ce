// Care entries (medical, weight, note) and reminders: what the API accepts and answers.
import * as z from 'zod/mini';
import { reminderTypes, repeatFroms, repeatUnits } from '../care/rules';
import {
  calendarDate as calendarDateBetween,
  measurement,
  optionalText,
  recordId,
  requiredText,
  timeOfDay,
} from './common';
import { weightUnits } from './profile';
import { medicineRoutes } from '../medicines/units';

export const entryTypes = ['medical', 'weight', 'note'] as const;
export type EntryType = (typeof entryTypes)[number];
/** as the cabinet's units are shown (medicineUnitLabels): a dose from the cabinet keeps its unit */
export const dosageUnits = ['mL', 'cc', 'mg', 'g', 'tablet(s)', 'drop(s)', 'dose(s)'] as const;
export type DosageUnit = (typeof dosageUnits)[number];
/** SPEC's first values: shown as placeholders only (PRODUCT "Daily use at herd size"), never pre-filled. */
export const careDefaults = {
  medicationName: 'Heartworm',
  dosage: 2,
  dosageUnit: 'mL',
  weightValue: 75,
} as const;

export const calendarDate = calendarDateBetween();
const uuid = recordId('Not a valid id');
const animalIds = z.array(uuid).check(
  z.minLength(1, 'Choose at least one animal'),
  z.maxLength(500, 'At most 500 animals at once'),
  z.refine((ids) => new Set(ids).size === ids.length, 'An animal is listed twice'),
);
/** numeric(12, 3): 0.001 to 100000, three decimals at most */
export const dosageAmount = measurement('Dosage', 100_000, 3);
const dosage = dosageAmount;
/** numeric(9, 2): 0.01 to 100000, two decimals at most */
const weightValue = measurement('Weight', 100_000, 2);
const text = requiredText;
/** body condition score: a whole number from 1 (emaciated) to 5 (obese); optional beside a weight */
export const bodyConditionScores = [1, 2, 3, 4, 5] as const;
export const bodyConditionLabels: Record<(typeof bodyConditionScores)[number], string> = {
  1: '1 – Very thin',
  2: '2 – Thin',
  3: '3 – Ideal',
  4: '4 – Fat',
  5: '5 – Obese',
};
const bodyCondition = z.optional(
  z.nullable(
    z
      .int('Body condition score must be a whole number from 1 to 5')
      .check(
        z.gte(1, 'Body condition score must be from 1 to 5'),
        z.lte(5, 'Body condition score must be from 1 to 5'),
      ),
  ),
);
/** How a medicine was given: its list and labels live apart from the schemas. */
export { medicineRouteLabels, medicineRoutes, type MedicineRoute } from '../medicines/units';
/** a withdrawal period in whole days (0: none); the longest labels ask for under three years */
const withdrawalDays = (what: string) =>
  z.optional(
    z.nullable(
      z
        .int(`${what} withdrawal must be a whole number of days`)
        .check(
          z.gte(0, `${what} withdrawal must be 0 days or more`),
          z.lte(999, `${what} withdrawal must be at most 999 days`),
        ),
    ),
  );
/** What a medical entry keeps beside the medicine and dose: all optional. */
const medicineRecord = {
  route: z.optional(z.nullable(z.enum(medicineRoutes, 'Choose a route from the list'))),
  lotNumber: optionalText(60),
  givenBy: optionalText(100),
  meatWithdrawalDays: withdrawalDays('Meat'),
  milkWithdrawalDays: withdrawalDays('Milk'),
  eggWithdrawalDays: withdrawalDays('Egg'),
};
export const medicineRecordFields = Object.keys(medicineRecord) as (keyof typeof medicineRecord)[];

/** one animal's value in a weigh-in */
export const animalWeightSchema = z.strictObject({ animalId: uuid, weightValue: weightValue, bodyCondition });

const common = {
  /** chosen by the client so that a retried submission is recognised (one batch, not two) */
  batchId: z.optional(uuid),
  /** the group the entry was recorded for (group forms); its log shows the batch */
  groupId: z.optional(z.nullable(uuid)),
  dateRecorded: calendarDate,
};

/** A next date's time of day means nothing without the date. */
const timeNeedsDate = (entry: { nextDueDate?: string | null; nextDueTime?: string | null }) =>
  !entry.nextDueTime || Boolean(entry.nextDueDate);
const timeWithoutDate = { message: 'Choose the next due date first', path: ['nextDueTime'] };

/** one animal's dose in a treatment dosed by weight (each animal's own, from its weight) */
export const animalDoseSchema = z.strictObject({ animalId: uuid, dosage });

export const medicalEntryCreateSchema = z
  .strictObject({
    type: z.literal('medical'),
    ...common,
    animalIds,
    medicationName: text('Medication', 100),
    /** every animal's dose; left out when `doses` gives each animal its own */
    dosage: z.optional(dosage),
    dosageUnit: z.enum(dosageUnits, 'Choose a unit'),
    ...medicineRecord,
    /** next dose: creates a reminder per animal; not earlier than today in the farm's zone */
    nextDueDate: z.optional(z.nullable(calendarDate)),
    /** the next dose's time of day ('18:00', farm's zone): only beside `nextDueDate` */
    nextDueTime: z.optional(z.nullable(timeOfDay)),
    /**
     * Treating from the cabinet (decision 0041): the medicine given (its schedule sets the next
     * dose's reminder when `nextDueDate` is left out), and the lot whose stock the doses are taken
     * from, in the same transaction (422 naming `lotId` when the lot holds too little).
     */
    medicineId: z.optional(z.nullable(uuid)),
    lotId: z.optional(z.nullable(uuid)),
    /** a dose for each animal of `animalIds` (a dose by weight), instead of one `dosage` */
    doses: z.optional(z.array(animalDoseSchema).check(z.maxLength(500, 'At most 500 animals at once'))),
  })
  .check(
    z.refine((entry) => entry.dosage !== undefined || entry.doses !== undefined, {
      message: 'Dosage must be a number',
      path: ['dosage'],
    }),
    z.refine((entry) => entry.dosage === undefined || entry.doses === undefined, {
      message: 'Give one dosage for all, or a dose for each animal, not both',
      path: ['dosage'],
    }),
    z.refine(timeNeedsDate, timeWithoutDate),
  );

export const weightEntryCreateSchema = z
  .strictObject({
    type: z.literal('weight'),
    ...common,
    /** one value per included animal */
    weights: z.array(animalWeightSchema).check(
      z.minLength(1, 'Choose at least one animal'),
      z.maxLength(500, 'At most 500 animals at once'),
      z.refine(
        (items) => new Set(items.map((item) => item.animalId)).size === items.length,
        'An animal is listed twice',
      ),
    ),
    weightUnit: z.optional(z.enum(weightUnits)),
    nextDueDate: z.optional(z.nullable(calendarDate)),
    nextDueTime: z.optional(z.nullable(timeOfDay)),
  })
  .check(z.refine(timeNeedsDate, timeWithoutDate));

export const noteEntryCreateSchema = z.strictObject({
  type: z.literal('note'),
  ...common,
  animalIds,
  title: text('Title', 120),
  noteContent: text('Note', 5000),
});

export const careEntryCreateSchema = z.discriminatedUnion('type', [
  medicalEntryCreateSchema,
  weightEntryCreateSchema,
  noteEntryCreateSchema,
]);
export type CareEntryCreate = z.input<typeof careEntryCreateSchema>;

/**
 * Only the date and the recorded values change; applies to one entry or its whole batch. `weights`
 * (a weigh-in's whole batch, ?scope=batch) sets each listed animal's own value.
 */
export const careEntryUpdateSchema = z.partial(
  z.strictObject({
    dateRecorded: calendarDate,
    medicationName: text('Medication', 100),
    dosage: dosage,
    dosageUnit: z.enum(dosageUnits, 'Choose a unit'),
    ...medicineRecord,
    weightValue: weightValue,
    bodyCondition,
    weights: z.array(animalWeightSchema).check(
      z.minLength(1, 'Give at least one weight'),
      z.maxLength(500, 'At most 500 animals at once'),
      z.refine(
        (items) => new Set(items.map((item) => item.animalId)).size === items.length,
        'An animal is listed twice',
      ),
    ),
    title: text('Title', 120),
    noteContent: text('Note', 5000),
  }),
);
export type CareEntryUpdate = z.input<typeof careEntryUpdateSchema>;

export const careEntrySchema = z.object({
  id: z.string(),
  batchId: z.string(),
  animalId: z.string(),
  animalName: z.string(),
  groupId: z.nullable(z.string()),
  type: z.enum(entryTypes),
  dateRecorded: z.string(),
  medicationName: z.nullable(z.string()),
  dosage: z.nullable(z.number()),
  dosageUnit: z.nullable(z.string()),
  route: z.nullable(z.enum(medicineRoutes)),
  lotNumber: z.nullable(z.string()),
  givenBy: z.nullable(z.string()),
  meatWithdrawalDays: z.nullable(z.number()),
  milkWithdrawalDays: z.nullable(z.number()),
  eggWithdrawalDays: z.nullable(z.number()),
  /** given on an organic farm: its periods are the label's doubled, at least 2 days (decision 0040) */
  organic: z.boolean(),
  weightValue: z.nullable(z.number()),
  weightUnit: z.nullable(z.enum(weightUnits)),
  bodyCondition: z.nullable(z.number()),
  title: z.nullable(z.string()),
  noteContent: z.nullable(z.string()),
  /** the name of the member who recorded it ('by {name}'); null before farm sharing */
  recordedBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CareEntry = z.infer<typeof careEntrySchema>;

/**
 * A row of a group's log: one batch recorded for the group, whatever the number of animals it was
 * applied to; or one of the group's animals' own entries (`forAnimal` names it).
 */
export const careBatchSchema = z.object({
  batchId: z.string(),
  /** null for the group's batch; the animal of an entry of its own (or of another group's batch) */
  forAnimal: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** the first entry of the batch: open it to edit the batch */
  entryId: z.string(),
  type: z.enum(entryTypes),
  dateRecorded: z.string(),
  medicationName: z.nullable(z.string()),
  dosage: z.nullable(z.number()),
  dosageUnit: z.nullable(z.string()),
  weightUnit: z.nullable(z.enum(weightUnits)),
  title: z.nullable(z.string()),
  noteContent: z.nullable(z.string()),
  animals: z.array(
    z.object({ id: z.string(), name: z.string(), entryId: z.string(), weightValue: z.nullable(z.number()) }),
  ),
  /** who recorded it ('by {name}', as named when it was written); absent or null before farm sharing */
  recordedBy: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});
export type CareBatch = z.infer<typeof careBatchSchema>;

/** A medication the farm gave before, as it was last given (dose, route, withdrawal periods). */
export const medicationSuggestionSchema = z.object({
  medicationName: z.string(),
  dosage: z.nullable(z.number()),
  dosageUnit: z.nullable(z.string()),
  route: z.nullable(z.enum(medicineRoutes)),
  meatWithdrawalDays: z.nullable(z.number()),
  milkWithdrawalDays: z.nullable(z.number()),
  eggWithdrawalDays: z.nullable(z.number()),
  lastGiven: z.string(),
});
export type MedicationSuggestion = z.infer<typeof medicationSuggestionSchema>;
/** ?q= narrows the suggestions to names containing it. */
export const medicationQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100, 'At most 100 characters'))),
});
/** How many earlier medications are suggested at most. */
export const medicationSuggestionLimit = 100;

export const reminderSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(reminderTypes),
  dueDate: z.string(),
  /** the time of day it is due ('18:00', the farm's zone), or null: any time that day */
  dueTime: z.nullable(z.string()),
  animalId: z.nullable(z.string()),
  animalName: z.nullable(z.string()),
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  repeatEvery: z.nullable(z.number()),
  repeatUnit: z.nullable(z.enum(repeatUnits)),
  repeatFrom: z.enum(repeatFroms),
  /** the number of animals a group batch's reminder covers ('22 animals'); null otherwise */
  animalCount: z.nullable(z.number()),
  /** the care batch whose follow-up this is: one reminder for a group's batch */
  careBatchId: z.nullable(z.string()),
  completed: z.boolean(),
  careEntryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const repeatEverySchema = z
  .int('Whole numbers only')
  .check(z.gte(1, 'At least 1'), z.lte(365, 'At most 365'));
const repeatFrom = z.enum(repeatFroms, 'Choose the due date or the day done');

export const reminderCreateSchema = z
  .strictObject({
    id: z.optional(uuid),
    title: text('Title', 120),
    type: z.enum(['general', 'feeding', 'routine'], 'Choose General, Feeding or Routine care'),
    dueDate: calendarDate,
    /** a time of day ('18:00', the farm's zone); null or left out: all day */
    dueTime: z.optional(z.nullable(timeOfDay)),
    animalId: z.optional(z.nullable(uuid)),
    groupId: z.optional(z.nullable(uuid)),
    repeatEvery: z.optional(z.nullable(repeatEverySchema)),
    repeatUnit: z.optional(z.nullable(z.enum(repeatUnits, 'Choose days, weeks or months'))),
    /** a repeat counts from the due date (a fixed schedule) or from the day done (the default) */
    repeatFrom: z.optional(repeatFrom),
  })
  .check(
    z.refine((value) => Boolean(value.animalId) !== Boolean(value.groupId), {
      message: 'Choose one animal or one group',
      path: ['animalId'],
    }),
    z.refine((value) => Boolean(value.repeatEvery) === Boolean(value.repeatUnit), {
      message: 'Say how often it repeats',
      path: ['repeatEvery'],
    }),
  );
export type ReminderCreate = z.input<typeof reminderCreateSchema>;

/** One reminder to edit: what a list shows, and the animals it covers (a group batch's; else []). */
export const reminderDetailSchema = z.extend(reminderSchema, { animalIds: z.array(z.string()) });
export type ReminderDetail = z.infer<typeof reminderDetailSchema>;

/**
 * A change to a reminder (PATCH): only the fields sent change. `animalId` moves one animal's
 * reminder to another animal; `animalIds` says which animals a group's reminder covers. The due
 * date's range (today..+10 years in the farm's zone) is the server's to check.
 */
export const reminderUpdateSchema = z
  .strictObject({
    title: z.optional(text('Title', 120)),
    dueDate: z.optional(calendarDate),
    dueTime: z.optional(z.nullable(timeOfDay)),
    repeatEvery: z.optional(z.nullable(repeatEverySchema)),
    repeatUnit: z.optional(z.nullable(z.enum(repeatUnits, 'Choose days, weeks or months'))),
    repeatFrom: z.optional(repeatFrom),
    animalId: z.optional(uuid),
    animalIds: z.optional(animalIds),
  })
  .check(
    z.refine(
      (value) =>
        (value.repeatEvery === undefined) === (value.repeatUnit === undefined) &&
        Boolean(value.repeatEvery) === Boolean(value.repeatUnit),
      { message: 'Say how often it repeats', path: ['repeatEvery'] },
    ),
  );
export type ReminderUpdate = z.input<typeof reminderUpdateSchema>;

export const snoozeChoices = ['day', 'week'] as const;
/** Snooze: the due date moves a day or a week on from the later of itself and today. */
export const reminderSnoozeSchema = z.strictObject({
  by: z.enum(snoozeChoices, 'Choose day or week'),
});
export type ReminderSnooze = z.input<typeof reminderSnoozeSchema>;

/**
 * Rows a page of a long list (an animal's history, money, egg collections, milk, a lot's
 * movements): the web shows ten at a time and reads the next page as they run out, so a page is
 * what a few 'Show more' need, not a season (decision 0052).
 */
export const pageSize = 50;
/** Active reminders: Home and Reminders show the first page whole, so it stays long. */
export const reminderPageSize = 100;
/** A group's log pages by fewer rows: each can name dozens of animals with their weights. */
export const logPageSize = 25;
export type Page<T> = { items: T[]; nextOffset: number | null };

/** One weighing of an animal, in the unit it was recorded in. */
export const weightPointSchema = z.object({
  entryId: z.string(),
  dateRecorded: z.string(),
  weightValue: z.number(),
  weightUnit: z.nullable(z.enum(weightUnits)),
  bodyCondition: z.nullable(z.number()),
});
export type WeightPoint = z.infer<typeof weightPointSchema>;

/** An animal's weighings, oldest first. */
export const animalWeightsSchema = z.object({ points: z.array(weightPointSchema) });
export type AnimalWeights = z.infer<typeof animalWeightsSchema>;

/**
 * A group's animals (by name) with their weighings, oldest first (an animal never weighed has none)
 * and the weight their details give.
 */
export const groupWeightsSchema = z.object({
  animals: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** the weight its details give (the latest weighing's, or typed on the animal's form) */
      weight: z.nullable(z.number()),
      weightUnit: z.nullable(z.enum(weightUnits)),
      points: z.array(weightPointSchema),
    }),
  ),
});
export type GroupWeights = z.infer<typeof groupWeightsSchema>;
