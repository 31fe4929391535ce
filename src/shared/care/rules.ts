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

/** Text cut at 50 characters (or `max`) with an ellipsis. */
export function cut(text: string, max = 50): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
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

/**
 * The one "not before today" rule of reminders, for the forms and the server alike: the message
 * when `date` is before the farm's `today` (both 'YYYY-MM-DD' in the farm's zone), else undefined.
 * A blank or malformed date is not this rule's to refuse (the schemas do that).
 */
export function reminderDateProblem(
  field: keyof typeof reminderTooEarly,
  date: string | null | undefined,
  today: string,
): string | undefined {
  return date && isOverdue(date, today) ? reminderTooEarly[field] : undefined;
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
