// A cabinet warning in words, the same on Home and in the daily email: 'Ivermectin lot A12 expires
// Dec 10', 'Ivermectin lot B7 expired Mar 4, 2026 (20 mL left)', 'Ivermectin: low stock, 40 mL left'.
import { mediumDate, shortDate } from '../care/dates';
import type { MedicineWarning } from '../schemas/medicine-warnings';
import { amountText } from './labels';

export function warningText(warning: MedicineWarning): string {
  const left = amountText(warning.stock, warning.unit);
  if (warning.kind === 'low-stock') return `${warning.medicineName}: low stock, ${left} left`;
  // a lot without a number is told apart by what it holds
  const lot = warning.lotNumber
    ? `${warning.medicineName} lot ${warning.lotNumber}`
    : `${warning.medicineName} (${left})`;
  const day = warning.expiresOn ?? '';
  return warning.kind === 'expiring'
    ? `${lot} expires ${shortDate(day)}`
    : `${lot} expired ${mediumDate(day)}${warning.lotNumber ? ` (${left} left)` : ''}`;
}
