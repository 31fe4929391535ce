// Growth: an animal's weighings as a chart and a daily gain show them, in the farm's unit. Pure:
// calendar dates ('YYYY-MM-DD', the farm's own days), no clock, no time zone.
import type { WeightUnit } from '../schemas/profile';
import { convertWeight } from '../units/weights';
import { daysBetween } from './dates';
import { formatNumber } from '../units/numbers';

/** A weighing as recorded: its unit is the one it was entered in (lbs when unknown). */
export type Weighing = { dateRecorded: string; weightValue: number; weightUnit: WeightUnit | null };

/** One point a day in the farm's unit (unrounded): a day weighed twice counts its last weighing. */
export type DayWeight = { date: string; weight: number };

/** The weighings (any order) as one point a day, oldest first, in `farmUnit`. */
export function dailyWeights(weighings: readonly Weighing[], farmUnit: WeightUnit): DayWeight[] {
  const byDay = new Map<string, number>();
  // a stable sort keeps same-day weighings in the order given (the API's: by entry time)
  const ordered = [...weighings].sort((a, b) => a.dateRecorded.localeCompare(b.dateRecorded));
  for (const item of ordered)
    byDay.set(item.dateRecorded, convertWeight(item.weightValue, item.weightUnit ?? 'lbs', farmUnit));
  return [...byDay].map(([date, weight]) => ({ date, weight }));
}

/** Gain per day from `from` to `to` (later), in their unit; null on the same day. */
function gainBetween(from: DayWeight, to: DayWeight): number | null {
  const days = daysBetween(from.date, to.date);
  return days > 0 ? (to.weight - from.weight) / days : null;
}

/**
 * 'Average daily gain' in the farm's unit per day: `recent` between the last two days weighed,
 * `overall` from the first to the last. Null where fewer than two days were weighed.
 */
export function averageDailyGain(
  weighings: readonly Weighing[],
  farmUnit: WeightUnit,
): { recent: number | null; overall: number | null } {
  const days = dailyWeights(weighings, farmUnit);
  if (days.length < 2) return { recent: null, overall: null };
  return {
    recent: gainBetween(days.at(-2)!, days.at(-1)!),
    overall: gainBetween(days[0]!, days.at(-1)!),
  };
}

/**
 * '+0.25 lbs/day', '−0.1 kg/day', '0 kg/day': two decimals, three below 0.1 (a chick gains grams a
 * day), a sign on every change.
 */
export function formatGain(gain: number, unit: WeightUnit): string {
  const digits = Math.abs(gain) < 0.1 ? 3 : 2;
  const rounded = Number(gain.toFixed(digits));
  if (rounded === 0) return `0 ${unit}/day`;
  const shown = formatNumber(Math.abs(rounded), { maximumFractionDigits: digits });
  return `${rounded > 0 ? '+' : '−'}${shown} ${unit}/day`;
}
