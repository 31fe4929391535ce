// Display helpers for the herd pages.

/** 'YYYY-MM-DD' as US 'MM/DD/YY', read as a calendar date (no time zone shift); 'N/A' when absent. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = ''] = match;
  return `${month}/${day}/${year.slice(2)}`;
}

/** The text cut at `max` characters with '...' added when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
