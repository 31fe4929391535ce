// The signed-in person's profile ('Your Profile') beside the farm in use's settings (name, time zone,
// weight unit: 'Farm Settings'): read across the app, changed on the Account page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FarmSettingsUpdate, Profile, ProfileUpdate } from '../../shared/schemas/profile';
import { client, data } from './api';
import { farmsQuery } from './farm';
import { keys } from './query-keys';

export const profileQuery = queryOptions({
  queryKey: [keys.profile],
  queryFn: (): Promise<Profile> => data(client.profile.$get()),
  // the farm's settings are the owner's to change from another device: read afresh on each page
  // (the device's copy shows meanwhile, and offline), once for the page's several readers
  staleTime: 2_000,
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate): Promise<Profile> => data(client.profile.$patch({ json: changes })),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}

/** Owners only (the server refuses anyone else): the farm's name, zone and unit. */
export function useUpdateFarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FarmSettingsUpdate): Promise<Profile> =>
      data(client.farm.settings.$patch({ json: changes })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // the farm switcher shows the farm's name
      await queryClient.invalidateQueries({ queryKey: farmsQuery.queryKey });
    },
  });
}
