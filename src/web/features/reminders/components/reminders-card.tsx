// The Reminders card of a group's page or an animal's profile: its active reminders (for a group,
// also those of its animals; for an animal, also those of its groups and the group batches that
// name it) and a way to add one (for those whose role may). And home's Upcoming Reminders: the
// next three, each opening its animal or group, with Done.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { reminderWhat } from '../../../../shared/care/reminder-title';
import { reminderBadge, reminderTypeLabel } from '../../../../shared/care/rules';
import { Loading } from '../../../components/page-states';
import { Button } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { useFarmToday } from '../../../hooks/use-farm-today';
import { ApiError } from '../../../lib/api';
import { useCan } from '../../../lib/farm';
import { remindersQuery } from '../api/reminders';
import { DueBadge } from './reminder-badges';
import { DoneButton, ReminderList, ReminderSubject } from './reminder-item';

/** Loading, or why the reminders could not be loaded (the offline message when it is that) with a retry. */
function LoadState({ reminders }: { reminders: UseQueryResult<unknown> }) {
  if (!reminders.isError) {
    return <Loading place="section">Loading reminders...</Loading>;
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
      <p>
        {reminders.error instanceof ApiError && reminders.error.status === 0
          ? reminders.error.message
          : 'Could not load reminders.'}
      </p>
      <Button variant="secondary" className="min-h-8 px-3" onClick={() => void reminders.refetch()}>
        Try again
      </Button>
    </div>
  );
}

export function RemindersCard({
  animalId,
  groupId,
  title = 'Reminders',
}: {
  animalId?: string;
  groupId?: string;
  title?: string;
}) {
  const headingId = useId();
  const reminders = useQuery(remindersQuery(animalId ? { animalId } : groupId ? { groupId } : {}));
  const { today } = useFarmToday();
  const canAdd = useCan('member');
  const addHref = animalId
    ? `/reminders/new?animalId=${encodeURIComponent(animalId)}`
    : groupId
      ? `/reminders/new?groupId=${encodeURIComponent(groupId)}`
      : '/reminders/new';

  return (
    <section aria-labelledby={headingId} className={`${cardClasses} space-y-3`}>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Bell aria-hidden className="size-4 text-brand-700" />
          {title}
        </h3>
        {canAdd && (
          <Link
            href={addHref}
            className="inline-flex min-h-10 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            + Add Reminder
          </Link>
        )}
      </div>
      {reminders.isPending || reminders.isError ? (
        <LoadState reminders={reminders} />
      ) : reminders.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No Reminders</p>
      ) : (
        <ReminderList reminders={reminders.data.items} today={today} />
      )}
    </section>
  );
}

/** SPEC §9: the home card shows at most three reminders. */
const upcomingCount = 3;

/**
 * Home's Upcoming Reminders: the next three active ones in the server's order (due date, then when
 * made: the same day's keep their order), each with its title, its animal or group as a link, its
 * type label unless the title already starts with it, a due badge and Done.
 */
export function UpcomingRemindersCard() {
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
      {reminders.isPending || reminders.isError ? (
        <LoadState reminders={reminders} />
      ) : reminders.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No upcoming reminders</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {reminders.data.items.slice(0, upcomingCount).map((reminder) => {
            const title = reminderWhat(reminder);
            const label = reminderTypeLabel(reminder.type, title);
            return (
              <li key={reminder.id} data-testid="upcoming-reminder" className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="text-sm font-medium break-words">{title}</p>
                  <div className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
                    <ReminderSubject reminder={reminder} />
                    {label && <span>{label}</span>}
                  </div>
                </div>
                <DueBadge badge={reminderBadge(reminder.dueDate, today)} time={reminder.dueTime} />
                <DoneButton reminder={reminder} compact />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
