// Herd groups: query options and mutations. Keys: ['groups'] (list), ['groups', id],
// ['groups', id, 'animals']. Forms pass an id chosen once, so that retrying a create cannot
// duplicate it; a change to groups also refreshes ['animals'] (their group chips).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Animal } from '../../../../shared/schemas/animals';
import type { Group, GroupCreate, GroupUpdate } from '../../../../shared/schemas/groups';
import { api } from '../../../lib/api';

export const groupsQuery = queryOptions({
  queryKey: ['groups'],
  queryFn: () => api.get<Group[]>('/api/v1/groups'),
});

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: ['groups', id],
    queryFn: () => api.get<Group>(`/api/v1/groups/${id}`),
  });

export const groupAnimalsQuery = (id: string) =>
  queryOptions({
    queryKey: ['groups', id, 'animals'],
    queryFn: () => api.get<Animal[]>(`/api/v1/groups/${id}/animals`),
  });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreate) =>
      api.post<Group>('/api/v1/groups', { ...input, id: input.id ?? crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useUpdateGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GroupUpdate) => api.patch<Group>(`/api/v1/groups/${id}`, changes),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['groups'] });
      await queryClient.invalidateQueries({ queryKey: ['animals'] });
    },
  });
}

export function useDeleteGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(`/api/v1/groups/${id}`),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['groups', id] });
      await queryClient.invalidateQueries({ queryKey: ['groups'] });
      await queryClient.invalidateQueries({ queryKey: ['animals'] });
    },
  });
}
