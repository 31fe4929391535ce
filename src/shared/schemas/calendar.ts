// The farm's calendar feed (issue 12): a private .ics address of its active reminders, made on
// Account → 'Calendar Feed', shown once, revocable.
import * as z from 'zod/mini';

/** GET /calendar-feed: whether the farm has a live feed address, and since when. */
export const calendarFeedSchema = z.object({ createdAt: z.nullable(z.string()) });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /calendar-feed: the address, shown once; a new one replaces the old. */
export const calendarFeedLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;
