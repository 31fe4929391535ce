// The signed-in person's own calendar feed address on the farm: its state, a new one (shown once),
// revoking it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedLink } from '../../../../shared/schemas/calendar';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const calendarFeedQuery = queryOptions({
  queryKey: [keys.calendarFeed],
  queryFn: (): Promise<CalendarFeed> => data(client['calendar-feed'].$get()),
});

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedLink> => data(client['calendar-feed'].$post()),
    onSuccess: (link) => queryClient.setQueryData(calendarFeedQuery.queryKey, { createdAt: link.createdAt }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<null> => data(client['calendar-feed'].$delete()),
    onSuccess: () => queryClient.setQueryData(calendarFeedQuery.queryKey, { createdAt: null }),
  });
}
