// 'Collect Eggs': /group/:groupId/collect-eggs (from the group's page: that group) and /collect-eggs
// (from My Herd: the group is chosen in the form, the first with hens chosen already). Saved, it
// goes back to where it was opened from. The form is features/production's (shared with Edit
// Collection); this page finds the farm's today, the group or groups, and the hens.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { BackButton, useGoBack } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { animalsQuery } from '../../features/animals/api/animals';
import { groupQuery, groupsQuery } from '../../features/groups/api/groups';
import { EggCollectionForm } from '../../features/production/components/egg-collection-form';
import { groupWithHens } from '../../features/production/hens';
import { useFarmToday } from '../../hooks/use-farm-today';
import { useCan } from '../../lib/farm';

function CollectEggsCard({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="collect-eggs-heading" className={`${cardClasses} space-y-4`}>
      <div className="space-y-1">
        <h2 id="collect-eggs-heading" className="text-lg font-semibold">
          Collect Eggs
        </h2>
        {subtitle && <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}

/** From a group's page: its eggs. */
function ForGroup({ groupId }: { groupId: string }) {
  const group = useQuery(groupQuery(groupId));
  const { today, ready } = useFarmToday();
  const back = `/group/${groupId}`;
  const goBack = useGoBack(back);

  if (group.isPending || !ready) return <Loading />;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group not found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  return (
    <div className="space-y-2">
      <BackButton fallback={back} />
      <CollectEggsCard subtitle={group.data.name}>
        <EggCollectionForm
          groups={[group.data]}
          chooseGroup={false}
          groupId={group.data.id}
          today={today}
          onDone={goBack}
          onCancel={goBack}
        />
      </CollectEggsCard>
    </div>
  );
}

/** From My Herd: the group is chosen in the form. */
function ChooseGroup() {
  const groups = useQuery(groupsQuery);
  // to choose the hens' group first; with no signal and nothing on the device, the form goes without
  const animals = useQuery(animalsQuery);
  const { today, ready } = useFarmToday();
  const canAddGroup = useCan('member');
  const goBack = useGoBack('/home');

  if (groups.isPending || !ready || (animals.isPending && animals.fetchStatus === 'fetching'))
    return <Loading />;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;
  return (
    <div className="space-y-2">
      <BackButton fallback="/home" />
      <CollectEggsCard>
        {groups.data.length === 0 ? (
          <div className="space-y-3 text-sm text-stone-700">
            <p>Eggs are collected from a group: there is none yet.</p>
            {canAddGroup && (
              <Link href="/add-group" className={`${buttonBase} ${buttonClasses.primary}`}>
                + Add New Group
              </Link>
            )}
          </div>
        ) : (
          <EggCollectionForm
            groups={groups.data}
            chooseGroup
            groupId={groupWithHens(groups.data, animals.data ?? [])}
            today={today}
            onDone={goBack}
            onCancel={goBack}
          />
        )}
      </CollectEggsCard>
    </div>
  );
}

export default function CollectEggsPage() {
  const { groupId } = useParams<{ groupId?: string }>();
  return groupId ? <ForGroup key={groupId} groupId={groupId} /> : <ChooseGroup />;
}
