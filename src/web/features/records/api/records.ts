// Health records: the farm's record of an animal and its share link (keys under ['animals', id],
// so a change to the herd refreshes them), and a shared record read by its link's token alone.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HealthRecord, RecordShare, RecordShareLink } from '../../../../shared/schemas/records';
import { client, data, publicApi } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const healthRecordQuery = (animalId: string) =>
  queryOptions({
    queryKey: [keys.animals, animalId, 'record'],
    queryFn: (): Promise<HealthRecord> =>
      data(client.animals[':id'].record.$get({ param: { id: animalId } })),
  });

export const recordShareQuery = (animalId: string) =>
  queryOptions({
    queryKey: [keys.animals, animalId, 'record', 'share'],
    queryFn: (): Promise<RecordShare> =>
      data(client.animals[':id'].record.share.$get({ param: { id: animalId } })),
  });

export function useShareRecord(animalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RecordShareLink> =>
      data(client.animals[':id'].record.share.$post({ param: { id: animalId } })),
    onSuccess: (link) =>
      queryClient.setQueryData(recordShareQuery(animalId).queryKey, { sharedSince: link.sharedSince }),
  });
}

export function useRevokeRecordShare(animalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<null> =>
      data(client.animals[':id'].record.share.$delete({ param: { id: animalId } })),
    onSuccess: () => queryClient.setQueryData(recordShareQuery(animalId).queryKey, { sharedSince: null }),
  });
}

/** A shared record by its link: no session, no cookie sent. */
export const sharedRecordQuery = (token: string) =>
  queryOptions({
    queryKey: [keys.sharedRecord, token],
    queryFn: () => publicApi.get<HealthRecord>(`/api/public/records/${encodeURIComponent(token)}`),
    retry: false,
  });
