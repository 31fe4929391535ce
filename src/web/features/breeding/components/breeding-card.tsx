// A dam's 'Breeding' card on her profile: 'Record Breeding' and 'Record Birth', and her breedings
// newest first with the sire and 'Expected birth {MMM d, yyyy}' (or the day of the birth). Recording
// and deleting show only for those whose role may.
import { useQuery } from '@tanstack/react-query';
import { Baby, Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { mediumDate } from '../../../../shared/care/dates';
import type { Breeding } from '../../../../shared/schemas/breeding';
import { LoadError, Loading } from '../../../components/page-states';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { formatUsDate } from '../../../lib/dates';
import { useCan } from '../../../lib/farm';
import { breedingsQuery, useDeleteBreeding } from '../api/breeding';

/** `onDelete` is left out where the role may not delete. */
function BreedingItem({ breeding, onDelete }: { breeding: Breeding; onDelete?: () => void }) {
  return (
    <li className="flex items-start gap-2 py-2 text-sm">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="[overflow-wrap:anywhere]">
          <span className="font-medium">Bred {formatUsDate(breeding.bredOn)}</span>
          {breeding.sire && (
            <>
              {' to '}
              {breeding.sireId ? (
                <Link
                  href={`/animal/${breeding.sireId}`}
                  className="inline-flex min-h-6 min-w-6 max-w-full items-center font-medium text-brand-700 underline underline-offset-4"
                >
                  {breeding.sire}
                </Link>
              ) : (
                breeding.sire
              )}
            </>
          )}
        </p>
        <p className={breeding.bornOn ? 'text-stone-600' : 'font-medium text-brand-800'}>
          {breeding.bornOn
            ? `Born ${formatUsDate(breeding.bornOn)}`
            : `Expected birth ${mediumDate(breeding.expectedOn)}`}
        </p>
        {breeding.note && <p className="[overflow-wrap:anywhere] text-stone-600">{breeding.note}</p>}
      </div>
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete breeding of ${formatUsDate(breeding.bredOn)}`}
          className={`${buttonBase} ${buttonClasses.ghost} size-10 shrink-0 !px-0 text-red-700`}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      )}
    </li>
  );
}

export function BreedingCard({ damId }: { damId: string }) {
  const breedings = useQuery(breedingsQuery(damId));
  const remove = useDeleteBreeding();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Breeding | null>(null);
  const canChange = useCan('member');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Breeding deleted' });
    } catch {
      toast({ title: 'Failed to delete breeding. Please try again.', variant: 'destructive' });
    }
    setDeleting(null);
  };

  return (
    <section aria-labelledby="breeding-heading" className={`${cardClasses} space-y-3`}>
      <h3 id="breeding-heading" className="font-semibold">
        Breeding
      </h3>
      {canChange && (
        <div className="grid grid-cols-2 gap-2">
          <Link
            href={`/animal/${damId}/breeding`}
            className={`${buttonBase} ${buttonClasses.secondary} !px-2`}
          >
            <Heart aria-hidden className="size-4" />
            Record Breeding
          </Link>
          <Link href={`/animal/${damId}/birth`} className={`${buttonBase} ${buttonClasses.secondary} !px-2`}>
            <Baby aria-hidden className="size-4" />
            Record Birth
          </Link>
        </div>
      )}
      {breedings.isPending ? (
        <Loading place="section">Loading breedings...</Loading>
      ) : breedings.isError ? (
        <LoadError error={breedings.error} onRetry={() => void breedings.refetch()} look="alert" />
      ) : breedings.data.length ? (
        <ul className="divide-y divide-stone-100 border-t border-stone-100">
          {breedings.data.map((breeding) => (
            <BreedingItem
              key={breeding.id}
              breeding={breeding}
              onDelete={canChange ? () => setDeleting(breeding) : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">No breedings recorded.</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this breeding?"
        message="Its expected birth and reminder will be removed. Animals already born stay."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
