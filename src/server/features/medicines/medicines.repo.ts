// The medicine cabinet's SQL: medicines, their lots and each lot's stock movements. Every query
// filters by the caller's farm and joins on farm_id as well as the id (decision 0013). A lot's
// stock is always summed from its movements, never stored (decision 0039); each read of the
// cabinet is one statement whatever the number of medicines, lots and movements.
import { sql, type SQL } from 'drizzle-orm';
import type { Lot, Medicine, MedicineUnit, Movement } from '../../../shared/schemas/medicines';
import type { Database } from '../../db/database';
import { medicineLots, medicines, stockMovements } from '../../db/schema';
import { isoTimestamp, personName, queryRows } from '../../db/sql-text';

/** A medicine's columns as the service writes them (the dose and schedule flattened). */
export type MedicineColumns = {
  name: string;
  activeIngredient: string | null;
  unit: MedicineUnit;
  route: string | null;
  doseKind: 'fixed' | 'by-weight' | null;
  doseAmount: number | null;
  dosePerWeight: number | null;
  doseWeightUnit: 'lbs' | 'kg' | null;
  doseMax: number | null;
  meatWithdrawalDays: number | null;
  milkWithdrawalDays: number | null;
  eggWithdrawalDays: number | null;
  scheduleInitialDoses: number | null;
  scheduleDaysApart: number | null;
  scheduleBoosterMonths: number | null;
  notes: string | null;
  lowStockLevel: number | null;
};

const medicineColumns: Record<keyof MedicineColumns, string> = {
  name: 'name',
  activeIngredient: 'active_ingredient',
  unit: 'unit',
  route: 'route',
  doseKind: 'dose_kind',
  doseAmount: 'dose_amount',
  dosePerWeight: 'dose_per_weight',
  doseWeightUnit: 'dose_weight_unit',
  doseMax: 'dose_max',
  meatWithdrawalDays: 'meat_withdrawal_days',
  milkWithdrawalDays: 'milk_withdrawal_days',
  eggWithdrawalDays: 'egg_withdrawal_days',
  scheduleInitialDoses: 'schedule_initial_doses',
  scheduleDaysApart: 'schedule_days_apart',
  scheduleBoosterMonths: 'schedule_booster_months',
  notes: 'notes',
  lowStockLevel: 'low_stock_level',
};

export type LotColumns = {
  lotNumber: string | null;
  expiresOn: string | null;
  supplier: string | null;
  price: number | null;
};

const lotColumns: Record<keyof LotColumns, string> = {
  lotNumber: 'lot_number',
  expiresOn: 'expires_on',
  supplier: 'supplier',
  price: 'price',
};

export type NewMovement = {
  id: string;
  kind: 'disposed' | 'corrected';
  /** signed, as stored */
  quantity: number;
  occurredOn: string;
  note: string | null;
  recordedBy: string;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a treatment needs of the medicine it is given from: its unit and its schedule. */
export type TreatmentMedicine = {
  id: string;
  name: string;
  unit: MedicineUnit;
  initialDoses: number | null;
  daysApart: number | null;
  boosterMonths: number | null;
};

/** What a movement met: written, a repeat of its id, no such lot, or not enough stock for it. */
export type MovementResult =
  | { result: 'written' | 'repeat'; movement: Movement }
  | { result: 'missing' }
  | { result: 'short'; stock: number; unit: MedicineUnit };

/** Whether a failed statement broke a unique index (a medicine's name, in this feature). */
const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: unknown } }).cause?.code === '23505';

/**
 * The farm's lots (of one medicine, or one lot, or all) with their stock summed from their
 * movements and whether they expired before `today`, as the rows `lot`.
 */
const lotRows = (farmId: string, today: string, filter: SQL) => sql`lot as (
    select l.farm_id, l.medicine_id, l.id, l.lot_number, l.expires_on, l.supplier, l.price, l.created_at,
      coalesce(sum(s.quantity), 0) as stock,
      coalesce(l.expires_on < ${today}::date, false) as expired,
      min(s.occurred_on) filter (where s.kind = 'received') as received_on
    from ${medicineLots} l
    left join ${stockMovements} s on s.farm_id = l.farm_id and s.lot_id = l.id
    where l.farm_id = ${farmId} and ${filter}
    group by l.farm_id, l.id
  )`;

