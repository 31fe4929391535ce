// Herd groups: query options and mutations. Keys: ['groups'] (list), ['groups', id],
// ['groups', id, 'animals']. Forms pass an id chosen once, so that retrying a create cannot
// duplicate it; a change to groups also refreshes ['animals'] (their group chips).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import type { Group, GroupCreate, GroupUpdate } from '../../../../shared/schemas/groups';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const groupsQuery = queryOptions({
  queryKey: [keys.groups],
  queryFn: (): Promise<Group[]> => data(client.groups.$get()),
});

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.groups, id],
    queryFn: (): Promise<Group> => data(client.groups[':id'].$get({ param: { id } })),
  });

export const groupAnimalsQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.groups, id, 'animals'],
    queryFn: (): Promise<AnimalListItem[]> => data(client.groups[':id'].animals.$get({ param: { id } })),
  });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreate): Promise<Group> =>
      data(client.groups.$post({ json: { ...input, id: input.id ?? crypto.randomUUID() } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.groups] }),
  });
}

export function useUpdateGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GroupUpdate): Promise<Group> =>
      data(client.groups[':id'].$patch({ param: { id }, json: changes })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [keys.groups] });
      await queryClient.invalidateQueries({ queryKey: [keys.animals] });
    },
  });
}

export function useDeleteGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<null> => data(client.groups[':id'].$delete({ param: { id } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [keys.groups, id] });
      await queryClient.invalidateQueries({ queryKey: [keys.groups] });
      await queryClient.invalidateQueries({ queryKey: [keys.animals] });
    },
  });
}
