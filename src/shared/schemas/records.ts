// An animal's health record (issue 11): what the 'Health Record' page shows, for its farm and for
// anyone holding its share link alike — whose animal it is (the farm, its owner's name and email:
// issue 24), the animal with its running withdrawals, its weighings, medicines and notes, nothing else.
import * as z from 'zod/mini';
import { sexValues, withdrawalEndsSchema } from './animals';
import { careEntrySchema, weightPointSchema } from './care';
import { milkUnits } from './milk';
import { weightUnits } from './profile';

/** A medicine or a note as the record shows it: the entry's own fields, none that name other records. */
export const recordEntrySchema = z.extend(
  z.pick(careEntrySchema, {
    id: true,
    dateRecorded: true,
    medicationName: true,
    dosage: true,
    dosageUnit: true,
    route: true,
    lotNumber: true,
    givenBy: true,
    meatWithdrawalDays: true,
    milkWithdrawalDays: true,
    eggWithdrawalDays: true,
    title: true,
    noteContent: true,
  }),
  { type: z.enum(['medical', 'note']) },
);
export type RecordEntry = z.infer<typeof recordEntrySchema>;

/**
 * A doe's milk in one lactation: from a recorded birth (a kid with her as dam, or a breeding marked
 * born) to the day before the next; the milk before her first recorded birth is a period of its own.
 */
export const lactationSchema = z.object({
  /** the birth it began with; null for the milk before her first recorded birth */
  from: z.nullable(z.string()),
  /** the day before her next birth; null for the last period (still running, or ended unrecorded) */
  to: z.nullable(z.string()),
  firstMilked: z.string(),
  lastMilked: z.string(),
  /** the days she was milked in it */
  days: z.number(),
  /** in the farm's milk unit, rounded to two decimals */
  amount: z.number(),
  saleable: z.number(),
  discarded: z.number(),
});
export type Lactation = z.infer<typeof lactationSchema>;

export const healthRecordSchema = z.object({
  /** whose animal it is, as a vet's paper names it: the farm and its (first) owner */
  farm: z.object({
    name: z.nullable(z.string()),
    ownerName: z.nullable(z.string()),
    ownerEmail: z.nullable(z.string()),
  }),
  animal: z.object({
    id: z.string(),
    name: z.string(),
    speciesName: z.nullable(z.string()),
    breed: z.nullable(z.string()),
    sex: z.nullable(z.enum(sexValues)),
    birthDate: z.nullable(z.string()),
    color: z.nullable(z.string()),
    tagId: z.nullable(z.string()),
    /** the 15-digit Electronic ID (decision 0046) */
    electronicId: z.nullable(z.string()),
    dam: z.nullable(z.string()),
    sire: z.nullable(z.string()),
    /** the display photo, through this record's own address (the farm's, or the share link's) */
    photoUrl: z.nullable(z.string()),
    /** the last day of each withdrawal (the animal's, decision 0023); the page shows those running today */
    withdrawal: z.nullable(withdrawalEndsSchema),
  }),
  /** the farm's unit and today, for weights and age as the farm sees them */
  weightUnit: z.enum(weightUnits),
  today: z.string(),
  weights: z.array(weightPointSchema),
  /** newest first */
  medications: z.array(recordEntrySchema),
  notes: z.array(recordEntrySchema),
  /** a doe's milk per lactation, oldest first, in the farm's milk unit; null for an animal never milked */
  milk: z.nullable(z.object({ unit: z.enum(milkUnits), lactations: z.array(lactationSchema) })),
});
export type HealthRecord = z.infer<typeof healthRecordSchema>;

/** Whether the record has a live share link, and since when (the link itself is shown once). */
export const recordShareSchema = z.object({ sharedSince: z.nullable(z.string()) });
export type RecordShare = z.infer<typeof recordShareSchema>;

/** POST /animals/{id}/record/share: the link, shown once; a new one replaces the old. */
export const recordShareLinkSchema = z.object({ url: z.string(), sharedSince: z.string() });
export type RecordShareLink = z.infer<typeof recordShareLinkSchema>;

/** GET /farm/share-links (owners): every live share link of the farm, which animal, who made it, since when. */
export const sharedLinkSchema = z.object({
  animalId: z.string(),
  animalName: z.string(),
  /** the maker's name; null for a link made before makers were kept (migration 0020) */
  sharedBy: z.nullable(z.string()),
  sharedSince: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;
export const sharedLinksSchema = z.object({ links: z.array(sharedLinkSchema) });
export type SharedLinks = z.infer<typeof sharedLinksSchema>;
