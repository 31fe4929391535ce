// Money as every screen shows it: '$1,234.50' in the farm's currency (the Money page, a sale's price).
import type { Currency } from '../../shared/schemas/money';

const formatters = new Map<string, Intl.NumberFormat>();

/** '$1,234.50' in the farm's currency; `digits` more for small figures (a cost per animal per day). */
export function formatMoney(amount: number, currency: Currency, digits = 2): string {
  const key = `${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
