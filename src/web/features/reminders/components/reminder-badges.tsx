// The small labels on a reminder: its type, and how soon it is due (Today, Tomorrow, Overdue, 'Mar 4').
// Every pair of colours keeps at least 4.5:1 contrast for the 12 px text.
import type { Badge, ReminderType } from '../../../../shared/care/rules';
import { reminderTypeLabels } from '../../../../shared/care/rules';

export const badgeClasses =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

const secondary = 'bg-stone-100 text-stone-800 ring-1 ring-stone-300 ring-inset';

const typeTones: Record<ReminderType, string> = {
  medical: 'bg-rose-50 text-rose-800 ring-1 ring-rose-200 ring-inset',
  weight: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200 ring-inset',
  general: secondary,
  feeding: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200 ring-inset',
  routine: 'bg-violet-50 text-violet-800 ring-1 ring-violet-200 ring-inset',
};

export function TypeBadge({ type }: { type: ReminderType }) {
  return <span className={`${badgeClasses} ${typeTones[type]}`}>{reminderTypeLabels[type]}</span>;
}

/** Overdue is destructive, Today the default (brand), Tomorrow and later dates secondary. */
const dueTones: Record<Badge['tone'], string> = {
  overdue: 'bg-red-700 text-white',
  today: 'bg-brand-700 text-white',
  tomorrow: secondary,
  upcoming: secondary,
};

/** How soon, and at what time of day when it has one ('Today · 18:00'). */
export function DueBadge({ badge, time = null }: { badge: Badge; time?: string | null }) {
  return (
    <span className={`${badgeClasses} ${dueTones[badge.tone]}`}>
      {time ? `${badge.label} · ${time}` : badge.label}
    </span>
  );
}

export function OverdueBadge() {
  return <span className={`${badgeClasses} bg-red-700 tracking-wide text-white`}>OVERDUE</span>;
}
