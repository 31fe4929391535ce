// Withdrawal: after a medicine, an animal's meat, milk or eggs are not for the table until the
// period on the label has passed. Pure: today is the farm's date, given by the caller.
import { addDays, shortDate } from './dates';

export const withdrawalKinds = ['meat', 'milk', 'eggs'] as const;
export type WithdrawalKind = (typeof withdrawalKinds)[number];

/**
 * The last day of each withdrawal ('YYYY-MM-DD'), null when there is none; `organic` names the
 * kinds whose last day comes from an organic treatment (a doubled period), absent when none.
 */
export type WithdrawalEnds = Record<WithdrawalKind, string | null> & { organic?: WithdrawalKind[] };

/** A medical entry's periods, as recorded. */
export type WithdrawalPeriods = {
  dateRecorded: string;
  meatWithdrawalDays?: number | null;
  milkWithdrawalDays?: number | null;
  eggWithdrawalDays?: number | null;
};

const daysOf: Record<WithdrawalKind, keyof WithdrawalPeriods> = {
  meat: 'meatWithdrawalDays',
  milk: 'milkWithdrawalDays',
  eggs: 'eggWithdrawalDays',
};

/**
 * The last day a period covers: the day given plus its days. The hour of the dose is not known,
 * so the day it would end on counts whole (7 days from Mar 1: not safe until Mar 8, safe on
 * Mar 9). No period, or 0 days: none. The database's withdrawal_last_day (migration 0010) is this.
 */
export function withdrawalLastDay(dateGiven: string, days: number | null | undefined): string | null {
  return days ? addDays(dateGiven, days) : null;
}

/** The latest last day of each kind over an animal's medical entries. */
export function withdrawalEnds(entries: WithdrawalPeriods[]): WithdrawalEnds {
  const ends: WithdrawalEnds = { meat: null, milk: null, eggs: null };
  for (const entry of entries) {
    for (const kind of withdrawalKinds) {
      const last = withdrawalLastDay(entry.dateRecorded, entry[daysOf[kind]] as number | null | undefined);
      if (last && (!ends[kind] || last > ends[kind])) ends[kind] = last;
    }
  }
  return ends;
}

export type ActiveWithdrawal = { kind: WithdrawalKind; until: string; organic?: boolean };

/** The withdrawals still running on the farm's `today`: until their last day has passed. */
export function activeWithdrawals(
  ends: WithdrawalEnds | null | undefined,
  today: string,
): ActiveWithdrawal[] {
  if (!ends) return [];
  return withdrawalKinds.flatMap((kind) => {
    const until = ends[kind];
    if (!until || until < today) return [];
    return ends.organic?.includes(kind) ? [{ kind, until, organic: true }] : [{ kind, until }];
  });
}

/** 'Not safe for meat until Mar 8', '… until Dec 3 (organic)' when its period was doubled */
export function withdrawalBadge({ kind, until, organic }: ActiveWithdrawal): string {
  return `Not safe for ${kind} until ${shortDate(until)}${organic ? ' (organic)' : ''}`;
}

/**
 * An organic farm's period for a label's (decision 0040): doubled, and at least 2 days (48 hours)
 * where the label says 0; no period stays none. Kept within the 999 days a period may hold (no
 * label comes near 500).
 */
export function organicDays(labelDays: number | null | undefined): number | null {
  if (labelDays === null || labelDays === undefined) return null;
  return Math.min(999, Math.max(2, labelDays * 2));
}

/**
 * What the label said of an organic entry's stored period: its half (exact: stored periods are
 * even). A 2 may have been a label's 0 or 1; its half (1) doubles back to the same 2.
 */
export function labelDays(days: number | null | undefined): number | null {
  return days === null || days === undefined ? null : days / 2;
}
