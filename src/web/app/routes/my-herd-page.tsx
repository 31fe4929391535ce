// /home, My Herd: the next reminders and the farm's groups.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { reminderBadge, reminderTypeLabels, withoutReminderWord } from '../../../shared/care/rules';
import { Loading, LoadError } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { groupsQuery } from '../../features/groups/api/groups';
import { GroupCard } from '../../features/groups/components/group-card';
import { remindersQuery } from '../../features/reminders/api/reminders';
import { DueBadge } from '../../features/reminders/components/reminder-badges';
import { useFarmToday } from '../../hooks/use-farm-today';

/** SPEC §9: the home card shows at most three reminders. */
const upcomingCount = 3;

/** The next three active reminders (overdue first: the server orders them by due date). */
function UpcomingReminders() {
  const reminders = useQuery(remindersQuery());
  const { today } = useFarmToday();
  return (
    <section aria-labelledby="upcoming-heading" className={`${cardClasses} space-y-2`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="upcoming-heading" className="flex items-center gap-2 text-base font-semibold">
          <Bell aria-hidden className="size-4 text-brand-700" />
          Upcoming Reminders
        </h2>
        <Link
          href="/reminders"
          className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          View all
        </Link>
      </div>
      {reminders.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading reminders...
        </p>
      ) : reminders.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <p>Could not load reminders.</p>
          <Button variant="secondary" className="min-h-8 px-3" onClick={() => void reminders.refetch()}>
            Try again
          </Button>
        </div>
      ) : reminders.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No upcoming reminders</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {reminders.data.items.slice(0, upcomingCount).map((reminder) => (
            <li key={reminder.id} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words">{withoutReminderWord(reminder.title)}</p>
                <p className="text-xs text-stone-600">{reminderTypeLabels[reminder.type]}</p>
              </div>
              <DueBadge badge={reminderBadge(reminder.dueDate, today)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyHerd() {
  return (
    <div className={`${cardClasses} space-y-3 py-10 text-center`}>
      <h2 className="text-lg font-semibold">No Herds Created Yet</h2>
      <p className="text-sm text-stone-600">
        Create a group for each herd, flock or pen to keep their records together.
      </p>
      <Link href="/add-group" className={`${buttonBase} ${buttonClasses.primary}`}>
        + Add New Group
      </Link>
    </div>
  );
}

export default function MyHerdPage() {
  const groups = useQuery(groupsQuery);

  if (groups.isPending) return <Loading>Loading your farm data...</Loading>;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;

  return (
    <div className="space-y-4">
      <UpcomingReminders />
      {groups.data.length === 0 ? (
        <EmptyHerd />
      ) : (
        <section aria-labelledby="groups-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="groups-heading" className="text-lg font-semibold">
              My Herd <span className="font-normal text-stone-600">({groups.data.length})</span>
            </h2>
            <Link href="/add-group" className={`${buttonBase} ${buttonClasses.primary}`}>
              + Add Group
            </Link>
          </div>
          <ul className="flex flex-col gap-3 md:items-center">
            {groups.data.map((group) => (
              <li key={group.id} className="w-full md:w-auto">
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
