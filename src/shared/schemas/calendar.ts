// The calendar feed (issue 12): a private .ics address of the farm's active reminders, made on
// Account → 'Calendar Feed', shown once, revocable; each person's own (issue 24).
import * as z from 'zod/mini';

/** GET /calendar-feed: whether the caller has a live feed address on the farm, and since when. */
export const calendarFeedSchema = z.object({ createdAt: z.nullable(z.string()) });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /calendar-feed: the address, shown once; a new one replaces the caller's old one. */
export const calendarFeedLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;
