// A group's animals to include in a new entry: a checkbox each (all checked at first), Select all /
// Select none, and for a weight entry each animal's weight, enabled while the animal is included:
// empty, its last weighing the hint ('Last: 61.2 lbs'), no placeholder that reads as a value.
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EntryType } from '../../../../shared/schemas/care';
import { controlClasses, TextField } from '../../../components/ui/field';
import type { DosePlan } from '../dose-plan';
import type { EntryFormOutput, EntryFormValues } from '../entry-form-values';

export function AnimalPicker({
  form,
  type,
  unit,
  hints,
  doses,
}: {
  form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput>;
  type: EntryType;
  unit: string;
  /** each animal's hint under its weight ('Last: 61.2 lbs'), by id */
  hints?: Map<string, string | undefined>;
  /** a medication dosed by weight: each animal's own dose, worked out from its weight (dose-plan.ts) */
  doses?: { unit: string; plan: DosePlan };
}) {
  const id = useId();
  const animals = useWatch({ control: form.control, name: 'animals' });
  const { errors, isSubmitted } = form.formState;
  const error = errors.animals?.root?.message ?? errors.animals?.message;
  const included = animals.filter((animal) => animal.included).length;

  const revalidate = () => {
    if (isSubmitted) void form.trigger('animals');
  };
  const includeAll = (value: boolean) => {
    form.setValue(
      'animals',
      form.getValues('animals').map((animal) => ({ ...animal, included: value })),
      { shouldDirty: true },
    );
    revalidate();
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-count`} className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">Animals</legend>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p id={`${id}-count`} className="text-sm text-stone-600">
          {included} of {animals.length} included
        </p>
        <div className="flex gap-1">
          <button type="button" onClick={() => includeAll(true)} className={smallButton}>
            Select all
          </button>
          <button type="button" onClick={() => includeAll(false)} className={smallButton}>
            Select none
          </button>
        </div>
      </div>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
        {animals.map((animal, index) => {
          const check = form.register(`animals.${index}.included`);
          return (
            <li key={animal.id} className="space-y-2 px-3 py-2">
              <label className="flex min-h-10 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  {...check}
                  onChange={(event) => {
                    void check.onChange(event).then(revalidate);
                  }}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 font-medium break-words">{animal.name}</span>
              </label>
              {type === 'weight' && (
                <div className="pl-8">
                  <TextField
                    label={`${animal.name} weight (${unit})`}
                    type="number"
                    inputMode="decimal"
                    step={0.01}
                    min={0}
                    disabled={!animal.included}
                    hint={hints?.get(animal.id)}
                    className={`${controlClasses} disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500`}
                    error={errors.animals?.[index]?.weight?.message}
                    {...form.register(`animals.${index}.weight`)}
                  />
                </div>
              )}
              {doses && (
                <div className="pl-8">
                  <TextField
                    label={`${animal.name} dose (${doses.unit})`}
                    type="number"
                    inputMode="decimal"
                    step="any"
                    min={0}
                    disabled={!animal.included}
                    hint={
                      doses.plan ? doses.plan.get(animal.id)?.from : 'Working out the dose from its weight…'
                    }
                    className={`${controlClasses} disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500`}
                    error={errors.animals?.[index]?.dose?.message}
                    {...form.register(`animals.${index}.dose`)}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}

const smallButton =
  'inline-flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline underline-offset-4';
