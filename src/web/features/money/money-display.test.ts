import { describe, expect, it } from 'vitest';
import { formatMoney, monthLabel, periodOf } from './money-display';

describe('money display', () => {
  it('writes amounts in the farm’s currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(3.6, 'EUR')).toBe('€3.60');
    expect(formatMoney(0.0567, 'GBP', 4)).toBe('£0.0567');
  });

  it('names months and works out the periods from the farm’s today', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    const custom = { from: '2020-01-01', to: '2020-02-01' };
    expect(periodOf('this-month', '2026-03-14', custom)).toEqual({ from: '2026-03-01', to: '2026-03-14' });
    expect(periodOf('last-3-months', '2026-02-14', custom)).toEqual({ from: '2025-12-01', to: '2026-02-14' });
    expect(periodOf('this-year', '2026-02-14', custom)).toEqual({ from: '2026-01-01', to: '2026-02-14' });
    expect(periodOf('last-year', '2026-02-14', custom)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodOf('custom', '2026-02-14', custom)).toBe(custom);
  });
});
