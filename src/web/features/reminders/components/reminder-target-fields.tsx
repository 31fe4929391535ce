// Who a reminder is for. New: 'One animal' or 'A whole group', then that select; an edit keeps its
// kind: an animal's reminder may move to another animal, a group's says which of its animals.
import { PawPrint, Users } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import type { ReminderDetail } from '../../../../shared/schemas/care';
import type { Group } from '../../../../shared/schemas/groups';
import { SelectField } from '../../../components/ui/field';
import type { ReminderFormOutput, ReminderFormValues } from '../reminder-form-values';
import { AnimalChecklist } from './animal-checklist';

type ReminderForm = UseFormReturn<ReminderFormValues, unknown, ReminderFormOutput>;

/** 'Clover (Goats, Show team)': the animal with its groups' names, from the groups the form has. */
const animalLabel = (animal: AnimalListItem, groups: Group[]) => {
  const names = groups.filter((group) => animal.groupIds.includes(group.id)).map((group) => group.name);
  return names.length ? `${animal.name} (${names.join(', ')})` : animal.name;
};

function NothingToChoose({ what, href, action }: { what: string; href: string; action: string }) {
  return (
    <p className="text-xs text-stone-600">
      No {what} yet.{' '}
      <Link href={href} className="font-medium text-brand-700 underline underline-offset-4">
        {action}
      </Link>
    </p>
  );
}

const targets = [
  { value: 'animal', label: 'One animal', Icon: PawPrint },
  { value: 'group', label: 'A whole group', Icon: Users },
] as const;

export function ReminderTargetFields({
  form,
  animals,
  groups,
  reminder,
  groupAnimals,
}: {
  form: ReminderForm;
  animals: AnimalListItem[];
  groups: Group[];
  reminder?: ReminderDetail;
  /** a group reminder's edit: the animals it may cover */
  groupAnimals: AnimalListItem[];
}) {
  const { errors } = form.formState;
  const [target, chosenAnimals] = useWatch({ control: form.control, name: ['target', 'animalIds'] });

  if (reminder?.groupId) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-stone-800">
          <span className="font-medium">Group:</span>{' '}
          <span className="break-words">{reminder.groupName}</span>
        </p>
        <AnimalChecklist
          animals={groupAnimals}
          chosen={chosenAnimals}
          error={errors.animalIds?.message}
          onChange={(ids) =>
            form.setValue('animalIds', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
          }
        />
      </div>
    );
  }
  if (reminder) {
    return (
      <SelectField label="Animal" error={errors.animalId?.message} {...form.register('animalId')}>
        {animals.map((animal) => (
          <option key={animal.id} value={animal.id}>
            {animalLabel(animal, groups)}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-stone-800">For</legend>
      <div className="grid grid-cols-2 gap-2">
        {targets.map(({ value, label, Icon }) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 hover:bg-stone-50"
          >
            <input
              type="radio"
              value={value}
              className="size-4 shrink-0 accent-brand-700"
              {...form.register('target')}
            />
            <Icon aria-hidden className="hidden size-4 shrink-0 text-stone-600 sm:block" />
            {label}
          </label>
        ))}
      </div>
      {target === 'animal' ? (
        <SelectField
          label="Animal"
          error={errors.animalId?.message}
          hint={
            animals.length === 0 ? (
              <NothingToChoose what="animals" href="/add-animal" action="Add an animal" />
            ) : undefined
          }
          {...form.register('animalId')}
        >
          <option value="">Choose an animal</option>
          {animals.map((animal) => (
            <option key={animal.id} value={animal.id}>
              {animalLabel(animal, groups)}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField
          label="Group"
          error={errors.groupId?.message}
          hint={
            groups.length === 0 ? (
              <NothingToChoose what="groups" href="/add-group" action="Add a group" />
            ) : undefined
          }
          {...form.register('groupId')}
        >
          <option value="">Choose a group</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name} ({group.animalCount})
            </option>
          ))}
        </SelectField>
      )}
    </fieldset>
  );
}
