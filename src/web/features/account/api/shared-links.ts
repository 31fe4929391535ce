// Account → 'Shared Links' (owners): every live share link of the farm's health records, and
// revoking one (the record's own revoke route, as on the animal's page). Under ['farm-members'],
// so removing a member (which ends the links they made) refreshes the list too.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SharedLinks } from '../../../../shared/schemas/records';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const sharedLinksQuery = queryOptions({
  queryKey: [keys.farmMembers, 'shared-links'],
  queryFn: (): Promise<SharedLinks> => data(client.farm['share-links'].$get()),
});

export function useRevokeSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (animalId: string): Promise<null> =>
      data(client.animals[':id'].record.share.$delete({ param: { id: animalId } })),
    onSuccess: (_, animalId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedLinksQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: [keys.animals, animalId, 'record', 'share'] }),
      ]),
  });
}
