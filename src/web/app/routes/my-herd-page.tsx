// /home, My Herd: the next reminders (features/reminders' card), the cabinet's warnings when there
// are any (features/medicines' card), 'Collect Eggs' and the farm's 'Production', the 'Medicine
// Cabinet', 'Money' (Owners and Members), and the farm's groups; adding a group is for those whose role may. From 1024 px the groups' 339 × 180 px cards (SPEC) fill rows.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useLayoutEffect, useState } from 'react';
import { ChartColumn, Egg, Pill, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { groupsQuery } from '../../features/groups/api/groups';
import { medicineWarningsQuery } from '../../features/medicines/api/medicines';
import { remindersQuery } from '../../features/reminders/api/reminders';
import { GroupCard } from '../../features/groups/components/group-card';
import { CabinetWarningsCard } from '../../features/medicines/components/cabinet-warnings';
import { UpcomingRemindersCard } from '../../features/reminders/components/reminders-card';
import { farmsQuery, useCan } from '../../lib/farm';
import { answersShared, stillArriving } from '../../lib/query-client';

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
  // the cards above the groups and the role's buttons read these: the page appears once they are
  // all in (each card shows its own error) rather than growing and pushing the herd down
  const reminders = useQuery(remindersQuery());
  const warnings = useQuery(medicineWarningsQuery);
  const farms = useQuery(farmsQuery);
  const waiting = groups.isPending || stillArriving(reminders, warnings, farms);
  // Made in a render of its own once they are in, a deferred one React makes in slices (an answer
  // coming in is drawn in one synchronous task: on a phone, a long one). The cards then mount
  // with the answers the page waited for and do not ask again; answers the device already had
  // are asked afresh as the page mounts, by the page and its cards together.
  const drawn = useDeferredValue(!waiting);
  const [waitedFirst] = useState(waiting);
  useLayoutEffect(() => {
    if (drawn && waitedFirst) answersShared([remindersQuery().queryKey, medicineWarningsQuery.queryKey]);
  }, [drawn, waitedFirst]);
  const canAdd = useCan('member');

  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;
  if (!drawn) return <Loading>Loading your farm data...</Loading>;

  return (
    <>
      <div className="space-y-4">
        <UpcomingRemindersCard />
        <CabinetWarningsCard />
        {groups.isPending ? null : groups.data.length === 0 ? (
          <EmptyHerd canAdd={canAdd} />
        ) : (
          <section aria-labelledby="groups-heading" className="space-y-3">
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
            <div className="grid grid-cols-2 gap-2 md:max-w-[339px]">
              <Link href="/collect-eggs" className={`${buttonBase} ${buttonClasses.secondary}`}>
                <Egg aria-hidden className="size-4" />
                Collect Eggs
              </Link>
              <Link href="/production" className={`${buttonBase} ${buttonClasses.secondary}`}>
                <ChartColumn aria-hidden className="size-4" />
                Production
              </Link>
              <Link href="/medicines" className={`${buttonBase} ${buttonClasses.secondary}`}>
                <Pill aria-hidden className="size-4" />
                Medicine Cabinet
              </Link>
              {canAdd && (
                <Link href="/money" className={`${buttonBase} ${buttonClasses.secondary}`}>
                  <Wallet aria-hidden className="size-4" />
                  Money
                </Link>
              )}
            </div>
            <ul className="flex flex-col gap-3 md:items-center lg:grid lg:grid-cols-[repeat(auto-fill,339px)]">
              {groups.data.map((group) => (
                <li key={group.id} className="w-full md:w-auto">
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
