// A group's log, newest first: one row per batch recorded for the group, with the animals it was
// applied to (Edit opens the batch; Delete removes it from every animal, scope 'batch'), and one
// row per entry of its animals' own, marked with the animal (Edit and Delete act on that entry).
// Edit, Delete and Add New Animal show only for those whose role may use them.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CareBatch } from '../../../../shared/schemas/care';
import { LoadError, Loading } from '../../../components/page-states';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { useCan } from '../../../lib/farm';
import { profileQuery } from '../../../lib/profile';
import { groupLogPagesQuery, useDeleteCareEntry } from '../api/care';
import { batchDetails, batchSizes, entryTitle } from './entry-display';
import { EntryRow, ShowMore } from './entry-row';

/** The log's rows without repeats (pages shift when entries come or go between two reads). */
function rowsOf(pages: { items: CareBatch[] }[]): CareBatch[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((batch) => {
      const key = `${batch.batchId}:${batch.entryId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function GroupLog({ groupId, animalCount }: { groupId: string; animalCount: number }) {
  const log = useInfiniteQuery(groupLogPagesQuery(groupId));
  const remove = useDeleteCareEntry();
  const toast = useToast();
  const [pending, setPending] = useState<{
    entryId: string;
    animals: number;
    scope: 'entry' | 'batch';
  } | null>(null);
  // weights read in the farm's unit
  const profile = useQuery(profileQuery);
  const canChange = useCan('member');

  if (log.isPending || profile.isPending) {
    return <Loading place="section">Loading log...</Loading>;
  }
  if (log.isError) return <LoadError error={log.error} onRetry={() => void log.refetch()} look="inline" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="inline" />;
  const farmUnit = profile.data.weightUnit;

  const batches = rowsOf(log.data.pages);
  const sizes = batchSizes(batches);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync({ id: pending.entryId, scope: pending.scope });
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

  if (!batches.length) {
    return (
      <>
        <p className="text-sm text-stone-600">No care entries yet for this group</p>
        {animalCount === 0 && canChange && (
          <Link
            href={`/group/${groupId}/add-animal`}
            className={`${buttonBase} ${buttonClasses.primary} w-full`}
          >
            + Add New Animal
          </Link>
        )}
      </>
    );
  }

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {batches.map((batch) => {
          const own = batch.forAnimal;
          if (own) {
            return (
              <EntryRow
                key={`${batch.batchId}:${batch.entryId}`}
                type={batch.type}
                date={batch.dateRecorded}
                title={entryTitle(batch)}
                details={batchDetails(batch, farmUnit)}
                recordedBy={batch.recordedBy}
                subject={own.name}
                editHref={canChange ? `/animal/${own.id}/edit-${batch.type}/${batch.entryId}` : undefined}
                onDelete={
                  canChange
                    ? () => setPending({ entryId: batch.entryId, animals: 1, scope: 'entry' })
                    : undefined
                }
              >
                <p className="text-xs font-medium break-words text-stone-700">
                  <Link
                    href={`/animal/${own.id}`}
                    className="inline-flex min-h-6 min-w-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {own.name}
                  </Link>
                  &apos;s own entry
                </p>
              </EntryRow>
            );
          }
          const animals = sizes.get(batch.batchId) ?? batch.animals.length;
          return (
            <EntryRow
              key={`${batch.batchId}:${batch.entryId}`}
              type={batch.type}
              date={batch.dateRecorded}
              title={entryTitle(batch)}
              details={batchDetails(batch, farmUnit)}
              recordedBy={batch.recordedBy}
              editHref={canChange ? `/group/${groupId}/edit-${batch.type}/${batch.entryId}` : undefined}
              onDelete={
                canChange ? () => setPending({ entryId: batch.entryId, animals, scope: 'batch' }) : undefined
              }
            >
              <p className="text-xs font-medium text-stone-700">
                Applied to {batch.animals.length} animal(s)
              </p>
              <p className="text-xs break-words text-stone-600">
                {batch.animals.map((animal) => animal.name).join(', ')}
              </p>
            </EntryRow>
          );
        })}
      </ul>
      {log.hasNextPage && <ShowMore busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()} />}
      <ConfirmDialog
        open={pending !== null}
        title="Delete entry"
        message={
          pending?.scope === 'entry'
            ? 'Are you sure you want to delete this entry?'
            : `Are you sure you want to delete this entry? It was applied to ${pending?.animals ?? 0} animal(s); all of them lose it.`
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
