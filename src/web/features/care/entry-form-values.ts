// The care entry form's pipeline (its own resolver rather than zodResolver: decision 0036): the inputs hold text, a small
// function turns it into the API's input, the API's own schema (src/shared/schemas/care.ts, which
// the server repeats) checks it, and each issue goes back onto the input it is about through
// `fieldFor`, the same map that places the server's field errors (lib/form-errors.ts). The form
// adds only what the API cannot know: the farm's today for the shared "reminder not before today"
// rule, and a "no animal chosen" message that names the entry's kind. A new entry's fields start
// empty (SPEC's values are placeholders only: PRODUCT "Daily use at herd size").
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Path, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { reminderDateProblem } from '../../../shared/care/rules';
import type { AnimalListItem } from '../../../shared/schemas/animals';
import {
  calendarDate,
  careDefaults,
  careEntryCreateSchema,
  careEntryUpdateSchema,
  type dosageUnits,
  type CareEntry,
  type CareEntryCreate,
  type CareEntryUpdate,
  type EntryType,
  type MedicineRoute,
} from '../../../shared/schemas/care';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { FieldFor } from '../../lib/form-errors';

/** A group's animal in a new entry: included or not, its weight (a weigh-in) or its own dose (a dose by weight). */
export type AnimalChoice = { id: string; name: string; included: boolean; weight: string; dose: string };

/** What the inputs hold: text, as typed. */
export type EntryFormValues = {
  dateRecorded: string;
  /** the next dose or weight check (new medical and weight entries); blank = no reminder */
  nextDueDate: string;
  /** the next one's time of day, 'HH:MM'; blank = any time that day */
  nextDueTime: string;
  medicationName: string;
  dosage: string;
  dosageUnit: string;
  /** a medical entry's medicine record: a route from the list or blank, free text, whole days */
  route: string;
  lotNumber: string;
  givenBy: string;
  meatWithdrawalDays: string;
  milkWithdrawalDays: string;
  eggWithdrawalDays: string;
  /** treating from the cabinet (decision 0041): the medicine and the lot its stock is taken from; blank: none */
  medicineId: string;
  lotId: string;
  /** a group dosed by weight: each animal's own dose (`animals[].dose`) instead of one `dosage` */
  dosesEach: boolean;
  /** one animal's weight (an animal's form, or the opened entry of a group's batch) */
  weight: string;
  /** its body condition score, '1'–'5'; blank = not scored */
  bodyCondition: string;
  title: string;
  noteContent: string;
  /**
   * a new group entry: the group's animals, which are included, and (weight) each one's value; a
   * group weigh-in's edit: each animal of the batch and its value
   */
  animals: AnimalChoice[];
};

/** Who the form records for, and what it needs to build the API's input. */
export type EntryFormSetup = {
  type: EntryType;
  /** the animal's or the group's id */
  ownerId: string;
  isGroup: boolean;
  /** a new group entry: the animals are chosen in the form */
  pickAnimals: boolean;
  /** the unit weights are entered in */
  unit: WeightUnit;
  /** chosen once per form: a retry re-sends it, and the server keeps one batch */
  batchId: string;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  /** a group weigh-in's edit: every animal's value (`animals`), saved at once */
  batchWeights?: boolean;
};

/** An animal of a group weigh-in being edited, with its recorded value. */
export type BatchWeight = { id: string; name: string; weightValue: number | null };

/** What a valid form gives: a new entry's input (and which animals it includes), or an edit's values. */
export type EntryFormOutput =
  | { kind: 'create'; input: z.output<typeof careEntryCreateSchema>; included: number[] }
  | { kind: 'update'; values: EntryEditValues };
/** An edit's checked values: every field of the entry's type, text trimmed. */
export type EntryEditValues = z.output<typeof editSchema>;

export const noAnimalMessages: Record<EntryType, string> = {
  medical: 'Please select at least one animal to include in the medical entry.',
  weight: 'Please select at least one animal to include in the weight entry.',
  note: 'Please select at least one animal to include in the note.',
};

type DosageUnit = (typeof dosageUnits)[number];
const fixed = (value: number, digits: number) => value.toFixed(digits);

/** SPEC's first values, shown as the fields' placeholders ('Heartworm', '2.0', '75.00'). */
export const placeholders = {
  medicationName: careDefaults.medicationName,
  dosage: fixed(careDefaults.dosage, 1),
  dosageUnit: careDefaults.dosageUnit,
  weight: fixed(careDefaults.weightValue, 2),
} as const;

