// Times of day in a farm's zone for the calendar feed (issue 29, decision 0045): the instant a wall
// time names (RFC 5545 3.3.5's reading of a time a daylight-saving change skips or repeats), and the
// wall time ical-generator writes beside a TZID exactly as the farmer chose it, whatever the
// server's own zone (ical-generator formats a native Date in the process's local time).
import type { ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

const minute = 60_000;
const day = 24 * 60 * minute;

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of an instant in a zone: 'YYYY-MM-DD' and 'HH:MM'. */
export function wallAt(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = wallFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(epochMilliseconds: number, timeZone: string): number {
  const whole = Math.floor(epochMilliseconds / 1000) * 1000;
  const parts = wallFormatter(timeZone).formatToParts(new Date(whole));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return (
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - whole
  );
}

/**
 * The instant of a wall time in a zone, as RFC 5545 3.3.5 reads a DTSTART with a TZID: a time the
 * clocks pass twice (fall back) is the first; a time they skip (spring forward) is read with the
 * offset before the gap (02:30 on a 02:00→03:00 night is 03:30 of the new time).
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const before = offsetAt(wall - day, timeZone);
  const after = offsetAt(wall + day, timeZone);
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((candidate) => wall - candidate === offsetAt(candidate, timeZone))
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - before);
}

/** The wall time `minutes` later on the clock face, ignoring the zone ('23:45' + 30 → next day '00:15'). */
export function wallPlus(date: string, time: string, minutes: number): { date: string; time: string } {
  const later = new Date(Date.parse(`${date}T${time}:00Z`) + minutes * minute).toISOString();
  return { date: later.slice(0, 10), time: later.slice(11, 16) };
}

/**
 * The VTIMEZONE of a zone and the TZID it is written under (an alias like 'US/Eastern' is
 * 'America/New_York' there), from timezones-ical-library; null for a zone it does not know.
 */
export function vtimezoneOf(timeZone: string): { tzid: string; block: string } | null {
  const found = tzlib_get_ical_block(timeZone);
  if (!Array.isArray(found) || !found[0] || !found[1]?.startsWith('TZID=')) return null;
  return { block: found[0], tzid: found[1].slice('TZID='.length) };
}

/**
 * A wall time as ical-generator's Temporal.PlainDateTime stand-in: written field by field beside
 * the event's TZID ('DTSTART;TZID=America/New_York:20270314T023000'), never moved through a Date,
 * so a time that daylight saving skips is still written as chosen and read per RFC 5545.
 */
export function wallTime(date: string, time: string): ICalTemporalPlainDateTimeStub {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const [hour, minuteOfHour] = time.split(':').map(Number) as [number, number];
  const text = `${date}T${time}:00`;
  const fields = { year, month, day: dayOfMonth, hour, minute: minuteOfHour, second: 0 };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...fields,
    toString: () => text,
    toJSON: () => text,
    toPlainDate: () => ({ year, month, day: dayOfMonth, toString: () => date, toJSON: () => date }),
    toZonedDateTime: (timeZone) => zoned(timeZone),
  };
  const zoned = (timeZoneId: string): ICalTemporalZonedDateTimeStub => ({
    ...fields,
    timeZoneId,
    toString: () => `${text}[${timeZoneId}]`,
    toJSON: () => `${text}[${timeZoneId}]`,
    toPlainDateTime: () => plain,
    withTimeZone: (other) => {
      if (other === timeZoneId) return zoned(timeZoneId);
      const wall = wallAt(instantOf(date, time, timeZoneId), other);
      return wallTime(wall.date, wall.time).toZonedDateTime(other);
    },
    toInstant: () => {
      const instant = instantOf(date, time, timeZoneId);
      return {
        epochMilliseconds: instant.getTime(),
        toString: () => instant.toISOString(),
        toJSON: () => instant.toISOString(),
        toZonedDateTimeISO: (other) => zoned(timeZoneId).withTimeZone(other),
      };
    },
  });
  return plain;
}
