// The rules of care entries and reminders, pure so that server and browser agree and tests are
// simple: reminder titles and badges, repeats, the 50-character cut.
import { addDays, addMonths, daysBetween, shortDate } from './dates';

export const reminderTypes = ['medical', 'weight', 'general', 'feeding', 'routine'] as const;
export type ReminderType = (typeof reminderTypes)[number];
export const reminderTypeLabels: Record<ReminderType, string> = {
  medical: 'Medical',
  weight: 'Weight Check',
  general: 'General',
  feeding: 'Feeding',
  routine: 'Routine care',
};

export const repeatUnits = ['day', 'week', 'month'] as const;
export type RepeatUnit = (typeof repeatUnits)[number];

export const medicationReminderTitle = (medication: string, animalName: string) =>
  `${medication} Reminder - ${animalName}`;
export const weightReminderTitle = (animalName: string) => `Weight Check Reminder - ${animalName}`;

/** A card shows the title without the word 'Reminder'. */
export function withoutReminderWord(title: string): string {
  return title
    .replace(/\s*\breminder\b\s*/gi, ' ')
    .replace(/\s+-\s+/g, ' - ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** "Goats' Log", "Daisy's Log": a name ending in s takes the apostrophe alone. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** Whether `cut` shortens `text` (a 'More' button then shows the rest). */
export const isCut = (text: string, max = 50) => text.length > max;

/**
 * Text cut at 50 characters (or `max`) with an ellipsis. The cut falls at the last space within
 * the limit when one is near (in the last 40%), so that a word or a date ('12/11/2026') is never
 * split; only a single token longer than that is cut through.
 */
export function cut(text: string, max = 50): string {
  if (!isCut(text, max)) return text;
  // a space right after the limit is a boundary too: the word before it fits whole
  const space = text.slice(0, max + 1).search(/\s\S*$/);
  const end = space >= Math.ceil(max * 0.6) ? space : max;
  return `${text.slice(0, end).trimEnd()}...`;
}

export type Badge = { label: string; tone: 'today' | 'tomorrow' | 'overdue' | 'upcoming' };

/** Today and Tomorrow win over Overdue; dates are calendar days in the farm's zone. */
export function reminderBadge(dueDate: string, today: string): Badge {
  const days = daysBetween(today, dueDate);
  if (days === 0) return { label: 'Today', tone: 'today' };
  if (days === 1) return { label: 'Tomorrow', tone: 'tomorrow' };
  if (days < 0) return { label: 'Overdue', tone: 'overdue' };
  return { label: shortDate(dueDate), tone: 'upcoming' };
}

export const isOverdue = (dueDate: string, today: string) => daysBetween(today, dueDate) < 0;

/** What each reminder date is called where it is refused: a reminder's own, an entry's next one. */
export const reminderTooEarly = {
  dueDate: 'The due date cannot be earlier than today',
  nextDueDate: 'The reminder date cannot be earlier than today',
} as const;

/** A reminder is due within ten years of the farm's today (PRODUCT: reminders today..+10 years). */
export const reminderYearsAhead = 10;
export const reminderTooLate = {
  dueDate: 'The due date must be within ten years',
  nextDueDate: 'The reminder date must be within ten years',
} as const;

/** The last day a reminder may be due: ten years from the farm's today (Feb 29 → Feb 28). */
export const latestReminderDate = (today: string) => addMonths(today, reminderYearsAhead * 12);

/**
 * The one date range of reminders (today..+10 years), for the forms and the server alike: the
 * message when `date` is before the farm's `today` or after ten years from it (all 'YYYY-MM-DD' in
 * the farm's zone), else undefined. A blank or malformed date is not this rule's to refuse (the
 * schemas do that).
 */
export function reminderDateProblem(
  field: keyof typeof reminderTooEarly,
  date: string | null | undefined,
  today: string,
): string | undefined {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  if (isOverdue(date, today)) return reminderTooEarly[field];
  if (date > latestReminderDate(today)) return reminderTooLate[field];
  return undefined;
}

/** The next due date of a repeating reminder, counted from the day it was done. */
export function nextOccurrence(doneOn: string, every: number, unit: RepeatUnit): string {
  switch (unit) {
    case 'day':
      return addDays(doneOn, every);
    case 'week':
      return addDays(doneOn, every * 7);
    case 'month':
      return addMonths(doneOn, every);
  }
}

export const repeatFroms = ['due', 'done'] as const;
/** 'due': a fixed schedule (vaccinations); 'done': counted from the day it was done (deworming). */
export type RepeatFrom = (typeof repeatFroms)[number];
export const repeatFromLabels: Record<RepeatFrom, string> = {
  due: 'Due date (fixed schedule)',
  done: 'Day done',
};

/**
 * The due date of a repeating reminder's next occurrence when it is marked done on `doneOn`:
 * from 'done', `doneOn` + the interval; from 'due', the first date of its schedule — due + k ×
 * interval, k ≥ 1 — after `doneOn`, so a late Done does not drift the schedule and a very late one
 * skips to the next date still ahead. Months count from the due date itself (Jan 31 + 1 month is
 * Feb 28; + 2 months is Mar 31).
 */
export function nextDueAfterDone(
  reminder: { dueDate: string; repeatEvery: number; repeatUnit: RepeatUnit; repeatFrom: RepeatFrom },
  doneOn: string,
): string {
  const { dueDate, repeatEvery: every, repeatUnit: unit } = reminder;
  if (reminder.repeatFrom === 'done') return nextOccurrence(doneOn, every, unit);
  if (unit === 'month') {
    // a first guess from the months between, then step to the first date after doneOn
    const months =
      (Number(doneOn.slice(0, 4)) - Number(dueDate.slice(0, 4))) * 12 +
      (Number(doneOn.slice(5, 7)) - Number(dueDate.slice(5, 7)));
    let k = Math.max(1, Math.floor(months / every));
    while (k > 1 && addMonths(dueDate, (k - 1) * every) > doneOn) k -= 1;
    while (addMonths(dueDate, k * every) <= doneOn) k += 1;
    return addMonths(dueDate, k * every);
  }
  const step = unit === 'week' ? every * 7 : every;
  const k = Math.max(1, Math.floor(daysBetween(dueDate, doneOn) / step) + 1);
  return addDays(dueDate, k * step);
}

/** The due date after a snooze: a day or a week from the later of its due date and today. */
export function snoozedDueDate(dueDate: string, today: string, by: 'day' | 'week'): string {
  const from = dueDate > today ? dueDate : today;
  return addDays(from, by === 'day' ? 1 : 7);
}

/**
 * The type label shown beside a reminder's title, or null when the title already starts with it
 * ('Weight Check' beside 'Weight Check - Daisy' would say it twice; 'Medical' beside 'Heartworm
 * Reminder - Goats' does not).
 */
export function reminderTypeLabel(type: ReminderType, title: string): string | null {
  const label = reminderTypeLabels[type];
  return title.trim().toLowerCase().startsWith(label.toLowerCase()) ? null : label;
}
