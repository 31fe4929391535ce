// The reminder form's values and its schema, for `zodResolver`: each field is checked by the API's
// own schema for it (src/shared/schemas/care.ts, which the server repeats), under the form's names;
// the rules that need more than one field (the select that is showing, a repeat's count) say their
// message on the field a person sees, and a valid form turns into the API's input. A due date
// outside today..+10 years in the farm's zone is refused here too (when editing, only a changed
// date: an overdue reminder's title can still be fixed).
import * as z from 'zod/mini';
import {
  reminderDateProblem,
  repeatUnits,
  type RepeatFrom,
  type RepeatUnit,
} from '../../../shared/care/rules';
import type { AnimalListItem } from '../../../shared/schemas/animals';
import {
  calendarDate,
  reminderCreateSchema,
  reminderUpdateSchema,
  repeatEverySchema,
  type ReminderCreate,
  type ReminderDetail,
  type ReminderUpdate,
} from '../../../shared/schemas/care';
import { isTimeOfDay, timeOfDayMessage } from '../../../shared/schemas/common';
import type { Group } from '../../../shared/schemas/groups';

export const typeOptions = [
  { value: 'general', label: 'General' },
  { value: 'feeding', label: 'Feeding' },
  { value: 'routine', label: 'Routine care' },
] as const;
type OwnType = (typeof typeOptions)[number]['value'];

/** What the inputs hold; `target` says which of the two selects counts. */
export type ReminderFormValues = {
  title: string;
  type: OwnType;
  dueDate: string;
  /** 'HH:MM', or '' for all day */
  dueTime: string;
  target: 'animal' | 'group';
  animalId: string;
  groupId: string;
  /** a group reminder's animals (edit only) */
  animalIds: string[];
  repeats: boolean;
  repeatEvery: string;
  repeatUnit: RepeatUnit;
  repeatFrom: RepeatFrom;
};

/** The form's fields that carry the API's names (where the server's field errors land). */
export const formFields = [
  'title',
  'type',
  'dueDate',
  'dueTime',
  'animalId',
  'groupId',
  'animalIds',
  'repeatEvery',
  'repeatUnit',
  'repeatFrom',
] as const;

/** What a valid form gives: a new reminder, or an edit's changes. */
export type ReminderFormOutput =
  { kind: 'create'; input: ReminderCreate } | { kind: 'update'; changes: ReminderUpdate };

/** Who the form is for: a new reminder (its id chosen once), or the one being edited. */
export type ReminderFormSetup = {
  id: string;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  reminder?: ReminderDetail;
  /** a group reminder's animals when the form opened (a whole group: all of them) */
  initialAnimals: string[];
};

export function reminderFormDefaults(
  setup: ReminderFormSetup,
  animals: AnimalListItem[],
  groups: Group[],
  preselected: { animalId: string } | { groupId: string } | null,
): ReminderFormValues {
  const { reminder, today } = setup;
  if (reminder) {
    return {
      title: reminder.title,
      type: 'general',
      dueDate: reminder.dueDate,
      dueTime: reminder.dueTime ?? '',
      target: reminder.groupId ? 'group' : 'animal',
      animalId: reminder.animalId ?? '',
      groupId: reminder.groupId ?? '',
      animalIds: setup.initialAnimals,
      repeats: Boolean(reminder.repeatEvery && reminder.repeatUnit),
      repeatEvery: String(reminder.repeatEvery ?? 1),
      repeatUnit: reminder.repeatUnit ?? 'week',
      repeatFrom: reminder.repeatFrom,
    };
  }
  return {
    title: '',
    type: 'general',
    dueDate: today,
    dueTime: '',
    target:
      preselected && 'groupId' in preselected
        ? 'group'
        : !preselected && animals.length === 0 && groups.length > 0
          ? 'group'
          : 'animal',
    animalId: preselected && 'animalId' in preselected ? preselected.animalId : '',
    groupId: preselected && 'groupId' in preselected ? preselected.groupId : '',
    animalIds: [],
    repeats: false,
    repeatEvery: '1',
    repeatUnit: 'week',
    repeatFrom: 'done',
  };
}

