// Eggs: query options and mutations. Keys: ['production', 'eggs', group or 'farm'] (the Production
// page's counts), ['egg-collections', group or 'farm', 'pages'] (its list, page by page), and a
// group's egg withdrawal on a day under ['groups', id], so that a medication recorded for the group
// (which refreshes ['groups']) asks it again. A collection written refreshes counts and lists.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/care';
import type {
  EggCollection,
  EggCollectionCreate,
  EggCollectionUpdate,
  EggCollectionWritten,
  EggProduction,
  EggWithdrawal,
} from '../../../../shared/schemas/production';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

/** A group's, or (no group) the whole farm's. */
const scopeOf = (groupId: string | undefined) => groupId ?? 'farm';
const groupParam = (groupId: string | undefined) => (groupId ? { groupId } : {});

/** Today, this week, the lay rate and the charts' days and months. */
export const eggProductionQuery = (groupId?: string) =>
  queryOptions({
    queryKey: [keys.production, 'eggs', scopeOf(groupId)],
    queryFn: (): Promise<EggProduction> => data(client.production.eggs.$get({ query: groupParam(groupId) })),
  });

/** The collections, newest first, 100 a page, for 'Load more'. */
export const eggCollectionPagesQuery = (groupId?: string) =>
  infiniteQueryOptions({
    queryKey: [keys.eggCollections, scopeOf(groupId), 'pages'],
    queryFn: ({ pageParam }): Promise<Page<EggCollection>> =>
      data(
        client['egg-collections'].$get({
          // the first page is asked for with no ?offset
          query: { ...groupParam(groupId), ...(pageParam ? { offset: String(pageParam) } : {}) },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The group's animals under an egg withdrawal on `date`: what a collection that day discards. */
export const eggWithdrawalQuery = (groupId: string, date: string) =>
  queryOptions({
    queryKey: [keys.groups, groupId, 'egg-withdrawal', date],
    queryFn: (): Promise<EggWithdrawal[]> =>
      data(client.groups[':id']['egg-withdrawal'].$get({ param: { id: groupId }, query: { date } })),
  });

function useRefreshEggs() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [keys.production, keys.eggCollections].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
  };
}

/** Pass an id chosen once per form, so that a retried or queued collection is stored once. */
export function useCreateEggCollection() {
  const refresh = useRefreshEggs();
  return useMutation({
    mutationFn: (input: EggCollectionCreate & { id: string }): Promise<EggCollectionWritten> =>
      data(client['egg-collections'].$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateEggCollection() {
  const refresh = useRefreshEggs();
  return useMutation({
    mutationFn: ({
      id,
      changes,
    }: {
      id: string;
      changes: EggCollectionUpdate;
    }): Promise<EggCollectionWritten> =>
      data(client['egg-collections'][':id'].$patch({ param: { id }, json: changes })),
    onSuccess: refresh,
  });
}

export function useDeleteEggCollection() {
  const refresh = useRefreshEggs();
  return useMutation({
    mutationFn: (id: string): Promise<null> =>
      data(client['egg-collections'][':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
