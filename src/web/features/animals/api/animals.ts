// Animals and species: query options and mutations. Keys: ['animals'] (list), ['animals', 'search',
// filter] (My Animals), ['animals', id],
// ['species']. Forms pass an id chosen once, so that retrying a create cannot duplicate it;
// a change to an animal also refreshes ['groups'] (counts and group animal lists).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Animal,
  AnimalCreate,
  AnimalExitInput,
  AnimalFamily,
  AnimalListItem,
  AnimalListQuery,
  AnimalUpdate,
  Species,
} from '../../../../shared/schemas/animals';
import type { ImportResult, ImportRow } from '../../../../shared/schemas/import';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const animalsQuery = queryOptions({
  queryKey: [keys.animals],
  queryFn: (): Promise<AnimalListItem[]> => data(client.animals.$get({ query: {} })),
});

/** The animals matching a search, filters and order (My Animals); the server does the work. */
export const animalSearchQuery = (filter: AnimalListQuery) =>
  queryOptions({
    queryKey: [keys.animals, 'search', filter],
    queryFn: (): Promise<AnimalListItem[]> => data(client.animals.$get({ query: filter })),
    placeholderData: keepPreviousData,
    // a search typed letter by letter is not worth a week on the device (lib/query-client.ts)
    ...(filter.q ? { gcTime: 5 * 60_000 } : {}),
  });

export const animalQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.animals, id],
    queryFn: (): Promise<Animal> => data(client.animals[':id'].$get({ param: { id } })),
  });

/** Its pedigree and offspring; under ['animals'], so any change to the herd refreshes it. */
export const animalFamilyQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.animals, id, 'family'],
    queryFn: (): Promise<AnimalFamily> => data(client.animals[':id'].family.$get({ param: { id } })),
  });

export const speciesQuery = queryOptions({
  queryKey: [keys.species],
  queryFn: (): Promise<Species[]> => data(client.species.$get()),
  staleTime: 10 * 60_000,
});

function useRefreshHerd() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [keys.animals] });
    await queryClient.invalidateQueries({ queryKey: [keys.groups] });
  };
}

export function useCreateAnimal() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (input: AnimalCreate): Promise<Animal> =>
      data(client.animals.$post({ json: { ...input, id: input.id ?? crypto.randomUUID() } })),
    onSuccess: refresh,
  });
}

export function useUpdateAnimal(id: string) {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (changes: AnimalUpdate): Promise<Animal> =>
      data(client.animals[':id'].$patch({ param: { id }, json: changes })),
    onSuccess: refresh,
  });
}

export function useDeleteAnimal() {
  const queryClient = useQueryClient();
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client.animals[':id'].$delete({ param: { id } })),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [keys.animals, id] });
      await refresh();
    },
  });
}

/**
 * 'Mark as Sold' (…) or 'Return to Herd' (decision 0043): the herd's lists and counts change, and an
 * exit ends the animal's open reminders.
 */
export function useAnimalExit(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshHerd();
  const after = async () => {
    await refresh();
    await queryClient.invalidateQueries({ queryKey: [keys.reminders] });
  };
  return {
    mark: useMutation({
      mutationFn: (input: AnimalExitInput): Promise<Animal> =>
        data(client.animals[':id'].exit.$post({ param: { id }, json: input })),
      onSuccess: after,
    }),
    undo: useMutation({
      mutationFn: (): Promise<Animal> => data(client.animals[':id'].return.$post({ param: { id } })),
      onSuccess: after,
    }),
  };
}

/** Uploads (or replaces) the photo; the server re-encodes it and strips its metadata. */
export function useUploadPhoto() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }): Promise<Animal> => {
      const form = new FormData();
      form.append('photo', file);
      // The route reads its multipart body itself (no validator to type it): the form goes as the
      // raw body, and the browser sets the content type with its boundary.
      return data(client.animals[':id'].photo.$put({ param: { id } }, { init: { body: form } }));
    },
    onSuccess: refresh,
  });
}

export function useRemovePhoto() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client.animals[':id'].photo.$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useCreateSpecies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<Species> => data(client.species.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.species] }),
  });
}

/** My Animals → 'Import Animals': the previewed rows, imported at once. */
export function useImportAnimals() {
  const refresh = useRefreshHerd();
  return useMutation({
    mutationFn: (rows: ImportRow[]): Promise<ImportResult> =>
      data(client.animals.import.$post({ json: { rows } })),
    onSuccess: refresh,
  });
}
