// An animal's care history, newest first, each entry with who recorded it: Edit and Delete (for
// those whose role may change entries) act on this animal's entry only.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CareEntry } from '../../../../shared/schemas/care';
import { LoadError, Loading } from '../../../components/page-states';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { useCan } from '../../../lib/farm';
import { profileQuery } from '../../../lib/profile';
import { animalCarePagesQuery, useDeleteCareEntry } from '../api/care';
import { entryDetails, entryTitle } from './entry-display';
import { EntryRow, ShowMore } from './entry-row';

function entriesOf(pages: { items: CareEntry[] }[]): CareEntry[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true)));
}

export function CareHistory({ animalId }: { animalId: string }) {
  const history = useInfiniteQuery(animalCarePagesQuery(animalId));
  // weights read in the farm's unit
  const profile = useQuery(profileQuery);
  const remove = useDeleteCareEntry();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const canChange = useCan('member');

  if (history.isPending || profile.isPending) {
    return <Loading place="section">Loading care history...</Loading>;
  }
  if (history.isError)
    return <LoadError error={history.error} onRetry={() => void history.refetch()} look="inline" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="inline" />;
  const farmUnit = profile.data.weightUnit;

  const entries = entriesOf(history.data.pages);
  if (!entries.length) return <p className="text-sm text-stone-600">No care entries yet.</p>;

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync({ id: pending, scope: 'entry' });
      setPending(null);
      toast({ title: 'Entry deleted' });
    } catch (error) {
      toast({
        title: 'Failed to delete the entry. Please try again.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {entries.map((entry) => (
          <EntryRow
            key={entry.id}
            type={entry.type}
            date={entry.dateRecorded}
            title={entryTitle(entry)}
            details={entryDetails(entry, farmUnit)}
            recordedBy={entry.recordedBy}
            editHref={canChange ? `/animal/${animalId}/edit-${entry.type}/${entry.id}` : undefined}
            onDelete={canChange ? () => setPending(entry.id) : undefined}
          />
        ))}
      </ul>
      {history.hasNextPage && (
        <ShowMore busy={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete entry"
        message="Are you sure you want to delete this entry?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
