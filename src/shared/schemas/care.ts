// Care entries (medical, weight, note) and reminders: what the API accepts and answers.
import * as z from 'zod/mini';
import { reminderTypes, repeatUnits } from '../care/rules';
import { calendarDate as calendarDateBetween, measurement, requiredText } from './common';
import { weightUnits } from './profile';

export const entryTypes = ['medical', 'weight', 'note'] as const;
export type EntryType = (typeof entryTypes)[number];
export const dosageUnits = ['mL', 'cc', 'mg', 'g', 'tablet(s)', 'drop(s)'] as const;
export const careDefaults = {
  medicationName: 'Heartworm',
  dosage: 2,
  dosageUnit: 'mL',
  weightValue: 75,
} as const;

export const calendarDate = calendarDateBetween();
const uuid = z.uuid('Not a valid id');
const animalIds = z.array(uuid).check(
  z.minLength(1, 'Choose at least one animal'),
  z.maxLength(500, 'At most 500 animals at once'),
  z.refine((ids) => new Set(ids).size === ids.length, 'An animal is listed twice'),
);
/** numeric(12, 3): 0.001 to 100000, three decimals at most */
const dosage = measurement('Dosage', 100_000, 3);
/** numeric(9, 2): 0.01 to 100000, two decimals at most */
const weightValue = measurement('Weight', 100_000, 2);
const text = requiredText;

const common = {
  /** chosen by the client so that a retried submission is recognised (one batch, not two) */
  batchId: z.optional(uuid),
  /** the group the entry was recorded for (group forms); its log shows the batch */
  groupId: z.optional(z.nullable(uuid)),
  dateRecorded: calendarDate,
};

export const medicalEntryCreateSchema = z.strictObject({
  type: z.literal('medical'),
  ...common,
  animalIds,
  medicationName: text('Medication', 100),
  dosage: dosage,
  dosageUnit: z.enum(dosageUnits, 'Choose a unit'),
  /** next dose: creates a reminder per animal; not earlier than today in the farm's zone */
  nextDueDate: z.optional(z.nullable(calendarDate)),
});

export const weightEntryCreateSchema = z.strictObject({
  type: z.literal('weight'),
  ...common,
  /** one value per included animal */
  weights: z.array(z.strictObject({ animalId: uuid, weightValue: weightValue })).check(
    z.minLength(1, 'Choose at least one animal'),
    z.maxLength(500, 'At most 500 animals at once'),
    z.refine(
      (items) => new Set(items.map((item) => item.animalId)).size === items.length,
      'An animal is listed twice',
    ),
  ),
  weightUnit: z.optional(z.enum(weightUnits)),
  nextDueDate: z.optional(z.nullable(calendarDate)),
});

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

/** Only the date and the recorded values change; applies to one entry or its whole batch. */
export const careEntryUpdateSchema = z.partial(
  z.strictObject({
    dateRecorded: calendarDate,
    medicationName: text('Medication', 100),
    dosage: dosage,
    dosageUnit: z.enum(dosageUnits, 'Choose a unit'),
    weightValue: weightValue,
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
  weightValue: z.nullable(z.number()),
  weightUnit: z.nullable(z.enum(weightUnits)),
  title: z.nullable(z.string()),
  noteContent: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CareEntry = z.infer<typeof careEntrySchema>;

/** A row of a group's log: one batch, whatever the number of animals it was applied to. */
export const careBatchSchema = z.object({
  batchId: z.string(),
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
  createdAt: z.string(),
});
export type CareBatch = z.infer<typeof careBatchSchema>;

export const reminderSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(reminderTypes),
  dueDate: z.string(),
  animalId: z.nullable(z.string()),
  animalName: z.nullable(z.string()),
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  repeatEvery: z.nullable(z.number()),
  repeatUnit: z.nullable(z.enum(repeatUnits)),
  repeatFrom: z.enum(['done', 'due']),
  /** the number of animals a group batch's reminder covers ('22 animals'); null otherwise */
  animalCount: z.nullable(z.number()),
  completed: z.boolean(),
  careEntryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderCreateSchema = z
  .strictObject({
    id: z.optional(uuid),
    title: text('Title', 120),
    type: z.enum(['general', 'feeding', 'routine'], 'Choose General, Feeding or Routine care'),
    dueDate: calendarDate,
    animalId: z.optional(z.nullable(uuid)),
    groupId: z.optional(z.nullable(uuid)),
    repeatEvery: z.optional(
      z.nullable(z.int('Whole numbers only').check(z.gte(1, 'At least 1'), z.lte(365, 'At most 365'))),
    ),
    repeatUnit: z.optional(z.nullable(z.enum(repeatUnits, 'Choose days, weeks or months'))),
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

export const pageSize = 100;
export type Page<T> = { items: T[]; nextOffset: number | null };
