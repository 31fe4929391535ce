// Reminders: query options and mutations. Keys: ['reminders'] (all active), ['reminders',
// { animalId } | { groupId }], ['reminders', 'detail', id] (one, with the animals it covers).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Page,
  Reminder,
  ReminderCreate,
  ReminderDetail,
  ReminderSnooze,
  ReminderUpdate,
} from '../../../../shared/schemas/care';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const remindersQuery = (filter: { animalId?: string; groupId?: string } = {}) =>
  queryOptions({
    queryKey: filter.animalId || filter.groupId ? [keys.reminders, filter] : [keys.reminders],
    queryFn: (): Promise<Page<Reminder>> => {
      const query = filter.animalId
        ? { animalId: filter.animalId }
        : filter.groupId
          ? { groupId: filter.groupId }
          : {};
      return data(client.reminders.$get({ query }));
    },
  });

export const reminderQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.reminders, 'detail', id],
    queryFn: (): Promise<ReminderDetail> => data(client.reminders[':id'].$get({ param: { id } })),
  });

/** Pass an id chosen once per form, so that a retried submission adds one reminder. */
export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderCreate): Promise<Reminder> => data(client.reminders.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.reminders] }),
  });
}

/** Safe to press twice: the server completes once and schedules one next occurrence. */
export function useCompleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Reminder> =>
      data(client.reminders[':id'].complete.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.reminders] }),
  });
}

/** 'Undo' after 'Reminder completed': active again, without the next one its Done scheduled. */
export function useReopenReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Reminder> =>
      data(client.reminders[':id'].undo.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.reminders] }),
  });
}

export function useUpdateReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReminderUpdate): Promise<ReminderDetail> =>
      data(client.reminders[':id'].$patch({ param: { id }, json: changes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.reminders] }),
  });
}

export function useSnoozeReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSnooze): Promise<ReminderDetail> =>
      data(client.reminders[':id'].snooze.$post({ param: { id }, json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.reminders] }),
  });
}

export function useDeleteReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<null> => data(client.reminders[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [keys.reminders, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: [keys.reminders] });
    },
  });
}
