// Animals and species: query options and mutations. Keys: ['animals'] (list), ['animals', id],
// ['species']. Forms pass an id chosen once, so that retrying a create cannot duplicate it;
// a change to an animal also refreshes ['groups'] (counts and group animal lists).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Animal, AnimalCreate, AnimalUpdate, Species } from '../../../../shared/schemas/animals';
import { api, apiUpload } from '../../../lib/api';

export const animalsQuery = queryOptions({
  queryKey: ['animals'],
  queryFn: () => api.get<Animal[]>('/api/v1/animals'),
});

export const animalQuery = (id: string) =>
  queryOptions({
    queryKey: ['animals', id],
    queryFn: () => api.get<Animal>(`/api/v1/animals/${id}`),
  });

export const speciesQuery = queryOptions({
  queryKey: ['species'],
  queryFn: () => api.get<Species[]>('/api/v1/species'),
  staleTime: 10 * 60_000,
});

function useRefreshHerd() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['animals'] });
    await queryClient.invalidateQueries({ queryKey: ['groups'] });
  };
}

export function useCreateAnimal() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (input: AnimalCreate) =>
      api.post<Animal>('/api/v1/animals', { ...input, id: input.id ?? crypto.randomUUID() }),
    onSuccess: refresh,
  });
}

export function useUpdateAnimal(id: string) {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (changes: AnimalUpdate) => api.patch<Animal>(`/api/v1/animals/${id}`, changes),
    onSuccess: refresh,
  });
}

export function useDeleteAnimal() {
  const queryClient = useQueryClient();
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/v1/animals/${id}`),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: ['animals', id] });
      await refresh();
    },
  });
}

/** Uploads (or replaces) the photo; the server re-encodes it and strips its metadata. */
export function useUploadPhoto() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('photo', file);
      return apiUpload<Animal>('PUT', `/api/v1/animals/${id}/photo`, form);
    },
    onSuccess: refresh,
  });
}

export function useRemovePhoto() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/v1/animals/${id}/photo`),
    onSuccess: refresh,
  });
}

export function useCreateSpecies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Species>('/api/v1/species', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['species'] }),
  });
}
