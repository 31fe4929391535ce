// How a reminder's repeats and counts read on screen (its dates: src/web/lib/dates.ts).
import type { RepeatUnit } from '../../../shared/care/rules';

/** 'Every day', 'Every 2 weeks'. */
export function repeatHint(every: number, unit: RepeatUnit): string {
  return every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;
}

/** A reminder's day with its time of day, if it has one: '12/03/26 · 18:00' (issue 29). */
export const withTime = (day: string, time: string | null) => (time ? `${day} · ${time}` : day);

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