function repeatOf(values: ReminderFormValues) {
  const every = values.repeatEvery.trim();
  return {
    repeatEvery: values.repeats && every !== '' ? Number(every) : null,
    repeatUnit: values.repeats ? values.repeatUnit : null,
  };
}

function toCreateInput(values: ReminderFormValues, id: string): ReminderCreate {
  return {
    id,
    title: values.title,
    type: values.type,
    dueDate: values.dueDate,
    dueTime: values.dueTime || null,
    animalId: values.target === 'animal' ? values.animalId || null : null,
    groupId: values.target === 'group' ? values.groupId || null : null,
    ...repeatOf(values),
    repeatFrom: values.repeatFrom,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The changes to send: the animals only when they changed (a whole group stays a whole group). */
function toUpdateInput(
  values: ReminderFormValues,
  reminder: ReminderDetail,
  initialAnimals: string[],
): ReminderUpdate {
  const changes: ReminderUpdate = {
    title: values.title,
    dueDate: values.dueDate,
    dueTime: values.dueTime || null,
    ...repeatOf(values),
    repeatFrom: values.repeatFrom,
  };
  if (reminder.groupId) {
    if (!sameSet(values.animalIds, initialAnimals)) changes.animalIds = values.animalIds;
  } else if (values.animalId !== reminder.animalId) changes.animalId = values.animalId;
  return changes;
}

const api = reminderCreateSchema.shape;

export function reminderFormSchema({ id, today, reminder, initialAnimals }: ReminderFormSetup) {
  const unchangedDate = reminder?.dueDate ?? null;
  const dueDate = z.pipe(
    z.string().check(z.minLength(1, 'Choose a due date')),
    calendarDate.check(
      z.superRefine((value, context) => {
        const problem = value !== unchangedDate && reminderDateProblem('dueDate', value, today);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
  );
  const fields = z.object({
    title: api.title,
    type: api.type,
    dueDate,
    // '' is all day; a time is the API's 'HH:MM'
    dueTime: z.string().check(z.refine((value) => value === '' || isTimeOfDay(value), timeOfDayMessage)),
    target: z.enum(['animal', 'group']),
    animalId: z.string(),
    groupId: z.string(),
    // a group's reminder covers at least one of its animals
    animalIds: reminder?.groupId ? z.nonoptional(reminderUpdateSchema.shape.animalIds) : z.array(z.string()),
    repeats: z.boolean(),
    repeatEvery: z.string(),
    repeatUnit: z.enum(repeatUnits),
    repeatFrom: z.nonoptional(api.repeatFrom),
  });
  const chosen = reminder ? reminderUpdateSchema.shape.animalId : api.animalId;
  // the rules over two fields run even while another field is wrong, so every message shows at once
  const checked = fields.check(
    z.superRefine(
      (values, context) => {
        const issue = (path: keyof ReminderFormValues, message: string) =>
          context.addIssue({ code: 'custom', path: [path], message, input: values[path] });
        if (!reminder?.groupId) {
          const [field, id] =
            values.target === 'group' ? ['groupId', values.groupId] : ['animalId', values.animalId];
          if (!id || !chosen.safeParse(id).success)
            issue(
              field as 'groupId' | 'animalId',
              values.target === 'group' ? 'Choose a group' : 'Choose an animal',
            );
        }
        if (values.repeats) {
          const every = values.repeatEvery.trim();
          const count = every === '' ? undefined : repeatEverySchema.safeParse(Number(every));
          if (!count) issue('repeatEvery', 'Say how often it repeats');
          else if (!count.success) issue('repeatEvery', count.error.issues[0]!.message);
        }
      },
      { when: () => true },
    ),
  );
  return z.pipe(
    checked,
    z.transform((values): ReminderFormOutput =>
      reminder
        ? { kind: 'update', changes: toUpdateInput(values, reminder, initialAnimals) }
        : { kind: 'create', input: toCreateInput(values, id) },
    ),
  );
}
