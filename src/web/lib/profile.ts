// The farm's profile (name, time zone, weight unit): read across the app, changed on the Account page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '../../shared/schemas/profile';
import { api } from './api';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => api.get<Profile>('/api/v1/profile'),
  staleTime: 5 * 60_000,
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api.patch<Profile>('/api/v1/profile', changes),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
