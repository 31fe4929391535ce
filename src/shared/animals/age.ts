// An animal's age as a farmer says it: '2 yrs 3 mos', '5 mos', '3 wks', '2 days'. Pure: "today" is
// given (the farm's calendar date), so the label agrees with the farm's zone, not the browser's.
import { addMonths, daysBetween } from '../care/dates';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Whole calendar months from `birth` to `today` (born Jan 31: a month old on Feb 28/29). */
function wholeMonths(birth: string, today: string): number {
  const [birthYear, birthMonth] = birth.split('-').map(Number) as [number, number];
  const [year, month] = today.split('-').map(Number) as [number, number];
  let months = (year - birthYear) * 12 + (month - birthMonth);
  while (months > 0 && addMonths(birth, months) > today) months--;
  return months;
}

/**
 * The age on `today` of an animal born on `birthDate` (both 'YYYY-MM-DD'): years and months from a
 * year, months from a month, weeks from a week, else days. Null without a birth date or when it is
 * later than today.
 */
export function ageLabel(birthDate: string | null | undefined, today: string): string | null {
  if (!birthDate || birthDate > today) return null;
  const months = wholeMonths(birthDate, today);
  if (months >= 12) {
    const years = Math.floor(months / 12);
    const rest = months % 12;
    return rest ? `${plural(years, 'yr', 'yrs')} ${plural(rest, 'mo', 'mos')}` : plural(years, 'yr', 'yrs');
  }
  if (months >= 1) return plural(months, 'mo', 'mos');
  const days = daysBetween(birthDate, today);
  if (days >= 7) return plural(Math.floor(days / 7), 'wk', 'wks');
  return plural(days, 'day', 'days');
}
