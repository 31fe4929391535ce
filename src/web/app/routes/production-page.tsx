// 'Production': /group/:groupId/production (a group's) and /production (the whole farm's, from My
// Herd). Eggs first: the counts, the lay rate and the charts, then the collections. The milk
// section comes below the eggs (issue 26's milk slice adds it where marked).
import { useQuery } from '@tanstack/react-query';
import { Egg } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { possessive } from '../../../shared/care/rules';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { groupQuery } from '../../features/groups/api/groups';
import { EggCollections } from '../../features/production/components/egg-collections';
import { EggsSection } from '../../features/production/components/eggs-section';
import { usePageHeading } from '../page-heading';

function Production({ groupId }: { groupId?: string }) {
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
        <Link
          href={groupId ? `/group/${groupId}/collect-eggs` : '/collect-eggs'}
          className={`${buttonBase} ${buttonClasses.primary}`}
        >
          <Egg aria-hidden className="size-4" />
          Collect Eggs
        </Link>
      </div>
      <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0">
        <EggsSection groupId={groupId} />
        <EggCollections groupId={groupId} />
      </div>
      {/* Milk: its section goes here, below the eggs. */}
    </div>
  );
}

function GroupProduction({ groupId }: { groupId: string }) {
  const group = useQuery(groupQuery(groupId));
  usePageHeading(group.data ? `${possessive(group.data.name)} Production` : undefined);
  if (group.isPending) return <Loading>Loading production...</Loading>;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group not found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  return <Production groupId={groupId} />;
}

export default function ProductionPage() {
  const { groupId } = useParams<{ groupId?: string }>();
  return groupId ? <GroupProduction key={groupId} groupId={groupId} /> : <Production />;
}
