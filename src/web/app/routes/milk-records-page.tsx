// /animal/:animalId/milk-records: one doe's milk — her figures, the last 30 days and every record
// (Edit, Delete) — reached from the Milk card on her profile.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { possessive } from '../../../shared/care/rules';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { animalQuery } from '../../features/animals/api/animals';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { MilkProductionSection } from '../../features/production/components/milk-production';
import { usePageHeading } from '../page-heading';

export default function MilkRecordsPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const animal = useQuery(animalQuery(animalId));
  usePageHeading(animal.data ? `${possessive(animal.data.name)} Milk` : undefined);

  if (animal.isPending) return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  return (
    <div className="space-y-2">
      <BackButton fallback={`/animal/${animalId}`} />
      <MilkProductionSection animalId={animalId} />
    </div>
  );
}
