// "Today" as the farm sees it: the calendar date in the profile's time zone, so that Today,
// Tomorrow and Overdue agree with the server (the browser's zone stands in until the profile loads).
import { useQuery } from '@tanstack/react-query';
import { dateInZone } from '../../../../shared/care/dates';
import { profileQuery } from '../../account/api/profile';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function farmToday(timeZone: string | undefined, now = new Date()): string {
  try {
    return dateInZone(now, timeZone ?? browserZone());
  } catch {
    return dateInZone(now, browserZone()); // an unknown zone name: never break the page over it
  }
}

export function useFarmToday(): { today: string; ready: boolean } {
  const profile = useQuery(profileQuery);
  return { today: farmToday(profile.data?.timeZone), ready: !profile.isPending };
}
