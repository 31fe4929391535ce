// The farm's profile (name, time zone, weight unit): read across the app, changed on the Account page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '../../shared/schemas/profile';
import { client, data } from './api';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: (): Promise<Profile> => data(client.profile.$get()),
  staleTime: 5 * 60_000,
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate): Promise<Profile> => data(client.profile.$patch({ json: changes })),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
