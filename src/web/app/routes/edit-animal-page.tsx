// /animal/:animalId/edit: the animal, its groups and species, then the form (edit-animal-form.tsx).
// The form's code comes apart from the page's, asked as the page's code runs, beside its reads:
// the page draws the form's frame and heading around it, so the heading (the page's largest text)
// paints once, without waiting for the form libraries (decision 0054).
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { animalQuery, speciesQuery } from '../../features/animals/api/animals';
import { AnimalFormFrame } from '../../features/animals/components/animal-form-frame';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { groupsQuery } from '../../features/groups/api/groups';
import { profileQuery } from '../../lib/profile';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { stillArriving } from '../../lib/query-client';
import { lazyPart } from '../../components/lazy-part';

const EditAnimalForm = lazyPart(() => import('./edit-animal-form'));
void EditAnimalForm.preload().catch(() => {}); // (a failure shows once the page asks for it)

export default function EditAnimalPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const animal = useQuery(animalQuery(animalId));
  const profile = useQuery(profileQuery);
  // the form's groups and species, asked beside the animal rather than once the form is there: the
  // form is drawn once they are in. The parent choices (the whole herd, lower down the form) are
  // the parent fields' own read: asked here too, a herd that came before the form would be asked
  // again as the form appeared.
  const groups = useQuery(groupsQuery);
  const species = useQuery(speciesQuery);
  // the form keeps the animal and its groups as they were drawn: the server's, not an older copy's
  const fromCopy = useAwaitingServer(animal, groups);

  if (animal.isPending || profile.isPending || stillArriving(groups, species) || fromCopy)
    return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="alert" />;
  if (groups.isPending) return <Loading place="tight">Loading animal...</Loading>;
  if (groups.isError)
    return <LoadError error={groups.error} onRetry={() => void groups.refetch()} look="alert" />;
  return (
    <AnimalFormFrame heading={`Edit ${animal.data.name}`} backHref={`/animal/${animal.data.id}`}>
      <EditAnimalForm
        key={animal.data.id}
        fallback={null}
        animal={animal.data}
        weightUnit={profile.data.weightUnit}
        // the data itself, read here: a read of the device's copy answered again before the
        // form's code came would otherwise not draw this page again, and the form kept the old
        groups={groups.data}
      />
    </AnimalFormFrame>
  );
}