/** A row of `lot` as the JSON of Lot. */
const lotJson = sql`json_build_object(
  'id', lot.id, 'medicineId', lot.medicine_id, 'lotNumber', lot.lot_number,
  'expiresOn', lot.expires_on::text, 'supplier', lot.supplier, 'price', lot.price, 'stock', lot.stock,
  'expired', lot.expired, 'receivedOn', lot.received_on::text,
  'createdAt', ${isoTimestamp(sql`lot.created_at`)})`;

/** The earliest expiry first, none last: the order a lot is used in. */
const lotOrder = sql`lot.expires_on nulls last, lot.created_at, lot.id`;

/**
 * The farm's medicines (`m`) as the JSON array text of Medicine, by name in natural order, each
 * with its lots from `lot` (all of them when `allLots`, else those with stock in hand).
 */
const medicinesJson = (where: SQL, allLots: boolean) => sql`coalesce(json_agg(json_build_object(
    'id', m.id, 'name', m.name, 'activeIngredient', m.active_ingredient, 'unit', m.unit, 'route', m.route,
    'dose', case m.dose_kind
      when 'fixed' then json_build_object('kind', 'fixed', 'amount', m.dose_amount)
      when 'by-weight' then json_build_object('kind', 'by-weight', 'amount', m.dose_amount,
        'perWeight', m.dose_per_weight, 'weightUnit', m.dose_weight_unit, 'maxDose', m.dose_max)
      end,
    'meatWithdrawalDays', m.meat_withdrawal_days, 'milkWithdrawalDays', m.milk_withdrawal_days,
    'eggWithdrawalDays', m.egg_withdrawal_days,
    'schedule', case when m.schedule_initial_doses is not null then json_build_object(
      'initialDoses', m.schedule_initial_doses, 'daysApart', m.schedule_days_apart,
      'boosterMonths', m.schedule_booster_months) end,
    'notes', m.notes, 'lowStockLevel', m.low_stock_level, 'archivedAt', ${isoTimestamp(sql`m.archived_at`)},
    'inStock', st.in_stock, 'expiredStock', st.expired_stock,
    'lowStock', coalesce(st.in_stock < m.low_stock_level, false), 'lots', st.lots,
    'createdAt', ${isoTimestamp(sql`m.created_at`)}, 'updatedAt', ${isoTimestamp(sql`m.updated_at`)}
  ) order by natural_sort_key(m.name) collate "C", m.id), '[]')::text as body
  from ${medicines} m
  cross join lateral (
    select coalesce(sum(lot.stock) filter (where not lot.expired), 0) as in_stock,
      coalesce(sum(lot.stock) filter (where lot.expired), 0) as expired_stock,
      coalesce(json_agg(${lotJson} order by ${lotOrder})
        filter (where ${allLots ? sql`true` : sql`lot.stock > 0`}), '[]') as lots
    from lot where lot.medicine_id = m.id
  ) st
  where ${where}`;

/** A movement (alias `s`) as the JSON of Movement. */
const movementJson = sql`json_build_object(
  'id', s.id, 'lotId', s.lot_id, 'kind', s.kind, 'quantity', s.quantity,
  'occurredOn', s.occurred_on::text, 'note', s.note, 'careEntryId', s.care_entry_id,
  'recordedBy', ${personName(sql`s.recorded_by`)}, 'createdAt', ${isoTimestamp(sql`s.created_at`)})`;

const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);

/** The SET list of the changes given (an undefined value leaves its column), with updated_at. */
function setList<T extends object>(changes: Partial<T>, columns: Record<keyof T, string>): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  for (const [key, column] of Object.entries(columns) as [keyof T, string][]) {
    if (changes[key] !== undefined) sets.push(sql`${sql.identifier(column)} = ${changes[key]}`);
  }
  return sql.join(sets, sql`, `);
}

