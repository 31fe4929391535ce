// Milk in the farm's unit: a record keeps the unit it was recorded in, and every screen and total
// shows it converted to the farm's milk unit (two decimals), as weights are (./weights.ts). Pounds
// and kilograms, litres and US gallons convert exactly; between a weight and a volume, milk's
// density (1.03 kg per litre, goat's and cow's milk alike to within a percent) bridges the two.
import type { MilkUnit } from '../schemas/milk';
import { kilogramsPerPound } from './weights';
import { formatNumber } from './numbers';

export const litresPerGallon = 3.785411784;
export const kilogramsPerLitre = 1.03;

/** one of the unit, in kilograms of milk */
const kilograms: Record<MilkUnit, number> = {
  kg: 1,
  lbs: kilogramsPerPound,
  L: kilogramsPerLitre,
  gal: litresPerGallon * kilogramsPerLitre,
};

/** `value` recorded in `from`, in `to` (unrounded). */
export function convertMilk(value: number, from: MilkUnit, to: MilkUnit): number {
  if (from === to) return value;
  return (value * kilograms[from]) / kilograms[to];
}

/** The factor that takes an amount in `from` to kilograms: for SQL that sums mixed units. */
export const kilogramsPer = (unit: MilkUnit) => kilograms[unit];

export const roundMilk = (value: number) => Math.round(value * 100) / 100;

/** '12.5 lbs': an amount in `from`, shown in the farm's unit with at most two decimals. */
export function formatMilk(value: number, from: MilkUnit, farmUnit: MilkUnit): string {
  const shown = roundMilk(convertMilk(value, from, farmUnit));
  return `${formatNumber(shown, { maximumFractionDigits: 2 })} ${farmUnit}`;
}

/** A day's milkings (apart from the schemas: a page that only shows one loads no zod to say it). */
export const milkings = ['morning', 'evening', 'once'] as const;
export type Milking = (typeof milkings)[number];
export const milkingLabels: Record<Milking, string> = {
  morning: 'Morning',
  evening: 'Evening',
  once: 'Once a day',
};
