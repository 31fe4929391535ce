// /reminders/:id/edit: change a reminder's title, due date, repeat and who it is for (a group
// batch's: which animals), snooze it a day or a week, or delete it (after a confirm). Leaves for the
// page it was opened from.
import { useQuery } from '@tanstack/react-query';
import { AlarmClock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { ReminderSnooze } from '../../../shared/schemas/care';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toaster';
import { animalsQuery } from '../../features/animals/api/animals';
import { groupsQuery } from '../../features/groups/api/groups';
import { reminderQuery, useDeleteReminder, useSnoozeReminder } from '../../features/reminders/api/reminders';
import { ReminderForm } from '../../features/reminders/components/reminder-form';
import { useFarmToday } from '../../hooks/use-farm-today';
import { offlineMessage } from '../../lib/api';
import { usDate } from '../../lib/dates';

const fallback = '/reminders';

/** Back to the page the reminder was opened from, or to Reminders when opened directly. */
function useLeave() {
  const [, navigate] = useLocation();
  return () => {
    const { navigation } = window as Window & { navigation?: { canGoBack?: boolean } };
    const canGoBack =
      typeof navigation?.canGoBack === 'boolean' ? navigation.canGoBack : window.history.length > 1;
    if (canGoBack) window.history.back();
    else navigate(fallback, { replace: true });
  };
}

function SnoozeAndDelete({ id, onLeave }: { id: string; onLeave: () => void }) {
  const toast = useToast();
  const snooze = useSnoozeReminder(id);
  const remove = useDeleteReminder(id);
  const [confirming, setConfirming] = useState(false);

  const snoozeBy = async (by: ReminderSnooze['by']) => {
    try {
      const reminder = await snooze.mutateAsync({ by });
      toast({ title: 'Reminder snoozed', description: `Due ${usDate(reminder.dueDate)}.` });
      onLeave();
    } catch (error) {
      toast({
        title: 'Failed to snooze reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };

  const deleteReminder = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast({ title: 'Reminder deleted', description: 'The reminder has been deleted.' });
      onLeave();
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Failed to delete reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="reminder-actions-heading" className={`${cardClasses} space-y-3`}>
      <h3 id="reminder-actions-heading" className="text-base font-semibold">
        Snooze or delete
      </h3>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          className="px-2"
          disabled={snooze.isPending}
          onClick={() => void snoozeBy('day')}
        >
          <AlarmClock aria-hidden className="size-4" />
          Snooze 1 day
        </Button>
        <Button
          variant="secondary"
          className="px-2"
          disabled={snooze.isPending}
          onClick={() => void snoozeBy('week')}
        >
          <AlarmClock aria-hidden className="size-4" />
          Snooze 1 week
        </Button>
      </div>
      <Button variant="destructive" className="w-full" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete Reminder"
        message="Are you sure you want to delete this reminder?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void deleteReminder()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

export default function EditReminderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const reminder = useQuery(reminderQuery(id));
  const animals = useQuery(animalsQuery);
  const groups = useQuery(groupsQuery);
  // the form keeps the reminder as it was drawn: the server's, not an older copy's
  const fromCopy = useAwaitingServer(reminder);
  const { today, ready } = useFarmToday();
  const leave = useLeave();

  if (reminder.isError && isNotFound(reminder.error)) return <NotFound title="Reminder not found" />;
  if (reminder.isPending || animals.isPending || groups.isPending || !ready || fromCopy) return <Loading />;
  if (reminder.isError) return <LoadError error={reminder.error} onRetry={() => void reminder.refetch()} />;
  if (animals.isError) return <LoadError error={animals.error} onRetry={() => void animals.refetch()} />;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <BackButton fallback={fallback} />
        <section aria-labelledby="edit-reminder-heading" className={`${cardClasses} space-y-4`}>
          <h2 id="edit-reminder-heading" className="text-lg font-semibold">
            Edit Reminder
          </h2>
          <ReminderForm
            animals={animals.data}
            groups={groups.data}
            today={today}
            reminder={reminder.data}
            cancelHref={fallback}
            onCancel={leave}
            onDone={leave}
          />
        </section>
      </div>
      <SnoozeAndDelete id={id} onLeave={leave} />
    </div>
  );
}
