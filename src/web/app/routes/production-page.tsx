// 'Production': /group/:groupId/production (a group's) and /production (the whole farm's, from My
// Herd). Eggs first: the counts, the lay rate and the charts, then the collections; the milk below
// them: the totals, each doe's lactation and chart, then the records. A group's page shows what the
// group gives: eggs where it has hens or eggs recorded, milk where it has does or milk recorded
// (both when it has neither yet, so the empty states say how to start); the farm's shows both.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Egg } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Link, useParams } from 'wouter';
import { possessive } from '../../../shared/care/rules';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { groupAnimalsQuery, groupQuery } from '../../features/groups/api/groups';
import { eggCollectionPagesQuery, eggProductionQuery } from '../../features/production/api/eggs';
import { milkProductionQuery, milkRecordPagesQuery } from '../../features/production/api/milk';
import { isHen } from '../../features/production/hens';
import { isMilkable } from '../../features/production/milk-does';
import { EggCollections } from '../../features/production/components/egg-collections';
import { EggsSection } from '../../features/production/components/eggs-section';
import { MilkProductionSection } from '../../features/production/components/milk-production';
import { useDrawnLater } from '../../hooks/use-drawn-later';
import { answersShared, stillArriving } from '../../lib/query-client';
import { usePageHeading } from '../page-heading';

type Shows = { eggs: boolean; milk: boolean };
const both: Shows = { eggs: true, milk: true };

/**
 * Whether the first page of a list the page shows (the collections, the milk records) is still on
 * its way: the page waits for them as for its figures and appears once, rather than growing as each
 * arrives (the milk pushed down by the eggs and their list: Lighthouse CLS 0.29–0.46). The sections
 * read the same queries, so each is asked once; a list of a section not shown (or not known yet:
 * `shows` null) is not asked.
 */
function useListsArriving(groupId: string | undefined, shows: Shows | null) {
  const collections = useInfiniteQuery({ ...eggCollectionPagesQuery(groupId), enabled: !!shows?.eggs });
  const records = useInfiniteQuery({ ...milkRecordPagesQuery({ groupId }), enabled: !!shows?.milk });
  return stillArriving(collections, records);
}

/** Once the page draws its sections, what it waited for is theirs: not asked again as they mount. */
function useSharedWithSections(groupId: string | undefined, drawn: boolean) {
  useLayoutEffect(() => {
    if (!drawn) return;
    answersShared([
      eggProductionQuery(groupId).queryKey,
      eggCollectionPagesQuery(groupId).queryKey,
      milkProductionQuery({ groupId }).queryKey,
      milkRecordPagesQuery({ groupId }).queryKey,
    ]);
  });
}

function Production({ groupId, shows = both }: { groupId?: string; shows?: Shows }) {
  // its charts and lists are made in a transition, in slices that give the browser its turn:
  // made at once, they held a phone in one task of a quarter of a second (Lighthouse's TBT)
  const drawn = useDrawnLater();
  if (!drawn) return <Loading>Loading production...</Loading>;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        {groupId ? (
          <Link href={`/group/${groupId}`} className={`${buttonBase} ${buttonClasses.ghost} -ml-2 px-2`}>
            ← Back to Group
          </Link>
        ) : (
          <BackButton fallback="/home" />
        )}
        {shows.eggs && (
          <Link
            href={groupId ? `/group/${groupId}/collect-eggs` : '/collect-eggs'}
            className={`${buttonBase} ${buttonClasses.primary}`}
          >
            <Egg aria-hidden className="size-4" />
            Collect Eggs
          </Link>
        )}
      </div>
      {shows.eggs && (
        <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0">
          <EggsSection groupId={groupId} />
          <EggCollections groupId={groupId} />
        </div>
      )}
      {shows.milk && <MilkProductionSection groupId={groupId} />}
    </div>
  );
}

function GroupProduction({ groupId }: { groupId: string }) {
  const group = useQuery(groupQuery(groupId));
  // the sections read these too: asked here first, they are read once
  const animals = useQuery(groupAnimalsQuery(groupId));
  const eggs = useQuery(eggProductionQuery(groupId));
  const milk = useQuery(milkProductionQuery({ groupId }));
  // what the group gives: eggs where it has hens or eggs recorded, milk where it has does or milk
  // recorded, both when neither yet (a failed read shows both: each section says what went wrong)
  const shows = (() => {
    if (animals.isPending || eggs.isPending || milk.isPending) return null;
    const laid =
      eggs.isError ||
      animals.isError ||
      animals.data.some(isHen) ||
      eggs.data.byMonth.some((month) => month.eggs > 0);
    const milked =
      milk.isError || animals.isError || animals.data.some(isMilkable) || milk.data.does.length > 0;
    return laid || milked ? { eggs: laid, milk: milked } : both;
  })();
  const listsArriving = useListsArriving(groupId, shows);
  useSharedWithSections(groupId, !!shows && !listsArriving);
  usePageHeading(group.data ? `${possessive(group.data.name)} Production` : undefined);
  if (group.isPending) return <Loading>Loading production...</Loading>;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group not found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  if (!shows || listsArriving) return <Loading>Loading production...</Loading>;
  return <Production groupId={groupId} shows={shows} />;
}

/** The farm's: both, once their figures and the first page of each list are in. */
function FarmProduction() {
  const eggs = useQuery(eggProductionQuery());
  const milk = useQuery(milkProductionQuery({}));
  const listsArriving = useListsArriving(undefined, both);
  const arriving = stillArriving(eggs, milk) || listsArriving;
  useSharedWithSections(undefined, !arriving);
  if (arriving) return <Loading>Loading production...</Loading>;
  return <Production />;
}

export default function ProductionPage() {
  const { groupId } = useParams<{ groupId?: string }>();
  return groupId ? <GroupProduction key={groupId} groupId={groupId} /> : <FarmProduction />;
}
