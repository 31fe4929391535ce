// The arithmetic of treating from the cabinet: a dose by weight in the label's unit, capped and
// kept to three decimals; which units stock may be taken in; the day a schedule asks for next.
import { describe, expect, it } from 'vitest';
import { countsIn, doseForWeight, nextScheduledDose } from './treatment';

describe('doseForWeight', () => {
  const rate = {
    kind: 'by-weight' as const,
    amount: 1,
    perWeight: 10,
    weightUnit: 'kg' as const,
    maxDose: null,
  };
  it('applies the rate to the weight, in the label’s weight unit', () => {
    expect(doseForWeight(rate, 45.5, 'kg')).toBe(4.55);
    // 1.8 kg hen at 1 mL per 10 kg
    expect(doseForWeight(rate, 1.8, 'kg')).toBe(0.18);
    // 100 lbs is 45.359 kg
    expect(doseForWeight(rate, 100, 'lbs')).toBe(4.536);
  });
  it('stops at the label’s maximum and never gives less than 0.001', () => {
    expect(doseForWeight({ ...rate, maxDose: 25 }, 400, 'kg')).toBe(25);
    expect(doseForWeight(rate, 0.001, 'kg')).toBe(0.001);
  });
});

describe('countsIn', () => {
  it('matches a dose’s unit to the stock’s, a cc being a mL', () => {
    expect(countsIn('tablet', 'tablet(s)')).toBe(true);
    expect(countsIn('mL', 'cc')).toBe(true);
    expect(countsIn('cc', 'mL')).toBe(true);
    expect(countsIn('mL', 'mg')).toBe(false);
    expect(countsIn('dose', 'mL')).toBe(false);
  });
});

describe('nextScheduledDose', () => {
  const course = { initialDoses: 2, daysApart: 21, boosterMonths: 12 };
  it('asks for the course’s next dose, then the booster', () => {
    expect(nextScheduledDose(course, 0, '2026-11-26')).toBe('2026-12-17');
    expect(nextScheduledDose(course, 1, '2026-12-17')).toBe('2027-12-17');
    expect(nextScheduledDose(course, 5, '2027-12-17')).toBe('2028-12-17');
  });
  it('asks for nothing after a course without a booster, or without a schedule', () => {
    expect(nextScheduledDose({ ...course, boosterMonths: null }, 1, '2026-12-17')).toBeNull();
    expect(
      nextScheduledDose({ initialDoses: null, daysApart: null, boosterMonths: null }, 0, '2026-12-17'),
    ).toBeNull();
  });
});
