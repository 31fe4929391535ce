// The Reminders card of a group's page or an animal's profile: its active reminders (for a group,
// also those of its animals; for an animal, also those of its groups) and a way to add one.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { useFarmToday } from '../../../hooks/use-farm-today';
import { ApiError } from '../../../lib/api';
import { remindersQuery } from '../api/reminders';
import { ReminderList } from './reminder-item';

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
        <Link
          href={addHref}
          className="inline-flex min-h-10 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          + Add Reminder
        </Link>
      </div>
      {reminders.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading reminders...
        </p>
      ) : reminders.isError ? (
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
      ) : reminders.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No Reminders</p>
      ) : (
        <ReminderList reminders={reminders.data.items} today={today} />
      )}
    </section>
  );
}
