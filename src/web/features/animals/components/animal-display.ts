// How an animal's stored values read on screen: US dates, weights with their unit, sex labels.
import { sexLabels, type Animal } from '../../../../shared/schemas/animals';

/** 'YYYY-MM-DD' as MM/DD/YY, by string so that no time zone can shift the day. */
export function formatUsDate(date: string | null): string | null {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  return `${month}/${day}/${year.slice(2)}`;
}

/** '75.5 lbs', in the unit the weight was recorded in. */
export function formatWeight(weight: number | null, unit: Animal['weightUnit']): string | null {
  if (weight === null) return null;
  return `${weight.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit ?? 'lbs'}`;
}

export function sexLabel(sex: Animal['sex']): string | null {
  return sex ? sexLabels[sex] : null;
}

/** Today's date as 'YYYY-MM-DD' in the browser's time zone. */
export function todayIsoDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
