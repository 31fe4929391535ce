// The web app's one date module: calendar dates ('YYYY-MM-DD') as the screens show them and the
// farm's "today". The rules the server also applies come from src/shared, so both sides agree.
// (isCalendarDate is src/shared/schemas/common.ts's; it is not re-exported here because that module
// builds zod schemas at load, and pages that only show dates should not download zod for it.)
import { dateInZone, usDate } from '../../shared/care/dates';

export { addDays, addMonths, dateInZone, daysBetween, usDate } from '../../shared/care/dates';

/** A stored date as US 'MM/DD/YY' (no time zone can shift the day); null when absent or not a date. */
export function formatUsDate(date: string | null | undefined): string | null {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? usDate(date) : null;
}

/** Today's date as 'YYYY-MM-DD' in the browser's time zone (a birth date may not be later). */
export function todayIsoDate(now = new Date()): string {
  return dateInZone(now, browserZone());
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Today" as the farm sees it: the date in the profile's zone (the browser's until it loads). */
export function farmToday(timeZone: string | undefined, now = new Date()): string {
  try {
    return dateInZone(now, timeZone ?? browserZone());
  } catch {
    return dateInZone(now, browserZone()); // an unknown zone name: never break the page over it
  }
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
// made on first use, not as a page loads
let longDay: Intl.DateTimeFormat | undefined;
let monthYear: Intl.DateTimeFormat | undefined;

/** 'Sunday, November 22, 2026' (a calendar date: read in UTC so no zone can shift it). */
export const longDate = (date: string) =>
  (longDay ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(utc(date));

/** 'November 2026' for any date of the month. */
export const monthLabel = (date: string) =>
  (monthYear ??= new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(utc(date));

/** The first day of a date's month, 'YYYY-MM-01'. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
