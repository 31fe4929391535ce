// The animal form shared by Add animal and Edit animal: photo, details, species and groups.
// Values are validated with the API's own schema; server field errors come back onto the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import {
  animalCreateSchema,
  groupIdsSchema,
  sexLabels,
  sexValues,
  type Sex,
} from '../../../../shared/schemas/animals';
import type { Group } from '../../../../shared/schemas/groups';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { earliestDate } from '../../../../shared/schemas/common';
import { useDrawnLater } from '../../../hooks/use-drawn-later';
import { useFarmToday } from '../../../hooks/use-farm-today';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { todayIsoDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { speciesQuery } from '../api/animals';
import { withAlpha } from './group-chip';
import { parentFields, ParentField, parentInput } from './parent-field';
import { PhotoField, type PhotoChoice } from './photo-field';
import { addOwnSpecies, SpeciesField } from './species-field';

/** What the inputs hold: text everywhere (blank = not set), the chosen group ids in list order. */
const formValuesSchema = z.object({
  name: z.string(),
  breed: z.string(),
  sex: z.string(),
  birthDate: z.string(),
  weight: z.string(),
  speciesId: z.string(),
  color: z.string(),
  /** '' (not recorded), 'outside' (a name in dam), or the id of one of the farm's animals */
  damChoice: z.string(),
  dam: z.string(),
  sireChoice: z.string(),
  sire: z.string(),
  tagId: z.string(),
  electronicId: z.string(),
  groupIds: z.array(z.string()),
});
export type AnimalFormValues = z.input<typeof formValuesSchema>;

const toApiInput = z.transform(
  ({
    damChoice,
    sireChoice,
    ...values
  }: z.output<typeof formValuesSchema>): z.input<typeof animalCreateSchema> => ({
    ...values,
    // the API's schema checks the value right after this
    sex: (values.sex || null) as Sex | null,
    weight: values.weight.trim() === '' ? null : Number(values.weight),
    speciesId: values.speciesId || null,
    // a linked parent names itself; a typed name only for one not on this farm
    ...toParent('dam', damChoice, values.dam),
    ...toParent('sire', sireChoice, values.sire),
  }),
);

function toParent(side: 'dam' | 'sire', choice: string, name: string) {
  const parent = parentInput(choice, name);
  return side === 'dam' ? { damId: parent.id, dam: parent.name } : { sireId: parent.id, sire: parent.name };
}

/** The form's parent fields for an animal's dam and sire as the API answers them. */
export function parentFormValues(animal: {
  damId: string | null;
  dam: string | null;
  sireId: string | null;
  sire: string | null;
}): Pick<AnimalFormValues, 'damChoice' | 'dam' | 'sireChoice' | 'sire'> {
  const dam = parentFields(animal.damId, animal.dam);
  const sire = parentFields(animal.sireId, animal.sire);
  return { damChoice: dam.choice, dam: dam.name, sireChoice: sire.choice, sire: sire.name };
}

/** Checks only the form needs, on top of the API's (which the server repeats). */
const formRules = {
  speciesId: z.nullish(
    z
      .string()
      .check(
        z.refine((value) => value !== addOwnSpecies, 'Add the new species, or choose one from the list'),
      ),
  ),
};
const notInFuture = z.refine<{ birthDate: string | null }>(
  (values) => !values.birthDate || values.birthDate <= todayIsoDate(),
  {
    message: 'Birth date cannot be in the future',
    path: ['birthDate'],
  },
);

/** Adding needs at least one group; an edit may leave an animal in none (its groups may be gone). */
const apiSchemas = {
  add: z.extend(animalCreateSchema, formRules).check(notInFuture),
  edit: z.extend(animalCreateSchema, { ...formRules, groupIds: groupIdsSchema }).check(notInFuture),
};
const formSchemas = {
  add: z.pipe(z.pipe(formValuesSchema, toApiInput), apiSchemas.add),
  edit: z.pipe(z.pipe(formValuesSchema, toApiInput), apiSchemas.edit),
};
export type AnimalFormOutput = z.output<typeof animalCreateSchema>;

export const emptyAnimalForm: AnimalFormValues = {
  name: '',
  breed: '',
  sex: '',
  birthDate: '',
  weight: '',
  speciesId: '',
  color: '',
  damChoice: '',
  dam: '',
  sireChoice: '',
  sire: '',
  tagId: '',
  electronicId: '',
  groupIds: [],
};

export type AnimalFormSubmit = (
  values: AnimalFormOutput,
  extra: {
    photo: PhotoChoice;
    isDirty: (field: keyof AnimalFormValues) => boolean;
    /** stop asking before leaving (call, and await, before navigating away after a save) */
    leave: () => Promise<void>;
  },
) => Promise<void>;

function GroupsField({
  control,
  groups,
}: {
  control: Control<AnimalFormValues, unknown, AnimalFormOutput>;
  groups: Group[];
}) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'groupIds' });
  const error = fieldState.error?.message;
  const selected = new Set(field.value);

  const toggle = (groupId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(groupId);
    else next.delete(groupId);
    field.onChange(groups.filter((group) => next.has(group.id)).map((group) => group.id));
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-1">
      <legend className="mb-1 block text-sm font-medium text-stone-800">Groups</legend>
      {groups.length === 0 ? (
        <p className="rounded-md border border-dashed border-stone-300 bg-stone-50 p-3 text-sm text-stone-700">
          Every animal belongs to a group.{' '}
          <Link href="/add-group" className="font-medium text-brand-700 underline underline-offset-4">
            Create a group first
          </Link>
        </p>
      ) : (
        <ul
          className={`max-h-32 divide-y divide-stone-100 overflow-y-auto rounded-md border bg-white ${
            error ? 'border-red-600' : 'border-stone-300'
          }`}
        >
          {groups.map((group, index) => (
            <li key={group.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-stone-50">
                <input
                  ref={index === 0 ? field.ref : undefined}
                  type="checkbox"
                  name={field.name}
                  value={group.id}
                  checked={selected.has(group.id)}
                  onChange={(event) => toggle(group.id, event.target.checked)}
                  onBlur={field.onBlur}
                  className="size-4 shrink-0 accent-brand-700"
                />
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full border"
                  style={{
                    backgroundColor: withAlpha(group.color, 1),
                    borderColor: withAlpha(group.color, 1),
                  }}
                />
                <span className="min-w-0 break-words">{group.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {groups.length > 0 && !error && (
        <p className="text-xs text-stone-600">
          {selected.size === 0
            ? 'None selected'
            : `Selected: ${groups
                .filter((group) => selected.has(group.id))
                .map((group) => group.name)
                .join(', ')}`}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function AnimalForm({
  mode,
  animalId,
  parents,
  defaultValues,
  groups,
  weightUnit,
  weightHint,
  currentPhotoUrl = null,
  onSubmit,
  footer,
}: {
  mode: 'add' | 'edit';
  /** the animal being edited (never offered as its own parent) */
  animalId?: string;
  /** its linked parents when the form opened */
  parents?: { dam?: { id: string; name: string }; sire?: { id: string; name: string } };
  defaultValues: AnimalFormValues;
  groups: Group[];
  weightUnit: WeightUnit;
  weightHint?: string;
  currentPhotoUrl?: string | null;
  onSubmit: AnimalFormSubmit;
  /** more buttons under the submit button (Edit: Cancel and Delete); `leave` stops the leave guard */
  footer?: (leave: () => Promise<void>) => ReactNode;
}) {
  const fieldsDrawn = useDrawnLater();
  const { today } = useFarmToday();
  const form = useForm<AnimalFormValues, unknown, AnimalFormOutput>({
    resolver: zodResolver(formSchemas[mode]),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const [photo, setPhoto] = useState<PhotoChoice>({ file: null, removeCurrent: false });
  // typing is never lost silently: leaving a changed form asks first (issue 9)
  const guard = useLeaveGuard(form.formState.isDirty || photo.file !== null || photo.removeCurrent);
  const name = useWatch({ control: form.control, name: 'name' });
  const groupIds = useWatch({ control: form.control, name: 'groupIds' });
  const damChoice = useWatch({ control: form.control, name: 'damChoice' });
  const sireChoice = useWatch({ control: form.control, name: 'sireChoice' });
  const speciesId = useWatch({ control: form.control, name: 'speciesId' });
  const speciesName = useQuery(speciesQuery).data?.find((item) => item.id === speciesId)?.name;

  const ready = name.trim() !== '' && groupIds.length > 0;
  const canSubmit = !isSubmitting && (mode === 'edit' || ready);

  const submit = form.handleSubmit(async (values) => {
    if (mode === 'add' && !ready) return;
    try {
      await onSubmit(values, {
        photo,
        isDirty: (field) => form.getFieldState(field).isDirty,
        leave: guard.allowLeave,
      });
    } catch (error) {
      applyServerErrors(error, form.setError, (key) => {
        const top = key.split('.')[0]; // a nested key shows on its top field
        const field = (
          top === 'damId' ? 'damChoice' : top === 'sireId' ? 'sireChoice' : top
        ) as keyof AnimalFormValues;
        return field in emptyAnimalForm ? field : undefined;
      });
    }
  });

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      {fieldsDrawn && (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <PhotoField currentUrl={currentPhotoUrl} name={name} onChange={setPhoto} />
          <TextField
            label="Name"
            autoComplete="off"
            required
            maxLength={100}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="Breed"
            autoComplete="off"
            error={errors.breed?.message}
            {...form.register('breed')}
          />
          <SelectField label="Sex" error={errors.sex?.message} {...form.register('sex')}>
            <option value="">Not set</option>
            {sexValues.map((value) => (
              <option key={value} value={value}>
                {sexLabels[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Birth Date"
            type="date"
            min={earliestDate}
            max={today}
            error={errors.birthDate?.message}
            {...form.register('birthDate')}
          />
          <TextField
            label={`Weight (${weightUnit})`}
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            hint={weightHint}
            error={errors.weight?.message}
            {...form.register('weight')}
          />
          <Controller
            control={form.control}
            name="speciesId"
            render={({ field, fieldState }) => <SpeciesField {...field} error={fieldState.error?.message} />}
          />
          <TextField
            label="Color"
            autoComplete="off"
            error={errors.color?.message}
            {...form.register('color')}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <ParentField
              side="dam"
              speciesName={speciesName}
              animalId={animalId}
              choice={damChoice}
              current={parents?.dam}
              choiceField={form.register('damChoice')}
              nameField={form.register('dam')}
              error={errors.damChoice?.message}
              nameError={errors.dam?.message}
            />
            <ParentField
              side="sire"
              speciesName={speciesName}
              animalId={animalId}
              choice={sireChoice}
              current={parents?.sire}
              choiceField={form.register('sireChoice')}
              nameField={form.register('sire')}
              error={errors.sireChoice?.message}
              nameError={errors.sire?.message}
            />
          </div>
          <TextField
            label="Tag ID"
            autoComplete="off"
            hint="Ear tag, leg band or microchip number"
            error={errors.tagId?.message}
            {...form.register('tagId')}
          />
          <TextField
            label="Electronic ID"
            autoComplete="off"
            inputMode="numeric"
            hint="15 digits from an RFID ear tag or bolus (ISO 11784), e.g. 826 000123456789"
            error={errors.electronicId?.message}
            {...form.register('electronicId')}
          />
          <GroupsField control={form.control} groups={groups} />
          <div className="space-y-2 border-t border-stone-200 pt-4">
            <Button type="submit" disabled={!canSubmit} className="w-full">
              {mode === 'add'
                ? isSubmitting
                  ? 'Adding...'
                  : 'Save Animal'
                : isSubmitting
                  ? 'Updating...'
                  : 'Update Animal'}
            </Button>
            {mode === 'add' && !ready && (
              <p className="text-center text-xs text-stone-600">
                Add a name and choose at least one group to save.
              </p>
            )}
            {footer?.(guard.allowLeave)}
          </div>
        </form>
      )}
    </>
  );
}
