// How eggs read on screen: counts, the saleable and discarded parts, the lay rate, the withdrawal
// warning. One place, so that the form, its toast, the lists and the outbox say it alike.
import { shortDate } from '../../../shared/care/dates';
import type { EggCollection, EggWithdrawal } from '../../../shared/schemas/production';
import { formatNumber } from '../../../shared/units/numbers';

/** '1 egg', '12 eggs' */
export const eggsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'egg' : 'eggs'}`;

/** '10 saleable · 2 discarded': always both, so that the two are never read as one */
export const saleableText = (counts: { saleable: number; discarded: number }) =>
  `${formatNumber(counts.saleable)} saleable · ${formatNumber(counts.discarded)} discarded`;

/** '0.71 eggs per hen per day' */
export const layRateText = (rate: number) => `${rate.toFixed(2)} eggs per hen per day`;

/** 'Cracked 1 · Small 3': the parts recorded, none when none was */
export function partsText(collection: Pick<EggCollection, 'cracked' | 'dirty' | 'small'>): string | null {
  const parts = (
    [
      ['Cracked', collection.cracked],
      ['Dirty', collection.dirty],
      ['Small', collection.small],
    ] as const
  ).filter(([, value]) => value !== null);
  return parts.length ? parts.map(([name, value]) => `${name} ${value}`).join(' · ') : null;
}

/** 'Discard: Hen 4 is not safe for eggs until Dec 2' */
export const discardText = (animal: EggWithdrawal) =>
  `Discard: ${animal.name} is not safe for eggs until ${shortDate(animal.until)}`;
