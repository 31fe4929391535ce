// Care entries: query options and mutations. Keys: ['animals', id, 'care'], ['groups', id, 'log']
// (and their paged forms, [..., 'pages'], for 'Show more'), ['care-entries', id]; writing care also
// refreshes ['reminders'], ['animals'] (weights), ['groups'].
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AnimalWeights,
  GroupWeights,
  CareBatch,
  CareEntry,
  CareEntryCreate,
  CareEntryUpdate,
  MedicationSuggestion,
  Page,
} from '../../../../shared/schemas/care';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

/** The first page is asked for with no ?offset, as before. */
const offsetQuery = (offset: number) => (offset ? { offset: String(offset) } : {});

/** The history page by page (100 a page), for 'Show more'; refreshed with ['animals', id, 'care']. */
export const animalCarePagesQuery = (animalId: string) =>
  infiniteQueryOptions({
    queryKey: [keys.animals, animalId, 'care', 'pages'],
    queryFn: ({ pageParam }): Promise<Page<CareEntry>> =>
      data(
        client.animals[':id']['care-entries'].$get({
          param: { id: animalId },
          query: offsetQuery(pageParam),
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The group's log page by page (100 batches a page); refreshed with ['groups', id, 'log']. */
export const groupLogPagesQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: [keys.groups, groupId, 'log', 'pages'],
    queryFn: ({ pageParam }): Promise<Page<CareBatch>> =>
      data(client.groups[':id']['care-log'].$get({ param: { id: groupId }, query: offsetQuery(pageParam) })),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** An animal's weighings, oldest first (its Weight card); refreshed with ['animals']. */
export const animalWeightsQuery = (animalId: string) =>
  queryOptions({
    queryKey: [keys.animals, animalId, 'weights'],
    queryFn: (): Promise<AnimalWeights> =>
      data(client.animals[':id'].weights.$get({ param: { id: animalId } })),
  });

/** A group's animals with their weighings (its Weights page); refreshed with ['groups']. */
export const groupWeightsQuery = (groupId: string) =>
  queryOptions({
    queryKey: [keys.groups, groupId, 'weights'],
    queryFn: (): Promise<GroupWeights> => data(client.groups[':id'].weights.$get({ param: { id: groupId } })),
  });

/** The farm's earlier medications (the form's suggestions); refreshed with ['care-entries']. */
export const medicationsQuery = queryOptions({
  queryKey: [keys.careEntries, 'medications'],
  queryFn: (): Promise<MedicationSuggestion[]> => data(client.care.medications.$get({ query: {} })),
  staleTime: 60_000,
});

export const careEntryQuery = (entryId: string) =>
  queryOptions({
    queryKey: [keys.careEntries, entryId],
    queryFn: (): Promise<CareEntry> => data(client['care-entries'][':id'].$get({ param: { id: entryId } })),
  });

/** Every entry of the entry's batch: a group edit shows each animal's value. */
export const careBatchQuery = (entryId: string) =>
  queryOptions({
    queryKey: [keys.careEntries, entryId, 'batch'],
    queryFn: (): Promise<CareEntry[]> =>
      data(client['care-entries'][':id'].batch.$get({ param: { id: entryId } })),
  });

function useRefreshCare() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      // a treatment from the cabinet takes its lot's stock
      [
        keys.animals,
        keys.groups,
        keys.reminders,
        keys.careEntries,
        keys.medicines,
        keys.medicineWarnings,
      ].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
  };
}

/** Pass a batchId chosen once per form, so that a retried submission is recorded once. */
export function useCreateCareEntries() {
  const refresh = useRefreshCare();
  return useMutation({
    mutationFn: (input: CareEntryCreate): Promise<{ batchId: string; entries: CareEntry[] }> =>
      data(client['care-entries'].$post({ json: input })),
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
    }): Promise<CareEntry[]> =>
      data(client['care-entries'][':id'].$patch({ param: { id }, query: { scope }, json: changes })),
    onSuccess: refresh,
  });
}

export function useDeleteCareEntry() {
  const refresh = useRefreshCare();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: 'entry' | 'batch' }): Promise<null> =>
      data(client['care-entries'][':id'].$delete({ param: { id }, query: { scope } })),
    onSuccess: refresh,
  });
}
