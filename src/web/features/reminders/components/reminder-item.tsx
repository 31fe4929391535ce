// One active reminder: what is due, for which animal or group (a batch's: 'N animals'), when, how
// often, 'Done' and, for those whose role may change reminders, 'Edit' (to change, snooze or
// delete it).
import { CalendarDays, Check, CloudUpload, Pencil, PawPrint, Repeat, Users } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { reminderTitle, reminderWhat } from '../../../../shared/care/reminder-title';
import { isOverdue } from '../../../../shared/care/rules';
import type { Reminder } from '../../../../shared/schemas/care';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toaster';
import { offlineMessage } from '../../../lib/api';
import { usDate } from '../../../lib/dates';
import { useCan } from '../../../lib/farm';
import { saveOrQueue, useOutbox, waitingToSync } from '../../../lib/outbox';
import { reminderDone } from '../../../lib/outbox-store';
import { useCompleteReminder, useReopenReminder } from '../api/reminders';
import { OverdueBadge, TypeBadge } from './reminder-badges';
import { plural, repeatHint, withTime } from '../reminder-format';

/** Who the reminder is for, as a link to their page; a group batch's adds '· N animals'. */
export function ReminderSubject({ reminder }: { reminder: Reminder }) {
  const subject = reminder.animalId
    ? { href: `/animal/${reminder.animalId}`, name: reminder.animalName, kind: 'Animal', Icon: PawPrint }
    : reminder.groupId
      ? { href: `/group/${reminder.groupId}`, name: reminder.groupName, kind: 'Group', Icon: Users }
      : null;
  if (!subject?.name) return null;
  const { href, name, kind, Icon } = subject;
  return (
    <span className="inline-flex max-w-full min-w-0 flex-wrap items-center gap-x-1">
      <Link
        href={href}
        className="inline-flex min-h-6 max-w-full min-w-0 items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <Icon aria-hidden className="size-3.5 shrink-0" />
        <span className="sr-only">{kind}: </span>
        <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
      </Link>
      {reminder.animalCount !== null && (
        <span className="shrink-0 whitespace-nowrap text-stone-700">
          · {plural(reminder.animalCount, 'animal')}
        </span>
      )}
    </span>
  );
}

/**
 * 'Record Dose' after a medication reminder's Done: the medication form of its animal or group,
 * filled with the medication the reminder names (a farm sitter may send it: the dose given keeps
 * its withdrawal).
 */
export function recordDosePath(reminder: Reminder): string | null {
  if (reminder.type !== 'medical') return null;
  const owner = reminder.animalId
    ? `/animal/${reminder.animalId}`
    : reminder.groupId
      ? `/group/${reminder.groupId}`
      : null;
  const medication = new URLSearchParams({ medication: reminderWhat(reminder) });
  return owner && `${owner}/medical-entry?${medication.toString()}`;
}

/**
 * 'Done': completes the reminder (for every animal it covers) and says so, with 'Undo' and, for a
 * medication, 'Record Dose'.
 */
export function DoneButton({ reminder, compact = false }: { reminder: Reminder; compact?: boolean }) {
  const toast = useToast();
  const complete = useCompleteReminder();
  const reopen = useReopenReminder();
  const [, navigate] = useLocation();
  const { waiting } = useOutbox();
  const title = reminderWhat(reminder);

  // mutateAsync, not mutate's callbacks: the item leaves the list (and unmounts) before they would run
  const markDone = async () => {
    try {
      const saved = await saveOrQueue(
        reminderDone(reminder.id, reminderTitle(reminder), {
          animalIds: reminder.animalId ? [reminder.animalId] : [],
          groupIds: reminder.groupId ? [reminder.groupId] : [],
        }),
        () => complete.mutateAsync(reminder.id),
      );
      const dose = recordDosePath(reminder);
      const undo = async () => {
        try {
          await reopen.mutateAsync(reminder.id);
        } catch (error) {
          toast({
            title: 'Failed to undo. Please try again.',
            description: offlineMessage(error),
            variant: 'destructive',
          });
        }
      };
      toast({
        title: 'Reminder completed',
        description: saved.queued ? waitingToSync : 'The reminder has been marked as completed.',
        // kept on the device: nothing on the server to undo yet, nor a reminder to fill a dose from
        actions: saved.queued
          ? undefined
          : [
              ...(dose ? [{ label: 'Record Dose', onClick: () => navigate(dose) }] : []),
              { label: 'Undo', onClick: () => void undo() },
            ],
      });
    } catch (error) {
      toast({
        title: 'Failed to complete reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };

  if (waiting.some((change) => change.id === `done:${reminder.id}`)) {
    return (
      <span className="inline-flex min-h-9 shrink-0 items-center gap-1 text-sm font-medium text-amber-900">
        <CloudUpload aria-hidden className="size-4" />
        Waiting to sync
      </span>
    );
  }

  return (
    <Button
      variant="secondary"
      className={`shrink-0 ${compact ? 'min-h-9 px-2.5' : 'px-3'}`}
      aria-label={`Mark ${title} done`}
      disabled={complete.isPending}
      onClick={() => void markDone()}
    >
      <Check aria-hidden className="size-4" />
      Done
    </Button>
  );
}

export function ReminderItem({ reminder, today }: { reminder: Reminder; today: string }) {
  // what is due; who for is the link beside it (shared/care/reminder-title.ts: one title everywhere)
  const title = reminderWhat(reminder);
  const overdue = isOverdue(reminder.dueDate, today);
  const canChange = useCan('member');

  return (
    <article
      data-testid="reminder-item"
      className={`flex items-start gap-3 rounded-lg border bg-white p-3 ${
        overdue ? 'border-red-300 border-l-4 border-l-red-700' : 'border-stone-200'
      }`}
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="font-medium break-words text-stone-900">{title}</p>
        <div className="flex flex-wrap items-center gap-1.5">
          <TypeBadge type={reminder.type} />
          {overdue && <OverdueBadge />}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <CalendarDays aria-hidden className="size-3.5 shrink-0" />
            Due {withTime(usDate(reminder.dueDate), reminder.dueTime)}
          </span>
          <ReminderSubject reminder={reminder} />
          {reminder.repeatEvery && reminder.repeatUnit && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <Repeat aria-hidden className="size-3.5 shrink-0" />
              {repeatHint(reminder.repeatEvery, reminder.repeatUnit)}
            </span>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <DoneButton reminder={reminder} />
        {canChange && (
          <Link
            href={`/reminders/${reminder.id}/edit`}
            aria-label={`Edit ${title}`}
            className="inline-flex min-h-9 items-center gap-1 px-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            <Pencil aria-hidden className="size-3.5" />
            Edit
          </Link>
        )}
      </div>
    </article>
  );
}

/** A list of reminders, soonest first: the server's order (due date, then when made), kept as is. */
export function ReminderList({ reminders, today }: { reminders: Reminder[]; today: string }) {
  return (
    <ul className="space-y-2">
      {reminders.map((reminder) => (
        <li key={reminder.id}>
          <ReminderItem reminder={reminder} today={today} />
        </li>
      ))}
    </ul>
  );
}
