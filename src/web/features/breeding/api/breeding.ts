// Breedings and births: query options and mutations. Keys under ['animals', damId, 'breedings'],
// so a change to the herd refreshes them; a breeding or birth also refreshes reminders, the herd
// (new animals) and the dam's family. Forms pass ids chosen once, so a retry cannot duplicate.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Birth, BirthCreate, Breeding, BreedingCreate } from '../../../../shared/schemas/breeding';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const breedingsQuery = (damId: string) =>
  queryOptions({
    queryKey: [keys.animals, damId, 'breedings'],
    queryFn: (): Promise<Breeding[]> => data(client.animals[':id'].breedings.$get({ param: { id: damId } })),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [keys.animals] });
    await queryClient.invalidateQueries({ queryKey: [keys.groups] });
    await queryClient.invalidateQueries({ queryKey: [keys.reminders] });
    await queryClient.invalidateQueries({ queryKey: [keys.species] });
  };
}

export function useRecordBreeding(damId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BreedingCreate): Promise<Breeding> =>
      data(client.animals[':id'].breedings.$post({ param: { id: damId }, json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteBreeding() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client.breedings[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useRecordBirth(damId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BirthCreate): Promise<Birth> =>
      data(client.animals[':id'].births.$post({ param: { id: damId }, json: input })),
    onSuccess: refresh,
  });
}
