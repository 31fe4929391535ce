// The care entry form, new or edit, for one animal or a whole group: medication, weight or note.
// A new entry is one request (one batch id chosen per form, so a retry is recorded once); an edit
// changes the opened entry (animal page) or its whole batch (group page; a weigh-in's, each
// animal's value) and says who recorded it. Fields start empty, SPEC's values as placeholders; a
// weight shows the animal's latest as a hint (a group's weigh-in boxes that alone: one '75.00' in
// every box read as values); the medication suggests the farm's earlier ones, and
// picking one fills its last dosage, unit, route and withdrawal periods into those fields that are
// empty (or that an earlier pick filled) — never over what the user typed. Leaving with unsaved
// changes asks first (useLeaveGuard).
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import {
  bodyConditionLabels,
  bodyConditionScores,
  dosageUnits,
  medicineRouteLabels,
  medicineRoutes,
  type CareEntry,
  type CareEntryCreate,
  type EntryType,
} from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { formatWeight } from '../../../../shared/units/weights';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { SelectField, TextField, TextareaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { LeaveGuardDialog, leaveGuardOff, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { useCan } from '../../../lib/farm';
import { applyServerErrors } from '../../../lib/form-errors';
import { saveOrQueue, waitingToSync } from '../../../lib/outbox';
import { medicationsQuery, useCreateCareEntries, useUpdateCareEntry } from '../api/care';
import {
  changesOf,
  placeholders,
  type BatchWeight,
  entryFormDefaults,
  entryFormResolver,
  fieldFor,
  type EntryEditValues,
  type EntryFormOutput,
  type EntryFormValues,
} from '../entry-form-values';
import type { EntryRoute } from '../entry-route';
import { pendingCare } from '../pending-care';
import { AnimalPicker } from './animal-picker';

/** The fields a picked earlier medication fills, when empty (or filled by an earlier pick). */
type SuggestedField =
  'dosage' | 'dosageUnit' | 'route' | 'meatWithdrawalDays' | 'milkWithdrawalDays' | 'eggWithdrawalDays';

const withdrawalFields = [
  { name: 'meatWithdrawalDays', label: 'Meat withdrawal (days)' },
  { name: 'milkWithdrawalDays', label: 'Milk withdrawal (days)' },
  { name: 'eggWithdrawalDays', label: 'Egg withdrawal (days)' },
] as const;

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
  groupAnimals?: AnimalListItem[];
  /** an edit: the opened entry */
  entry?: CareEntry;
  /** a group edit: how many animals the batch was applied to, when known */
  batchSize?: number | null;
  /** a group weigh-in's edit: each animal of the batch and its value, when known */
  batch?: BatchWeight[];
  /** a new weight for one animal: its latest weight, the hint under the field */
  latestWeight?: { value: number | null; unit: WeightUnit | null };
  /** 'Record Dose' from a medication reminder: its medication, whose last use fills the dose */
  prefill?: Pick<EntryFormValues, 'medicationName'>;
};

/** 'Last: 61.2 lbs': an animal's latest weight in the unit the form enters weights in. */
const lastWeight = (value: number | null | undefined, recordedIn: WeightUnit | null, unit: WeightUnit) =>
  value == null ? undefined : `Last: ${formatWeight(value, recordedIn, unit)}`;

export function EntryForm({
  route,
  subject,
  today,
  unit,
  groupAnimals,
  entry,
  batchSize,
  batch,
  latestWeight,
  prefill,
}: EntryFormProps) {
  const { type, owner } = route;
  const isGroup = owner === 'group';
  const editing = entry !== undefined;
  const pickAnimals = isGroup && !editing;
  // reminders are a member's to make: a farm sitter records the weight alone
  const member = useCan('member');
  const withReminder = !editing && type !== 'note' && member;
  const batchWeights = editing && isGroup && type === 'weight' && batch !== undefined && batch.length > 0;
  const oneWeight = type === 'weight' && (!isGroup || editing) && !batchWeights;

  const [, navigate] = useLocation();
  const toast = useToast();
  const create = useCreateCareEntries();
  const update = useUpdateCareEntry();
  // chosen once per form: a retry after a lost answer re-sends it, and the server keeps one batch
  const [batchId] = useState(() => crypto.randomUUID());
  const resolver = useMemo(
    () =>
      entryFormResolver(
        { type, ownerId: route.ownerId, isGroup, pickAnimals, unit, batchId, today, batchWeights },
        editing,
      ),
    [type, route.ownerId, isGroup, pickAnimals, unit, batchId, today, editing, batchWeights],
  );
  const form = useForm<EntryFormValues, unknown, EntryFormOutput>({
    resolver,
    defaultValues: {
      ...entryFormDefaults(today, entry, groupAnimals, batchWeights ? batch : undefined),
      ...prefill,
    },
  });
  const { errors, isDirty } = form.formState;
  const busy = create.isPending || update.isPending;
  const guard = useLeaveGuard(isDirty);

  const medicationListId = useId();
  const medications = useQuery({ ...medicationsQuery, enabled: type === 'medical' });
  /** what the last picked suggestion put in each field: a later pick may replace it, not a typed value */
  const filled = useRef<Partial<Record<SuggestedField, string>>>({});
  const suggest = (name: string) => {
    const key = name.trim().toLowerCase();
    const match = medications.data?.find((medication) => medication.medicationName.toLowerCase() === key);
    if (!match) return;
    const fill = (field: SuggestedField, value: string | null) => {
      const current = form.getValues(field);
      if (value === null || (current !== '' && current !== filled.current[field])) return;
      form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filled.current[field] = value;
    };
    const text = (value: number | string | null) => (value === null ? null : String(value));
    fill('dosage', text(match.dosage));
    fill('route', match.route);
    fill('meatWithdrawalDays', text(match.meatWithdrawalDays));
    fill('milkWithdrawalDays', text(match.milkWithdrawalDays));
    fill('eggWithdrawalDays', text(match.eggWithdrawalDays));
    fill(
      'dosageUnit',
      (dosageUnits as readonly string[]).includes(match.dosageUnit ?? '') ? match.dosageUnit : null,
    );
  };
  const medicationField = form.register('medicationName');
  // 'Record Dose': the farm's last use of the reminder's medication fills the dose, route and
  // withdrawal, as picking the name would
  const prefillName = prefill?.medicationName;
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !prefillName || !medications.data) return;
    prefilled.current = true;
    suggest(prefillName);
  });

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
      // with no signal (or earlier changes still waiting) it is kept on the device: 'Waiting to sync'
      const saved = await saveOrQueue(pendingCare({ ...input, batchId }, subject, unit), () =>
        create.mutateAsync(input),
      );
      toast(saved.queued ? { title: 'Entry added', description: waitingToSync } : { title: 'Entry added' });
      await guard.allowLeave();
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, included);
    }
  };

  const save = async (values: EntryEditValues, opened: CareEntry) => {
    const changes = changesOf(values, opened, batchWeights ? batch : undefined);
    try {
      if (isGroup && type === 'weight' && !batchWeights) {
        // a batch's weights differ per animal: the value (and score) change for the opened entry
        // only, the date for all
        const { weightValue, bodyCondition, ...rest } = changes;
        if (weightValue !== undefined || bodyCondition !== undefined) {
          await update.mutateAsync({
            id: opened.id,
            scope: 'entry',
            changes: { weightValue, bodyCondition },
          });
        }
        if (Object.keys(rest).length)
          await update.mutateAsync({ id: opened.id, scope: 'batch', changes: rest });
      } else if (Object.keys(changes).length) {
        await update.mutateAsync({ id: opened.id, scope: isGroup ? 'batch' : 'entry', changes });
      }
      if (Object.keys(changes).length) toast({ title: 'Entry updated' });
      await guard.allowLeave();
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, batchWeights ? (values.weights?.map((_, index) => index) ?? []) : []);
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
      hint={
        isGroup
          ? 'Optional: one reminder on this day for all the animals included'
          : 'Optional: a reminder on this day'
      }
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
        {entry?.recordedBy && <p className="text-xs text-stone-600">by {entry.recordedBy}</p>}
      </div>
      {editing && isGroup && (
        <BatchNotice
          type={type}
          size={batchSize ?? null}
          animalName={entry.animalName}
          everyWeight={batchWeights}
        />
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {type === 'medical' && (
          <>
            <TextField
              label="Medication"
              autoComplete="off"
              maxLength={100}
              placeholder={placeholders.medicationName}
              list={medicationListId}
              hint={medications.data?.length ? 'Earlier medications are suggested as you type' : undefined}
              error={errors.medicationName?.message}
              {...medicationField}
              onChange={(event) => {
                void medicationField.onChange(event);
                suggest(event.target.value);
              }}
            />
            <datalist id={medicationListId}>
              {medications.data?.map((medication) => (
                <option key={medication.medicationName} value={medication.medicationName}>
                  {[medication.dosage, medication.dosageUnit].filter((part) => part !== null).join(' ')}
                </option>
              ))}
            </datalist>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Dosage"
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                placeholder={placeholders.dosage}
                error={errors.dosage?.message}
                {...form.register('dosage')}
              />
              <SelectField label="Unit" error={errors.dosageUnit?.message} {...form.register('dosageUnit')}>
                <option value="" disabled>
                  e.g. {placeholders.dosageUnit}
                </option>
                {dosageUnits.map((dosageUnit) => (
                  <option key={dosageUnit} value={dosageUnit}>
                    {dosageUnit}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <SelectField label="Route" error={errors.route?.message} {...form.register('route')}>
                <option value="">Not recorded</option>
                {medicineRoutes.map((value) => (
                  <option key={value} value={value}>
                    {medicineRouteLabels[value]}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Batch/lot number"
                autoComplete="off"
                maxLength={60}
                error={errors.lotNumber?.message}
                {...form.register('lotNumber')}
              />
            </div>
            <TextField
              label="Given by"
              autoComplete="name"
              maxLength={100}
              error={errors.givenBy?.message}
              {...form.register('givenBy')}
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Withdrawal</legend>
              <p className="text-xs text-stone-600">
                Days from the label before meat, milk or eggs may be used. Leave blank for none.
              </p>
              <div className="grid grid-cols-3 items-end gap-3">
                {withdrawalFields.map(({ name, label }) => (
                  <TextField
                    key={name}
                    label={label}
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={0}
                    max={999}
                    error={errors[name]?.message}
                    {...form.register(name)}
                  />
                ))}
              </div>
            </fieldset>
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
                placeholder={placeholders.weight}
                hint={
                  !editing && latestWeight
                    ? lastWeight(latestWeight.value, latestWeight.unit, unit)
                    : undefined
                }
                error={errors.weight?.message}
                {...form.register('weight')}
              />
            )}
            {oneWeight && (
              <SelectField
                label="Body condition score"
                hint="Optional: 1 very thin, 3 ideal, 5 obese"
                error={errors.bodyCondition?.message}
                {...form.register('bodyCondition')}
              >
                <option value="">Not scored</option>
                {bodyConditionScores.map((value) => (
                  <option key={value} value={String(value)}>
                    {bodyConditionLabels[value]}
                  </option>
                ))}
              </SelectField>
            )}
            {batchWeights && (
              <fieldset className="space-y-3">
                <legend className="text-sm font-medium text-stone-800">Weights ({unit})</legend>
                {form.getValues('animals').map((animal, index) => (
                  <TextField
                    key={animal.id}
                    label={animal.name}
                    type="number"
                    inputMode="decimal"
                    step={0.01}
                    min={0}
                    error={errors.animals?.[index]?.weight?.message}
                    {...form.register(`animals.${index}.weight`)}
                  />
                ))}
              </fieldset>
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
        {pickAnimals && (
          <AnimalPicker
            form={form}
            type={type}
            unit={unit}
            hints={
              new Map(
                (groupAnimals ?? []).map((animal) => [
                  animal.id,
                  lastWeight(animal.weight, animal.weightUnit, unit),
                ]),
              )
            }
          />
        )}
        <div className="flex gap-2 pt-2">
          {/* Cancel leaves on purpose: no question */}
          <Link
            href={route.ownerPath}
            {...leaveGuardOff}
            onClick={(event) => {
              event.preventDefault();
              void guard.allowLeave().then(() => navigate(route.ownerPath));
            }}
            className={`${buttonBase} ${buttonClasses.secondary} flex-1`}
          >
            Cancel
          </Link>
          <Button type="submit" disabled={busy} className="flex-1">
            {editing ? (busy ? 'Updating...' : 'Update Entry') : busy ? 'Adding...' : 'Add Entry'}
          </Button>
        </div>
      </form>
      <LeaveGuardDialog {...guard.dialog} />
    </section>
  );
}

/** What a group edit changes: the whole batch (for a weight, the date; the value is one animal's). */
function BatchNotice({
  type,
  size,
  animalName,
  everyWeight,
}: {
  type: EntryType;
  size: number | null;
  animalName: string;
  /** the form shows every animal's weight */
  everyWeight: boolean;
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
        {type === 'weight' && everyWeight ? (
          <>This changes the date and the weights for {all}.</>
        ) : type === 'weight' ? (
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
