import { describe, expect, it } from 'vitest';
import { amountText, doseText, scheduleText } from './labels';

describe('medicine labels', () => {
  it('says a dose as the label does', () => {
    expect(doseText(null, 'mL')).toBeNull();
    expect(doseText({ kind: 'fixed', amount: 2 }, 'mL')).toBe('2 mL');
    expect(doseText({ kind: 'fixed', amount: 0.5 }, 'tablet')).toBe('0.5 tablet(s)');
    expect(
      doseText({ kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'kg', maxDose: null }, 'mL'),
    ).toBe('1 mL per 10 kg');
    expect(
      doseText({ kind: 'by-weight', amount: 0.25, perWeight: 22.5, weightUnit: 'lbs', maxDose: 25 }, 'cc'),
    ).toBe('0.25 cc per 22.5 lbs, at most 25 cc');
    expect(amountText(1250.125, 'g')).toBe('1,250.125 g');
  });

  it('says a schedule in words', () => {
    expect(scheduleText(null)).toBeNull();
    expect(scheduleText({ initialDoses: 2, daysApart: 21, boosterMonths: 12 })).toBe(
      '2 doses 21 days apart, then a booster every 12 months',
    );
    expect(scheduleText({ initialDoses: 3, daysApart: 1, boosterMonths: null })).toBe('3 doses 1 day apart');
    expect(scheduleText({ initialDoses: 1, daysApart: null, boosterMonths: 1 })).toBe(
      'A booster every month',
    );
  });
});
