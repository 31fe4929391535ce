// /animal/:animalId/milk and /group/:groupId/milk: 'Record Milk' for one doe, or for the group's
// female animals at once. The page loads who is milked (the animal, or the group and its animals)
// and the farm's zone and milk unit; the form is the production feature's.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { animalQuery } from '../../features/animals/api/animals';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { groupAnimalsQuery, groupQuery } from '../../features/groups/api/groups';
import { RecordMilkForm } from '../../features/production/components/record-milk-form';
import { isMilkable } from '../../features/production/milk-does';
import { farmToday } from '../../lib/dates';
import { profileQuery } from '../../lib/profile';
import { usePageHeading } from '../page-heading';

/** Nobody here to milk: why, and the way back. */
function NoDoes({ title, children, back }: { title: string; children: ReactNode; back: string }) {
  return (
    <div className={`${cardClasses} space-y-3 py-8 text-center`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-stone-700">{children}</p>
      <Link href={back} className={`${buttonBase} ${buttonClasses.secondary}`}>
        Go Back
      </Link>
    </div>
  );
}

function AnimalMilk({ animalId }: { animalId: string }) {
  const animal = useQuery(animalQuery(animalId));
  const profile = useQuery(profileQuery);
  usePageHeading(animal.data ? `Milk: ${animal.data.name}` : undefined);
  const back = `/animal/${animalId}`;

  if (animal.isPending || profile.isPending) return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  const { id, name } = animal.data;
  if (!isMilkable(animal.data))
    return (
      <NoDoes title="Milk is recorded for female animals" back={back}>
        Set {name}&apos;s sex to Female to record her milk.
      </NoDoes>
    );
  return (
    <RecordMilkForm
      owner={{ kind: 'animal', id }}
      subject={name}
      does={[{ id, name }]}
      today={farmToday(profile.data.timeZone)}
      timeZone={profile.data.timeZone}
      unit={profile.data.milkUnit}
      backPath={back}
    />
  );
}

function GroupMilk({ groupId }: { groupId: string }) {
  const group = useQuery(groupQuery(groupId));
  const animals = useQuery(groupAnimalsQuery(groupId));
  const profile = useQuery(profileQuery);
  usePageHeading(group.data ? `Milk: ${group.data.name}` : undefined);
  const back = `/group/${groupId}`;

  if (group.isPending || animals.isPending || profile.isPending) return <Loading>Loading group...</Loading>;
  for (const query of [group, animals, profile]) {
    if (query.isError) {
      if (isNotFound(query.error)) return <NotFound title="Group not found" />;
      return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    }
  }
  const does = animals.data!.filter(isMilkable);
  if (!does.length)
    return (
      <NoDoes title="No female animals in this group" back={back}>
        Milk is recorded for the female animals of {group.data!.name}.
      </NoDoes>
    );
  return (
    <RecordMilkForm
      owner={{ kind: 'group', id: groupId }}
      subject={group.data!.name}
      does={does}
      today={farmToday(profile.data!.timeZone)}
      timeZone={profile.data!.timeZone}
      unit={profile.data!.milkUnit}
      backPath={back}
    />
  );
}

export default function RecordMilkPage() {
  const { animalId, groupId } = useParams<{ animalId?: string; groupId?: string }>();
  return (
    <div className="space-y-2">
      <BackButton fallback={animalId ? `/animal/${animalId}` : `/group/${groupId}`} />
      {animalId ? (
        <AnimalMilk key={animalId} animalId={animalId} />
      ) : (
        <GroupMilk key={groupId} groupId={groupId ?? ''} />
      )}
    </div>
  );
}
