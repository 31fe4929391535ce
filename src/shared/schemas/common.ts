// Small building blocks shared by every resource schema. zod/mini keeps the browser's form
// routes small (see docs/decisions/0006-small-bundles.md); the server parses the same schemas.
import * as z from 'zod/mini';

// ---- Text -----------------------------------------------------------------------------------
// One rule for every string a client sends (API and auth bodies alike; see docs/decisions/0011):
// no control characters but tab and newline (a NUL breaks PostgreSQL text, the others forge log
// lines and hide text), and no half of a surrogate pair on its own (it cannot be stored as UTF-8).
const unsafeCharacter =
  // eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unsafeTextMessage = 'Remove control characters and broken symbols from this text';

export const isSafeText = (value: string) => !unsafeCharacter.test(value);

/**
 * The dotted path ('weights.0.note', or '_' for the whole value) of the first unsafe string. A walk
 * with its own stack: a body nested 5,000 levels deep must not overflow the server's.
 */
export function findUnsafeText(value: unknown): string | undefined {
  type Path = { key: string; parent: Path } | null;
  const dotted = (path: Path, last?: string) => {
    const parts = last === undefined ? [] : [last];
    for (let step = path; step; step = step.parent) parts.unshift(step.key);
    return parts.join('.') || '_';
  };
  const pending: [unknown, Path][] = [[value, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (!isSafeText(item)) return dotted(path);
    } else if (item !== null && typeof item === 'object') {
      const entries: [string, unknown][] = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        if (!isSafeText(key)) return dotted(path, '_');
        pending.push([child, { key, parent: path }]);
      }
    }
  }
  return undefined;
}

/** A string that passes the shared text rule. */
export const safeString = (message?: string) =>
  z.string(message).check(z.refine(isSafeText, unsafeTextMessage));

/** Required free text: trimmed, not blank, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  safeString().check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `Must be at most ${max} characters`),
  );

/** Optional free text: trimmed; blank becomes null so that "Not set" means the same everywhere. */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullish(safeString().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((value) => (value ? value : null)),
  );

// ---- Record ids -----------------------------------------------------------------------------
/**
 * A record's id: a UUID in any case, read as lower case — the database's own spelling — so that
 * two spellings of one id are one id in code as they are in SQL (a Set, a file key, a comparison).
 * The only UUID rule of the schemas (lint refuses z.uuid elsewhere); paths are lower-cased where
 * the server routes them (`pathWithLowerCaseIds`).
 */
export const recordId = (message?: string) =>
  z.pipe(
    z.uuid(message),
    z.transform((value: string) => value.toLowerCase()),
  );

const uuidSegment = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/** A URL path with every segment that is a UUID in lower case: '/animals/3F2A…/photo' → '/animals/3f2a…/photo'. */
export const pathWithLowerCaseIds = (path: string) => path.replace(uuidSegment, (id) => id.toLowerCase());

// ---- Calendar dates --------------------------------------------------------------------------
// Dates are 'YYYY-MM-DD' days between 1900-01-01 and 2099-12-31 (a PostgreSQL date holds them
// exactly); rules that depend on the farm's "today" (reminders not in the past) live beside them.
export const earliestDate = '1900-01-01';
export const latestDate = '2099-12-31';

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The latest calendar date that is already "today" somewhere on Earth (UTC+14). */
export const latestTodayOnEarth = (now = new Date()) =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A calendar date between `min` and `max` (strings compare as dates in this format). */
export const calendarDate = (range: { min?: string; max?: () => string; tooLate?: string } = {}) => {
  const min = range.min ?? earliestDate;
  const max = range.max ?? (() => latestDate);
  return z.string('Choose a date').check(
    z.refine(isCalendarDate, 'Use a date like 2026-03-15'),
    z.refine((value) => !isCalendarDate(value) || value >= min, `Use a date from ${min} on`),
    z.refine(
      (value) => !isCalendarDate(value) || value <= max(),
      range.tooLate ?? `Use a date up to ${latestDate}`,
    ),
  );
};

// ---- Times of day ----------------------------------------------------------------------------
/** 'HH:MM' on a 24-hour clock, '00:00' to '23:59': a time of day in the farm's zone (decision 0045). */
export const isTimeOfDay = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

export const timeOfDayMessage = 'Use a time like 18:00 (00:00 to 23:59)';

/** A time of day on the wire: 'HH:MM', 24 h, whole minutes. */
export const timeOfDay = z.string(timeOfDayMessage).check(z.refine(isTimeOfDay, timeOfDayMessage));

/** A list's ?offset=: where the next page starts (a route's `nextOffset`). */
export const pageOffset = z
  .string()
  .check(
    z.refine(
      (value) => /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000,
      'Must be a whole number from 0 to 1000000',
    ),
  );

// ---- Numbers ---------------------------------------------------------------------------------
/**
 * A positive measurement with at most `decimals` places, from one unit of the last place up to
 * `max`: exactly what its numeric(p, decimals) column stores, so a value reads back unchanged.
 */
export const measurement = (what: string, max: number, decimals: number) => {
  const step = 10 ** -decimals;
  return z.number(`${what} must be a number`).check(
    z.gte(step, `${what} must be at least ${step.toFixed(decimals)}`),
    z.lte(max, `${what} must be at most ${max}`),
    z.refine(
      (value) => Number(value.toFixed(decimals)) === value,
      `${what} can have at most ${decimals} decimal places`,
    ),
  );
};

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A sum of money in the farm's currency: 0.00 to 10,000,000, cents exactly (numeric(12, 2)). */
export const moneyOf = (what: string) =>
  z.number(`${what} must be a number`).check(
    z.gte(0, `${what} must be 0 or more`),
    z.lte(10_000_000, `${what} must be at most 10000000`),
    z.refine((value) => Number(value.toFixed(2)) === value, `${what} can have at most 2 decimal places`),
  );
