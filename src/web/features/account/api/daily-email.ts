// Account → 'Daily reminder email': the signed-in person's choice.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyEmail } from '../../../../shared/schemas/daily-email';
import { client, data, publicApi } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const dailyEmailQuery = queryOptions({
  queryKey: [keys.dailyEmail],
  queryFn: (): Promise<DailyEmail> => data(client['daily-email'].$get()),
});

export function useSetDailyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean): Promise<DailyEmail> =>
      data(client['daily-email'].$put({ json: { enabled } })),
    onSuccess: (choice) => queryClient.setQueryData(dailyEmailQuery.queryKey, choice),
  });
}

/** The daily email's unsubscribe link (no sign-in): the token alone turns the email off. */
export const unsubscribe = (token: string) =>
  publicApi.post<{ unsubscribed: true }>(`/api/public/unsubscribe/${encodeURIComponent(token)}`);
