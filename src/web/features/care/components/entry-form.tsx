// The care entry form, new or edit, for one animal or a whole group: medication, weight or note.
// A new entry is one request (one batch id chosen per form, so a retry is recorded once); an edit
// changes the opened entry (animal page) or its whole batch (group page; a weigh-in's, each
// animal's value) and says who recorded it. Fields start empty, SPEC's values as placeholders; a
// weight shows the animal's latest as a hint (a group's weigh-in boxes that alone: one '75.00' in
// every box read as values). Each kind's fields are their own component (medication-fields.tsx,
// weight-fields.tsx, note-fields.tsx). Leaving with unsaved changes asks first (useLeaveGuard).
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import { dosageUnitOf } from '../../../../shared/medicines/treatment';
import type { CareEntry, EntryType } from '../../../../shared/schemas/care';
import type { Medicine } from '../../../../shared/schemas/medicines';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { formatWeight } from '../../../../shared/units/weights';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LeaveGuardDialog, leaveGuardOff, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { useCan } from '../../../lib/farm';
import {
  entryFormDefaults,
  entryFormResolver,
  type BatchWeight,
  type EntryFormOutput,
  type EntryFormValues,
} from '../entry-form-values';
import type { EntryRoute } from '../entry-route';
import { useDosePlan } from '../dose-plan';
import { AnimalPicker } from './animal-picker';
import { CabinetFields } from './cabinet-fields';
import { BatchNotice } from './batch-notice';
import { useEntryFormSubmit } from './entry-form-submit';
import { MedicationFields } from './medication-fields';
import { NoteFields } from './note-fields';
import { WeightFields } from './weight-fields';

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
  /** a new medication: the cabinet's medicines in use, offered first (decision 0041) */
  cabinet?: Medicine[];
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
  cabinet,
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
  const guard = useLeaveGuard(isDirty);
  const { submit, busy } = useEntryFormSubmit(form, guard, {
    route,
    subject,
    unit,
    batchId,
    entry,
    batch: batchWeights ? batch : undefined,
    pickAnimals,
  });

  const medicineId = useWatch({ control: form.control, name: 'medicineId' });
  const medicine = cabinet?.find((one) => one.id === medicineId);
  const plan = useDosePlan(medicine, { isGroup, id: route.ownerId, weight: latestWeight }, unit);
  const dosesEach = useWatch({ control: form.control, name: 'dosesEach' });

  const heading = `${editing ? 'Edit' : 'Add'} ${nouns[type]}`;
  const reminderField = withReminder && (
    <div className="grid grid-cols-2 items-start gap-3">
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
      {/* the reminder's time of day (issue 29): it rings then; blank = any time that day */}
      <TextField
        label="Time of day (optional)"
        type="time"
        error={errors.nextDueTime?.message}
        {...form.register('nextDueTime')}
      />
    </div>
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
          <MedicationFields
            form={form}
            prefillName={prefill?.medicationName}
            entryOrganic={entry?.organic}
            cabinet={
              !editing &&
              cabinet && (
                <CabinetFields
                  form={form}
                  cabinet={cabinet}
                  plan={plan}
                  pickAnimals={pickAnimals}
                  subject={subject}
                />
              )
            }
          />
        )}
        {type === 'weight' && (oneWeight || batchWeights) && (
          <WeightFields
            form={form}
            unit={unit}
            label={isGroup && entry ? `${entry.animalName} weight (${unit})` : `Weight (${unit})`}
            hint={
              !editing && latestWeight ? lastWeight(latestWeight.value, latestWeight.unit, unit) : undefined
            }
            everyAnimal={batchWeights}
          />
        )}
        {type === 'note' && <NoteFields form={form} />}
        <TextField
          label="Date"
          type="date"
          error={errors.dateRecorded?.message}
          {...form.register('dateRecorded')}
        />
        {reminderField}
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
            doses={
              type === 'medical' && dosesEach && medicine
                ? { unit: dosageUnitOf(medicine.unit), plan }
                : undefined
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
