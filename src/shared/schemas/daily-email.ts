// Account → 'Daily reminder email': off by default; at 07:00 in the farm's zone, one email of the
// reminders due today and overdue, on days when there are any.
import * as z from 'zod/mini';

export const dailyEmailSchema = z.strictObject({
  enabled: z.boolean('Say whether to send the email'),
});
export type DailyEmail = z.infer<typeof dailyEmailSchema>;
