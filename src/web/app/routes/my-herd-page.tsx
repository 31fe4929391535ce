// /home, My Herd: the next reminders (features/reminders' card) and the farm's groups; adding a
// group is for those whose role may. From 1024 px the groups fill the width beside the reminders.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { groupsQuery } from '../../features/groups/api/groups';
import { GroupCard } from '../../features/groups/components/group-card';
import { UpcomingRemindersCard } from '../../features/reminders/components/reminders-card';
import { useCan } from '../../lib/farm';

function EmptyHerd({ canAdd }: { canAdd: boolean }) {
  return (
    <div className={`${cardClasses} space-y-3 py-10 text-center`}>
      <h2 className="text-lg font-semibold">No Herds Created Yet</h2>
      {canAdd && (
        <>
          <p className="text-sm text-stone-600">
            Create a group for each herd, flock or pen to keep their records together.
          </p>
          <Link href="/add-group" className={`${buttonBase} ${buttonClasses.primary}`}>
            + Add New Group
          </Link>
        </>
      )}
    </div>
  );
}

export default function MyHerdPage() {
  const groups = useQuery(groupsQuery);
  const canAdd = useCan('member');

  if (groups.isPending) return <Loading>Loading your farm data...</Loading>;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;

  return (
    <div className="space-y-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6 lg:space-y-0">
      <div className="lg:col-start-2 lg:row-start-1">
        <UpcomingRemindersCard />
      </div>
      {groups.data.length === 0 ? (
        <div className="lg:col-start-1 lg:row-start-1">
          <EmptyHerd canAdd={canAdd} />
        </div>
      ) : (
        <section aria-labelledby="groups-heading" className="space-y-3 lg:col-start-1 lg:row-start-1">
          <div className="flex items-center justify-between gap-2">
            <h2 id="groups-heading" className="text-lg font-semibold">
              My Herd <span className="font-normal text-stone-600">({groups.data.length})</span>
            </h2>
            {canAdd && (
              <Link href="/add-group" className={`${buttonBase} ${buttonClasses.primary}`}>
                + Add Group
              </Link>
            )}
          </div>
          <ul className="flex flex-col gap-3 md:items-center lg:grid lg:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))]">
            {groups.data.map((group) => (
              <li key={group.id} className="w-full md:w-auto lg:w-full">
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
