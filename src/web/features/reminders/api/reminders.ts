// Reminders: query options and mutations. Keys: ['reminders'] (all active), ['reminders',
// { animalId } | { groupId }].
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page, Reminder, ReminderCreate } from '../../../../shared/schemas/care';
import { api } from '../../../lib/api';

export const remindersQuery = (filter: { animalId?: string; groupId?: string } = {}) =>
  queryOptions({
    queryKey: filter.animalId || filter.groupId ? ['reminders', filter] : ['reminders'],
    queryFn: () => {
      const query = filter.animalId
        ? `?animalId=${filter.animalId}`
        : filter.groupId
          ? `?groupId=${filter.groupId}`
          : '';
      return api.get<Page<Reminder>>(`/api/v1/reminders${query}`);
    },
  });

/** Pass an id chosen once per form, so that a retried submission adds one reminder. */
export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderCreate) => api.post<Reminder>('/api/v1/reminders', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminders'] }),
  });
}

/** Safe to press twice: the server completes once and schedules one next occurrence. */
export function useCompleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Reminder>(`/api/v1/reminders/${id}/complete`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminders'] }),
  });
}
