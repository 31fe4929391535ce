// Dam or sire on the animal form: one of the farm's animals (of the species chosen and a sex that
// can be that parent),
// 'Not on this farm' with a name typed for an animal from elsewhere, or 'Not recorded'.
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Sex } from '../../../../shared/schemas/animals';
import { SelectField, TextField } from '../../../components/ui/field';
import { animalsQuery } from '../api/animals';

/** The select's values besides an animal's id. */
export const parentChoice = { none: '', outside: 'outside' } as const;

/** What the API is sent for a choice: a linked parent's id (it names itself), or a typed name. */
export function parentInput(choice: string, name: string): { id: string | null; name: string | null } {
  const linked = choice !== parentChoice.none && choice !== parentChoice.outside;
  return { id: linked ? choice : null, name: choice === parentChoice.outside ? name : null };
}

/** The choice and typed name that show a parent as the API answers it (linked, named or none). */
export function parentFields(id: string | null, name: string | null): { choice: string; name: string } {
  if (id) return { choice: id, name: '' };
  return name ? { choice: parentChoice.outside, name } : { choice: parentChoice.none, name: '' };
}

/** Who is not offered (a parent already chosen stays): a wether never sired; a spayed doe may have borne young before. */
const cannotBe: Record<'dam' | 'sire', Sex[]> = {
  dam: ['male', 'castrated_male'],
  sire: ['female', 'spayed_female', 'castrated_male'],
};

export function ParentField({
  side,
  speciesName,
  animalId,
  choice,
  current,
  choiceField,
  nameField,
  error,
  nameError,
}: {
  side: 'dam' | 'sire';
  /** the species chosen on the form: parents of another species are not offered */
  speciesName?: string;
  /** the animal being edited: never its own parent */
  animalId?: string;
  /** the select's value now */
  choice: string;
  /** the linked parent when the form opened, shown before the list has loaded */
  current?: { id: string; name: string };
  choiceField: UseFormRegisterReturn;
  nameField: UseFormRegisterReturn;
  error?: string;
  nameError?: string;
}) {
  const animals = useQuery(animalsQuery);
  const label = side === 'dam' ? 'Dam' : 'Sire';
  const candidates = (animals.data ?? (current ? [{ ...current, sex: null, speciesName: null }] : []))
    .filter(
      (animal) =>
        animal.id !== animalId &&
        (animal.id === choice ||
          ((!animal.sex || !cannotBe[side].includes(animal.sex)) &&
            (!speciesName || !animal.speciesName || animal.speciesName === speciesName))),
    )
    .map(({ id, name }) => ({ id, name }));
  return (
    <div className="space-y-2">
      {/* controlled: the choice shows once the farm's animals (its option) have loaded */}
      <SelectField label={label} error={error} {...choiceField} value={choice}>
        <option value={parentChoice.none}>Not recorded</option>
        {candidates.map((animal) => (
          <option key={animal.id} value={animal.id}>
            {animal.name}
          </option>
        ))}
        <option value={parentChoice.outside}>Not on this farm</option>
      </SelectField>
      {choice === parentChoice.outside && (
        <TextField
          label={`${label} name`}
          autoComplete="off"
          maxLength={100}
          error={nameError}
          {...nameField}
        />
      )}
    </div>
  );
}
