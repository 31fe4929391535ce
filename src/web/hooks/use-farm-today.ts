// "Today" as the farm sees it: the calendar date in the profile's time zone, so that Today,
// Tomorrow and Overdue agree with the server (the browser's zone stands in until the profile loads).
import { useQuery } from '@tanstack/react-query';
import { farmToday } from '../lib/dates';
import { profileQuery } from '../lib/profile';

export function useFarmToday(): { today: string; ready: boolean } {
  const profile = useQuery(profileQuery);
  return { today: farmToday(profile.data?.timeZone), ready: !profile.isPending };
}
