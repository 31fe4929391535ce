// Care entries: query options and mutations. Keys: ['animals', id, 'care'], ['groups', id, 'log']
// (and their paged forms, [..., 'pages'], for 'Show more'), ['care-entries', id]; writing care also
// refreshes ['reminders'], ['animals'] (weights), ['groups'].
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CareBatch,
  CareEntry,
  CareEntryCreate,
  CareEntryUpdate,
  Page,
} from '../../../../shared/schemas/care';
import { api } from '../../../lib/api';

export const animalCareQuery = (animalId: string) =>
  queryOptions({
    queryKey: ['animals', animalId, 'care'],
    queryFn: () => api.get<Page<CareEntry>>(`/api/v1/animals/${animalId}/care-entries`),
  });

export const groupLogQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'log'],
    queryFn: () => api.get<Page<CareBatch>>(`/api/v1/groups/${groupId}/care-log`),
  });

const withOffset = (path: string, offset: number) => (offset ? `${path}?offset=${offset}` : path);

/** The history page by page (100 a page), for 'Show more'; refreshed with ['animals', id, 'care']. */
export const animalCarePagesQuery = (animalId: string) =>
  infiniteQueryOptions({
    queryKey: ['animals', animalId, 'care', 'pages'],
    queryFn: ({ pageParam }) =>
      api.get<Page<CareEntry>>(withOffset(`/api/v1/animals/${animalId}/care-entries`, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The group's log page by page (100 batches a page); refreshed with ['groups', id, 'log']. */
export const groupLogPagesQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: ['groups', groupId, 'log', 'pages'],
    queryFn: ({ pageParam }) =>
      api.get<Page<CareBatch>>(withOffset(`/api/v1/groups/${groupId}/care-log`, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export const careEntryQuery = (entryId: string) =>
  queryOptions({
    queryKey: ['care-entries', entryId],
    queryFn: () => api.get<CareEntry>(`/api/v1/care-entries/${entryId}`),
  });

function useRefreshCare() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [['animals'], ['groups'], ['reminders'], ['care-entries']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** Pass a batchId chosen once per form, so that a retried submission is recorded once. */
export function useCreateCareEntries() {
  const refresh = useRefreshCare();
  return useMutation({
    mutationFn: (input: CareEntryCreate) =>
      api.post<{ batchId: string; entries: CareEntry[] }>('/api/v1/care-entries', input),
    onSuccess: refresh,
  });
}

/** scope 'batch' changes every entry recorded together (a group's log row). */
export function useUpdateCareEntry() {
  const refresh = useRefreshCare();
  return useMutation({
    mutationFn: ({
      id,
      scope,
      changes,
    }: {
      id: string;
      scope: 'entry' | 'batch';
      changes: CareEntryUpdate;
    }) => api.patch<CareEntry[]>(`/api/v1/care-entries/${id}?scope=${scope}`, changes),
    onSuccess: refresh,
  });
}

export function useDeleteCareEntry() {
  const refresh = useRefreshCare();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: 'entry' | 'batch' }) =>
      api.delete<null>(`/api/v1/care-entries/${id}?scope=${scope}`),
    onSuccess: refresh,
  });
}
