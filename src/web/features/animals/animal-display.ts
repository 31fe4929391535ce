// How an animal's stored values read on screen: weights with their unit, sex labels (dates: lib/dates).
import { sexLabels, type Animal } from '../../../shared/schemas/animals';

/** '75.5 lbs', in the unit the weight was recorded in. */
export function formatWeight(weight: number | null, unit: Animal['weightUnit']): string | null {
  if (weight === null) return null;
  return `${weight.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit ?? 'lbs'}`;
}

export function sexLabel(sex: Animal['sex']): string | null {
  return sex ? sexLabels[sex] : null;
}
