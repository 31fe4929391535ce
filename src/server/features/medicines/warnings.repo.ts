// The cabinet's warnings' SQL (decision 0042): lots of medicines in use that still hold stock and
// expire within the warning window (or expired already), and medicines whose stock in hand is below
// their level; each minus what was dismissed. Worked out from the lots and movements on each read,
// in one statement; every query filters by the caller's farm and joins on farm_id as well as the id.
import { sql } from 'drizzle-orm';
import { expiryWarningDays } from '../../../shared/schemas/medicine-warnings';
import type { Database } from '../../db/database';
import { farms, medicineLots, medicines, stockMovements } from '../../db/schema';
import { queryRows } from '../../db/sql-text';

export function createWarningsRepo(db: Database) {
  return {
    /**
     * The farm's warnings on its day `today` as the JSON array text of MedicineWarning: expired
     * lots, then expiring ones (soonest first), then low stock, by name. A lot's dismissal hides it
     * while the lot is as it was then: one dismissed while expiring warns again once it has expired
     * (the farm's day of the dismissal, in its zone, on or before the expiry day). A medicine's
     * hides it until stock is received after it.
     */
    async list(farmId: string, today: string): Promise<string> {
      const [row] = await queryRows<{ body: string }>(
        db,
        sql`with lot as (
            select l.id, l.medicine_id, l.lot_number, l.expires_on, l.expiry_warning_dismissed_at,
              coalesce(sum(s.quantity), 0) as stock,
              coalesce(l.expires_on < ${today}::date, false) as expired
            from ${medicineLots} l
            join ${medicines} m on m.farm_id = l.farm_id and m.id = l.medicine_id and m.archived_at is null
            left join ${stockMovements} s on s.farm_id = l.farm_id and s.lot_id = l.id
            where l.farm_id = ${farmId}
            group by l.farm_id, l.id
          ), warning as (
            select case when lot.expired then 'expired' else 'expiring' end as kind, lot.medicine_id,
              lot.id as lot_id, lot.lot_number, lot.expires_on, lot.stock, null::numeric as low_stock_level
            from lot
            cross join ${farms} f
            where f.id = ${farmId} and lot.stock > 0
              and lot.expires_on <= ${today}::date + ${expiryWarningDays}::int
              and (lot.expiry_warning_dismissed_at is null or (lot.expired
                and (lot.expiry_warning_dismissed_at at time zone f.time_zone)::date <= lot.expires_on))
            union all
            select 'low-stock', m.id, null, null, null, st.in_stock, m.low_stock_level
            from ${medicines} m
            cross join lateral (
              select coalesce(sum(lot.stock) filter (where not lot.expired), 0) as in_stock
              from lot where lot.medicine_id = m.id
            ) st
            where m.farm_id = ${farmId} and m.archived_at is null and st.in_stock < m.low_stock_level
              and (m.low_stock_dismissed_at is null or exists (
                select 1 from ${stockMovements} s
                join ${medicineLots} l on l.farm_id = s.farm_id and l.id = s.lot_id
                where s.farm_id = m.farm_id and l.medicine_id = m.id and s.kind = 'received'
                  and s.created_at > m.low_stock_dismissed_at))
          )
          select coalesce(json_agg(json_build_object(
              'kind', w.kind, 'medicineId', m.id, 'medicineName', m.name, 'unit', m.unit,
              'lotId', w.lot_id, 'lotNumber', w.lot_number, 'expiresOn', w.expires_on::text,
              'stock', w.stock, 'lowStockLevel', w.low_stock_level
            ) order by case w.kind when 'expired' then 0 when 'expiring' then 1 else 2 end,
              w.expires_on, natural_sort_key(m.name) collate "C", m.id, w.lot_id), '[]')::text as body
          from warning w
          join ${medicines} m on m.farm_id = ${farmId} and m.id = w.medicine_id`,
      );
      return row!.body;
    },

    /** 'Dismiss' on a lot's expiry warning; false when the farm has no such lot. */
    async dismissExpiry(farmId: string, lotId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update ${medicineLots} set expiry_warning_dismissed_at = now()
          where farm_id = ${farmId} and id = ${lotId} returning id`,
      );
      return rows.length > 0;
    },

    /** 'Dismiss' on a medicine's low-stock warning; false when the farm has no such medicine. */
    async dismissLowStock(farmId: string, medicineId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update ${medicines} set low_stock_dismissed_at = now()
          where farm_id = ${farmId} and id = ${medicineId} returning id`,
      );
      return rows.length > 0;
    },
  };
}

export type WarningsRepo = ReturnType<typeof createWarningsRepo>;
