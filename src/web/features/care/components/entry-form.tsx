// The care entry form, new or edit, for one animal or a whole group: medication, weight or note.
// A new entry is one request (one batch id chosen per form, so a retry is recorded once); an edit
// changes the opened entry (animal page) or its whole batch (group page).
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { Animal } from '../../../../shared/schemas/animals';
import {
  careDefaults,
  dosageUnits,
  type CareEntry,
  type CareEntryCreate,
  type CareEntryUpdate,
  type EntryType,
} from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { SelectField, TextField, TextareaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, type FieldFor } from '../../../lib/form-errors';
import { useCreateCareEntries, useUpdateCareEntry } from '../api/care';
import { AnimalPicker } from './animal-picker';
import type { EntryRoute } from './entry-route';
import { entryFormSchema, type EntryFormValues } from './entry-schema';

type DosageUnit = (typeof dosageUnits)[number];

const nouns: Record<EntryType, string> = { medical: 'Medication', weight: 'Weight', note: 'Note' };

export type EntryFormProps = {
  route: EntryRoute;
  /** the animal's or the group's name */
  subject: string;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  /** the unit weights are entered in: the farm's (new) or the entry's own (edit) */
  unit: WeightUnit;
  /** a new group entry: the group's animals */
  groupAnimals?: Animal[];
  /** an edit: the opened entry */
  entry?: CareEntry;
  /** a group edit: how many animals the batch was applied to, when known */
  batchSize?: number | null;
};

const fixed = (value: number, digits: number) => value.toFixed(digits);

function defaultsFor(today: string, entry?: CareEntry, groupAnimals?: Animal[]): EntryFormValues {
  return {
    dateRecorded: entry?.dateRecorded ?? today,
    nextDueDate: '',
    medicationName: entry?.medicationName ?? careDefaults.medicationName,
    dosage: entry?.dosage != null ? String(entry.dosage) : fixed(careDefaults.dosage, 1),
    dosageUnit: entry?.dosageUnit ?? careDefaults.dosageUnit,
    weight: entry?.weightValue != null ? String(entry.weightValue) : fixed(careDefaults.weightValue, 2),
    title: entry?.title ?? '',
    noteContent: entry?.noteContent ?? '',
    animals: (groupAnimals ?? []).map((animal) => ({
      id: animal.id,
      name: animal.name,
      included: true,
      weight: fixed(careDefaults.weightValue, 2),
    })),
  };
}

/** What an edit changes: only the fields that differ from the opened entry. */
function changesOf(type: EntryType, values: EntryFormValues, entry: CareEntry): CareEntryUpdate {
  const changes: CareEntryUpdate = {};
  if (values.dateRecorded !== entry.dateRecorded) changes.dateRecorded = values.dateRecorded;
  switch (type) {
    case 'medical':
      if (values.medicationName.trim() !== entry.medicationName)
        changes.medicationName = values.medicationName.trim();
      if (Number(values.dosage) !== entry.dosage) changes.dosage = Number(values.dosage);
      if (values.dosageUnit !== entry.dosageUnit) changes.dosageUnit = values.dosageUnit as DosageUnit;
      break;
    case 'weight':
      if (Number(values.weight) !== entry.weightValue) changes.weightValue = Number(values.weight);
      break;
    case 'note':
      if (values.title.trim() !== entry.title) changes.title = values.title.trim();
      if (values.noteContent.trim() !== entry.noteContent) changes.noteContent = values.noteContent.trim();
      break;
  }
  return changes;
}

const sameNames = [
  'dateRecorded',
  'nextDueDate',
  'medicationName',
  'dosage',
  'dosageUnit',
  'title',
  'noteContent',
] as const;

/**
 * Which form field shows the server's error for an API field (undefined: the toast shows it).
 * `included` lists the animals sent, in order, so that 'weights.2.weightValue' finds its input.
 */
function fieldFor(included: number[]): FieldFor<EntryFormValues> {
  return (key) => {
    const weightAt = /^weights\.(\d+)\.weightValue$/.exec(key);
    if ((sameNames as readonly string[]).includes(key)) return key as Path<EntryFormValues>;
    if (key === 'weightValue') return 'weight';
    if (key === 'animalIds' || key === 'weights') return 'animals';
    if (!weightAt) return undefined;
    const index = included[Number(weightAt[1])];
    return included.length && index !== undefined ? `animals.${index}.weight` : 'weight';
  };
}

