// Small building blocks shared by every resource schema. zod/mini keeps the browser's form
// routes small (see docs/decisions/0006-small-bundles.md); the server parses the same schemas.
import * as z from 'zod/mini';

/** Optional free text: trimmed; blank becomes null so that "Not set" means the same everywhere. */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((value) => (value ? value : null)),
  );

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
