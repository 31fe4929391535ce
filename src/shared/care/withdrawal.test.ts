import { describe, expect, it } from 'vitest';
import { dateInZone } from './dates';
import { activeWithdrawals, withdrawalBadge, withdrawalEnds, withdrawalLastDay } from './withdrawal';

describe('withdrawalLastDay', () => {
  it('counts the days from the day given, the last one whole', () => {
    expect(withdrawalLastDay('2026-03-01', 7)).toBe('2026-03-08');
  });

  it('has none for no period or 0 days', () => {
    expect(withdrawalLastDay('2026-03-01', 0)).toBeNull();
    expect(withdrawalLastDay('2026-03-01', null)).toBeNull();
    expect(withdrawalLastDay('2026-03-01', undefined)).toBeNull();
  });

  it('crosses month ends, leap days and years', () => {
    expect(withdrawalLastDay('2028-02-25', 7)).toBe('2028-03-03'); // 2028 has a Feb 29
    expect(withdrawalLastDay('2027-02-25', 7)).toBe('2027-03-04');
    expect(withdrawalLastDay('2026-12-28', 28)).toBe('2027-01-25');
  });
});

describe('withdrawalEnds', () => {
  it('takes the latest last day of each kind over every entry', () => {
    expect(
      withdrawalEnds([
        { dateRecorded: '2026-03-01', meatWithdrawalDays: 28, milkWithdrawalDays: 4 },
        { dateRecorded: '2026-03-20', meatWithdrawalDays: 3, eggWithdrawalDays: 7 },
        { dateRecorded: '2026-03-05', milkWithdrawalDays: 0 },
      ]),
    ).toEqual({ meat: '2026-03-29', milk: '2026-03-05', eggs: '2026-03-27' });
  });

  it('is none for entries without periods', () => {
    expect(withdrawalEnds([{ dateRecorded: '2026-03-01' }])).toEqual({ meat: null, milk: null, eggs: null });
  });
});

describe('activeWithdrawals', () => {
  const ends = { meat: '2026-03-29', milk: '2026-03-05', eggs: null };

  it('runs through the last day and ends the day after', () => {
    expect(activeWithdrawals(ends, '2026-03-05')).toEqual([
      { kind: 'meat', until: '2026-03-29' },
      { kind: 'milk', until: '2026-03-05' },
    ]);
    expect(activeWithdrawals(ends, '2026-03-06')).toEqual([{ kind: 'meat', until: '2026-03-29' }]);
    expect(activeWithdrawals(ends, '2026-03-30')).toEqual([]);
    expect(activeWithdrawals(null, '2026-03-30')).toEqual([]);
  });

  it("asks in the farm's time zone: one instant, two farms, two answers", () => {
    // 2026-03-05 22:30 UTC is already Mar 6 in Auckland and still Mar 5 in Chicago
    const instant = new Date('2026-03-05T22:30:00Z');
    expect(activeWithdrawals(ends, dateInZone(instant, 'America/Chicago')).map((w) => w.kind)).toEqual([
      'meat',
      'milk',
    ]);
    expect(activeWithdrawals(ends, dateInZone(instant, 'Pacific/Auckland')).map((w) => w.kind)).toEqual([
      'meat',
    ]);
  });
});

describe('withdrawalBadge', () => {
  it('says what and until when', () => {
    expect(withdrawalBadge({ kind: 'meat', until: '2026-03-08' })).toBe('Not safe for meat until Mar 8');
    expect(withdrawalBadge({ kind: 'eggs', until: '2026-12-01' })).toBe('Not safe for eggs until Dec 1');
    expect(withdrawalBadge({ kind: 'milk', until: '2027-01-10' })).toBe('Not safe for milk until Jan 10');
  });

  it('says when the period was doubled under organic rules, for the kinds that were', () => {
    const ends = { meat: '2026-12-03', milk: '2026-12-01', eggs: null, organic: ['meat' as const] };
    expect(activeWithdrawals(ends, '2026-11-30').map(withdrawalBadge)).toEqual([
      'Not safe for meat until Dec 3 (organic)',
      'Not safe for milk until Dec 1',
    ]);
  });
});
