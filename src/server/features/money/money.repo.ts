// The farm's money entries and what they add up to. Every query filters by the caller's farm and
// joins on farm_id as well as the id (decision 0013); each read is one statement whatever the
// history. Stock received into the medicine cabinet with a price is read here beside the entries
// as a 'Medicine' expense (`medicineExpenses`), never copied (decision 0044). Amounts go to the
// database as decimal text, so they are stored exactly; they come back as JSON numbers.
import { sql, type SQL } from 'drizzle-orm';
import { milkUnits } from '../../../shared/schemas/milk';
import {
  animalSaleCategory,
  feedCategory,
  medicineCategory,
  type Currency,
  type GroupFeed,
  type MoneyEntry,
  type MoneyKind,
  type MoneySummary,
} from '../../../shared/schemas/money';
import { kilogramsPer } from '../../../shared/units/milk';
import type { Database } from '../../db/database';
import {
  animalGroups,
  animals,
  eggCollections,
  farms,
  groups,
  medicineLots,
  medicines,
  milkRecords,
  moneyEntries,
  stockMovements,
} from '../../db/schema';
import {
  changedColumns,
  isoTimestamp,
  pageText,
  queryRows,
  recordedBy,
  recorderJoin,
  withFields,
} from '../../db/sql-text';

/** A transaction of another service (the animals service's, marking an animal sold). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewMoneyEntry = {
  id: string;
  kind: MoneyKind;
  occurredOn: string;
  /** decimal text ('12.50'): numeric(12, 2) stores it exactly */
  amount: string;
  category: string;
  groupId: string | null;
  animalId: string | null;
  quantity: string | null;
  quantityUnit: string | null;
  note: string | null;
  recordedBy: string | null;
};

export type MoneyEntryChanges = Partial<Omit<NewMoneyEntry, 'id' | 'recordedBy'>>;

export type MoneyFilter = {
  from: string | null;
  to: string | null;
  groupId: string | null;
  kind: MoneyKind | null;
};

/**
 * The cabinet's priced lots as Money rows (an entry's columns): dated by their 'received'
 * movement (the first, should a correction have added another), else the day they were added on
 * the farm's calendar; the quantity received in the medicine's unit.
 */
const medicineExpenses = (farmId: string) => sql`
  select l.id, 'medicine'::text as source, 'expense'::text as kind,
    coalesce(received.occurred_on, (l.created_at at time zone f.time_zone)::date) as occurred_on,
    l.price::numeric(12, 2) as amount, ${medicineCategory}::text as category,
    null::uuid as group_id, null::uuid as animal_id,
    received.quantity::numeric(12, 3) as quantity, m.unit::text as quantity_unit,
    m.name || coalesce(', lot ' || l.lot_number, '') as note, null::uuid as animal_sale_of,
    m.id as medicine_id, received.recorded_by, l.created_at, l.updated_at
  from ${medicineLots} l
  join ${medicines} m on m.farm_id = l.farm_id and m.id = l.medicine_id
  join ${farms} f on f.id = l.farm_id
  left join lateral (
    select s.occurred_on, s.quantity, s.recorded_by from ${stockMovements} s
    where s.farm_id = l.farm_id and s.lot_id = l.id and s.kind = 'received'
    order by s.occurred_on, s.created_at limit 1
  ) received on true
  where l.farm_id = ${farmId} and l.price is not null`;

/**
 * A row of `medicineExpenses` (alias given) as MoneyEntry's fields but its three names (a select
 * list, as in jsonObject): the JSON an entry keeps as its `item` (migration 0044), built at read for
 * the cabinet's priced lots, which are few.
 */
const lotFields = (r: SQL) => sql`${r}.id, ${r}.source, ${r}.kind, ${r}.occurred_on::text as "occurredOn",
  ${r}.amount::float8 as amount, ${r}.category, ${r}.group_id as "groupId", ${r}.animal_id as "animalId",
  ${r}.quantity::float8 as quantity, ${r}.quantity_unit as "quantityUnit", ${r}.note,
  ${r}.animal_sale_of as "animalSaleOf", ${r}.medicine_id as "medicineId",
  ${isoTimestamp(sql`${r}.created_at`)} as "createdAt", ${isoTimestamp(sql`${r}.updated_at`)} as "updatedAt"`;

/**
 * Money rows (alias `m`: each with its `item`, the ids its names are of, and the columns of the
 * list's order) with their group's, animal's and recorder's names beside each, for `entryOf`.
 */
