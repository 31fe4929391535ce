// The care entry form: what its inputs hold (text, as typed) and the checks made before sending.
// The server repeats every check; these are for comfort and name the field at fault.
import * as z from 'zod/mini';
import { dosageUnits, type EntryType } from '../../../../shared/schemas/care';
import { isCalendarDate } from '../../../../shared/schemas/common';

export type AnimalChoice = { id: string; name: string; included: boolean; weight: string };

export type EntryFormValues = {
  dateRecorded: string;
  /** the next dose or weight check (new medical and weight entries); blank = no reminder */
  nextDueDate: string;
  medicationName: string;
  dosage: string;
  dosageUnit: string;
  /** one animal's weight (an animal's form, or the opened entry of a group's batch) */
  weight: string;
  title: string;
  noteContent: string;
  /** a new group entry: the group's animals, which are included, and (weight) each one's value */
  animals: AnimalChoice[];
};

export const noAnimalMessages: Record<EntryType, string> = {
  medical: 'Please select at least one animal to include in the medical entry.',
  weight: 'Please select at least one animal to include in the weight entry.',
  note: 'Please select at least one animal to include in the note.',
};

export const reminderTooEarly = 'The reminder date cannot be earlier than today';

/** The first thing wrong with an amount typed as text, or undefined. */
export function amountProblem(what: string, text: string): string | undefined {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return `${what} must be a number`;
  if (value <= 0) return `${what} must be more than 0`;
  if (value > 100_000) return `${what} must be at most 100000`;
  return undefined;
}

const amount = (what: string) =>
  z.string().check(
    z.superRefine((text, ctx) => {
      const problem = amountProblem(what, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
    }),
  );
const text = (label: string, max: number) =>
  z.string().check(
    z.refine((value) => value.trim().length > 0, `${label} is required`),
    z.refine((value) => value.trim().length <= max, `Must be at most ${max} characters`),
  );
const date = z.string().check(
  z.refine((value) => value !== '', 'Choose a date'),
  z.refine((value) => value === '' || isCalendarDate(value), 'Use a date like 2026-03-15'),
);
const anything = z.string();

export function entryFormSchema({
  type,
  pickAnimals,
  withReminder,
  oneWeight,
  today,
}: {
  type: EntryType;
  /** a new group entry: at least one animal must be included */
  pickAnimals: boolean;
  withReminder: boolean;
  /** the form has the single 'weight' input */
  oneWeight: boolean;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
}) {
  const animal = z.object({
    id: z.string(),
    name: z.string(),
    included: z.boolean(),
    weight: z.string(),
  });
  return z
    .object({
      dateRecorded: date,
      nextDueDate: withReminder
        ? z.string().check(
            z.refine((value) => value === '' || isCalendarDate(value), 'Use a date like 2026-03-15'),
            z.refine((value) => value === '' || !isCalendarDate(value) || value >= today, reminderTooEarly),
          )
        : anything,
      medicationName: type === 'medical' ? text('Medication', 100) : anything,
      dosage: type === 'medical' ? amount('Dosage') : anything,
      dosageUnit: type === 'medical' ? z.enum(dosageUnits, 'Choose a unit') : anything,
      weight: type === 'weight' && oneWeight ? amount('Weight') : anything,
      title: type === 'note' ? text('Title', 120) : anything,
      noteContent: type === 'note' ? text('Note', 5000) : anything,
      animals: z.array(
        type === 'weight' && pickAnimals
          ? animal.check(
              z.superRefine((choice, ctx) => {
                const problem = choice.included ? amountProblem('Weight', choice.weight) : undefined;
                if (problem)
                  ctx.addIssue({ code: 'custom', message: problem, path: ['weight'], input: choice });
              }),
            )
          : animal,
      ),
    })
    .check(
      z.refine((values) => !pickAnimals || values.animals.some((choice) => choice.included), {
        message: noAnimalMessages[type],
        path: ['animals'],
      }),
    );
}