/** A new entry's fields start empty; an edit's hold the entry's values (a weigh-in's, each animal's). */
export function entryFormDefaults(
  today: string,
  entry?: CareEntry,
  groupAnimals?: AnimalListItem[],
  batch?: BatchWeight[],
): EntryFormValues {
  const number = (value: number | null | undefined) => (value != null ? String(value) : '');
  return {
    dateRecorded: entry?.dateRecorded ?? today,
    nextDueDate: '',
    nextDueTime: '',
    medicationName: entry?.medicationName ?? '',
    dosage: number(entry?.dosage),
    dosageUnit: entry?.dosageUnit ?? '',
    route: entry?.route ?? '',
    lotNumber: entry?.lotNumber ?? '',
    givenBy: entry?.givenBy ?? '',
    meatWithdrawalDays: number(entry?.meatWithdrawalDays),
    milkWithdrawalDays: number(entry?.milkWithdrawalDays),
    eggWithdrawalDays: number(entry?.eggWithdrawalDays),
    medicineId: '',
    lotId: '',
    dosesEach: false,
    weight: number(entry?.weightValue),
    bodyCondition: number(entry?.bodyCondition),
    title: entry?.title ?? '',
    noteContent: entry?.noteContent ?? '',
    animals: batch
      ? batch.map((animal) => ({
          id: animal.id,
          name: animal.name,
          included: true,
          weight: number(animal.weightValue),
          dose: '',
        }))
      : (groupAnimals ?? []).map((animal) => ({
          id: animal.id,
          name: animal.name,
          included: true,
          weight: '',
          dose: '',
        })),
  };
}

// Blank inputs become missing values, so that the schema's own messages say "Choose a date" and
// "… must be a number" (Number('') would be 0). The API's schema checks every value right after.
const date = (text: string) => (text || undefined) as string;
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** a score chosen from the list, or none */
const score = (text: string) => (text === '' ? null : Number(text));
/** an optional number: blank is none, anything else the schema checks */
const optionalAmount = (text: string) => (text.trim() === '' ? null : Number(text));

/** A medical entry's medicine record, as the API takes it (blank text: none). */
const medicineRecord = (values: EntryFormValues) => ({
  route: (values.route || null) as MedicineRoute | null,
  lotNumber: values.lotNumber,
  givenBy: values.givenBy,
  meatWithdrawalDays: optionalAmount(values.meatWithdrawalDays),
  milkWithdrawalDays: optionalAmount(values.milkWithdrawalDays),
  eggWithdrawalDays: optionalAmount(values.eggWithdrawalDays),
});

/** A new entry's API input; `included` lists the chosen animals' indexes (a new group entry). */
export function toCreateInput(
  values: EntryFormValues,
  setup: EntryFormSetup,
  included: number[],
): CareEntryCreate {
  const chosen = included.map((index) => values.animals[index]!);
  const animalIds = setup.pickAnimals ? chosen.map((animal) => animal.id) : [setup.ownerId];
  const common = {
    batchId: setup.batchId,
    groupId: setup.isGroup ? setup.ownerId : null,
    dateRecorded: date(values.dateRecorded),
  };
  const nextDueDate = values.nextDueDate || null;
  const nextDueTime = values.nextDueTime || null;
  switch (setup.type) {
    case 'medical':
      return {
        type: 'medical',
        ...common,
        animalIds,
        medicationName: values.medicationName,
        ...(values.dosesEach && setup.pickAnimals
          ? { doses: chosen.map((animal) => ({ animalId: animal.id, dosage: amount(animal.dose) })) }
          : { dosage: amount(values.dosage) }),
        dosageUnit: values.dosageUnit as DosageUnit,
        ...medicineRecord(values),
        medicineId: values.medicineId || null,
        lotId: values.lotId || null,
        nextDueDate,
        nextDueTime,
      };
    case 'weight':
      return {
        type: 'weight',
        ...common,
        weights: setup.pickAnimals
          ? chosen.map((animal) => ({ animalId: animal.id, weightValue: amount(animal.weight) }))
          : [
              {
                animalId: setup.ownerId,
                weightValue: amount(values.weight),
                bodyCondition: score(values.bodyCondition),
              },
            ],
        weightUnit: setup.unit,
        nextDueDate,
        nextDueTime,
      };
    case 'note':
      return { type: 'note', ...common, animalIds, title: values.title, noteContent: values.noteContent };
  }
}

/**
 * An edit's values: every field the entry's type shows (the changes are picked after the checks);
 * a group weigh-in's edit gives every animal's value.
 */
