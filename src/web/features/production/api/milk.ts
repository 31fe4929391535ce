// Milk: query options and mutations, keyed as eggs are: the summary ['production', 'milk', scope],
// the records ['milk-records', scope, 'pages'] (for 'Load more'), and the withdrawal check under the
// doe's or group's own key (['animals' | 'groups', id, 'milk-withdrawal', date]), so that a
// medication recorded for them (which refreshes those) asks it again. A write refreshes the first two.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/care';
import type {
  MilkProduction,
  MilkRecord,
  MilkRecordCreate,
  MilkRecordsWritten,
  MilkRecordUpdate,
  MilkRecordWritten,
  MilkWithdrawal,
} from '../../../../shared/schemas/milk';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

/** Whose milk: one doe's, a group's does', or (neither) the farm's. */
export type MilkScope = { animalId?: string; groupId?: string };

/** Only the scope's ids that are set: the query string carries no empty parameter. */
const scopeQuery = ({ animalId, groupId }: MilkScope) => ({
  ...(animalId ? { animalId } : {}),
  ...(groupId ? { groupId } : {}),
});

export const milkProductionQuery = (scope: MilkScope) =>
  queryOptions({
    queryKey: [keys.production, 'milk', scopeQuery(scope)],
    queryFn: (): Promise<MilkProduction> => data(client.production.milk.$get({ query: scopeQuery(scope) })),
  });

/** The records newest first, 100 a page. */
export const milkRecordPagesQuery = (scope: MilkScope) =>
  infiniteQueryOptions({
    queryKey: [keys.milkRecords, scopeQuery(scope), 'pages'],
    queryFn: ({ pageParam }): Promise<Page<MilkRecord>> =>
      data(
        client['milk-records'].$get({
          query: { ...scopeQuery(scope), ...(pageParam ? { offset: String(pageParam) } : {}) },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** Who the form records for: the doe on whose page it opened, or the group. */
export type MilkOwner = { kind: 'animal' | 'group'; id: string };

/** The does of the owner not safe for milk on `date`: asked before saving. */
export const milkWithdrawalQuery = (owner: MilkOwner, date: string) =>
  queryOptions({
    queryKey: [owner.kind === 'animal' ? keys.animals : keys.groups, owner.id, 'milk-withdrawal', date],
    queryFn: (): Promise<MilkWithdrawal[]> =>
      owner.kind === 'animal'
        ? data(client.animals[':id']['milk-withdrawal'].$get({ param: { id: owner.id }, query: { date } }))
        : data(client.groups[':id']['milk-withdrawal'].$get({ param: { id: owner.id }, query: { date } })),
  });

function useRefreshMilk() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [keys.production, keys.milkRecords].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
  };
}

/** Each record carries an id chosen once per form, so that a retried submission is recorded once. */
export function useCreateMilkRecords() {
  const refresh = useRefreshMilk();
  return useMutation({
    mutationFn: (input: MilkRecordCreate): Promise<MilkRecordsWritten> =>
      data(client['milk-records'].$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateMilkRecord() {
  const refresh = useRefreshMilk();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MilkRecordUpdate }): Promise<MilkRecordWritten> =>
      data(client['milk-records'][':id'].$patch({ param: { id }, json: changes })),
    onSuccess: refresh,
  });
}

export function useDeleteMilkRecord() {
  const refresh = useRefreshMilk();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client['milk-records'][':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
