import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('groups thousands and keeps the digits asked for', () => {
    expect(formatNumber(1250)).toBe('1,250');
    expect(formatNumber(1250.125, { maximumFractionDigits: 1 })).toBe('1,250.1');
    expect(formatNumber(3, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('3.00');
    expect(formatNumber(15300, { notation: 'compact', maximumFractionDigits: 1 })).toBe('15.3K');
  });

  it('keeps one formatter per style: one style never answers for another', () => {
    expect(formatNumber(2.345, { maximumFractionDigits: 1 })).toBe('2.3');
    expect(formatNumber(2.345, { maximumFractionDigits: 2 })).toBe('2.35');
    expect(formatNumber(2.345, { maximumFractionDigits: 3 })).toBe('2.345');
    expect(formatNumber(2.345, { maximumFractionDigits: 1 })).toBe('2.3');
    expect(formatNumber(2, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('2.00');
    expect(formatNumber(2, { maximumFractionDigits: 2 })).toBe('2');
  });
});
