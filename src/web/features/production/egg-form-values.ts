// The egg collection form's values and its schema, for `zodResolver` (decision 0036): the inputs
// hold text, which turns into the API's input under the API's names, and the API's own schema
// (src/shared/schemas/production.ts, which the server repeats) checks it, so the form's messages
// and the server's field errors land on the same inputs. The form adds the two rules the server
// checks against more than the body (a day not after the farm's today, no part above the eggs),
// in the server's words. A valid form gives a new collection, or an edit's changes only.
import * as z from 'zod/mini';
import {
  eggCollectionCreateSchema,
  type EggCollection,
  type EggCollectionCreate,
  type EggCollectionUpdate,
} from '../../../shared/schemas/production';

/** What the inputs hold: text, as typed (blank: not recorded). */
export type EggFormValues = {
  groupId: string;
  collectedOn: string;
  eggs: string;
  cracked: string;
  dirty: string;
  small: string;
  /** a new collection: shown (and sent) only while a hen is under an egg withdrawal; blank: not sent */
  discarded: string;
  note: string;
};

/** The form's fields, which carry the API's names (where the server's field errors land). */
export const eggFormFields = [
  'groupId',
  'collectedOn',
  'eggs',
  'cracked',
  'dirty',
  'small',
  'discarded',
  'note',
] as const;

/** Who the form records: a new collection (its id chosen once), or the one being edited. */
export type EggFormSetup = {
  id: string;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  collection?: EggCollection;
};

export type EggFormOutput =
  | { kind: 'create'; input: EggCollectionCreate & { id: string } }
  | { kind: 'update'; changes: EggCollectionUpdate };

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

export function eggFormDefaults({ today, collection }: EggFormSetup, groupId: string): EggFormValues {
  return {
    groupId: collection?.groupId ?? groupId,
    collectedOn: collection?.collectedOn ?? today,
    eggs: text(collection?.eggs),
    cracked: text(collection?.cracked),
    dirty: text(collection?.dirty),
    small: text(collection?.small),
    discarded: text(collection?.discarded),
    note: collection?.note ?? '',
  };
}

// Blank is missing, so the schema's own messages speak ("Enter the number of eggs"); Number('')
// would be 0. The API's schema checks every value right after.
const blankOr = <T>(value: string, blank: T) => (value.trim() === '' ? blank : Number(value));

const toApiInput = (id: string) =>
  z.transform((values: EggFormValues): z.input<typeof eggCollectionCreateSchema> => ({
    id,
    groupId: values.groupId,
    collectedOn: values.collectedOn || undefined,
    eggs: blankOr(values.eggs, undefined) as number,
    cracked: blankOr(values.cracked, null),
    dirty: blankOr(values.dirty, null),
    small: blankOr(values.small, null),
    discarded: blankOr(values.discarded, undefined),
    note: values.note,
  }));

const api = eggCollectionCreateSchema.shape;
const parts = ['cracked', 'dirty', 'small', 'discarded'] as const;

export function eggFormSchema({ id, today, collection }: EggFormSetup) {
  const fields = z.extend(eggCollectionCreateSchema, {
    collectedOn: z.nonoptional(api.collectedOn, 'Choose a date'),
    eggs: z.pipe(z.number('Enter the number of eggs'), api.eggs),
    // checked below for a new collection only: an edit keeps its group, which may be gone
    groupId: z.string(),
  });
  // the rules over several fields run even while another is wrong, so every message shows at once
  const checked = fields.check(
    z.superRefine(
      (values, context) => {
        const issue = (path: keyof EggFormValues, message: string) =>
          context.addIssue({ code: 'custom', path: [path], message, input: values[path] });
        if (!collection && !api.groupId.safeParse(values.groupId).success) issue('groupId', 'Choose a group');
        if (typeof values.collectedOn === 'string' && values.collectedOn > today)
          issue('collectedOn', 'Collection date cannot be in the future');
        if (typeof values.eggs !== 'number' || !Number.isInteger(values.eggs)) return;
        for (const part of parts) {
          const value = values[part];
          if (typeof value === 'number' && value > values.eggs)
            issue(part, `Cannot be more than the eggs collected (${values.eggs})`);
        }
      },
      { when: () => true },
    ),
  );
  return z.pipe(
    z.pipe(z.custom<EggFormValues>(), toApiInput(id)),
    z.pipe(
      checked,
      z.transform(({ groupId, ...values }): EggFormOutput => {
        if (!collection) return { kind: 'create', input: { ...values, id, groupId } };
        // an edit sends what changed; a discarded part left as it was is the server's to keep or
        // to make whole again (a day under withdrawal discards every egg)
        const changes: EggCollectionUpdate = {};
        if (values.collectedOn !== collection.collectedOn) changes.collectedOn = values.collectedOn;
        if (values.eggs !== collection.eggs) changes.eggs = values.eggs;
        for (const part of ['cracked', 'dirty', 'small'] as const)
          if ((values[part] ?? null) !== collection[part]) changes[part] = values[part] ?? null;
        if (values.discarded !== undefined && values.discarded !== collection.discarded)
          changes.discarded = values.discarded;
        if ((values.note ?? null) !== collection.note) changes.note = values.note ?? null;
        return { kind: 'update', changes };
      }),
    ),
  );
}
