// The farm's earlier medications, as the care form suggests them: one statement, filtered by the
// caller's farm.
import { and, asc, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { MedicineRoute } from '../../../shared/schemas/care';
import type { Database } from '../../db/database';
import { careEntries } from '../../db/schema';
import { containsPattern } from '../../db/sql-text';

/** What the label said of an entry's period (labelDays in src/shared/care/withdrawal.ts). */
const labelPeriod = (days: AnyColumn) =>
  sql<number | null>`case when ${careEntries.organic} then ${days} / 2 else ${days} end`;

export function createMedicationsRepo(db: Database) {
  return {
    /**
     * The farm's earlier medications, each name once (case aside) with the dosage, unit, route and
     * withdrawal periods it was last given with, the most recently given first; one statement, `limit` at most.
     */
    async medications(farmId: string, contains: string | undefined, limit: number) {
      const search = contains?.trim();
      const latest = db
        .selectDistinctOn([sql`lower(${careEntries.medicationName})`], {
          medicationName: sql<string>`${careEntries.medicationName}`.as('medication_name'),
          dosage: sql<number | null>`${careEntries.dosage}::float8`.as('dosage'),
          dosageUnit: sql<string | null>`${careEntries.dosageUnit}`.as('dosage_unit'),
          route: sql<MedicineRoute | null>`${careEntries.route}`.as('route'),
          // the label's periods: an organic entry's halved (decision 0040), doubled again when given
          meatWithdrawalDays: labelPeriod(careEntries.meatWithdrawalDays).as('meat_withdrawal_days'),
          milkWithdrawalDays: labelPeriod(careEntries.milkWithdrawalDays).as('milk_withdrawal_days'),
          eggWithdrawalDays: labelPeriod(careEntries.eggWithdrawalDays).as('egg_withdrawal_days'),
          lastGiven: sql<string>`${careEntries.dateRecorded}::text`.as('last_given'),
          createdAt: sql<Date>`${careEntries.createdAt}`.as('created_at'),
        })
        .from(careEntries)
        .where(
          and(
            eq(careEntries.farmId, farmId),
            eq(careEntries.type, 'medical'),
            sql`${careEntries.medicationName} is not null`,
            search ? sql`${careEntries.medicationName} ilike ${containsPattern(search)}` : undefined,
          ),
        )
        .orderBy(
          sql`lower(${careEntries.medicationName})`,
          desc(careEntries.dateRecorded),
          desc(careEntries.createdAt),
        )
        .as('latest');
      return db
        .select({
          medicationName: latest.medicationName,
          dosage: latest.dosage,
          dosageUnit: latest.dosageUnit,
          route: latest.route,
          meatWithdrawalDays: latest.meatWithdrawalDays,
          milkWithdrawalDays: latest.milkWithdrawalDays,
          eggWithdrawalDays: latest.eggWithdrawalDays,
          lastGiven: latest.lastGiven,
        })
        .from(latest)
        .orderBy(desc(latest.lastGiven), desc(latest.createdAt), asc(latest.medicationName))
        .limit(limit);
    },
  };
}

export type MedicationsRepo = ReturnType<typeof createMedicationsRepo>;
