// A group reminder's animals, each with a checkbox, and 'All animals' to tick or clear them all.
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import { plural } from '../reminder-format';

export function AnimalChecklist({
  animals,
  chosen,
  error,
  onChange,
}: {
  animals: AnimalListItem[];
  chosen: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const all = animals.length > 0 && animals.every((animal) => chosen.includes(animal.id));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'reminder-animals-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-stone-800">
        Animals <span className="font-normal text-stone-600">({plural(chosen.length, 'animal')})</span>
      </legend>
      <label className="flex min-h-10 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? animals.map((animal) => animal.id) : [])}
        />
        All animals
      </label>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto rounded-md border border-stone-200 bg-white p-2">
        {animals.map((animal) => (
          <li key={animal.id}>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-brand-700"
                checked={chosen.includes(animal.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...chosen, animal.id] : chosen.filter((id) => id !== animal.id),
                  )
                }
              />
              <span className="min-w-0 break-words">{animal.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="reminder-animals-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
