import { describe, expect, it } from 'vitest';
import { averageDailyGain, dailyWeights, formatGain, type Weighing } from './growth';

const w = (
  dateRecorded: string,
  weightValue: number,
  weightUnit: Weighing['weightUnit'] = 'lbs',
): Weighing => ({
  dateRecorded,
  weightValue,
  weightUnit,
});

describe('average daily gain', () => {
  it('needs two days weighed', () => {
    expect(averageDailyGain([], 'lbs')).toEqual({ recent: null, overall: null });
    expect(averageDailyGain([w('2026-03-01', 10)], 'lbs')).toEqual({ recent: null, overall: null });
    // two weighings of one day are one point
    expect(averageDailyGain([w('2026-03-01', 10), w('2026-03-01', 11)], 'lbs')).toEqual({
      recent: null,
      overall: null,
    });
  });

  it('is per day between the last two days weighed, and over the whole record', () => {
    const kid = [w('2026-03-01', 8), w('2026-03-11', 11), w('2026-03-31', 17), w('2026-04-10', 19)];
    expect(averageDailyGain(kid, 'lbs')).toEqual({ recent: 0.2, overall: 11 / 40 });
    // any order in, the same answer
    expect(averageDailyGain([...kid].reverse(), 'lbs')).toEqual({ recent: 0.2, overall: 11 / 40 });
  });

  it('counts the leap day', () => {
    // 2028-02-28 → 2028-03-01 is two days; 2026-02-28 → 2026-03-01 is one
    expect(averageDailyGain([w('2028-02-28', 10), w('2028-03-01', 11)], 'lbs').recent).toBe(0.5);
    expect(averageDailyGain([w('2026-02-28', 10), w('2026-03-01', 11)], 'lbs').recent).toBe(1);
    // a whole leap year is 366 days
    expect(averageDailyGain([w('2028-01-01', 0.01), w('2029-01-01', 366.01)], 'lbs').overall).toBeCloseTo(
      1,
      10,
    );
  });

  it('converts every weighing to the farm’s unit, and a day weighed twice counts its last weighing', () => {
    // 10 kg then 33.069 lbs (15 kg) ten days later: 0.5 kg a day
    const mixed = [w('2026-05-01', 10, 'kg'), w('2026-05-11', 15 / 0.45359237, 'lbs')];
    expect(averageDailyGain(mixed, 'kg').recent).toBeCloseTo(0.5, 10);
    expect(averageDailyGain(mixed, 'lbs').recent).toBeCloseTo(0.5 / 0.45359237, 10);
    // a weight of unknown unit is in pounds (SPEC's first weights)
    expect(dailyWeights([w('2026-05-01', 22.0462, null)], 'kg')[0]!.weight).toBeCloseTo(10, 3);
    expect(dailyWeights([w('2026-05-01', 10), w('2026-05-01', 12), w('2026-04-01', 9)], 'lbs')).toEqual([
      { date: '2026-04-01', weight: 9 },
      { date: '2026-05-01', weight: 12 },
    ]);
  });

  it('does not depend on the machine’s time zone (calendar dates, not instants)', () => {
    // the dates are the farm's days: a gain across a daylight-saving change is still per whole day
    expect(averageDailyGain([w('2026-03-07', 10), w('2026-03-09', 12)], 'lbs').recent).toBe(1);
    expect(averageDailyGain([w('2026-10-31', 10), w('2026-11-02', 12)], 'lbs').recent).toBe(1);
  });
});

describe('formatGain', () => {
  it('signs a change, keeps two decimals, three below 0.1', () => {
    expect(formatGain(0.25, 'lbs')).toBe('+0.25 lbs/day');
    expect(formatGain(-0.1, 'kg')).toBe('−0.1 kg/day');
    expect(formatGain(0.0234, 'kg')).toBe('+0.023 kg/day');
    expect(formatGain(1.5, 'lbs')).toBe('+1.5 lbs/day');
    expect(formatGain(0.0001, 'kg')).toBe('0 kg/day');
    expect(formatGain(1234.5, 'lbs')).toBe('+1,234.5 lbs/day');
  });
});
