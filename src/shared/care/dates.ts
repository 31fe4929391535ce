// Calendar dates ('YYYY-MM-DD') and "today" in a farm's time zone. Pure: no clock unless given.

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function calendarFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // an invalid zone throws in the constructor and is never kept; a few hundred valid ones exist
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in a time zone, as 'YYYY-MM-DD'. */
export function dateInZone(instant: Date, timeZone: string): string {
  const parts = calendarFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** Adds months, keeping the day when it exists and otherwise taking the month's last day. */
export function addMonths(date: string, months: number): string {
  const value = toUtc(date);
  const day = value.getUTCDate();
  value.setUTCDate(1);
  value.setUTCMonth(value.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth() + 1, 0)).getUTCDate();
  value.setUTCDate(Math.min(day, lastDay));
  return fromUtc(value);
}

/** Whole days from a to b (b later → positive). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 4' */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${day}`;
}

/** 'Mar 4, 2026' */
export function mediumDate(date: string): string {
  return `${shortDate(date)}, ${date.slice(0, 4)}`;
}

/** US style 'MM/DD/YY' */
export function usDate(date: string): string {
  const [year, month, day] = date.split('-') as [string, string, string];
  return `${month}/${day}/${year.slice(2)}`;
}
