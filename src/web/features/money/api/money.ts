// The farm's money: query options and mutations. Keys under ['money']: ['money', 'list', filter]
// (pages of entries), ['money', 'summary', period], ['money', id], ['money', 'feed', groupId, period].
// Any write refreshes them all: a new expense moves the list, the totals and a group's feed alike.
// The groups and animals offered in the form are read here too (features never import each other).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/care';
import type {
  GroupFeed,
  MoneyEntry,
  MoneyEntryCreate,
  MoneyEntryUpdate,
  MoneySummary,
} from '../../../../shared/schemas/money';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export type Period = { from: string; to: string };

export const moneySummaryQuery = (period: Period, groupId?: string) =>
  queryOptions({
    queryKey: [keys.money, 'summary', period, groupId ?? null],
    queryFn: (): Promise<MoneySummary> =>
      data(client.money.summary.$get({ query: { ...period, ...(groupId ? { groupId } : {}) } })),
  });

export const moneyPagesQuery = (period: Period, groupId?: string) =>
  infiniteQueryOptions({
    queryKey: [keys.money, 'list', period, groupId ?? null],
    queryFn: ({ pageParam }): Promise<Page<MoneyEntry>> =>
      data(
        client.money.$get({
          // the first page is asked for with no ?offset
          query: {
            ...period,
            ...(groupId ? { groupId } : {}),
            ...(pageParam ? { offset: String(pageParam) } : {}),
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export const moneyEntryQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.money, id],
    queryFn: (): Promise<MoneyEntry> => data(client.money[':id'].$get({ param: { id } })),
  });

export const groupFeedQuery = (groupId: string, period?: Period) =>
  queryOptions({
    queryKey: [keys.money, 'feed', groupId, period ?? null],
    queryFn: (): Promise<GroupFeed> =>
      data(client.groups[':id'].feed.$get({ param: { id: groupId }, query: period ?? {} })),
  });

/** The farm's groups and animals, by name, for 'For a group or animal'. */
export const moneyGroupsQuery = queryOptions({
  queryKey: [keys.groups, 'money-choices'],
  queryFn: (): Promise<{ id: string; name: string }[]> => data(client.groups.$get()),
});
export const moneyAnimalsQuery = queryOptions({
  queryKey: [keys.animals, 'money-choices'],
  queryFn: (): Promise<{ id: string; name: string }[]> => data(client.animals.$get({ query: {} })),
});

function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [keys.money] });
}

/** Pass an id chosen once per form, so that a retried 'Add Expense' is stored once. */
export function useCreateMoneyEntry() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: MoneyEntryCreate & { id: string }): Promise<MoneyEntry> =>
      data(client.money.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateMoneyEntry() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MoneyEntryUpdate }): Promise<MoneyEntry> =>
      data(client.money[':id'].$patch({ param: { id }, json: changes })),
    onSuccess: refresh,
  });
}

export function useDeleteMoneyEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client.money[':id'].$delete({ param: { id } })),
    onSuccess: async (_, id) => {
      // its edit page would ask for it again and find a 404
      queryClient.removeQueries({ queryKey: [keys.money, id] });
      await queryClient.invalidateQueries({ queryKey: [keys.money] });
    },
  });
}
