// The rows of a 'Download JSON' document, as an import reads them back: each table's columns
// checked by the very field rules the API applies to the same values (issue 23: an import stored
// empty and 3,000-character names, NaN weights, 'infinity' dates, a repeat every -1 days, a time
// zone no one can read). Names are the database's (snake_case); each rule is taken from the API's
// schema of that resource, so a rule changed there is changed here.
import * as z from 'zod/mini';
import { reminderTypes, repeatFroms, repeatUnits } from '../care/rules';
import { animalCreateSchema, animalExitSchema, speciesCreateSchema } from './animals';
import { breedingCreateSchema, gestationDaysSchema } from './breeding';
import {
  animalWeightSchema,
  dosageAmount,
  medicalEntryCreateSchema,
  noteEntryCreateSchema,
  repeatEverySchema,
  reminderCreateSchema,
} from './care';
import { calendarDate, isTimeOfDay, optionalText, recordId, timeOfDayMessage } from './common';
import { groupCreateSchema } from './groups';
import { milkRecordCreateSchema, milkRecordItemSchema, milkUnitMessage, milkUnits } from './milk';
import {
  lotCreateSchema,
  medicineCreateSchema,
  medicineDoseSchema,
  medicineScheduleSchema,
  movementKinds,
  signedQuantity,
} from './medicines';
import { moneyEntryCreateSchema } from './money';
import { eggCollectionCreateSchema } from './production';
import { weightUnits } from './profile';

const id = recordId('Not a valid id');
const optionalId = z.nullish(recordId('Not a valid id'));
const instantPattern = /^(\d{4})-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;
/** A moment (created_at): ISO 8601 with its offset, in the years a date may have. */
const instant = z.string('Use a time like 2026-03-15T08:30:00Z').check(
  z.refine((value) => {
    const match = instantPattern.exec(value);
    return (
      match !== null &&
      Number(match[1]) >= 1900 &&
      Number(match[1]) <= 2099 &&
      !Number.isNaN(Date.parse(value))
    );
  }, 'Use a time like 2026-03-15T08:30:00Z'),
);
const timestamps = { created_at: z.optional(instant), updated_at: z.optional(instant) };
const date = calendarDate();

const animal = animalCreateSchema.shape;
const exit = animalExitSchema.shape;
const group = groupCreateSchema.shape;
const medical = medicalEntryCreateSchema.shape;
const note = noteEntryCreateSchema.shape;
const reminder = reminderCreateSchema.shape;
const breeding = breedingCreateSchema.shape;
const eggs = eggCollectionCreateSchema.shape;
const milk = { ...milkRecordCreateSchema.shape, ...milkRecordItemSchema.shape };
const medicine = medicineCreateSchema.shape;
const lot = lotCreateSchema.shape;
const money = moneyEntryCreateSchema.shape;

/**
 * Whether an API object stored as flat columns (a medicine's dose, its schedule) reads back as that
 * object; all null is none. A null column is an absent field to the API's schema.
 */
const readsAs = (schema: z.ZodMiniType, columns: Record<string, unknown>) => {
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value != null));
  return Object.keys(set).length === 0 || schema.safeParse(set).success;
};

const entryColumns = {
  id,
  animal_id: id,
  batch_id: id,
  group_id: optionalId,
  date_recorded: date,
  // every row has it, so that a batch's rows fill the same columns; absent in a file from before
  // organic farms (decision 0040): the label's own days
  organic: z._default(z.boolean('Organic is true or false'), false),
  // the cabinet's medicine it was given from (decision 0041); absent in a file from before it
  medicine_id: z._default(optionalId, null),
  ...timestamps,
};