export function EntryForm({ route, subject, today, unit, groupAnimals, entry, batchSize }: EntryFormProps) {
  const { type, owner } = route;
  const isGroup = owner === 'group';
  const editing = entry !== undefined;
  const pickAnimals = isGroup && !editing;
  const withReminder = !editing && type !== 'note';
  const oneWeight = type === 'weight' && (!isGroup || editing);

  const [, navigate] = useLocation();
  const toast = useToast();
  const create = useCreateCareEntries();
  const update = useUpdateCareEntry();
  // chosen once per form: a retry after a lost answer re-sends it, and the server keeps one batch
  const [batchId] = useState(() => crypto.randomUUID());
  const schema = useMemo(
    () => entryFormSchema({ type, pickAnimals, withReminder, oneWeight, today }),
    [type, pickAnimals, withReminder, oneWeight, today],
  );
  const form = useForm<EntryFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: defaultsFor(today, entry, groupAnimals),
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;

  const failure =
    type === 'medical'
      ? pickAnimals
        ? 'Failed to create medical entries. Please try again.'
        : 'Failed to create/update medical entry. Please try again.'
      : 'Failed to save the entry. Please try again.';

  const showFailure = (error: unknown, included: number[]) => {
    const unplaced = applyServerErrors(error, form.setError, fieldFor(included));
    const animalsError =
      error instanceof ApiError ? (error.fields?.animalIds ?? error.fields?.weights) : undefined;
    const description =
      error instanceof ApiError && (error.status === 0 || error.status === 409)
        ? error.message
        : [...(animalsError ?? []), ...unplaced].join(' ') || undefined;
    toast({ title: failure, description, variant: 'destructive' });
  };

  const add = async (values: EntryFormValues) => {
    const includedIndexes = values.animals.flatMap((animal, index) => (animal.included ? [index] : []));
    const chosen = includedIndexes.map((index) => values.animals[index]!);
    const animalIds = pickAnimals ? chosen.map((animal) => animal.id) : [route.ownerId];
    const common = { batchId, groupId: isGroup ? route.ownerId : null, dateRecorded: values.dateRecorded };
    let input: CareEntryCreate;
    switch (type) {
      case 'medical':
        input = {
          type,
          ...common,
          animalIds,
          medicationName: values.medicationName.trim(),
          dosage: Number(values.dosage),
          dosageUnit: values.dosageUnit as DosageUnit,
          nextDueDate: values.nextDueDate || null,
        };
        break;
      case 'weight':
        input = {
          type,
          ...common,
          weights: pickAnimals
            ? chosen.map((animal) => ({ animalId: animal.id, weightValue: Number(animal.weight) }))
            : [{ animalId: route.ownerId, weightValue: Number(values.weight) }],
          weightUnit: unit,
          nextDueDate: values.nextDueDate || null,
        };
        break;
      case 'note':
        input = {
          type,
          ...common,
          animalIds,
          title: values.title.trim(),
          noteContent: values.noteContent.trim(),
        };
        break;
    }
    try {
      await create.mutateAsync(input);
      toast({ title: 'Entry added' });
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, pickAnimals ? includedIndexes : []);
    }
  };

  const save = async (values: EntryFormValues, opened: CareEntry) => {
    const changes = changesOf(type, values, opened);
    try {
      if (isGroup && type === 'weight') {
        // a batch's weights differ per animal: the value changes for the opened entry only, the date for all
        const { weightValue, ...rest } = changes;
        if (weightValue !== undefined) {
          await update.mutateAsync({ id: opened.id, scope: 'entry', changes: { weightValue } });
        }
        if (Object.keys(rest).length)
          await update.mutateAsync({ id: opened.id, scope: 'batch', changes: rest });
      } else if (Object.keys(changes).length) {
        await update.mutateAsync({ id: opened.id, scope: isGroup ? 'batch' : 'entry', changes });
      }
      if (Object.keys(changes).length) toast({ title: 'Entry updated' });
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, []);
    }
  };

  const onInvalid = (invalid: FieldErrors<EntryFormValues>) => {
    const message = invalid.animals?.root?.message ?? invalid.animals?.message;
    if (message) toast({ title: message, variant: 'destructive' });
  };

  const submit = form.handleSubmit((values) => (entry ? save(values, entry) : add(values)), onInvalid);

  const heading = `${editing ? 'Edit' : 'Add'} ${nouns[type]}`;
  const dateField = (
    <TextField
      label="Date"
      type="date"
      error={errors.dateRecorded?.message}
      {...form.register('dateRecorded')}
    />
  );
  const reminderField = withReminder && (
    <TextField
      label={type === 'medical' ? 'Next dose reminder' : 'Next weight check'}
      type="date"
      min={today}
      hint="Optional: a reminder for each animal on this day"
      error={errors.nextDueDate?.message}
      {...form.register('nextDueDate')}
    />
  );

  return (
    <section className={`${cardClasses} space-y-4`}>
      <div>
        <h2 className="text-lg font-semibold">{heading}</h2>
        <p className="text-sm break-words text-stone-600">
          {isGroup ? 'Group: ' : 'For '}
          <span className="font-medium text-stone-800">{subject}</span>
        </p>
      </div>
      {editing && isGroup && (
        <BatchNotice type={type} size={batchSize ?? null} animalName={entry.animalName} />
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {type === 'medical' && (
          <>
            <TextField
              label="Medication"
              autoComplete="off"
              maxLength={100}
              error={errors.medicationName?.message}
              {...form.register('medicationName')}
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Dosage"
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                error={errors.dosage?.message}
                {...form.register('dosage')}
              />
              <SelectField label="Unit" error={errors.dosageUnit?.message} {...form.register('dosageUnit')}>
                {dosageUnits.map((dosageUnit) => (
                  <option key={dosageUnit} value={dosageUnit}>
                    {dosageUnit}
                  </option>
                ))}
              </SelectField>
            </div>
            {dateField}
            {reminderField}
          </>
        )}
        {type === 'weight' && (
          <>
            {oneWeight && (
              <TextField
                label={isGroup && entry ? `${entry.animalName} weight (${unit})` : `Weight (${unit})`}
                type="number"
                inputMode="decimal"
                step={0.01}
                min={0}
                error={errors.weight?.message}
                {...form.register('weight')}
              />
            )}
            {dateField}
            {reminderField}
          </>
        )}
        {type === 'note' && (
          <>
            <TextField
              label="Title"
              autoComplete="off"
              maxLength={120}
              placeholder="Hoof trim"
              error={errors.title?.message}
              {...form.register('title')}
            />
            <TextareaField
              label="Note"
              rows={5}
              maxLength={5000}
              placeholder="What you did or noticed"
              error={errors.noteContent?.message}
              {...form.register('noteContent')}
            />
            {dateField}
          </>
        )}
        {pickAnimals && <AnimalPicker form={form} type={type} unit={unit} />}
        <div className="flex gap-2 pt-2">
          <Link href={route.ownerPath} className={`${buttonBase} ${buttonClasses.secondary} flex-1`}>
            Cancel
          </Link>
          <Button type="submit" disabled={busy} className="flex-1">
            {editing ? (busy ? 'Updating...' : 'Update Entry') : busy ? 'Adding...' : 'Add Entry'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** What a group edit changes: the whole batch (for a weight, the date; the value is one animal's). */
function BatchNotice({
  type,
  size,
  animalName,
}: {
  type: EntryType;
  size: number | null;
  animalName: string;
}) {
  const all =
    size === null
      ? 'every animal it was applied to'
      : size === 1
        ? 'the 1 animal it was applied to'
        : `all ${size} animals it was applied to`;
  return (
    <p className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {type === 'weight' ? (
          <>
            This changes the date for {all}. The weight is {animalName}&apos;s only: change another
            animal&apos;s weight from its Care History.
          </>
        ) : (
          <>This changes the entry for {all}.</>
        )}
      </span>
    </p>
  );
}
