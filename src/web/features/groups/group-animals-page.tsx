// /group/:groupId/animals: the animals of one group, each with a link to its profile.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { sexLabels, type Animal } from '../../../shared/schemas/animals';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { formatUsDate } from '../../lib/dates';
import { groupAnimalsQuery, groupQuery } from './api/groups';
import { solid } from './color';
import { useGroupId } from './use-group-id';

function AnimalCard({ animal }: { animal: Animal }) {
  const facts = [
    { label: 'Sex', value: animal.sex ? sexLabels[animal.sex] : 'N/A' },
    { label: 'Birth Date', value: formatUsDate(animal.birthDate) ?? 'N/A' },
    { label: 'Breed', value: animal.breed ?? 'N/A' },
  ];
  return (
    <article aria-labelledby={`animal-${animal.id}`} className={`${cardClasses} space-y-2`}>
      <div className="flex items-center justify-between gap-3">
        <h3 id={`animal-${animal.id}`} className="min-w-0 text-lg font-semibold break-words">
          {animal.name}
        </h3>
        <Link
          href={`/animal/${animal.id}`}
          className={`${buttonBase} ${buttonClasses.secondary} shrink-0 px-3`}
        >
          See Info<span className="sr-only"> about {animal.name}</span>
        </Link>
      </div>
      <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
        {facts.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className={`break-words ${value === 'N/A' ? 'text-stone-500' : 'text-stone-900'}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

export default function GroupAnimalsPage() {
  const groupId = useGroupId();
  const group = useQuery(groupQuery(groupId));
  const animals = useQuery(groupAnimalsQuery(groupId));

  if (group.isPending) return <Loading>Loading animals...</Loading>;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group Not Found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  const { id, name, color } = group.data;

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Link href={`/group/${id}`} className={`${buttonBase} ${buttonClasses.ghost} -ml-2 px-2`}>
          ← Back to Group
        </Link>
        <Link href={`/group/${id}/add-animal`} className={`${buttonBase} ${buttonClasses.primary}`}>
          + Add Animal
        </Link>
      </div>
      <h2 className="flex items-center gap-2 text-lg font-semibold break-words">
        <span
          aria-hidden
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: solid(color) }}
        />
        <span className="min-w-0">
          {name} {animals.data && <span className="font-normal text-stone-600">({animals.data.length})</span>}
        </span>
      </h2>
      {animals.isPending ? (
        <Loading>Loading animals...</Loading>
      ) : animals.isError ? (
        <LoadError error={animals.error} onRetry={() => void animals.refetch()} />
      ) : animals.data.length === 0 ? (
        <p className={`${cardClasses} py-8 text-center text-stone-700`}>No animals in this group yet.</p>
      ) : (
        <ul className="space-y-3">
          {animals.data.map((animal) => (
            <li key={animal.id}>
              <AnimalCard animal={animal} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
