// The medicine cabinet's warnings (issue 27 item 5, decision 0042): lots that expire within
// `expiryWarningDays` of the farm's today or expired with stock still in them, and medicines whose
// stock in hand is below their low-stock level. Worked out on each read, each dismissable.
import * as z from 'zod/mini';
import { medicineUnits } from './medicines';

/** A lot expiring this many days after the farm's today (or sooner) is warned of. */
export const expiryWarningDays = 30;

/** 'expired' lots first, then those 'expiring' (soonest first), then 'low-stock' medicines by name. */
export const medicineWarningKinds = ['expired', 'expiring', 'low-stock'] as const;
export type MedicineWarningKind = (typeof medicineWarningKinds)[number];

export const medicineWarningSchema = z.object({
  kind: z.enum(medicineWarningKinds),
  medicineId: z.string(),
  medicineName: z.string(),
  unit: z.enum(medicineUnits),
  /** the lot an expiry warning is about (its 'Dismiss' names it); null for low stock */
  lotId: z.nullable(z.string()),
  lotNumber: z.nullable(z.string()),
  expiresOn: z.nullable(z.string()),
  /** the lot's stock (expiry), or the medicine's stock in hand, its lots not expired (low stock) */
  stock: z.number(),
  /** the medicine's level (low stock); null for an expiry warning */
  lowStockLevel: z.nullable(z.number()),
});
export type MedicineWarning = z.infer<typeof medicineWarningSchema>;
