// The reminder form, to add one (/reminders/new) or change one (/reminders/:id/edit): title, type
// (new ones: general, feeding, routine care), due date (today..+10 years in the farm's zone), who it
// is for, and a repeat counted from the due date or from the day done. Checked with the API's own
// schemas; the server's field errors come back onto the fields.
import { PawPrint, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import {
  latestReminderDate,
  reminderDateProblem,
  repeatFromLabels,
  repeatFroms,
  repeatUnits,
  type RepeatFrom,
  type RepeatUnit,
} from '../../../../shared/care/rules';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import {
  reminderCreateSchema,
  reminderUpdateSchema,
  type ReminderCreate,
  type ReminderDetail,
  type ReminderUpdate,
} from '../../../../shared/schemas/care';
import type { Group } from '../../../../shared/schemas/groups';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { offlineMessage } from '../../../lib/api';
import { usDate } from '../../../lib/dates';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
import { useCreateReminder, useUpdateReminder } from '../api/reminders';
import { plural, repeatHint } from '../reminder-format';

const typeOptions = [
  { value: 'general', label: 'General' },
  { value: 'feeding', label: 'Feeding' },
  { value: 'routine', label: 'Routine care' },
] as const;
type OwnType = (typeof typeOptions)[number]['value'];
const unitLabels: Record<RepeatUnit, string> = { day: 'days', week: 'weeks', month: 'months' };

/** What the inputs hold; `target` says which of the two selects counts. */
type FormValues = {
  title: string;
  type: OwnType;
  dueDate: string;
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
const formFields = [
  'title',
  'type',
  'dueDate',
  'animalId',
  'groupId',
  'animalIds',
  'repeatEvery',
  'repeatUnit',
  'repeatFrom',
] as const;
type FormField = (typeof formFields)[number];
const isFormField = (key: unknown): key is FormField => formFields.includes(key as FormField);

function repeatOf(values: FormValues) {
  const every = values.repeatEvery.trim();
  return {
    repeatEvery: values.repeats && every !== '' ? Number(every) : null,
    repeatUnit: values.repeats ? values.repeatUnit : null,
  };
}

function toCreateInput(values: FormValues, id: string): ReminderCreate {
  return {
    id,
    title: values.title,
    type: values.type,
    dueDate: values.dueDate,
    animalId: values.target === 'animal' ? values.animalId || null : null,
    groupId: values.target === 'group' ? values.groupId || null : null,
    ...repeatOf(values),
    repeatFrom: values.repeatFrom,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The changes to send: the animals only when they changed (a whole group stays a whole group). */
function toUpdateInput(
  values: FormValues,
  reminder: ReminderDetail,
  initialAnimals: string[],
): ReminderUpdate {
  const changes: ReminderUpdate = {
    title: values.title,
    dueDate: values.dueDate,
    ...repeatOf(values),
    repeatFrom: values.repeatFrom,
  };
  if (reminder.groupId) {
    if (!sameSet(values.animalIds, initialAnimals)) changes.animalIds = values.animalIds;
  } else if (values.animalId !== reminder.animalId) changes.animalId = values.animalId;
  return changes;
}

/**
 * The API's schema, with its messages put on the fields a person sees: "one animal or one group"
 * lands on the select that is showing; a date outside today..+10 years is refused here too (when
 * editing, only a changed date: an overdue reminder's title can still be fixed).
 */
type Issue = { path: readonly PropertyKey[]; message: string };

function reminderResolver(
  issuesOf: (values: FormValues) => readonly Issue[],
  today: string,
  unchangedDate: string | null,
): Resolver<FormValues> {
  return (values) => {
    const errors: FieldErrors<FormValues> = {};
    const add = (field: FormField, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };
    if (values.dueDate === '') add('dueDate', 'Choose a due date');
    for (const issue of issuesOf(values)) {
      const [key] = issue.path;
      if (key === 'animalId' || key === 'groupId') {
        if (values.target === 'group') add('groupId', 'Choose a group');
        else add('animalId', 'Choose an animal');
      } else if (isFormField(key)) add(key, issue.message);
      else errors.root ??= { type: 'validate', message: issue.message } as NonNullable<typeof errors.root>;
    }
    if (values.dueDate !== unchangedDate) {
      const problem = reminderDateProblem('dueDate', values.dueDate, today);
      if (problem) add('dueDate', problem);
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values, errors: {} };
  };
}

/** 'Clover (Goats, Show team)': the animal with its groups' names, from the groups the form has. */
const animalLabel = (animal: AnimalListItem, groups: Group[]) => {
  const names = groups.filter((group) => animal.groupIds.includes(group.id)).map((group) => group.name);
  return names.length ? `${animal.name} (${names.join(', ')})` : animal.name;
};

function NothingToChoose({ what, href, action }: { what: string; href: string; action: string }) {
  return (
    <p className="text-xs text-stone-600">
      No {what} yet.{' '}
      <Link href={href} className="font-medium text-brand-700 underline underline-offset-4">
        {action}
      </Link>
    </p>
  );
}

/** The animals a group's reminder covers: the group's, and any it names that left the group. */
function coverable(animals: AnimalListItem[], reminder: ReminderDetail): AnimalListItem[] {
  return animals.filter(
    (animal) =>
      (reminder.groupId !== null && animal.groupIds.includes(reminder.groupId)) ||
      reminder.animalIds.includes(animal.id),
  );
}

function AnimalChecklist({
  animals,
  chosen,
  error,
  onChange,
}: {
  animals: AnimalListItem[];
  chosen: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const all = animals.length > 0 && animals.every((animal) => chosen.includes(animal.id));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'reminder-animals-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-stone-800">
        Animals <span className="font-normal text-stone-600">({plural(chosen.length, 'animal')})</span>
      </legend>
      <label className="flex min-h-10 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? animals.map((animal) => animal.id) : [])}
        />
        All animals
      </label>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto rounded-md border border-stone-200 bg-white p-2">
        {animals.map((animal) => (
          <li key={animal.id}>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-brand-700"
                checked={chosen.includes(animal.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...chosen, animal.id] : chosen.filter((id) => id !== animal.id),
                  )
                }
              />
              <span className="min-w-0 break-words">{animal.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="reminder-animals-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ReminderForm({
  animals,
  groups,
  today,
  preselected = null,
  reminder,
  onDone,
  cancelHref,
  onCancel,
}: {
  animals: AnimalListItem[];
  groups: Group[];
  today: string;
  /** new: who it is for, when the page was opened from an animal or a group */
  preselected?: { animalId: string } | { groupId: string } | null;
  /** edit: the reminder to change */
  reminder?: ReminderDetail;
  onDone: () => void;
  /** where Cancel goes, unless `onCancel` says what it does (go back, say) */
  cancelHref: string;
  onCancel?: () => void;
}) {
  const toast = useToast();
  const create = useCreateReminder();
  const update = useUpdateReminder(reminder?.id ?? '');
  // chosen once: a retry after a lost answer re-sends the same id, and the server keeps one reminder
  const [id] = useState(() => crypto.randomUUID());
  const groupAnimals = useMemo(
    () => (reminder?.groupId ? coverable(animals, reminder) : []),
    [animals, reminder],
  );
  // a whole group's reminder covers every animal of the group
  const initialAnimals = useMemo(
    () =>
      reminder?.groupId
        ? reminder.animalIds.length
          ? reminder.animalIds
          : groupAnimals.map((animal) => animal.id)
        : [],
    [reminder, groupAnimals],
  );
  const resolver = useMemo(
    () =>
      reminder
        ? reminderResolver(
            (values) => {
              const result = reminderUpdateSchema.safeParse(toUpdateInput(values, reminder, initialAnimals));
              const none: Issue[] =
                reminder.groupId && values.animalIds.length === 0
                  ? [{ path: ['animalIds'], message: 'Choose at least one animal' }]
                  : [];
              return [...none, ...(result.success ? [] : result.error.issues)];
            },
            today,
            reminder.dueDate,
          )
        : reminderResolver(
            (values) => {
              const result = reminderCreateSchema.safeParse(toCreateInput(values, id));
              return result.success ? [] : result.error.issues;
            },
            today,
            null,
          ),
    [id, today, reminder, initialAnimals],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: reminder
      ? {
          title: reminder.title,
          type: 'general',
          dueDate: reminder.dueDate,
          target: reminder.groupId ? 'group' : 'animal',
          animalId: reminder.animalId ?? '',
          groupId: reminder.groupId ?? '',
          animalIds: initialAnimals,
          repeats: Boolean(reminder.repeatEvery && reminder.repeatUnit),
          repeatEvery: String(reminder.repeatEvery ?? 1),
          repeatUnit: reminder.repeatUnit ?? 'week',
          repeatFrom: reminder.repeatFrom,
        }
      : {
          title: '',
          type: 'general',
          dueDate: today,
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
        },
  });
  const { errors } = form.formState;
  // typing is never lost silently: leaving a changed form asks first (issue 9)
  const guard = useLeaveGuard(form.formState.isDirty);
  const [, navigate] = useLocation();
  const cancel = () => void guard.allowLeave().then(onCancel ?? (() => navigate(cancelHref)));
  const [target, repeats, repeatEvery, repeatUnit, repeatFrom, chosenAnimals] = useWatch({
    control: form.control,
    name: ['target', 'repeats', 'repeatEvery', 'repeatUnit', 'repeatFrom', 'animalIds'],
  });
  const every = Number(repeatEvery);
  const saving = create.isPending || update.isPending;
  const editing = Boolean(reminder);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = reminder
        ? await update.mutateAsync(toUpdateInput(values, reminder, initialAnimals))
        : await create.mutateAsync(toCreateInput(values, id));
      toast({
        title: reminder ? 'Reminder updated' : 'Reminder added',
        description: `Due ${usDate(saved.dueDate)}.`,
      });
      await guard.allowLeave();
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, sameNames(formFields));
      toast({
        title: reminder
          ? 'Failed to update reminder. Please try again.'
          : 'Failed to add reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  const scheduleHint = (from: RepeatFrom) =>
    from === 'due'
      ? 'counted from its due date, whenever you mark it done'
      : 'counted from the day you mark it done';

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {errors.root && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {errors.root.message}
          </p>
        )}
        <TextField
          label="Title"
          placeholder="Feed the hens"
          autoComplete="off"
          maxLength={120}
          error={errors.title?.message}
          {...form.register('title')}
        />
        {!editing && (
          <SelectField label="Type" error={errors.type?.message} {...form.register('type')}>
            {typeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Due date"
          type="date"
          min={reminder && reminder.dueDate < today ? reminder.dueDate : today}
          max={latestReminderDate(today)}
          error={errors.dueDate?.message}
          {...form.register('dueDate')}
        />

        {reminder ? (
          reminder.groupId ? (
            <div className="space-y-3">
              <p className="text-sm text-stone-800">
                <span className="font-medium">Group:</span>{' '}
                <span className="break-words">{reminder.groupName}</span>
              </p>
              <AnimalChecklist
                animals={groupAnimals}
                chosen={chosenAnimals}
                error={errors.animalIds?.message}
                onChange={(ids) =>
                  form.setValue('animalIds', ids, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
            </div>
          ) : (
            <SelectField label="Animal" error={errors.animalId?.message} {...form.register('animalId')}>
              {animals.map((animal) => (
                <option key={animal.id} value={animal.id}>
                  {animalLabel(animal, groups)}
                </option>
              ))}
            </SelectField>
          )
        ) : (
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium text-stone-800">For</legend>
            <div className="grid grid-cols-2 gap-2">
              {(
                [
                  { value: 'animal', label: 'One animal', Icon: PawPrint },
                  { value: 'group', label: 'A whole group', Icon: Users },
                ] as const
              ).map(({ value, label, Icon }) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 hover:bg-stone-50"
                >
                  <input
                    type="radio"
                    value={value}
                    className="size-4 shrink-0 accent-brand-700"
                    {...form.register('target')}
                  />
                  <Icon aria-hidden className="hidden size-4 shrink-0 text-stone-600 sm:block" />
                  {label}
                </label>
              ))}
            </div>
            {target === 'animal' ? (
              <SelectField
                label="Animal"
                error={errors.animalId?.message}
                hint={
                  animals.length === 0 ? (
                    <NothingToChoose what="animals" href="/add-animal" action="Add an animal" />
                  ) : undefined
                }
                {...form.register('animalId')}
              >
                <option value="">Choose an animal</option>
                {animals.map((animal) => (
                  <option key={animal.id} value={animal.id}>
                    {animalLabel(animal, groups)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <SelectField
                label="Group"
                error={errors.groupId?.message}
                hint={
                  groups.length === 0 ? (
                    <NothingToChoose what="groups" href="/add-group" action="Add a group" />
                  ) : undefined
                }
                {...form.register('groupId')}
              >
                <option value="">Choose a group</option>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name} ({group.animalCount})
                  </option>
                ))}
              </SelectField>
            )}
          </fieldset>
        )}

        <div className="space-y-3">
          <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
            <input type="checkbox" className="size-4 accent-brand-700" {...form.register('repeats')} />
            Repeats
          </label>
          {repeats && (
            <fieldset className="grid grid-cols-2 gap-3 rounded-md border border-stone-200 bg-stone-50 p-3">
              <legend className="sr-only">How often it repeats</legend>
              <TextField
                label="Every"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                step={1}
                error={errors.repeatEvery?.message}
                {...form.register('repeatEvery')}
              />
              <SelectField label="Unit" error={errors.repeatUnit?.message} {...form.register('repeatUnit')}>
                {repeatUnits.map((unit) => (
                  <option key={unit} value={unit}>
                    {unitLabels[unit]}
                  </option>
                ))}
              </SelectField>
              <div className="col-span-2">
                <SelectField
                  label="Repeat from"
                  error={errors.repeatFrom?.message}
                  {...form.register('repeatFrom')}
                >
                  {repeatFroms.map((from) => (
                    <option key={from} value={from}>
                      {repeatFromLabels[from]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <p className="col-span-2 text-xs text-stone-600">
                {Number.isInteger(every) && every >= 1 && every <= 365
                  ? `${repeatHint(every, repeatUnit)}, ${scheduleHint(repeatFrom)}.`
                  : `Counted ${scheduleHint(repeatFrom).replace(/^counted /, '')}.`}
              </p>
            </fieldset>
          )}
        </div>

        <div className="flex gap-2 pt-2">
          {/* Cancel discards on purpose: no question */}
          <Button variant="secondary" className="flex-1" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} className="flex-1">
            {editing ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Adding...' : 'Add Reminder'}
          </Button>
        </div>
      </form>
    </>
  );
}
