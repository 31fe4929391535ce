// Species: the built-in and the farm's own, plus 'Add your own…', which reveals a name field that
// creates the species and selects it.
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { speciesQuery, useCreateSpecies } from '../api/animals';

/** The select's value while the user is naming a species of their own. */
export const addOwnSpecies = '__add_own__';

export function SpeciesField({
  value,
  onChange,
  onBlur,
  error,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const species = useQuery(speciesQuery);
  const create = useCreateSpecies();
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string>();

  const addSpecies = async () => {
    const name = newName.trim();
    if (!name) {
      setNewError('Species name is required');
      return;
    }
    try {
      const created = await create.mutateAsync(name);
      setNewName('');
      setNewError(undefined);
      onChange(created.id);
    } catch (caught) {
      setNewError(
        caught instanceof ApiError
          ? (caught.fields?.name?.[0] ?? caught.message)
          : 'Could not add the species.',
      );
    }
  };

  const loadHint = species.isPending
    ? 'Loading species...'
    : species.isError
      ? 'The species list could not be loaded.'
      : undefined;

  return (
    <div className="space-y-3">
      <SelectField
        ref={ref}
        label="Species"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={error}
        hint={loadHint}
      >
        <option value="">Not set</option>
        {species.data?.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
        <option value={addOwnSpecies}>Add your own…</option>
      </SelectField>
      {value === addOwnSpecies && (
        <div className="flex items-start gap-2 rounded-lg border border-stone-200 bg-stone-50 p-3">
          <div className="min-w-0 flex-1">
            <TextField
              label="New species"
              value={newName}
              maxLength={60}
              autoComplete="off"
              error={newError}
              onChange={(event) => setNewName(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the species rather than submitting the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void addSpecies();
                }
              }}
            />
          </div>
          <Button
            variant="secondary"
            disabled={create.isPending}
            onClick={() => void addSpecies()}
            className="mt-6 shrink-0"
          >
            {create.isPending ? 'Adding...' : 'Add species'}
          </Button>
        </div>
      )}
    </div>
  );
}