const namedEntries = (farmId: string, rows: SQL, where: SQL = sql`true`) =>
  sql`select m.item, g.name as "groupName", a.name as "animalName", ${recordedBy} from ${rows} m
    left join ${groups} g on g.farm_id = ${farmId} and g.id = m.group_id
    left join ${animals} a on a.farm_id = ${farmId} and a.id = m.animal_id
    ${recorderJoin(sql`m.recorded_by`)}
    where ${where}`;

type NamedEntry = {
  item: string;
  groupName: string | null;
  animalName: string | null;
  recordedBy: string | null;
};

/** An entry's JSON text (MoneyEntry): its kept item with its names spliced in. */
const entryOf = ({ item, groupName, animalName, recordedBy }: NamedEntry) =>
  withFields(item, { groupName, animalName, recordedBy });

/** kilograms of milk in one of the unit held by `unit` (SQL): the factors of src/shared/units/milk.ts */
const kilogramsOf = (unit: SQL) =>
  sql`(case ${unit} ${sql.join(
    milkUnits.map((each) => sql`when ${each} then ${String(kilogramsPer(each))}::numeric`),
    sql` `,
  )} end)`;

const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);

/** Sums of the `money` rows: income, expenses (numeric; float8 only in the JSON). */
const income = sql`coalesce(sum(amount) filter (where kind = 'income'), 0)`;
const expenses = sql`coalesce(sum(amount) filter (where kind = 'expense'), 0)`;

