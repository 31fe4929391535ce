// A reminder's one title, wherever it is shown: the app, the calendar feed, the CSV export and the
// daily email all build it here, so none of them says the animal's name twice ('Daisy — Daisy').
import { withoutReminderWord } from './rules';

export type TitledReminder = {
  title: string;
  animalName?: string | null;
  groupName?: string | null;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` holds `name` as a whole word or words (any case). */
const names = (text: string, name: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escape(name)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);

/**
 * What is due, without the word 'Reminder' and without the animal's or group's name that ends the
 * title after a dash or a colon, as the titles entries and breedings make do ('Penicillin Reminder
 * - Daisy' → 'Penicillin'; 'Birth expected Jul 29, 2026: Daisy' → 'Birth expected Jul 29, 2026').
 * The app shows this beside a link to the animal or group; a title that is only the name stays.
 */
export function reminderWhat(reminder: TitledReminder): string {
  const title = withoutReminderWord(reminder.title);
  const subject = (reminder.animalName ?? reminder.groupName)?.trim();
  if (!subject) return title;
  // after a dash or a colon only: 'Milk the goats' for the Goats keeps its words
  const ending = new RegExp(`\\s*[-–—:]\\s*${escape(subject)}$`, 'iu').exec(title);
  return ending && ending.index > 0 ? title.slice(0, ending.index) : title;
}

/**
 * The one title of a reminder where it is text alone (calendar, CSV, email): what is due, then who
 * for — 'Penicillin — Daisy', 'Trim hooves — Goat Pen' — unless what is due already names them
 * ('Worm Clover', 'Daisy'): never 'Daisy — Daisy'.
 */
export function reminderTitle(reminder: TitledReminder): string {
  const what = reminderWhat(reminder);
  const subject = (reminder.animalName ?? reminder.groupName)?.trim();
  return subject && !names(what, subject) ? `${what} — ${subject}` : what;
}
