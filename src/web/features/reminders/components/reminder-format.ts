// How a reminder's dates and repeats read on screen.
import type { RepeatUnit } from '../../../../shared/care/rules';

/** 'Every day', 'Every 2 weeks'. */
export function repeatHint(every: number, unit: RepeatUnit): string {
  return every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Sunday, November 22, 2026' (a calendar date: read in UTC so no zone can shift it). */
export const longDate = (date: string) => longDay.format(utc(date));

/** 'November 2026' for any date of the month. */
export const monthLabel = (date: string) => monthYear.format(utc(date));

/** The first day of a date's month, 'YYYY-MM-01'. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
