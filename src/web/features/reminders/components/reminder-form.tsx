// The reminder form, to add one (/reminders/new) or change one (/reminders/:id/edit): title, type
// (new ones: general, feeding, routine care), due date (today..+10 years in the farm's zone) and an
// optional time of day (issue 29), who it
// is for (reminder-target-fields.tsx), and a repeat counted from the due date or from the day done
// (reminder-repeat-fields.tsx). Checked with the API's own schemas (reminder-form-values.ts); the
// server's field errors come back onto the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { latestReminderDate } from '../../../../shared/care/rules';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import type { ReminderDetail } from '../../../../shared/schemas/care';
import type { Group } from '../../../../shared/schemas/groups';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { offlineMessage } from '../../../lib/api';
import { usDate } from '../../../lib/dates';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
import { useCreateReminder, useUpdateReminder } from '../api/reminders';
import {
  formFields,
  reminderFormDefaults,
  reminderFormSchema,
  typeOptions,
  type ReminderFormOutput,
  type ReminderFormValues,
} from '../reminder-form-values';
import { ReminderRepeatFields } from './reminder-repeat-fields';
import { ReminderTargetFields } from './reminder-target-fields';

/** The animals a group's reminder covers: the group's, and any it names that left the group. */
function coverable(animals: AnimalListItem[], reminder: ReminderDetail): AnimalListItem[] {
  return animals.filter(
    (animal) =>
      (reminder.groupId !== null && animal.groupIds.includes(reminder.groupId)) ||
      reminder.animalIds.includes(animal.id),
  );
}

export function ReminderForm({
  animals,
  groups,
  today,
  preselected = null,
  reminder,
  onDone,
  cancelHref,
  onCancel,
}: {
  animals: AnimalListItem[];
  groups: Group[];
  today: string;
  /** new: who it is for, when the page was opened from an animal or a group */
  preselected?: { animalId: string } | { groupId: string } | null;
  /** edit: the reminder to change */
  reminder?: ReminderDetail;
  onDone: () => void;
  /** where Cancel goes, unless `onCancel` says what it does (go back, say) */
  cancelHref: string;
  onCancel?: () => void;
}) {
  const toast = useToast();
  const create = useCreateReminder();
  const update = useUpdateReminder(reminder?.id ?? '');
  // chosen once: a retry after a lost answer re-sends the same id, and the server keeps one reminder
  const [id] = useState(() => crypto.randomUUID());
  const groupAnimals = useMemo(
    () => (reminder?.groupId ? coverable(animals, reminder) : []),
    [animals, reminder],
  );
  // a whole group's reminder covers every animal of the group
  const initialAnimals = useMemo(
    () =>
      reminder?.groupId
        ? reminder.animalIds.length
          ? reminder.animalIds
          : groupAnimals.map((animal) => animal.id)
        : [],
    [reminder, groupAnimals],
  );
  const setup = useMemo(
    () => ({ id, today, reminder, initialAnimals }),
    [id, today, reminder, initialAnimals],
  );
  const resolver = useMemo(() => zodResolver(reminderFormSchema(setup)), [setup]);
  const form = useForm<ReminderFormValues, unknown, ReminderFormOutput>({
    resolver,
    defaultValues: reminderFormDefaults(setup, animals, groups, preselected),
  });
  const { errors } = form.formState;
  // typing is never lost silently: leaving a changed form asks first (issue 9)
  const guard = useLeaveGuard(form.formState.isDirty);
  const [, navigate] = useLocation();
  const cancel = () => void guard.allowLeave().then(onCancel ?? (() => navigate(cancelHref)));
  const saving = create.isPending || update.isPending;
  const editing = Boolean(reminder);

  const submit = form.handleSubmit(async (output) => {
    try {
      const saved =
        output.kind === 'update'
          ? await update.mutateAsync(output.changes)
          : await create.mutateAsync(output.input);
      toast({
        title: reminder ? 'Reminder updated' : 'Reminder added',
        description: `Due ${usDate(saved.dueDate)}.`,
      });
      await guard.allowLeave();
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, sameNames(formFields));
      toast({
        title: reminder
          ? 'Failed to update reminder. Please try again.'
          : 'Failed to add reminder. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="Title"
          placeholder="Feed the hens"
          autoComplete="off"
          maxLength={120}
          error={errors.title?.message}
          {...form.register('title')}
        />
        {!editing && (
          <SelectField label="Type" error={errors.type?.message} {...form.register('type')}>
            {typeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Due date"
            type="date"
            min={reminder && reminder.dueDate < today ? reminder.dueDate : today}
            max={latestReminderDate(today)}
            error={errors.dueDate?.message}
            {...form.register('dueDate')}
          />
          {/* empty: any time that day (the morning notification and an all-day calendar event) */}
          <TextField
            label="Time of day (optional)"
            type="time"
            error={errors.dueTime?.message}
            {...form.register('dueTime')}
          />
        </div>
        <ReminderTargetFields
          form={form}
          animals={animals}
          groups={groups}
          reminder={reminder}
          groupAnimals={groupAnimals}
        />
        <ReminderRepeatFields form={form} />

        <div className="flex gap-2 pt-2">
          {/* Cancel discards on purpose: no question */}
          <Button variant="secondary" className="flex-1" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} className="flex-1">
            {editing ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Adding...' : 'Add Reminder'}
          </Button>
        </div>
      </form>
    </>
  );
}
