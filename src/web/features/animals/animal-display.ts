// How an animal's stored values read on screen: its weight in the farm's unit, its age, sex labels
// (dates: lib/dates), how it left the herd. The rules themselves are src/shared's, so every screen agrees.
import { ageLabel } from '../../../shared/animals/age';
import { shortDate } from '../../../shared/care/dates';
import { exitKindLabels, sexLabels, type ExitKind } from '../../../shared/animals/values';
import type { Animal, AnimalExit } from '../../../shared/schemas/animals';
import type { Group } from '../../../shared/schemas/groups';
import type { Currency } from '../../../shared/schemas/money';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { formatWeight } from '../../../shared/units/weights';
import { formatUsDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

/** '68 kg': the animal's latest weight converted to the farm's unit (one decimal); null if none. */
export const animalWeight = (animal: Pick<Animal, 'weight' | 'weightUnit'>, farmUnit: WeightUnit) =>
  formatWeight(animal.weight, animal.weightUnit, farmUnit);

/** '2 yrs 3 mos' on the farm's `today`; null without a birth date. */
export const animalAge = (animal: Pick<Animal, 'birthDate'>, today: string) =>
  ageLabel(animal.birthDate, today);

export function sexLabel(sex: Animal['sex']): string | null {
  return sex ? sexLabels[sex] : null;
}

/**
 * A listed animal's groups (ids in the list) as chips, from the groups the page already has, by
 * name; none while those are loading.
 */
export function groupChipsOf(
  groupIds: string[],
  groups: Pick<Group, 'id' | 'name' | 'color'>[] | undefined,
): Pick<Group, 'id' | 'name' | 'color'>[] {
  if (!groups || !groupIds.length) return [];
  return groups
    .filter((group) => groupIds.includes(group.id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** 'Sold 11/20/26 for $350.50': a past animal's banner, its price in the farm's currency */
export function exitSummary(exit: Pick<AnimalExit, 'kind' | 'date' | 'price'>, currency: Currency): string {
  const price = exit.price != null ? ` for ${formatMoney(exit.price, currency)}` : '';
  return `${exitKindLabels[exit.kind]} ${formatUsDate(exit.date)}${price}`;
}

/** '{label} Nov 20': a past animal's card */
export const exitBadge = (exit: { kind: ExitKind; date: string }) =>
  `${exitKindLabels[exit.kind]} ${shortDate(exit.date)}`;
