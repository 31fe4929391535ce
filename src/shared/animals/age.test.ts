import { describe, expect, it } from 'vitest';
import { ageLabel } from './age';

describe('ageLabel', () => {
  it('reads years and months from a year on', () => {
    expect(ageLabel('2024-08-15', '2026-11-23')).toBe('2 yrs 3 mos');
    expect(ageLabel('2025-11-23', '2026-11-23')).toBe('1 yr');
    expect(ageLabel('2025-10-23', '2026-11-23')).toBe('1 yr 1 mo');
    expect(ageLabel('2023-11-24', '2026-11-23')).toBe('2 yrs 11 mos');
    expect(ageLabel('1900-01-01', '2026-11-23')).toBe('126 yrs 10 mos');
  });

  it('reads months under a year, weeks under a month, days under a week', () => {
    expect(ageLabel('2026-06-20', '2026-11-23')).toBe('5 mos');
    expect(ageLabel('2026-10-23', '2026-11-23')).toBe('1 mo');
    expect(ageLabel('2026-11-02', '2026-11-23')).toBe('3 wks');
    expect(ageLabel('2026-10-24', '2026-11-23')).toBe('4 wks');
    expect(ageLabel('2026-11-16', '2026-11-23')).toBe('1 wk');
    expect(ageLabel('2026-11-21', '2026-11-23')).toBe('2 days');
    expect(ageLabel('2026-11-22', '2026-11-23')).toBe('1 day');
    expect(ageLabel('2026-11-23', '2026-11-23')).toBe('0 days');
  });

  it('counts a month at the end of a shorter month, and leap days', () => {
    expect(ageLabel('2026-01-31', '2026-02-28')).toBe('1 mo');
    expect(ageLabel('2026-01-31', '2026-02-27')).toBe('3 wks');
    expect(ageLabel('2024-02-29', '2025-02-28')).toBe('1 yr');
    expect(ageLabel('2024-02-29', '2025-02-27')).toBe('11 mos');
    expect(ageLabel('2025-12-31', '2026-01-01')).toBe('1 day');
  });

  it('has no age without a birth date or with one after today', () => {
    expect(ageLabel(null, '2026-11-23')).toBeNull();
    expect(ageLabel(undefined, '2026-11-23')).toBeNull();
    expect(ageLabel('', '2026-11-23')).toBeNull();
    expect(ageLabel('2026-11-24', '2026-11-23')).toBeNull();
  });
});
