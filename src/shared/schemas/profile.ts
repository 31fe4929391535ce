// The Account page's data: the person ('Your Profile': their name, contact email, phone, location),
// which everyone changes for themselves, and the farm in use's settings ('Farm Settings': name, time
// zone, weight and milk units), which everyone reads and only the farm's owners change (PATCH /farm/settings).
import * as z from 'zod/mini';
import { isTimeZone, optionalText } from './common';
import { milkUnitMessage, milkUnits } from './milk';
import { currencySchema } from './money';

export const weightUnits = ['lbs', 'kg'] as const;
export type WeightUnit = (typeof weightUnits)[number];

export const profileSchema = z.object({
  farmName: z.nullable(z.string()),
  ownerName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  timeZone: z.string(),
  weightUnit: z.enum(weightUnits),
  /** what milk totals are shown in (issue 26) */
  milkUnit: z.enum(milkUnits),
  /** organic rules: new treatments' withdrawal periods doubled, at least 2 days (decision 0040) */
  organic: z.boolean(),
  /** what the farm's money is kept in (issue 28, decision 0044) */
  currency: currencySchema,
  /** when this demo farm ends (ISO); null for a real farm */
  demoUntil: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

/** A farm's time zone: one that Intl (the browser, the server) and so PostgreSQL can read. */
export const timeZoneSchema = z.string().check(z.trim(), z.refine(isTimeZone, 'Choose a valid time zone'));
export const farmNameSchema = optionalText(100);

export const profileUpdateSchema = z.partial(
  z.strictObject({
    ownerName: optionalText(100),
    email: z.pipe(
      z.nullish(
        z.union([
          z.literal(''),
          z.string().check(z.trim(), z.maxLength(254), z.email('Enter a valid email address')),
        ]),
      ),
      z.transform((value) => (value ? value.toLowerCase() : null)),
    ),
    phone: optionalText(40).check(
      z.refine(
        (value) => value === null || /^[\d\s()+.\-x]+$/i.test(value),
        'Use digits, spaces and + ( ) - . only',
      ),
    ),
    location: optionalText(200),
  }),
);
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** Farm Settings: what belongs to the farm, changed by its owners only. */
export const farmSettingsUpdateSchema = z.partial(
  z.strictObject({
    farmName: farmNameSchema,
    timeZone: timeZoneSchema,
    weightUnit: z.enum(weightUnits, 'Choose lbs or kg'),
    milkUnit: z.enum(milkUnits, milkUnitMessage),
    organic: z.boolean('Choose yes or no'),
    currency: currencySchema,
  }),
);
export type FarmSettingsUpdate = z.input<typeof farmSettingsUpdateSchema>;
