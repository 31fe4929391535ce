// The Record Milk form's values and its schema, for `zodResolver`: each field is checked by the API's
// own schema for it (src/shared/schemas/milk.ts, which the server repeats) under the form's names,
// one row per doe; a valid form turns into the API's input with the blank rows left out. `sent`
// says which rows went, in order, so that the server's `records.2.amount` finds its input.
import type { Path } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  milkings,
  milkRecordCreateSchema,
  milkRecordItemSchema,
  type Milking,
  type MilkRecordCreate,
  type MilkUnit,
} from '../../../shared/schemas/milk';
import type { FieldFor } from '../../lib/form-errors';

export type DoeMilk = { animalId: string; name: string; amount: string; discarded: string };

/** What the inputs hold: text, as typed (a doe's discarded only while she is under withdrawal). */
export type MilkFormValues = { milkedOn: string; milking: Milking; note: string; does: DoeMilk[] };

/** What a valid form gives: the request, and the rows it carries (their indexes in `does`). */
export type MilkFormOutput = { input: MilkRecordCreate; sent: number[] };

export type MilkFormSetup = {
  unit: MilkUnit;
  /** a group's page: its id, kept on the records for the group's production */
  groupId: string | null;
  /** one id per row, chosen once per form: a retried save is the same records */
  ids: string[];
  /** the does under a milk withdrawal on the chosen day (their discarded field shows) */
  withdrawn: ReadonlySet<string>;
  /** one doe's page: her amount is required; a group's: blank rows are skipped */
  single: boolean;
};

/** Morning before noon in the farm's zone, Evening after (the browser's zone if the farm's is unknown). */
export function defaultMilking(timeZone: string | undefined, now = new Date()): Milking {
  const hourIn = (zone?: string) =>
    Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(now),
    );
  let hour: number;
  try {
    hour = hourIn(timeZone);
  } catch {
    hour = hourIn();
  }
  return hour < 12 ? 'morning' : 'evening';
}

export function milkFormDefaults(
  today: string,
  milking: Milking,
  does: { id: string; name: string }[],
): MilkFormValues {
  return {
    milkedOn: today,
    milking,
    note: '',
    does: does.map((doe) => ({ animalId: doe.id, name: doe.name, amount: '', discarded: '' })),
  };
}

const item = milkRecordItemSchema.shape;
const create = milkRecordCreateSchema.shape;

/** What the inputs hold, as the first step of the schema: every field is text. */
const formValuesSchema = z.object({
  milkedOn: z.string(),
  milking: z.enum(milkings),
  note: z.string(),
  does: z.array(
    z.object({ animalId: z.string(), name: z.string(), amount: z.string(), discarded: z.string() }),
  ),
});

/** Blank is no value (a group's blank row is skipped); anything else the API's schema checks. */
const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function milkFormSchema({ unit, groupId, ids, withdrawn, single }: MilkFormSetup) {
  const fields = z.object({
    milkedOn: create.milkedOn.def.innerType,
    milking: create.milking,
    note: item.note,
    does: z.array(
      z.object({
        animalId: z.string(),
        name: z.string(),
        amount: z.optional(item.amount),
        discarded: item.discarded,
      }),
    ),
  });
  const typed = z.pipe(
    formValuesSchema,
    z.transform((values): z.input<typeof fields> => ({
      ...values,
      // a blank date is a missing one: the schema says 'Choose a date'
      milkedOn: (values.milkedOn || undefined) as string,
      does: values.does.map((row) => ({
        ...row,
        amount: number(row.amount),
        discarded: number(row.discarded),
      })),
    })),
  );
  const checked = fields.check(
    z.superRefine((values, context) => {
      const rows = values.does;
      // one doe's page asks for her amount under its input; a group's for any, under them all
      if (!rows.some((row) => row.amount !== undefined))
        context.addIssue({
          code: 'custom',
          path: single ? ['does', 0, 'amount'] : ['does'],
          message: single ? 'Enter the amount' : 'Enter at least one amount',
          input: rows,
        });
      rows.forEach((row, index) => {
        if (
          withdrawn.has(row.animalId) &&
          row.discarded !== undefined &&
          row.amount !== undefined &&
          row.discarded > row.amount
        )
          context.addIssue({
            code: 'custom',
            path: ['does', index, 'discarded'],
            message: 'Discarded cannot be more than the amount',
            input: row.discarded,
          });
      });
    }),
  );
  return z.pipe(
    z.pipe(typed, checked),
    z.transform((values): MilkFormOutput => {
      const sent = values.does.flatMap((row, index) => (row.amount === undefined ? [] : [index]));
      return {
        sent,
        input: {
          milkedOn: values.milkedOn,
          milking: values.milking,
          unit,
          groupId,
          records: sent.map((index) => {
            const row = values.does[index]!;
            return {
              id: ids[index],
              animalId: row.animalId,
              amount: row.amount!,
              // absent: the server discards all of it if it finds her under withdrawal after all
              discarded: withdrawn.has(row.animalId) ? row.discarded : undefined,
              note: values.note,
            };
          }),
        },
      };
    }),
  );
}

/** Which input shows a message the server gave about an API field (undefined: the toast shows it). */
export function milkFieldFor(sent: number[]): FieldFor<MilkFormValues> {
  return (key) => {
    if (key === 'milkedOn' || key === 'milking') return key;
    if (key === 'records') return 'does';
    const match = /^records\.(\d+)\.(\w+)$/.exec(key);
    const index = match ? sent[Number(match[1])] : undefined;
    if (!match || index === undefined) return undefined;
    const field = match[2];
    if (field === 'note') return 'note';
    // her id refused ('Choose a female animal'): said under her amount, the input named after her
    return `does.${index}.${field === 'discarded' ? 'discarded' : 'amount'}` as Path<MilkFormValues>;
  };
}