export function createMoneyRepo(db: Database) {
  async function find(farmId: string, id: string): Promise<MoneyEntry | null> {
    const [row] = await queryRows<NamedEntry>(
      db,
      namedEntries(farmId, sql`${moneyEntries}`, sql`m.farm_id = ${farmId} and m.id = ${id}`),
    );
    return row ? parse<MoneyEntry>(entryOf(row)) : null;
  }

  return {
    find,

    /** Whether the farm has this group / this animal. */
    async hasGroup(farmId: string, groupId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}`,
      );
      return rows.length > 0;
    },
    async hasAnimal(farmId: string, animalId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from ${animals} where farm_id = ${farmId} and id = ${animalId}`,
      );
      return rows.length > 0;
    },

    /**
     * Writes an entry unless the farm already has its id; false when nothing was written (a repeat,
     * or its group or animal deleted meanwhile: the keys refuse, and the caller reads what is stored).
     */
    async insert(farmId: string, row: NewMoneyEntry): Promise<boolean> {
      const written = await queryRows(
        db,
        sql`insert into ${moneyEntries} (id, farm_id, kind, occurred_on, amount, category, group_id, animal_id,
            quantity, quantity_unit, note, recorded_by)
          values (${row.id}, ${farmId}, ${row.kind}, ${row.occurredOn}::date, ${row.amount}::numeric,
            ${row.category}, ${row.groupId}::uuid, ${row.animalId}::uuid, ${row.quantity}::numeric,
            ${row.quantityUnit}, ${row.note}, ${row.recordedBy}::uuid)
          on conflict (farm_id, id) do nothing
          returning id`,
      );
      return written.length > 0;
    },

    /** Changes the fields given; false when the farm has no such entry. */
    async update(farmId: string, id: string, changes: MoneyEntryChanges): Promise<boolean> {
      const sets = changedColumns(changes, {
        kind: 'kind',
        occurredOn: 'occurred_on',
        amount: 'amount',
        category: 'category',
        groupId: 'group_id',
        animalId: 'animal_id',
        quantity: 'quantity',
        quantityUnit: 'quantity_unit',
        note: 'note',
      });
      const rows = await queryRows(
        db,
        sql`update ${moneyEntries} set ${sets} where farm_id = ${farmId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /** Deletes an entry; false when the farm has no such entry. */
    async remove(farmId: string, id: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from ${moneyEntries} where farm_id = ${farmId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /**
     * The income of an animal's sale, in the caller's transaction: written, or replaced (one per
     * animal), or with `amount` null removed. The animal must be the farm's: the key refuses another.
     */
    async saleIncome(
      tx: Transaction,
      farmId: string,
      sale: {
        id: string;
        animalId: string;
        occurredOn: string;
        amount: string | null;
        note: string | null;
        recordedBy: string | null;
      },
    ): Promise<void> {
      if (sale.amount === null) {
        await tx.execute(
          sql`delete from ${moneyEntries} where farm_id = ${farmId} and animal_sale_of = ${sale.animalId}`,
        );
        return;
      }
      await tx.execute(
        sql`insert into ${moneyEntries} (id, farm_id, kind, occurred_on, amount, category, animal_id, note,
            animal_sale_of, recorded_by)
          values (${sale.id}, ${farmId}, 'income', ${sale.occurredOn}::date, ${sale.amount}::numeric,
            ${animalSaleCategory}, ${sale.animalId}, ${sale.note}, ${sale.animalId}, ${sale.recordedBy}::uuid)
          on conflict (farm_id, animal_sale_of) where animal_sale_of is not null do update
            set occurred_on = excluded.occurred_on, amount = excluded.amount, note = excluded.note,
              animal_id = excluded.animal_id, updated_at = now()`,
      );
    },

    /**
     * One page of the farm's money, newest first, as the JSON text of Page<MoneyEntry>: one
     * statement. Each source (the entries, the cabinet's priced lots) gives only as many of its
     * newest rows as the page can reach (the entries a slice of their index), the page is sliced
     * from their union, and only its rows get their group's, animal's and recorder's names,
     * spliced into the JSON each entry keeps (`item`, migration 0044). A farm's page and a group's
     * are two statements (a group has no lots), and the days and the kind are compared to their
     * coalesced bounds, never `$x is null or …`: the plan PostgreSQL keeps for a prepared
     * statement can then use the index of the entries' order (decision 0053).
     */
    async list(farmId: string, filter: MoneyFilter, offset: number, limit: number): Promise<string> {
      const order = sql`occurred_on desc, created_at desc, id desc`;
      const asked = sql`occurred_on between coalesce(${filter.from}::date, '-infinity')
          and coalesce(${filter.to}::date, 'infinity')
        and kind = coalesce(${filter.kind}::text, kind)`;
      const reach = offset + limit + 1;
      const entries = sql`(select e.id, e.occurred_on, e.created_at, e.item, e.group_id, e.animal_id,
          e.recorded_by from ${moneyEntries} e
        where e.farm_id = ${farmId} ${filter.groupId ? sql`and e.group_id = ${filter.groupId}` : sql``} and ${asked}
        order by ${order} limit ${reach})`;
      const lots = filter.groupId
        ? sql``
        : sql`union all (select lot.id, lot.occurred_on, lot.created_at,
            (select row_to_json(item)::text from (select ${lotFields(sql`lot`)}) item) as item,
            lot.group_id, lot.animal_id, lot.recorded_by
          from (${medicineExpenses(farmId)}) lot
          where ${asked} order by ${order} limit ${reach})`;
      const rows = await queryRows<NamedEntry>(
        db,
        sql`${namedEntries(
          farmId,
          sql`(select * from (${entries} ${lots}) sources order by ${order} offset ${offset} limit ${limit + 1})`,
        )}
          order by m.occurred_on desc, m.created_at desc, m.id desc`,
      );
      return pageText(rows.map(entryOf), offset, limit);
    },

    /**
     * The Money page's figures for the period, the farm's or one group's: totals, every month,
     * each category, each group, and the expenses per dozen saleable eggs and per unit of saleable
     * milk (in the farm's milk unit) of the same scope. One statement whatever the history; null
     * when `groupId` is not the farm's.
     */
    async summary(farmId: string, period: { from: string; to: string }, groupId: string | null) {
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`with farm as (
            select currency, milk_unit from ${farms} where id = ${farmId}
          ), money as (
            select kind, occurred_on, amount, category, group_id from ${moneyEntries}
            where farm_id = ${farmId} and occurred_on between ${period.from}::date and ${period.to}::date
              and (${groupId}::uuid is null or group_id = ${groupId}::uuid)
            union all
            select kind, occurred_on, amount, category, group_id from (${medicineExpenses(farmId)}) lot
            where ${groupId}::uuid is null and occurred_on between ${period.from}::date and ${period.to}::date
          ), months as (
            select month::date from generate_series(date_trunc('month', ${period.from}::date),
              date_trunc('month', ${period.to}::date), interval '1 month') month
          ), by_month as (
            select months.month, ${income} as income, ${expenses} as expenses
            from months left join money on date_trunc('month', money.occurred_on) = months.month
            group by months.month
          ), by_category as (
            select kind, category, sum(amount) as amount from money group by kind, category
          ), by_group as (
            select money.group_id, g.name, ${income} as income, ${expenses} as expenses
            from money left join ${groups} g on g.farm_id = ${farmId} and g.id = money.group_id
            group by money.group_id, g.name
          ), totals as (
            select ${income} as income, ${expenses} as expenses from money
          ), eggs as (
            select coalesce(sum(eggs - discarded), 0)::numeric as saleable from ${eggCollections}
            where farm_id = ${farmId} and collected_on between ${period.from}::date and ${period.to}::date
              and (${groupId}::uuid is null or group_id = ${groupId}::uuid)
          ), milk as (
            select coalesce(sum((r.amount - r.discarded) * ${kilogramsOf(sql`r.unit::text`)}), 0)
              / ${kilogramsOf(sql`(select milk_unit::text from farm)`)} as saleable
            from ${milkRecords} r
            where r.farm_id = ${farmId} and r.milked_on between ${period.from}::date and ${period.to}::date
              and (${groupId}::uuid is null or r.group_id = ${groupId}::uuid)
          )
          select case when ${groupId}::uuid is null or exists (
              select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}::uuid)
            then json_build_object(
              'currency', (select currency from farm),
              'totals', (select json_build_object('income', income::float8, 'expenses', expenses::float8,
                'net', (income - expenses)::float8) from totals),
              'byMonth', (select json_agg(json_build_object('month', to_char(month, 'YYYY-MM'),
                'income', income::float8, 'expenses', expenses::float8) order by month) from by_month),
              'byCategory', coalesce((select json_agg(json_build_object('kind', kind, 'category', category,
                'amount', amount::float8) order by amount desc, kind, category) from by_category), '[]'::json),
              'byGroup', coalesce((select json_agg(json_build_object('groupId', group_id, 'groupName', name,
                'income', income::float8, 'expenses', expenses::float8) order by name nulls last, group_id)
                from by_group), '[]'::json),
              'eggs', (select case when eggs.saleable > 0 then json_build_object('eggs', eggs.saleable::int,
                'costPerDozen', round(totals.expenses * 12 / eggs.saleable, 2)::float8) end from eggs, totals),
              'milk', (select case when round(milk.saleable, 2) > 0 then json_build_object(
                'amount', round(milk.saleable, 2)::float8, 'unit', (select milk_unit from farm),
                'costPerUnit', round(totals.expenses / round(milk.saleable, 2), 2)::float8) end from milk, totals)
            )::text end as body`,
      );
      return parse<Omit<MoneySummary, 'from' | 'to' | 'groupId'>>(row?.body);
    },

    /**
     * A group's feed bought in the period (expenses filed under Feed for the group): each purchase
     * newest first, every month's sum, the total, the first purchase's day and the group's animals
     * now. One statement; null when the group is not the farm's.
     */
    async feed(farmId: string, groupId: string, period: { from: string; to: string }) {
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`with purchases as (
            select id, occurred_on, amount, quantity, quantity_unit, note, created_at from ${moneyEntries}
            where farm_id = ${farmId} and group_id = ${groupId} and kind = 'expense'
              and lower(category) = lower(${feedCategory})
              and occurred_on between ${period.from}::date and ${period.to}::date
          ), months as (
            select month::date from generate_series(date_trunc('month', ${period.from}::date),
              date_trunc('month', ${period.to}::date), interval '1 month') month
          )
          select case when exists (select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId})
            then json_build_object(
              'currency', (select currency from ${farms} where id = ${farmId}),
              'animals', (select count(*)::int from ${animalGroups} where farm_id = ${farmId} and group_id = ${groupId}),
              'total', (select coalesce(sum(amount), 0)::float8 from purchases),
              'firstDay', (select min(occurred_on)::text from purchases),
              'byMonth', (select json_agg(json_build_object('month', to_char(months.month, 'YYYY-MM'),
                  'amount', coalesce((select sum(amount) from purchases
                    where date_trunc('month', occurred_on) = months.month), 0)::float8) order by months.month)
                from months),
              'purchases', coalesce((select json_agg(json_build_object('id', id, 'occurredOn', occurred_on::text,
                  'amount', amount::float8, 'quantity', quantity::float8, 'quantityUnit', quantity_unit,
                  'note', note) order by occurred_on desc, created_at desc, id desc) from purchases), '[]'::json)
            )::text end as body`,
      );
      return parse<{
        currency: Currency;
        animals: number;
        total: number;
        firstDay: string | null;
        byMonth: { month: string; amount: number }[];
        purchases: GroupFeed['purchases'];
      }>(row?.body);
    },
  };
}

export type MoneyRepo = ReturnType<typeof createMoneyRepo>;