export function createMedicinesRepo(db: Database) {
  /** One medicine with every lot; null when the farm has none of that id. */
  async function find(farmId: string, id: string, today: string): Promise<Medicine | null> {
    const [row] = await queryRows<{ body: string }>(
      db,
      sql`with ${lotRows(farmId, today, sql`l.medicine_id = ${id}`)}
        select ${medicinesJson(sql`m.farm_id = ${farmId} and m.id = ${id}`, true)}`,
    );
    return parse<Medicine[]>(row?.body)?.[0] ?? null;
  }

  async function findLot(farmId: string, id: string, today: string): Promise<Lot | null> {
    const [row] = await queryRows<{ body: string }>(
      db,
      sql`with ${lotRows(farmId, today, sql`l.id = ${id}`)} select ${lotJson}::text as body from lot`,
    );
    return parse<Lot>(row?.body);
  }

  return {
    find,
    findLot,

    /** The cabinet (or its archived medicines) as the JSON array text of Medicine: one statement. */
    async list(farmId: string, archived: boolean, today: string): Promise<string> {
      const [row] = await queryRows<{ body: string }>(
        db,
        sql`with ${lotRows(farmId, today, sql`true`)}
          select ${medicinesJson(
            sql`m.farm_id = ${farmId} and ${archived ? sql`m.archived_at is not null` : sql`m.archived_at is null`}`,
            false,
          )}`,
      );
      return row!.body;
    },

    /** The medicine's unit and whether it is archived; null when the farm has none of that id. */
    async state(farmId: string, id: string): Promise<{ unit: MedicineUnit; archived: boolean } | null> {
      const [row] = await queryRows<{ unit: MedicineUnit; archived: boolean }>(
        db,
        sql`select unit, archived_at is not null as archived from ${medicines}
          where farm_id = ${farmId} and id = ${id}`,
      );
      return row ?? null;
    },

    /**
     * Writes a medicine unless the farm has its id, or an unarchived one of its name: 'written',
     * 'repeat' (the id is there) or 'name-taken'. One statement, so two tries at once write one.
     */
    async insert(
      farmId: string,
      id: string,
      row: MedicineColumns,
    ): Promise<'written' | 'repeat' | 'name-taken'> {
      const columns = Object.values(medicineColumns).map((column) => sql.identifier(column));
      const values = (Object.keys(medicineColumns) as (keyof MedicineColumns)[]).map(
        (key) => sql`${row[key]}`,
      );
      const written = await queryRows(
        db,
        sql`insert into ${medicines} (id, farm_id, ${sql.join(columns, sql`, `)})
          values (${id}, ${farmId}, ${sql.join(values, sql`, `)})
          on conflict do nothing returning id`,
      );
      if (written.length) return 'written';
      const stored = await queryRows(
        db,
        sql`select 1 from ${medicines} where farm_id = ${farmId} and id = ${id}`,
      );
      return stored.length ? 'repeat' : 'name-taken';
    },

    /**
     * Changes the columns given: 'missing' when the farm has no such medicine, 'name-taken' when
     * another in the cabinet has the new name, 'unit-locked' when the unit would change under
     * recorded stock.
     */
    async update(
      farmId: string,
      id: string,
      changes: Partial<MedicineColumns>,
    ): Promise<'updated' | 'missing' | 'name-taken' | 'unit-locked'> {
      const unitKept =
        changes.unit === undefined
          ? sql`true`
          : sql`(m.unit = ${changes.unit} or not exists (
              select 1 from ${medicineLots} l where l.farm_id = m.farm_id and l.medicine_id = m.id))`;
      try {
        const rows = await queryRows(
          db,
          sql`update ${medicines} m set ${setList(changes, medicineColumns)}
            where m.farm_id = ${farmId} and m.id = ${id} and ${unitKept} returning m.id`,
        );
        if (rows.length) return 'updated';
      } catch (error) {
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
      const stored = await queryRows(
        db,
        sql`select 1 from ${medicines} where farm_id = ${farmId} and id = ${id}`,
      );
      return stored.length ? 'unit-locked' : 'missing';
    },

    /** Archives (or brings back) a medicine: 'missing', or 'name-taken' when one of its name is back in the cabinet. */
    async setArchived(
      farmId: string,
      id: string,
      archived: boolean,
    ): Promise<'done' | 'missing' | 'name-taken'> {
      try {
        const rows = await queryRows(
          db,
          sql`update ${medicines} set updated_at = now(),
              archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`}
            where farm_id = ${farmId} and id = ${id} returning id`,
        );
        return rows.length ? 'done' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
    },

    /** Deletes a medicine with no lots: 'deleted', 'missing', or 'has-lots'. */
    async remove(farmId: string, id: string): Promise<'deleted' | 'missing' | 'has-lots'> {
      const [row] = await queryRows<{ deleted: boolean; found: boolean }>(
        db,
        sql`with del as (
            delete from ${medicines} m where m.farm_id = ${farmId} and m.id = ${id}
              and not exists (select 1 from ${medicineLots} l where l.farm_id = m.farm_id and l.medicine_id = m.id)
            returning m.id
          )
          select exists (select 1 from del) as deleted,
            exists (select 1 from ${medicines} where farm_id = ${farmId} and id = ${id}) as found`,
      );
      return row!.deleted ? 'deleted' : row!.found ? 'has-lots' : 'missing';
    },

    /**
     * A new lot of an unarchived medicine and its 'received' movement, in one statement (both or
     * neither): false when nothing was written (the lot's id is taken, or the medicine is gone or
     * archived).
     */
    async insertLot(
      farmId: string,
      medicineId: string,
      lot: LotColumns & { id: string },
      received: { id: string; quantity: number; occurredOn: string; recordedBy: string },
    ): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`with lot as (
            insert into ${medicineLots} (id, farm_id, medicine_id, lot_number, expires_on, supplier, price)
            select ${lot.id}, m.farm_id, m.id, ${lot.lotNumber}, ${lot.expiresOn}::date, ${lot.supplier},
              ${lot.price}::numeric
            from ${medicines} m where m.farm_id = ${farmId} and m.id = ${medicineId} and m.archived_at is null
            on conflict (farm_id, id) do nothing
            returning farm_id, id
          )
          insert into ${stockMovements} (id, farm_id, lot_id, kind, quantity, occurred_on, recorded_by)
          select ${received.id}, lot.farm_id, lot.id, 'received', ${received.quantity}::numeric,
            ${received.occurredOn}::date, ${received.recordedBy}::uuid
          from lot returning lot_id`,
      );
      return rows.length > 0;
    },

    /** Changes a lot's label and invoice fields; false when the farm has no such lot. */
    async updateLot(farmId: string, id: string, changes: Partial<LotColumns>): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update ${medicineLots} set ${setList(changes, lotColumns)}
          where farm_id = ${farmId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /**
     * Writes a movement unless it would take the lot below zero. The lot's row is locked first, so
     * that a second movement of the lot waits for this one to commit and then (a new statement, a
     * new snapshot) counts it: two takings of the last of a lot cannot both pass.
     */
    insertMovement(farmId: string, lotId: string, movement: NewMovement): Promise<MovementResult> {
      return db.transaction(async (tx) => {
        const [lot] = await queryRows<{ unit: MedicineUnit }>(
          tx,
          sql`select m.unit from ${medicineLots} l
            join ${medicines} m on m.farm_id = l.farm_id and m.id = l.medicine_id
            where l.farm_id = ${farmId} and l.id = ${lotId} for update of l`,
        );
        if (!lot) return { result: 'missing' };
        const stored = async () => {
          const [row] = await queryRows<{ body: string }>(
            tx,
            sql`select ${movementJson}::text as body from ${stockMovements} s
              where s.farm_id = ${farmId} and s.id = ${movement.id}`,
          );
          return parse<Movement>(row?.body);
        };
        const earlier = await stored();
        if (earlier) return { result: 'repeat', movement: earlier };
        const [row] = await queryRows<{ stock: string; body: string | null }>(
          tx,
          sql`with stock as (
              select coalesce(sum(quantity), 0) as stock from ${stockMovements}
              where farm_id = ${farmId} and lot_id = ${lotId}
            ), s as (
              insert into ${stockMovements} (id, farm_id, lot_id, kind, quantity, occurred_on, note, recorded_by)
              select ${movement.id}, ${farmId}, ${lotId}, ${movement.kind}, ${movement.quantity}::numeric,
                ${movement.occurredOn}::date, ${movement.note}, ${movement.recordedBy}::uuid
              from stock where stock.stock + ${movement.quantity}::numeric >= 0
              on conflict (farm_id, id) do nothing
              returning *
            )
            select (select stock from stock)::text as stock, (select ${movementJson} from s)::text as body`,
        );
        const written = parse<Movement>(row?.body);
        if (written) return { result: 'written', movement: written };
        // the same id written meanwhile (a retry racing the first try), or too little stock
        const racing = await stored();
        if (racing) return { result: 'repeat', movement: racing };
        return { result: 'short', stock: Number(row!.stock), unit: lot.unit };
      });
    },

    /**
     * Of a treatment's lot (locked until `tx` ends, so that two treatments from it take turns) and
     * its medicine (the lot's, or `medicineId` when no lot is named), what this farm has: null
     * parts when not found, or when the lot is another medicine's. Two statements.
     */
    async treatmentSource(
      tx: Transaction,
      farmId: string,
      medicineId: string | null,
      lotId: string | null,
    ): Promise<{ medicine: TreatmentMedicine | null; lot: { id: string; lotNumber: string | null } | null }> {
      let lot: { id: string; lotNumber: string | null; medicineId: string } | undefined;
      if (lotId) {
        [lot] = await queryRows<{ id: string; lotNumber: string | null; medicineId: string }>(
          tx,
          sql`select l.id, l.lot_number as "lotNumber", l.medicine_id as "medicineId" from ${medicineLots} l
            where l.farm_id = ${farmId} and l.id = ${lotId} for update`,
        );
        if (lot && medicineId && lot.medicineId !== medicineId) lot = undefined;
      }
      const id = medicineId ?? lot?.medicineId;
      if (!id) return { medicine: null, lot: null };
      const [medicine] = await queryRows<TreatmentMedicine>(
        tx,
        sql`select m.id, m.name, m.unit, m.schedule_initial_doses as "initialDoses",
            m.schedule_days_apart as "daysApart", m.schedule_booster_months as "boosterMonths"
          from ${medicines} m where m.farm_id = ${farmId} and m.id = ${id}`,
      );
      return { medicine: medicine ?? null, lot: lot ? { id: lot.id, lotNumber: lot.lotNumber } : null };
    },

    /**
     * Takes a treatment's doses from a lot locked by `treatmentSource`: one 'used' movement per
     * care entry, all of them or none when the lot holds less than their sum. One statement.
     */
    async takeForTreatment(
      tx: Transaction,
      farmId: string,
      lotId: string,
      uses: { id: string; careEntryId: string; quantity: number }[],
      occurredOn: string,
      recordedBy: string | null,
    ): Promise<{ taken: boolean; stock: number }> {
      const total = uses.reduce((sum, use) => sum + use.quantity, 0);
      const [row] = await queryRows<{ stock: string; taken: boolean }>(
        tx,
        sql`with stock as (
            select coalesce(sum(quantity), 0) as stock from ${stockMovements}
            where farm_id = ${farmId} and lot_id = ${lotId}
          ), ins as (
            insert into ${stockMovements} (id, farm_id, lot_id, kind, quantity, occurred_on, recorded_by, care_entry_id)
            select u.id, ${farmId}, ${lotId}, 'used', -u.quantity, ${occurredOn}::date, ${recordedBy}::uuid, u.care_entry_id
            from json_to_recordset(${JSON.stringify(uses.map((use) => ({ id: use.id, care_entry_id: use.careEntryId, quantity: use.quantity })))}::json)
              as u(id uuid, care_entry_id uuid, quantity numeric)
            where (select stock from stock) >= ${total}::numeric
            returning 1
          )
          select (select stock from stock)::text as stock, exists (select 1 from ins) as taken`,
      );
      return { taken: row!.taken, stock: Number(row!.stock) };
    },

    /**
     * One page of a lot's movements, newest first, as the JSON text of Page<Movement>: one
     * statement; null when the farm has no such lot. `limit` + 1 rows are read; the extra one only
     * tells there is a next page.
     */
    async movements(farmId: string, lotId: string, offset: number, limit: number): Promise<string | null> {
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`with slice as (
            select s.* from ${stockMovements} s
            where s.farm_id = ${farmId} and s.lot_id = ${lotId}
            order by s.occurred_on desc, s.created_at desc, s.id desc
            offset ${offset} limit ${limit + 1}
          ), s as (
            select slice.*, row_number() over (
              order by slice.occurred_on desc, slice.created_at desc, slice.id desc) as n
            from slice
          )
          select case when exists (select 1 from ${medicineLots} where farm_id = ${farmId} and id = ${lotId})
            then json_build_object(
              'items', coalesce((select json_agg(${movementJson} order by s.n) from s where s.n <= ${limit}), '[]'::json),
              'nextOffset', case when (select count(*) from s) > ${limit} then ${offset + limit}::int end
            )::text end as body`,
      );
      return row?.body ?? null;
    },
  };
}

export type MedicinesRepo = ReturnType<typeof createMedicinesRepo>;
