// Weights in the farm's unit: an entry keeps the unit it was recorded in, and every screen shows
// it converted to the farm's unit (one decimal), so a history never mixes '1,162 lbs' and '530 kg'.
import type { WeightUnit } from '../schemas/profile';
import { formatNumber } from './numbers';

/** The international avoirdupois pound, exactly. */
export const kilogramsPerPound = 0.45359237;

/** `value` recorded in `from`, in `to` (unrounded). */
export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'lbs' ? value * kilogramsPerPound : value / kilogramsPerPound;
}

/** Rounded to one decimal, as every screen shows a weight. */
export const roundWeight = (value: number) => Math.round(value * 10) / 10;

/**
 * '1,162.5 lbs': a weight recorded in `from` (lbs when unknown, as SPEC's first weights were),
 * shown in the farm's unit with at most one decimal. Null when there is no weight.
 */
export function formatWeight(
  value: number | null | undefined,
  from: WeightUnit | null | undefined,
  farmUnit: WeightUnit,
): string | null {
  if (value === null || value === undefined) return null;
  const shown = roundWeight(convertWeight(value, from ?? 'lbs', farmUnit));
  return `${formatNumber(shown, { maximumFractionDigits: 1 })} ${farmUnit}`;
}

/** '(recorded as 530 kg)' beside a converted weight; empty when it was recorded in the farm's unit. */
export function recordedAs(
  value: number | null | undefined,
  from: WeightUnit | null | undefined,
  farmUnit: WeightUnit,
): string {
  if (value === null || value === undefined || (from ?? 'lbs') === farmUnit) return '';
  return `recorded as ${formatNumber(value, { maximumFractionDigits: 2 })} ${from ?? 'lbs'}`;
}
