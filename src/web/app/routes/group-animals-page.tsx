// /group/:groupId/animals: the animals of one group, on the same card as My Animals (photo, tag,
// age, weight), each with a link to its profile; '+ Add Animal' for those whose role may.
import { WaitingChanges } from '../../components/waiting-changes';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { AnimalCard } from '../../features/animals/components/animal-card';
import { groupChipsOf } from '../../features/animals/animal-display';
import { groupAnimalsQuery, groupQuery, groupsQuery } from '../../features/groups/api/groups';
import { solid } from '../../features/groups/color';
import { useGroupId } from '../../features/groups/use-group-id';
import { useFarmToday } from '../../hooks/use-farm-today';
import { useCan } from '../../lib/farm';
import { profileQuery } from '../../lib/profile';

export default function GroupAnimalsPage() {
  const groupId = useGroupId();
  const group = useQuery(groupQuery(groupId));
  const animals = useQuery(groupAnimalsQuery(groupId));
  const groups = useQuery(groupsQuery);
  const profile = useQuery(profileQuery);
  const { today } = useFarmToday();
  const canAdd = useCan('member');

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
        {canAdd && (
          <Link href={`/group/${id}/add-animal`} className={`${buttonBase} ${buttonClasses.primary}`}>
            + Add Animal
          </Link>
        )}
      </div>
      <h2 className="flex items-center gap-2 text-lg font-semibold [overflow-wrap:anywhere]">
        <span
          aria-hidden
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: solid(color) }}
        />
        <span className="min-w-0">
          {name} {animals.data && <span className="font-normal text-stone-600">({animals.data.length})</span>}
        </span>
      </h2>
      <WaitingChanges kind="animal" groupId={id} />
      {animals.isPending ? (
        <Loading>Loading animals...</Loading>
      ) : animals.isError ? (
        <LoadError error={animals.error} onRetry={() => void animals.refetch()} />
      ) : animals.data.length === 0 ? (
        <p className={`${cardClasses} py-8 text-center text-stone-700`}>No animals in this group yet.</p>
      ) : (
        <ul className="space-y-3 lg:grid lg:grid-cols-2 lg:gap-3 lg:space-y-0">
          {animals.data.map((animal) => (
            <li key={animal.id}>
              <AnimalCard
                animal={animal}
                groups={groupChipsOf(animal.groupIds, groups.data)}
                today={today}
                weightUnit={profile.data?.weightUnit ?? 'lbs'}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
