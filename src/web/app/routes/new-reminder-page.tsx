// /reminders/new (?animalId= or ?groupId= chooses who it is for): a reminder of the farmer's own
// (general, feeding, routine care) for one animal or a whole group, once or every N days, weeks
// or months. Checked with the API's own schema; the server's field errors come back onto the fields.
import { useQuery } from '@tanstack/react-query';
import { PawPrint, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { z } from 'zod/mini';
import { reminderDateProblem, repeatUnits, type RepeatUnit } from '../../../shared/care/rules';
import type { Animal } from '../../../shared/schemas/animals';
import { reminderCreateSchema } from '../../../shared/schemas/care';
import type { Group } from '../../../shared/schemas/groups';
import { BackButton } from '../../components/back-button';
import { Loading, LoadError } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { animalsQuery } from '../../features/animals/api/animals';
import { groupsQuery } from '../../features/groups/api/groups';
import { useCreateReminder } from '../../features/reminders/api/reminders';
import { repeatHint } from '../../features/reminders/reminder-format';
import { useFarmToday } from '../../hooks/use-farm-today';
import { offlineMessage } from '../../lib/api';
import { usDate } from '../../lib/dates';
import { applyServerErrors, sameNames } from '../../lib/form-errors';

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
  repeats: boolean;
  repeatEvery: string;
  repeatUnit: RepeatUnit;
};
type ReminderInput = z.output<typeof reminderCreateSchema>;
const formFields = ['title', 'type', 'dueDate', 'animalId', 'groupId', 'repeatEvery', 'repeatUnit'] as const;
type FormField = (typeof formFields)[number];
const isFormField = (key: unknown): key is FormField => formFields.includes(key as FormField);

function toApiInput(values: FormValues, id: string) {
  const every = values.repeatEvery.trim();
  return {
    id,
    title: values.title,
    type: values.type,
    dueDate: values.dueDate,
    animalId: values.target === 'animal' ? values.animalId || null : null,
    groupId: values.target === 'group' ? values.groupId || null : null,
    repeatEvery: values.repeats && every !== '' ? Number(every) : null,
    repeatUnit: values.repeats ? values.repeatUnit : null,
  };
}

/**
 * The API's schema, with its messages put on the fields a person sees: "one animal or one group"
 * lands on the select that is showing; a date before today (in the farm's zone) is refused here too.
 */
function reminderResolver(id: string, today: string): Resolver<FormValues, unknown, ReminderInput> {
  return (values) => {
    const result = reminderCreateSchema.safeParse(toApiInput(values, id));
    const errors: FieldErrors<FormValues> = {};
    const add = (field: FormField, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };
    if (values.dueDate === '') add('dueDate', 'Choose a due date');
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [key] = issue.path;
        if (key === 'animalId' || key === 'groupId') {
          if (values.target === 'group') add('groupId', 'Choose a group');
          else add('animalId', 'Choose an animal');
        } else if (isFormField(key)) add(key, issue.message);
        else errors.root ??= { type: 'validate', message: issue.message } as NonNullable<typeof errors.root>;
      }
    }
    const tooEarly = reminderDateProblem('dueDate', values.dueDate, today);
    if (tooEarly) add('dueDate', tooEarly);
    if (!result.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.data, errors: {} };
  };
}

const animalLabel = (animal: Animal) =>
  animal.groups.length
    ? `${animal.name} (${animal.groups.map((group) => group.name).join(', ')})`
    : animal.name;

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

function ReminderForm({
  animals,
  groups,
  today,
  preselected,
  backHref,
}: {
  animals: Animal[];
  groups: Group[];
  today: string;
  preselected: { animalId: string } | { groupId: string } | null;
  backHref: string;
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const create = useCreateReminder();
  // chosen once: a retry after a lost answer re-sends the same id, and the server keeps one reminder
  const [id] = useState(() => crypto.randomUUID());
  const resolver = useMemo(() => reminderResolver(id, today), [id, today]);
  const form = useForm<FormValues, unknown, ReminderInput>({
    resolver,
    defaultValues: {
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
      repeats: false,
      repeatEvery: '1',
      repeatUnit: 'week',
    },
  });
  const { errors } = form.formState;
  const [target, repeats, repeatEvery, repeatUnit] = useWatch({
    control: form.control,
    name: ['target', 'repeats', 'repeatEvery', 'repeatUnit'],
  });
  const every = Number(repeatEvery);
  const saving = create.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      const reminder = await create.mutateAsync(values);
      toast({ title: 'Reminder added', description: `Due ${usDate(reminder.dueDate)}.` });
      navigate(backHref);
    } catch (error) {
      applyServerErrors(error, form.setError, sameNames(formFields));
      toast({
        title: 'Failed to add reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
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
      <SelectField label="Type" error={errors.type?.message} {...form.register('type')}>
        {typeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Due date"
        type="date"
        min={today}
        error={errors.dueDate?.message}
        {...form.register('dueDate')}
      />

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
                {animalLabel(animal)}
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
            <p className="col-span-2 text-xs text-stone-600">
              {Number.isInteger(every) && every >= 1 && every <= 365
                ? `${repeatHint(every, repeatUnit)}, counted from the day you mark it done.`
                : 'Counted from the day you mark it done.'}
            </p>
          </fieldset>
        )}
      </div>

      <div className="flex gap-2 pt-2">
        <Link href={backHref} className={`${buttonBase} ${buttonClasses.secondary} flex-1`}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving} className="flex-1">
          {saving ? 'Adding...' : 'Add Reminder'}
        </Button>
      </div>
    </form>
  );
}

export default function NewReminderPage() {
  const [params] = useSearchParams();
  const animals = useQuery(animalsQuery);
  const groups = useQuery(groupsQuery);
  const { today, ready } = useFarmToday();

  if (animals.isPending || groups.isPending || !ready) return <Loading>Loading...</Loading>;
  if (animals.isError) return <LoadError error={animals.error} onRetry={() => void animals.refetch()} />;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;

  // only an animal or group of this farm counts as chosen (and as the page to go back to)
  const animalId = params.get('animalId');
  const groupId = params.get('groupId');
  const animal = animals.data.find((item) => item.id === animalId);
  const group = groups.data.find((item) => item.id === groupId);
  const preselected = animal ? { animalId: animal.id } : group ? { groupId: group.id } : null;
  const backHref = animal ? `/animal/${animal.id}` : group ? `/group/${group.id}` : '/reminders';

  return (
    <div className="space-y-2">
      <BackButton fallback={backHref} />
      <section aria-labelledby="new-reminder-heading" className={`${cardClasses} space-y-4`}>
        <div className="space-y-1">
          <h2 id="new-reminder-heading" className="text-lg font-semibold">
            Add New Reminder
          </h2>
          <p className="text-sm text-stone-600">For feeding, routine care or anything else. It can repeat.</p>
        </div>
        <ReminderForm
          animals={animals.data}
          groups={groups.data}
          today={today}
          preselected={preselected}
          backHref={backHref}
        />
      </section>
    </div>
  );
}
