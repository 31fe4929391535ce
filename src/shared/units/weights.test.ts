import { describe, expect, it } from 'vitest';
import { convertWeight, formatWeight, recordedAs } from './weights';

describe('weights in the farm unit', () => {
  it('converts both ways with the exact pound', () => {
    expect(convertWeight(1, 'kg', 'lbs')).toBeCloseTo(2.20462262, 6);
    expect(convertWeight(100, 'lbs', 'kg')).toBeCloseTo(45.359237, 6);
    expect(convertWeight(75.5, 'lbs', 'lbs')).toBe(75.5);
  });

  it('shows one decimal in the farm unit, whatever the recorded unit', () => {
    expect(formatWeight(530, 'kg', 'kg')).toBe('530 kg');
    expect(formatWeight(1162, 'lbs', 'kg')).toBe('527.1 kg');
    expect(formatWeight(530, 'kg', 'lbs')).toBe('1,168.4 lbs');
    expect(formatWeight(75.55, 'lbs', 'lbs')).toBe('75.6 lbs');
  });

  it('treats an unknown recorded unit as pounds and no weight as none', () => {
    expect(formatWeight(10, null, 'kg')).toBe('4.5 kg');
    expect(formatWeight(null, 'kg', 'kg')).toBeNull();
  });

  it('names the recorded value only when it differs from the farm unit', () => {
    expect(recordedAs(530, 'kg', 'lbs')).toBe('recorded as 530 kg');
    expect(recordedAs(530, 'kg', 'kg')).toBe('');
  });
});
