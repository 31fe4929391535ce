// Account → 'Daily reminder email': the signed-in person's choice.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyEmail } from '../../../../shared/schemas/daily-email';
import { client, data } from '../../../lib/api';

export const dailyEmailQuery = queryOptions({
  queryKey: ['daily-email'],
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
