// A doe's 'Milk' card on her profile, once she has milk recorded (or waiting to sync): days in milk,
// last milking, 7-day average and this lactation's total, and the way to all her records.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { LoadError } from '../../../components/page-states';
import { cardClasses } from '../../../components/ui/card';
import { WaitingChanges } from '../../../components/waiting-changes';
import { useOutbox } from '../../../lib/outbox';
import { milkProductionQuery } from '../api/milk';
import { DoeFigures } from './milk-display';

export function MilkCard({ animalId }: { animalId: string }) {
  const production = useQuery(milkProductionQuery({ animalId }));
  const waiting = useOutbox().waiting.some(
    (change) => change.kind === 'milk-records' && change.animalIds.includes(animalId),
  );
  const doe = production.data?.does[0];
  if (!production.isError && !doe && !waiting) return null;
  return (
    <section aria-labelledby="milk-card-heading" className={`${cardClasses} space-y-3`}>
      <h3 id="milk-card-heading" className="font-semibold">
        Milk
      </h3>
      <WaitingChanges kind="milk-records" animalId={animalId} />
      {production.isError ? (
        <LoadError error={production.error} onRetry={() => void production.refetch()} look="inline" />
      ) : (
        doe &&
        production.data && (
          <>
            <DoeFigures doe={doe} unit={production.data.unit} />
            <Link
              href={`/animal/${animalId}/milk-records`}
              className="inline-flex min-h-10 items-center text-sm font-medium text-brand-700 underline underline-offset-4"
            >
              Milk records
            </Link>
          </>
        )
      )}
    </section>
  );
}
