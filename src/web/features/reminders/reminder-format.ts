// How a reminder's repeats and counts read on screen (its dates: src/web/lib/dates.ts).
import type { RepeatUnit } from '../../../shared/care/rules';

/** 'Every day', 'Every 2 weeks'. */
export function repeatHint(every: number, unit: RepeatUnit): string {
  return every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