export function toUpdateInput(
  values: EntryFormValues,
  type: EntryType,
  batchWeights = false,
): CareEntryUpdate {
  const dateRecorded = date(values.dateRecorded);
  switch (type) {
    case 'medical':
      return {
        dateRecorded,
        medicationName: values.medicationName,
        dosage: amount(values.dosage),
        dosageUnit: values.dosageUnit as DosageUnit,
        ...medicineRecord(values),
      };
    case 'weight':
      return batchWeights
        ? {
            dateRecorded,
            weights: values.animals.map((animal) => ({
              animalId: animal.id,
              weightValue: amount(animal.weight),
            })),
          }
        : {
            dateRecorded,
            weightValue: amount(values.weight),
            bodyCondition: score(values.bodyCondition),
          };
    case 'note':
      return { dateRecorded, title: values.title, noteContent: values.noteContent };
  }
}

/** The API's edit schema, except that the form always holds a date (the API may leave it out). */
const editSchema = z.extend(careEntryUpdateSchema, { dateRecorded: calendarDate });

/**
 * What an edit changes: only the (checked, trimmed) values that differ from the opened entry; a
 * weigh-in's weights all together when any of them differs from `batch`.
 */
export function changesOf(values: EntryEditValues, entry: CareEntry, batch?: BatchWeight[]): CareEntryUpdate {
  const recorded = new Map(batch?.map((animal) => [animal.id, animal.weightValue]));
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) =>
      key === 'weights'
        ? (value as { animalId: string; weightValue: number }[]).some(
            (item) => recorded.get(item.animalId) !== item.weightValue,
          )
        : value !== entry[key as keyof CareEntry],
    ),
  );
}

const sameNames = [
  'dateRecorded',
  'nextDueDate',
  'nextDueTime',
  'medicationName',
  'dosage',
  'dosageUnit',
  'route',
  'lotNumber',
  'givenBy',
  'meatWithdrawalDays',
  'milkWithdrawalDays',
  'eggWithdrawalDays',
  'title',
  'noteContent',
  'medicineId',
  'lotId',
] as const;

/**
 * Which form field shows a message about an API field (undefined: the toast shows it), for the
 * schema's issues and the server's field errors alike. `included` lists the animals sent, in
 * order, so that 'weights.2.weightValue' finds its input.
 */
export function fieldFor(included: number[]): FieldFor<EntryFormValues> {
  return (key) => {
    const weightAt = /^weights\.(\d+)\.weightValue$/.exec(key);
    const doseAt = /^doses\.(\d+)\.dosage$/.exec(key);
    if (doseAt) {
      const index = included[Number(doseAt[1])];
      return index === undefined ? 'animals' : `animals.${index}.dose`;
    }
    if ((sameNames as readonly string[]).includes(key)) return key as Path<EntryFormValues>;
    if (key === 'weightValue') return 'weight';
    if (key === 'bodyCondition' || /^weights\.\d+\.bodyCondition$/.test(key)) return 'bodyCondition';
    if (key === 'animalIds' || key === 'weights' || key === 'doses') return 'animals';
    if (!weightAt) return undefined;
    const index = included[Number(weightAt[1])];
    return included.length && index !== undefined ? `animals.${index}.weight` : 'weight';
  };
}

/** The form's resolver: form text → API input → the API's schema, issues back onto the inputs. */
export function entryFormResolver(
  setup: EntryFormSetup,
  editing: boolean,
): Resolver<EntryFormValues, unknown, EntryFormOutput> {
  return (values, _context, options) => {
    const included =
      setup.pickAnimals || (editing && setup.batchWeights)
        ? values.animals.flatMap((animal, index) => (animal.included ? [index] : []))
        : [];
    const errors: Record<string, FieldError> = {};
    const add = (field: string, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };
    let output: EntryFormOutput | undefined;
    let issues: z.core.$ZodIssue[] = [];
    if (editing) {
      const result = editSchema.safeParse(toUpdateInput(values, setup.type, setup.batchWeights));
      if (result.success) output = { kind: 'update', values: result.data };
      else issues = result.error.issues;
    } else {
      const result = careEntryCreateSchema.safeParse(toCreateInput(values, setup, included));
      if (result.success) output = { kind: 'create', input: result.data, included };
      else issues = result.error.issues;
    }
    const place = fieldFor(included);
    for (const issue of issues) {
      const key = issue.path.map(String).join('.');
      if ((key === 'animalIds' || key === 'weights') && issue.code === 'too_small')
        add('animals', noAnimalMessages[setup.type]);
      // an issue no input shows (an id the page chose) joins the animals' message in the toast
      else add(place(key) ?? 'animals', issue.message);
    }
    // the farm's today is the page's to know: the same rule the server applies (shared/care/rules.ts)
    const withReminder = !editing && setup.type !== 'note';
    const tooEarly = withReminder && reminderDateProblem('nextDueDate', values.nextDueDate, setup.today);
    if (tooEarly) add('nextDueDate', tooEarly);

    if (output && Object.keys(errors).length === 0) return { values: output, errors: {} };
    return { values: {}, errors: toNestErrors<EntryFormValues>(errors, options) };
  };
}
