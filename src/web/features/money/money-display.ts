// How money reads on screen: amounts in the farm's currency ('€1,234.50'), months ('Jan 2026'),
// and the Money page's periods (this month, the last 3 months, this year, last year) from the
// farm's today.
import type { Period } from './api/money';

export { formatMoney } from '../../lib/money';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' → 'Mar 2026', or 'Mar' when `short` */
export function monthLabel(month: string, short = false): string {
  const name = monthNames[Number(month.slice(5, 7)) - 1] ?? month;
  return short ? name : `${name} ${month.slice(0, 4)}`;
}

export const periodChoices = ['this-month', 'last-3-months', 'this-year', 'last-year', 'custom'] as const;
export type PeriodChoice = (typeof periodChoices)[number];
export const periodLabels: Record<PeriodChoice, string> = {
  'this-month': 'This month',
  'last-3-months': 'Last 3 months',
  'this-year': 'This year',
  'last-year': 'Last year',
  custom: 'Custom',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The period a choice means on the farm's `today` ('custom' keeps `custom`). */
export function periodOf(choice: PeriodChoice, today: string, custom: Period): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (choice) {
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last-3-months': {
      const start = month - 2 <= 0 ? { year: year - 1, month: month + 10 } : { year, month: month - 2 };
      return { from: `${start.year}-${pad(start.month)}-01`, to: today };
    }
    case 'this-year':
      return { from: `${year}-01-01`, to: today };
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'custom':
      return custom;
  }
}
