// The milk records of a doe, a group's does or the farm, newest first, ten at first and 'Show more'
// for older ones (as the egg collections: a page of fifty is read at once, the next when those
// are shown, so a season of milkings does not bury the page): each with the doe, the milking, the
// amount in the farm's unit (the discarded part apart) and who recorded it; Edit and Delete for
// members, and for a farm sitter on their own records only.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import type { MilkRecord, MilkUnit } from '../../../../shared/schemas/milk';
import { formatMilk, milkingLabels } from '../../../../shared/units/milk';
import { lazyPart } from '../../../components/lazy-part';
import { LoadError, Loading } from '../../../components/page-states';
import { Button, buttonBase } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api';
import { usDate } from '../../../lib/dates';
import { useCan } from '../../../lib/farm';
import { useSession } from '../../../lib/session';
import type { MilkRecordEditDialog as Dialog } from './milk-record-edit-dialog';
import { milkRecordPagesQuery, useDeleteMilkRecord, type MilkScope } from '../api/milk';

/** The edit dialog, with the form libraries: its code comes when a record is edited. */
const MilkRecordEditDialog = lazyPart<ComponentProps<typeof Dialog>>(() =>
  import('./milk-record-edit-dialog').then((module) => ({ default: module.MilkRecordEditDialog })),
);

const rowButton = `${buttonBase} border border-stone-300 bg-white px-3`;

/** Rows shown at first, and added by each 'Show more'. */
const shownStep = 10;

/** '2 lbs discarded', 'All discarded', or nothing. */
function discardedText(record: MilkRecord, unit: MilkUnit): string | null {
  if (record.discarded === 0) return null;
  if (record.saleable === 0) return 'All discarded';
  return `${formatMilk(record.discarded, record.unit, unit)} discarded`;
}

function RecordRow({
  record,
  unit,
  onEdit,
  onDelete,
}: {
  record: MilkRecord;
  unit: MilkUnit;
  /** left out where the role may not change this record */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const discarded = discardedText(record, unit);
  const which = `${record.animalName}, ${milkingLabels[record.milking]} ${usDate(record.milkedOn)}`;
  return (
    <li className="space-y-1 py-3 first:pt-0 last:pb-0">
      <p className="text-xs font-medium text-stone-600">
        <time dateTime={record.milkedOn}>{usDate(record.milkedOn)}</time> · {milkingLabels[record.milking]}
        {record.recordedBy && <> · by {record.recordedBy}</>}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-stone-900">
        <span className="[overflow-wrap:anywhere]">{record.animalName}</span>
        <span className="whitespace-nowrap">{formatMilk(record.amount, record.unit, unit)}</span>
        {discarded && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            {discarded}
          </span>
        )}
      </p>
      {record.note && <p className="text-sm [overflow-wrap:anywhere] text-stone-700">{record.note}</p>}
      {(onEdit || onDelete) && (
        <div className="flex gap-2 pt-1">
          {onEdit && (
            <button
              type="button"
              onClick={onEdit}
              className={`${rowButton} text-stone-900 hover:bg-stone-100`}
            >
              <Pencil aria-hidden className="size-4" />
              Edit<span className="sr-only"> {which}</span>
            </button>
          )}
          {onDelete && (
            <button type="button" onClick={onDelete} className={`${rowButton} text-red-700 hover:bg-red-50`}>
              <Trash2 aria-hidden className="size-4" />
              Delete<span className="sr-only"> {which}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

export function MilkRecordsList({ scope, unit, today }: { scope: MilkScope; unit: MilkUnit; today: string }) {
  const records = useInfiniteQuery(milkRecordPagesQuery(scope));
  const remove = useDeleteMilkRecord();
  const toast = useToast();
  const member = useCan('member');
  const userId = useSession().data?.user.id;
  const [editing, setEditing] = useState<MilkRecord | null>(null);
  const [deleting, setDeleting] = useState<MilkRecord | null>(null);
  const [shown, setShown] = useState(shownStep);

  if (records.isPending) return <Loading place="section">Loading milk records...</Loading>;
  if (records.isError)
    return <LoadError error={records.error} onRetry={() => void records.refetch()} look="inline" />;
  const seen = new Set<string>();
  // a record written meanwhile moves the pages by one: each shows once
  const items = records.data.pages
    .flatMap((page) => page.items)
    .filter((record) => (seen.has(record.id) ? false : (seen.add(record.id), true)));
  if (!items.length) return <p className="text-sm text-stone-600">No milk records yet.</p>;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      toast({ title: 'Milk record deleted' });
    } catch (error) {
      toast({
        title: 'Failed to delete the milk record. Please try again.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {items.slice(0, shown).map((record) => {
          const mayChange = member || (userId !== undefined && record.recordedById === userId);
          return (
            <RecordRow
              key={record.id}
              record={record}
              unit={unit}
              onEdit={mayChange ? () => setEditing(record) : undefined}
              onDelete={mayChange ? () => setDeleting(record) : undefined}
            />
          );
        })}
      </ul>
      {(shown < items.length || records.hasNextPage) && (
        <Button
          variant="secondary"
          className="w-full"
          disabled={records.isFetchingNextPage}
          onClick={() => {
            if (shown >= items.length) void records.fetchNextPage();
            setShown(shown + shownStep);
          }}
        >
          {records.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
      {editing && (
        <MilkRecordEditDialog
          fallback={null}
          record={editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete milk record"
        message="Are you sure you want to delete this milk record?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
