// The Account page's data: the person (owner name, contact email, phone, location) and their
// farm's settings (name, time zone, weight unit).
import { z } from 'zod';
import { isTimeZone, optionalText } from './common';

export const weightUnits = ['lbs', 'kg'] as const;
export type WeightUnit = (typeof weightUnits)[number];

export const profileSchema = z.object({
  farmName: z.string().nullable(),
  ownerName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  timeZone: z.string(),
  weightUnit: z.enum(weightUnits),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    farmName: optionalText(100),
    ownerName: optionalText(100),
    email: z
      .union([z.literal(''), z.email('Enter a valid email address').max(254)])
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : null)),
    phone: optionalText(40).refine((value) => value === null || /^[\d\s()+.\-x]+$/i.test(value), {
      message: 'Use digits, spaces and + ( ) - . only',
    }),
    location: optionalText(200),
    timeZone: z.string().trim().refine(isTimeZone, 'Choose a valid time zone'),
    weightUnit: z.enum(weightUnits, 'Choose lbs or kg'),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
