// Helpers for the care journey (care entries and reminders): the farm's API for setting up what a
// step does not test, calendar dates as the app shows them, and lists read as they are on screen.
import type { Locator, Page } from 'playwright-core';
import { eventually } from './checks';

/**
 * The farm's API through the signed-in page's own cookie (page.request shares the context's
 * cookies). State-changing requests carry the Origin the server expects.
 */
export function farmApi(page: Page, baseUrl: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await page.request.fetch(`${baseUrl}${path}`, {
      method,
      headers: { Origin: baseUrl },
      ...(body === undefined ? {} : { data: body }),
    });
    if (!response.ok()) {
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    }
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return {
    /** any method: PATCH, DELETE… (the season seed's `Call`) */
    call,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
  };
}

export type FarmApi = ReturnType<typeof farmApi>;

export type ApiReminder = {
  id: string;
  title: string;
  type: string;
  dueDate: string;
  animalId: string | null;
  groupId: string | null;
  repeatEvery: number | null;
  repeatUnit: string | null;
  completed: boolean;
};

// Calendar dates ('YYYY-MM-DD'), computed here rather than with the app's own code.

/** Today's calendar date in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  const value = utc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** '03/14/26' */
export const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`;

/** 'Mar 14' */
export const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(date));

/** 'Saturday, March 14, 2026' */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(date));

// Lists as they read.

/** The reminder cards in `scope`: each card's title (its first line). */
export const reminderTitles = (scope: Locator): Promise<string[]> =>
  scope
    .getByTestId('reminder-item')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('p')?.textContent?.trim() ?? ''));

/** The reminder card titled `title` in `scope`. */
export const reminderCard = (scope: Locator, title: string): Locator =>
  scope.getByTestId('reminder-item').filter({ has: scope.page().getByText(title, { exact: true }) });

/** Waits until the reminder cards in `scope` have these titles (in any order). */
export async function expectReminderTitles(scope: Locator, titles: string[], what: string) {
  await eventually(
    async () => (await reminderTitles(scope)).sort().join(' | '),
    [...titles].sort().join(' | '),
    what,
  );
}

/**
 * The rows of a care list (a group's log, an animal's Care History), top to bottom: the kind and
 * title as a screen reader reads them, 'Medication: Heartworm 2 mL'.
 */
export const careRowTitles = (list: Locator): Promise<string[]> =>
  list
    .getByTestId('care-entry')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('p')[1]?.textContent?.trim() ?? ''));

/** Waits until the care list's rows are these, top to bottom. */
export async function expectCareRows(list: Locator, titles: string[], what: string) {
  await eventually(async () => (await careRowTitles(list)).join(' | '), titles.join(' | '), what);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The row of a care list read as `title` by careRowTitles ('Medication: Heartworm 2 mL'). */
export const careRow = (list: Locator, title: string): Locator =>
  list
    .getByTestId('care-entry')
    .filter({ has: list.page().locator('p', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }) });
