// Wall times of a farm's zone (decision 0045 items 11-12): the instant RFC 5545 3.3.5 reads for a
// time the clocks skip or pass twice, the clock face's arithmetic, and the zone's VTIMEZONE name.
import { describe, expect, it } from 'vitest';
import { instantOf, vtimezoneOf, wallAt, wallPlus } from './wall-clock';

describe('wall clock', () => {
  it('reads an ordinary time in its zone, whatever the season', () => {
    expect(instantOf('2027-01-20', '18:00', 'America/New_York').toISOString()).toBe(
      '2027-01-20T23:00:00.000Z',
    );
    expect(instantOf('2027-07-20', '18:00', 'America/New_York').toISOString()).toBe(
      '2027-07-20T22:00:00.000Z',
    );
    expect(instantOf('2027-01-20', '07:00', 'Pacific/Auckland').toISOString()).toBe(
      '2027-01-19T18:00:00.000Z',
    );
    expect(instantOf('2027-01-20', '05:30', 'Asia/Kolkata').toISOString()).toBe('2027-01-20T00:00:00.000Z');
  });

  it('reads a skipped time with the offset before the gap, and a repeated one as its first pass', () => {
    // 2027-03-14 02:00 EST → 03:00 EDT: 02:30 is 03:30 EDT
    expect(instantOf('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
    // 2027-11-07 02:00 EDT → 01:00 EST: 01:30 is first 01:30 EDT
    expect(instantOf('2027-11-07', '01:30', 'America/New_York').toISOString()).toBe(
      '2027-11-07T05:30:00.000Z',
    );
    expect(instantOf('2027-11-07', '02:30', 'America/New_York').toISOString()).toBe(
      '2027-11-07T07:30:00.000Z',
    );
    expect(wallAt(new Date('2027-11-07T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2027-11-07',
      time: '01:30',
    });
  });

  it('adds minutes on the clock face across midnight and the year', () => {
    expect(wallPlus('2027-03-14', '02:30', 30)).toEqual({ date: '2027-03-14', time: '03:00' });
    expect(wallPlus('2027-12-31', '23:45', 30)).toEqual({ date: '2028-01-01', time: '00:15' });
  });

  it('names the zone as its VTIMEZONE does, and knows when it has none', () => {
    expect(vtimezoneOf('US/Eastern')?.tzid).toBe('America/New_York');
    expect(vtimezoneOf('Pacific/Auckland')?.block).toMatch(/^BEGIN:VTIMEZONE\r\nTZID:Pacific\/Auckland\r\n/);
  });
});
