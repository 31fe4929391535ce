import { describe, expect, it } from 'vitest';
import { filterTimeZones, timeZoneOptions } from './time-zones';

const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'UTC'];
const january = new Date('2026-01-15T12:00:00Z');

describe('time zone choices', () => {
  it('names each zone by its city and region with its offset, sorted by offset', () => {
    const options = timeZoneOptions(zones, 'UTC', january);
    expect(options.map((option) => option.label)).toEqual([
      'New York (America) · GMT−5',
      'Buenos Aires (America, Argentina) · GMT−3',
      'London (Europe) · GMT',
      'UTC · GMT',
      'Kolkata (Asia) · GMT+5:30',
    ]);
  });

  it('follows summer time on the day it is asked', () => {
    const july = timeZoneOptions(['Europe/London'], 'UTC', new Date('2026-07-01T12:00:00Z'));
    expect(july.find((option) => option.id === 'Europe/London')!.label).toBe('London (Europe) · GMT+1');
  });

  it('keeps a current zone the runtime does not list', () => {
    expect(timeZoneOptions(zones, 'Etc/GMT+3', january).some((option) => option.id === 'Etc/GMT+3')).toBe(
      true,
    );
  });

  it('finds zones by city, region, offset or id, every word, keeping the current one', () => {
    const options = timeZoneOptions(zones, 'UTC', january);
    const ids = (query: string, current = 'UTC') =>
      filterTimeZones(options, query, current).map((option) => option.id);
    expect(ids('new york')).toEqual(['America/New_York', 'UTC']);
    expect(ids('buenos_aires', 'Europe/London')).toEqual(['America/Argentina/Buenos_Aires', 'Europe/London']);
    expect(ids('gmt+5:30')).toEqual(['UTC', 'Asia/Kolkata']);
    expect(ids('america gmt-5')).toEqual(['America/New_York', 'UTC']);
    expect(ids('  ')).toHaveLength(5);
  });
});
