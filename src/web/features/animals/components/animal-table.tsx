// My Animals' 'Table' view (from 1024 px; loaded only when chosen): name, tag, species, sex, age,
// weight, groups and status, one row per animal of the list the page found. A column header's
// button sorts the rows by it (a second press reverses; blanks stay last) and says so (aria-sort);
// until one is pressed the rows keep the page's order.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { compareNaturally } from '../../../../shared/animals/natural-sort';
import { activeWithdrawals, withdrawalBadge } from '../../../../shared/care/withdrawal';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { convertWeight } from '../../../../shared/units/weights';
import { Button } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { animalAge, animalWeight, exitBadge, sexLabel } from '../animal-display';
import { GroupChips, type Chip } from './group-chip';

type Column = 'name' | 'tag' | 'species' | 'sex' | 'age' | 'weight' | 'groups' | 'status';
type Direction = 'ascending' | 'descending';

const columns: { key: Column; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'tag', label: 'Tag' },
  { key: 'species', label: 'Species' },
  { key: 'sex', label: 'Sex' },
  { key: 'age', label: 'Age' },
  { key: 'weight', label: 'Weight' },
  { key: 'groups', label: 'Groups' },
  { key: 'status', label: 'Status' },
];

type Row = { animal: AnimalListItem; groups: Chip[]; statuses: string[] };

/** A row's value to sort by; null sorts last whichever the direction. */
function sortValue(row: Row, column: Column): string | number | null {
  const { animal } = row;
  switch (column) {
    case 'name':
      return animal.name;
    case 'tag':
      return animal.tagId;
    case 'species':
      return animal.speciesName;
    case 'sex':
      return sexLabel(animal.sex);
    // youngest first: the latest birth date first, so the day counts back from far in the future
    case 'age':
      return animal.birthDate ? -Date.parse(animal.birthDate) : null;
    case 'weight':
      return animal.weight === null ? null : convertWeight(animal.weight, animal.weightUnit ?? 'lbs', 'kg');
    case 'groups':
      return row.groups.map((group) => group.name).join(', ') || null;
    case 'status':
      return row.statuses.join(', ') || null;
  }
}

function compareRows(a: Row, b: Row, column: Column, direction: Direction): number {
  const left = sortValue(a, column);
  const right = sortValue(b, column);
  if (left === null || right === null) {
    if (left !== right) return left === null ? 1 : -1;
  } else {
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : compareNaturally(String(left), String(right));
    if (order !== 0) return direction === 'ascending' ? order : -order;
  }
  return compareNaturally(a.animal.name, b.animal.name) || a.animal.id.localeCompare(b.animal.id);
}

function SortIcon({ direction }: { direction: Direction | null }) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden className={`size-3.5 shrink-0 ${direction ? '' : 'text-stone-400'}`} />;
}

export default function AnimalTable({
  animals,
  groupsOf,
  today,
  weightUnit,
  action,
}: {
  animals: AnimalListItem[];
  /** an animal's groups as chips */
  groupsOf: (animal: AnimalListItem) => Chip[];
  /** the farm's calendar date, for the age and the withdrawals */
  today: string;
  weightUnit: WeightUnit;
  /** a control at the row's end (My Animals: delete, for those whose role may) */
  action?: (animal: AnimalListItem) => ReactNode;
}) {
  const [sort, setSort] = useState<{ column: Column; direction: Direction } | null>(null);
  const rows: Row[] = animals.map((animal) => ({
    animal,
    groups: groupsOf(animal),
    statuses: [
      ...(animal.exit ? [exitBadge(animal.exit)] : []),
      ...activeWithdrawals(animal.withdrawal, today).map(withdrawalBadge),
    ],
  }));
  if (sort) rows.sort((a, b) => compareRows(a, b, sort.column, sort.direction));

  const sortBy = (column: Column) =>
    setSort((previous) =>
      previous?.column === column
        ? { column, direction: previous.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: 'ascending' },
    );

  return (
    <div className={`${cardClasses} overflow-x-auto !p-0`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Animals</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
          <tr>
            {columns.map(({ key, label }) => {
              const direction = sort?.column === key ? sort.direction : null;
              return (
                <th key={key} scope="col" aria-sort={direction ?? 'none'} className="px-1 py-1 font-medium">
                  <Button
                    variant="ghost"
                    onClick={() => sortBy(key)}
                    className="!min-h-9 !gap-1 !px-1 !py-1 whitespace-nowrap hover:bg-stone-200/70"
                  >
                    {label}
                    <SortIcon direction={direction} />
                  </Button>
                </th>
              );
            })}
            {action && (
              <th scope="col" className="px-2 py-1">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map(({ animal, groups, statuses }) => (
            <tr key={animal.id} className="align-top hover:bg-stone-50">
              <th scope="row" className="min-w-36 px-2 py-2 font-medium break-words">
                <Link
                  href={`/animal/${animal.id}`}
                  className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-4 hover:text-brand-800"
                >
                  {animal.name}
                </Link>
              </th>
              <td className="min-w-24 px-2 py-2 break-words">{animal.tagId ?? ''}</td>
              <td className="px-2 py-2">{animal.speciesName ?? 'Unknown Species'}</td>
              <td className="px-2 py-2">{sexLabel(animal.sex) ?? 'N/A'}</td>
              <td className="px-2 py-2 whitespace-nowrap">{animalAge(animal, today) ?? ''}</td>
              <td className="px-2 py-2 whitespace-nowrap">{animalWeight(animal, weightUnit) ?? ''}</td>
              <td className="max-w-48 px-2 py-2">
                <GroupChips groups={groups} />
              </td>
              <td className="px-2 py-2">
                {statuses.length ? (
                  <ul className="space-y-0.5 font-medium text-amber-900">
                    {statuses.map((status) => (
                      <li key={status}>{status}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-stone-600">In herd</span>
                )}
              </td>
              {action && <td className="px-2 py-1 text-right">{action(animal)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
