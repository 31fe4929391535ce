// The collections of a group (or the farm, each with its group), newest first, ten at first and
// 'Show more' for older ones (a page of fifty is read at once; the next when those are shown): the eggs, saleable and discarded apart, the parts and the note, who recorded it, and
// Edit (a dialog with the collection's form) and Delete (after a question). A farm sitter changes
// only the collections they recorded (the server refuses the others: decision 0037). Collections
// recorded on this device with no signal show above as 'Waiting to sync'.
import { useInfiniteQuery } from '@tanstack/react-query';
import { ClipboardList, Pencil, Trash2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import type { EggCollection } from '../../../../shared/schemas/production';
import { ExpandableText } from '../../../components/expandable-text';
import { lazyPart } from '../../../components/lazy-part';
import { Loading, LoadError } from '../../../components/page-states';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { WaitingChanges } from '../../../components/waiting-changes';
import { useFarmToday } from '../../../hooks/use-farm-today';
import { errorMessage } from '../../../lib/api';
import { usDate } from '../../../lib/dates';
import { useCan } from '../../../lib/farm';
import { useSession } from '../../../lib/session';
import { eggCollectionPagesQuery, useDeleteEggCollection } from '../api/eggs';
import { eggsText, partsText, saleableText } from '../egg-display';
import type { EggCollectionForm as Form } from './egg-collection-form';
import { ProductionSection } from './production-section';

/** The edit form, with the form libraries: its code comes when a collection is edited. */
const EggCollectionForm = lazyPart<ComponentProps<typeof Form>>(() =>
  import('./egg-collection-form').then((module) => ({ default: module.EggCollectionForm })),
);

/** The list's rows without repeats (pages shift when collections come or go between two reads). */
function rowsOf(pages: { items: EggCollection[] }[]): EggCollection[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((collection) => !seen.has(collection.id) && Boolean(seen.add(collection.id)));
}

const rowButton = `${buttonBase} border border-stone-300 bg-white px-3`;

/** Rows shown at first, and added by each 'Show more': a season of daily rows would bury the page. */
const shownStep = 10;

function CollectionRow({
  collection,
  showGroup,
  canChange,
  onEdit,
  onDelete,
}: {
  collection: EggCollection;
  showGroup: boolean;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const which = `${eggsText(collection.eggs)}, ${usDate(collection.collectedOn)}`;
  const parts = partsText(collection);
  return (
    <li className="space-y-1 py-3 first:pt-0 last:pb-0" data-testid="egg-collection">
      <p className="text-xs font-medium text-stone-600">
        <time dateTime={collection.collectedOn}>{usDate(collection.collectedOn)}</time>
        {showGroup && <> · {collection.groupName ?? 'Group deleted'}</>}
        {collection.recordedBy && <> · by {collection.recordedBy}</>}
      </p>
      <p className="font-semibold text-stone-900">{eggsText(collection.eggs)}</p>
      <p className={`text-sm ${collection.discarded ? 'font-medium text-amber-900' : 'text-stone-700'}`}>
        {saleableText(collection)}
      </p>
      {parts && <p className="text-sm text-stone-600">{parts}</p>}
      {collection.note && (
        <ExpandableText text={collection.note} className="text-sm break-words text-stone-700" />
      )}
      {canChange && (
        <div className="flex gap-2 pt-1">
          <button type="button" onClick={onEdit} className={`${rowButton} text-stone-900 hover:bg-stone-100`}>
            <Pencil aria-hidden className="size-4" />
            Edit<span className="sr-only"> {which}</span>
          </button>
          <button type="button" onClick={onDelete} className={`${rowButton} text-red-700 hover:bg-red-50`}>
            <Trash2 aria-hidden className="size-4" />
            Delete<span className="sr-only"> {which}</span>
          </button>
        </div>
      )}
    </li>
  );
}

function CollectionList({ groupId }: { groupId?: string }) {
  const list = useInfiniteQuery(eggCollectionPagesQuery(groupId));
  const remove = useDeleteEggCollection();
  const toast = useToast();
  const { today } = useFarmToday();
  const member = useCan('member');
  const userId = useSession().data?.user.id;
  const [editing, setEditing] = useState<EggCollection | null>(null);
  const [deleting, setDeleting] = useState<EggCollection | null>(null);
  const [shown, setShown] = useState(shownStep);

  if (list.isPending) return <Loading place="section">Loading collections...</Loading>;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} look="inline" />;
  const collections = rowsOf(list.data.pages);
  if (!collections.length) return <p className="text-sm text-stone-600">No collections yet.</p>;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      toast({ title: 'Collection deleted' });
    } catch (error) {
      setDeleting(null);
      toast({
        title: 'Failed to delete the collection. Please try again.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {collections.slice(0, shown).map((collection) => (
          <CollectionRow
            key={collection.id}
            collection={collection}
            showGroup={!groupId}
            canChange={member || (userId !== undefined && collection.recordedById === userId)}
            onEdit={() => setEditing(collection)}
            onDelete={() => setDeleting(collection)}
          />
        ))}
      </ul>
      {(shown < collections.length || list.hasNextPage) && (
        <button
          type="button"
          onClick={() => {
            if (shown >= collections.length) void list.fetchNextPage();
            setShown(shown + shownStep);
          }}
          disabled={list.isFetchingNextPage}
          className={`${buttonBase} ${buttonClasses.secondary} w-full`}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </button>
      )}
      <Dialog
        open={editing !== null}
        title="Edit Collection"
        message={
          editing
            ? `${editing.groupName ?? 'Group deleted'}, ${usDate(editing.collectedOn)}${editing.recordedBy ? `, by ${editing.recordedBy}` : ''}`
            : ''
        }
        onCancel={() => setEditing(null)}
      >
        {editing && (
          <EggCollectionForm
            fallback={<Loading place="tight">Loading...</Loading>}
            key={editing.id}
            groups={[]}
            chooseGroup={false}
            groupId=""
            today={today}
            collection={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Collection"
        message={`Are you sure you want to delete this collection${deleting ? ` (${eggsText(deleting.eggs)} on ${usDate(deleting.collectedOn)})` : ''}?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export function EggCollections({ groupId }: { groupId?: string }) {
  return (
    <ProductionSection title="Collections" icon={ClipboardList}>
      <WaitingChanges kind="egg-collection" groupId={groupId} />
      <CollectionList groupId={groupId} />
    </ProductionSection>
  );
}
