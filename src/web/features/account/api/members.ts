// Account → 'Farm Members': the farm's people and invitations, and the invitation link's page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FarmMembers,
  Invitation,
  InvitationCreate,
  InvitationSignUp,
  MemberUpdate,
  PublicInvitation,
} from '../../../../shared/schemas/members';
import { api, client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const farmMembersQuery = queryOptions({
  queryKey: [keys.farmMembers],
  queryFn: (): Promise<FarmMembers> => data(client.farm.members.$get()),
});

/** After any change: the list again (and the farms, whose names and roles it may change). */
function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: farmMembersQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: [keys.farms] }),
    ]);
}

export function useInvite() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (invitation: InvitationCreate): Promise<Invitation> =>
      data(client.farm.invitations.$post({ json: invitation })),
    onSuccess: refresh,
  });
}

export function useResendInvitation() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (id: string): Promise<Invitation> =>
      data(client.farm.invitations[':id'].resend.$post({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (id: string): Promise<null> =>
      data(client.farm.invitations[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useChangeRole() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ userId, ...update }: MemberUpdate & { userId: string }): Promise<null> =>
      data(client.farm.members[':userId'].$patch({ param: { userId }, json: update })),
    onSettled: refresh,
  });
}

export function useRemoveMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (userId: string): Promise<null> =>
      data(client.farm.members[':userId'].$delete({ param: { userId } })),
    onSuccess: refresh,
  });
}

export const leaveFarm = (): Promise<null> => data(client.farm.leave.$post());

export const acceptInvitation = (token: string): Promise<{ farmId: string }> =>
  data(client.invitations.accept.$post({ json: { token } }));

/** An invitation link's public side (no session needed): what it offers, and signing up through it. */
const invitationPath = (token: string) => `/api/public/invitations/${encodeURIComponent(token)}`;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: [keys.invitation, token],
    queryFn: () => api.get<PublicInvitation>(invitationPath(token)),
    retry: false,
    meta: { persist: false }, // never kept on the device: its link is a secret
  });

export const signUpThroughInvitation = (token: string, person: InvitationSignUp) =>
  api.post<{ signedUp: true }>(`${invitationPath(token)}/sign-up`, person);
