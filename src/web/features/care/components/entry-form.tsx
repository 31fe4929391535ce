// The care entry form, new or edit, for one animal or a whole group: medication, weight or note.
// A new entry is one request (one batch id chosen per form, so a retry is recorded once); an edit
// changes the opened entry (animal page) or its whole batch (group page).
import { Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { Animal } from '../../../../shared/schemas/animals';
import {
  dosageUnits,
  type CareEntry,
  type CareEntryCreate,
  type EntryType,
} from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { SelectField, TextField, TextareaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateCareEntries, useUpdateCareEntry } from '../api/care';
import {
  changesOf,
  entryFormDefaults,
  entryFormResolver,
  fieldFor,
  type EntryEditValues,
  type EntryFormOutput,
  type EntryFormValues,
} from '../entry-form-values';
import type { EntryRoute } from '../entry-route';
import { AnimalPicker } from './animal-picker';

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
  const resolver = useMemo(
    () =>
      entryFormResolver(
        { type, ownerId: route.ownerId, isGroup, pickAnimals, unit, batchId, today },
        editing,
      ),
    [type, route.ownerId, isGroup, pickAnimals, unit, batchId, today, editing],
  );
  const form = useForm<EntryFormValues, unknown, EntryFormOutput>({
    resolver,
    defaultValues: entryFormDefaults(today, entry, groupAnimals),
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

  const add = async (input: CareEntryCreate, included: number[]) => {
    try {
      await create.mutateAsync(input);
      toast({ title: 'Entry added' });
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, included);
    }
  };

  const save = async (values: EntryEditValues, opened: CareEntry) => {
    const changes = changesOf(values, opened);
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

  const submit = form.handleSubmit(
    (output) =>
      output.kind === 'create' ? add(output.input, output.included) : entry && save(output.values, entry),
    onInvalid,
  );

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
