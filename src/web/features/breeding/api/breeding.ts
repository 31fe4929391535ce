// Breedings and births: query options and mutations. Keys under ['animals', damId, 'breedings'],
// so a change to the herd refreshes them; a breeding or birth also refreshes reminders, the herd
// (new animals) and the dam's family. Forms pass ids chosen once, so a retry cannot duplicate.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Birth, BirthCreate, Breeding, BreedingCreate } from '../../../../shared/schemas/breeding';
import { client, data } from '../../../lib/api';

export const breedingsQuery = (damId: string) =>
  queryOptions({
    queryKey: ['animals', damId, 'breedings'],
    queryFn: (): Promise<Breeding[]> => data(client.animals[':id'].breedings.$get({ param: { id: damId } })),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['animals'] });
    await queryClient.invalidateQueries({ queryKey: ['groups'] });
    await queryClient.invalidateQueries({ queryKey: ['reminders'] });
    await queryClient.invalidateQueries({ queryKey: ['species'] });
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
