// A weight entry's fields: one animal's weight and body condition score, or (a group weigh-in's
// edit) every animal's weight at once.
import type { UseFormReturn } from 'react-hook-form';
import { bodyConditionLabels, bodyConditionScores } from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { SelectField, TextField } from '../../../components/ui/field';
import { placeholders, type EntryFormOutput, type EntryFormValues } from '../entry-form-values';

export function WeightFields({
  form,
  unit,
  label,
  hint,
  everyAnimal,
}: {
  form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput>;
  unit: WeightUnit;
  /** one animal's weight: its label ('Weight (lbs)', 'Pip weight (lbs)') */
  label: string;
  /** under one animal's weight: its latest ('Last: 61.2 lbs') */
  hint?: string;
  /** a group weigh-in's edit: each animal's weight instead of one */
  everyAnimal: boolean;
}) {
  const { errors } = form.formState;
  if (everyAnimal) {
    return (
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
    );
  }
  return (
    <>
      <TextField
        label={label}
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0}
        placeholder={placeholders.weight}
        hint={hint}
        error={errors.weight?.message}
        {...form.register('weight')}
      />
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
    </>
  );
}