/** Each table's row: what the API would accept for the same record (history may lie in the past). */
export const documentRowSchemas = {
  species: z.object({ id, name: speciesCreateSchema.shape.name, created_at: z.optional(instant) }),
  species_gestation: z.object({ species_id: id, days: gestationDaysSchema }),
  groups: z.object({
    id,
    name: group.name,
    description: group.description,
    color: group.color,
    ...timestamps,
  }),
  animals: z.object({
    id,
    name: animal.name,
    breed: animal.breed,
    sex: animal.sex,
    birth_date: animal.birthDate,
    weight: animal.weight,
    weight_unit: z.nullish(z.enum(weightUnits, 'Choose lbs or kg')),
    species_id: animal.speciesId,
    color: animal.color,
    dam: animal.dam,
    sire: animal.sire,
    dam_id: animal.damId,
    sire_id: animal.sireId,
    tag_id: animal.tagId,
    // ISO 11784/11785 (migration 0038); absent in a file from before it
    electronic_id: z._default(animal.electronicId, null),
    // how it left the herd (decision 0043); absent in a file from before it: in the herd
    exit_kind: z._default(z.nullable(exit.kind), null),
    exit_on: z._default(z.nullable(date), null),
    exit_note: z._default(exit.note, null),
    exit_price: z._default(exit.price, null),
    exit_group_ids: z._default(z.nullable(z.array(id)), null),
    ...timestamps,
  }),
  animal_groups: z.object({ animal_id: id, group_id: id, created_at: z.optional(instant) }),
  care_entries: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('medical'),
      ...entryColumns,
      medication_name: medical.medicationName,
      dosage: dosageAmount,
      dosage_unit: medical.dosageUnit,
      route: medical.route,
      lot_number: medical.lotNumber,
      given_by: medical.givenBy,
      meat_withdrawal_days: medical.meatWithdrawalDays,
      milk_withdrawal_days: medical.milkWithdrawalDays,
      egg_withdrawal_days: medical.eggWithdrawalDays,
    }),
    z.object({
      type: z.literal('weight'),
      ...entryColumns,
      weight_value: animalWeightSchema.shape.weightValue,
      weight_unit: z.nullish(z.enum(weightUnits, 'Choose lbs or kg')),
      body_condition: animalWeightSchema.shape.bodyCondition,
    }),
    z.object({
      type: z.literal('note'),
      ...entryColumns,
      title: note.title,
      note_content: note.noteContent,
    }),
  ]),
  reminders: z
    .object({
      id,
      animal_id: optionalId,
      group_id: optionalId,
      care_entry_id: optionalId,
      title: reminder.title,
      type: z.enum(reminderTypes, 'Choose a reminder type'),
      due_date: date,
      // the database writes '18:00:00'; the API's '18:00' is read too (whole minutes only)
      due_time: z.nullish(
        z
          .string(timeOfDayMessage)
          .check(
            z.refine(
              (value) => /^\d\d:\d\d(:00)?$/.test(value) && isTimeOfDay(value.slice(0, 5)),
              timeOfDayMessage,
            ),
          ),
      ),
      repeat_every: z.nullish(repeatEverySchema),
      repeat_unit: z.nullish(z.enum(repeatUnits, 'Choose days, weeks or months')),
      repeat_from: z.optional(z.enum(repeatFroms, 'Choose the due date or the day done')),
      care_batch_id: optionalId,
      completed: z.optional(z.boolean('Completed is true or false')),
      completed_at: z.nullish(instant),
      previous_id: optionalId,
      ...timestamps,
    })
    .check(
      z.refine((row) => Boolean(row.animal_id) !== Boolean(row.group_id), {
        message: 'Choose one animal or one group',
        path: ['animal_id'],
      }),
      z.refine((row) => Boolean(row.repeat_every) === Boolean(row.repeat_unit), {
        message: 'Say how often it repeats',
        path: ['repeat_every'],
      }),
    ),
  reminder_animals: z.object({ reminder_id: id, animal_id: id }),
  breedings: z.object({
    id,
    dam_id: id,
    sire_id: breeding.sireId,
    sire: breeding.sire,
    bred_on: breeding.bredOn,
    gestation_days: gestationDaysSchema,
    expected_on: date,
    note: breeding.note,
    reminder_id: optionalId,
    born_on: z.nullish(date),
    ...timestamps,
  }),
  egg_collections: z
    .object({
      id,
      group_id: optionalId,
      collected_on: date,
      eggs: eggs.eggs,
      cracked: eggs.cracked,
      dirty: eggs.dirty,
      small: eggs.small,
      discarded: z.optional(eggs.eggs),
      note: eggs.note,
      ...timestamps,
    })
    .check(
      z.refine(
        (row) =>
          [row.cracked, row.dirty, row.small, row.discarded].every(
            (part) => part == null || part <= row.eggs,
          ),
        { message: 'Cannot be more than the eggs collected', path: ['eggs'] },
      ),
    ),
  milk_records: z
    .object({
      id,
      animal_id: id,
      group_id: optionalId,
      milked_on: date,
      milking: milk.milking,
      amount: milk.amount,
      unit: z.enum(milkUnits, milkUnitMessage),
      discarded: milk.discarded,
      note: milk.note,
      ...timestamps,
    })
    .check(
      z.refine((row) => row.discarded == null || row.discarded <= row.amount, {
        message: 'Cannot be more than the amount',
        path: ['discarded'],
      }),
    ),
  // the cabinet: a medicine's dose and schedule are the API's, stored flat
  medicines: z
    .object({
      id,
      name: medicine.name,
      active_ingredient: medicine.activeIngredient,
      unit: medicine.unit,
      route: medicine.route,
      dose_kind: z.nullish(z.string()),
      dose_amount: z.nullish(z.number()),
      dose_per_weight: z.nullish(z.number()),
      dose_weight_unit: z.nullish(z.string()),
      dose_max: z.nullish(z.number()),
      meat_withdrawal_days: medicine.meatWithdrawalDays,
      milk_withdrawal_days: medicine.milkWithdrawalDays,
      egg_withdrawal_days: medicine.eggWithdrawalDays,
      schedule_initial_doses: z.nullish(z.number()),
      schedule_days_apart: z.nullish(z.number()),
      schedule_booster_months: z.nullish(z.number()),
      notes: medicine.notes,
      low_stock_level: medicine.lowStockLevel,
      low_stock_dismissed_at: z.nullish(instant),
      archived_at: z.nullish(instant),
      ...timestamps,
    })
    .check(
      z.refine(
        (row) =>
          readsAs(medicineDoseSchema, {
            kind: row.dose_kind,
            amount: row.dose_amount,
            perWeight: row.dose_per_weight,
            weightUnit: row.dose_weight_unit,
            maxDose: row.dose_max,
          }),
        { message: 'Not a dose Paddock can read', path: ['dose_kind'] },
      ),
      z.refine(
        (row) =>
          readsAs(medicineScheduleSchema, {
            initialDoses: row.schedule_initial_doses,
            daysApart: row.schedule_days_apart,
            boosterMonths: row.schedule_booster_months,
          }),
        { message: 'Not a schedule Paddock can read', path: ['schedule_initial_doses'] },
      ),
    ),
  medicine_lots: z.object({
    id,
    medicine_id: id,
    lot_number: lot.lotNumber,
    expires_on: lot.expiresOn,
    supplier: lot.supplier,
    price: lot.price,
    expiry_warning_dismissed_at: z.nullish(instant),
    ...timestamps,
  }),
  stock_movements: z
    .object({
      id,
      lot_id: id,
      kind: z.enum(movementKinds, 'Choose received, used, disposed or corrected'),
      quantity: signedQuantity,
      occurred_on: date,
      note: optionalText(500),
      care_entry_id: optionalId,
      created_at: z.optional(instant),
    })
    .check(
      z.refine(
        (row) => row.kind === 'corrected' || (row.kind === 'received' ? row.quantity > 0 : row.quantity < 0),
        { message: 'Received stock is positive; used and disposed stock negative', path: ['quantity'] },
      ),
    ),
  // the farm's money (issue 28); an animal's sale names the animal it is the income of
  money_entries: z
    .object({
      id,
      kind: money.kind,
      occurred_on: date,
      amount: money.amount,
      category: money.category,
      group_id: optionalId,
      animal_id: optionalId,
      quantity: money.quantity,
      quantity_unit: money.quantityUnit,
      note: money.note,
      animal_sale_of: optionalId,
      ...timestamps,
    })
    .check(
      z.refine((row) => row.animal_sale_of == null || row.kind === 'income', {
        message: 'An animal’s sale is income',
        path: ['kind'],
      }),
    ),
} as const;

export type DocumentTable = keyof typeof documentRowSchemas;
