// Milk records and what they add up to. Every query filters by the caller's farm and joins on
// farm_id as well as the id (decision 0013); each read is one statement whatever the history.
// Amounts are summed in kilograms of milk and answered in the farm's unit, with the factors of
// src/shared/units/milk.ts, so that a farm that switched units still adds up.
import { sql, type SQL } from 'drizzle-orm';
import {
  milkUnits,
  type MilkProduction,
  type MilkRecord,
  type MilkUnit,
  type MilkWithdrawal,
  type Milking,
} from '../../../shared/schemas/milk';
import type { Lactation } from '../../../shared/schemas/records';
import { kilogramsPer } from '../../../shared/units/milk';
import type { Database } from '../../db/database';
import { animalGroups, animals, breedings, careEntries, groups, milkRecords } from '../../db/schema';
import {
  changedColumns,
  isoTimestamp,
  jsonObject,
  queryRows,
  readPage,
  recordedBy,
  recorderJoin,
} from '../../db/sql-text';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewMilkRecord = {
  id: string;
  animalId: string;
  groupId: string | null;
  milkedOn: string;
  milking: Milking;
  amount: number;
  unit: MilkUnit;
  discarded: number;
  note: string | null;
  recordedBy: string;
};

export type MilkRecordChanges = Partial<
  Pick<NewMilkRecord, 'milkedOn' | 'milking' | 'amount' | 'unit' | 'discarded' | 'note'>
>;

/**
 * A record (alias given, its animal's name beside it as `animal_name`, its recorder joined by
 * recorderJoin) as the fields of MilkRecord (jsonObject).
 */
const recordFields = (r: SQL) => sql`${r}.id, ${r}.animal_id as "animalId", ${r}.animal_name as "animalName",
  ${r}.group_id as "groupId", ${r}.milked_on::text as "milkedOn", ${r}.milking, ${r}.amount::float8 as amount,
  ${r}.unit, ${r}.discarded::float8 as discarded, (${r}.amount - ${r}.discarded)::float8 as saleable, ${r}.note,
  ${recordedBy}, ${r}.recorded_by as "recordedById",
  ${isoTimestamp(sql`${r}.created_at`)} as "createdAt", ${isoTimestamp(sql`${r}.updated_at`)} as "updatedAt"`;

/** Records with their animal's name, as the rows `withName` reads them from (`rows`). */
const named = (rows: SQL) => sql`select r.*, a.name as animal_name, a.name_key from ${rows} r
  join ${animals} a on a.farm_id = r.farm_id and a.id = r.animal_id`;

/** `column` (an amount in `unitColumn`) in kilograms of milk, unrounded. */
const kilograms = (column: SQL, unitColumn: SQL) =>
  sql`(${column} * (case ${unitColumn} ${sql.join(
    milkUnits.map((unit) => sql`when ${unit} then ${String(kilogramsPer(unit))}::numeric`),
    sql` `,
  )} end))`;

/** Kilograms of milk in one of `unit`: a sum in kilograms divided by it is in `unit`. */
const kilogramsIn = (unit: MilkUnit) => sql`${String(kilogramsPer(unit))}::numeric`;

/** `column` (an amount in `unitColumn`) in `to`, unrounded: through kilograms of milk. */
const inUnit = (column: SQL, unitColumn: SQL, to: MilkUnit) =>
  sql`(${kilograms(column, unitColumn)} / ${kilogramsIn(to)})`;

/** json_build_object's pairs of {amount, saleable, discarded}: an amount and what of it was discarded. */
const amountPairs = (amount: SQL, discarded: SQL) =>
  sql`'amount', ${amount}, 'saleable', ${amount} - ${discarded}, 'discarded', ${discarded}`;

/**
 * {amount, saleable, discarded} of the rows `x` in `from` (their kilograms `a` and discarded `d`),
 * in the unit `per` kilograms make one of, rounded to two decimals.
 */
const totalsOf = (from: SQL, per: SQL) => sql`(select json_build_object(${amountPairs(sql`t.a`, sql`t.d`)})
  from (select round(coalesce(sum(x.a), 0) / ${per}, 2) as a, round(coalesce(sum(x.d), 0) / ${per}, 2) as d
    from ${from}) t)`;

/**
 * A doe's recorded births, the last one on or before `day`: a kid with her as dam (its birth date),
 * or a breeding of hers marked born (Record Birth writes both; either alone counts). `d` is the doe.
 */
const lastBirth = (d: SQL, day: SQL) => sql`greatest(
  (select max(k.birth_date) from ${animals} k
    where k.farm_id = ${d}.farm_id and k.dam_id = ${d}.id and k.birth_date <= ${day}),
  (select max(br.born_on) from ${breedings} br
    where br.farm_id = ${d}.farm_id and br.dam_id = ${d}.id and br.born_on <= ${day}))`;

const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);

export function createMilkRepo(db: Database) {
  async function findMany(farmId: string, ids: string[]): Promise<MilkRecord[]> {
    if (!ids.length) return [];
    const rows = await queryRows<{ body: string }>(
      db,
      sql`select row_to_json(item)::text as body from (select ${recordFields(sql`r`)}
        from (${named(sql`${milkRecords}`)}) r ${recorderJoin(sql`r.recorded_by`)}
        where r.farm_id = ${farmId} and r.id = any(${`{${ids.join(',')}}`}::uuid[])) item`,
    );
    return rows.map((row) => JSON.parse(row.body) as MilkRecord);
  }

  return {
    findMany,

    find: async (farmId: string, id: string): Promise<MilkRecord | null> =>
      (await findMany(farmId, [id]))[0] ?? null,

    /** Of `ids`, the farm's animals, each with whether she is female. */
    async animalsAmong(farmId: string, ids: string[]): Promise<Map<string, { female: boolean }>> {
      const rows = await queryRows<{ id: string; female: boolean }>(
        db,
        sql`select a.id, a.sex = 'female' as female from ${animals} a
          where a.farm_id = ${farmId} and a.id = any(${`{${ids.join(',')}}`}::uuid[])`,
      );
      return new Map(rows.map((row) => [row.id, { female: row.female === true }]));
    },

    /** Whether the farm has this group. */
    async hasGroup(farmId: string, groupId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}`,
      );
      return rows.length > 0;
    },

    /** Whether the farm has this animal. */
    async hasAnimal(farmId: string, animalId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from ${animals} where farm_id = ${farmId} and id = ${animalId}`,
      );
      return rows.length > 0;
    },

    /**
     * The does under a milk withdrawal on `day` — the group's females, or the animals given — each
     * with her latest last day, by name: a dose given on or before the day whose period has not
     * ended by then (withdrawal_last_day, the rule of src/shared/care/withdrawal.ts), as eggs do.
     */
    milkWithdrawal: (
      farmId: string,
      among: { groupId: string } | { animalIds: string[] },
      day: string,
    ): Promise<MilkWithdrawal[]> =>
      queryRows<MilkWithdrawal>(
        db,
        sql`select a.id as "animalId", a.name,
            max(withdrawal_last_day(c.date_recorded, c.milk_withdrawal_days))::text as until
          from ${animals} a
          join ${careEntries} c on c.farm_id = a.farm_id and c.animal_id = a.id
          where a.farm_id = ${farmId} and ${
            'groupId' in among
              ? sql`a.sex = 'female' and exists (select 1 from ${animalGroups} ag
                  where ag.farm_id = a.farm_id and ag.animal_id = a.id and ag.group_id = ${among.groupId})`
              : sql`a.id = any(${`{${among.animalIds.join(',')}}`}::uuid[])`
          }
            and c.type = 'medical' and c.milk_withdrawal_days > 0 and c.date_recorded <= ${day}::date
            and withdrawal_last_day(c.date_recorded, c.milk_withdrawal_days) >= ${day}::date
          group by a.id, a.name, a.name_key
          order by a.name_key, a.id`,
      ),

    /**
     * Writes the records whose ids the farm does not hold yet, in the caller's transaction, in one
     * statement; only those of a female animal of the farm (and, when given, with the farm's group)
     * are written. Answers the ids written.
     */
    async insert(tx: Transaction, farmId: string, rows: NewMilkRecord[]): Promise<string[]> {
      const written = await queryRows<{ id: string }>(
        tx,
        sql`insert into ${milkRecords} (id, farm_id, animal_id, group_id, milked_on, milking, amount, unit,
            discarded, note, recorded_by)
          select n.id, a.farm_id, a.id, g.id, n.milked_on, n.milking, n.amount, n.unit, n.discarded, n.note,
            n.recorded_by
          from json_to_recordset(${JSON.stringify(
            rows.map((row) => ({
              id: row.id,
              animal_id: row.animalId,
              group_id: row.groupId,
              milked_on: row.milkedOn,
              milking: row.milking,
              amount: row.amount,
              unit: row.unit,
              discarded: row.discarded,
              note: row.note,
              recorded_by: row.recordedBy,
            })),
          )}::json) as n(id uuid, animal_id uuid, group_id uuid, milked_on date, milking milking,
            amount numeric, unit milk_unit, discarded numeric, note text, recorded_by uuid)
          join ${animals} a on a.farm_id = ${farmId} and a.id = n.animal_id and a.sex = 'female'
          left join ${groups} g on g.farm_id = ${farmId} and g.id = n.group_id
          where n.group_id is null or g.id is not null
          on conflict (farm_id, id) do nothing
          returning id`,
      );
      return written.map((row) => row.id);
    },

    /** Changes the fields given; null when the farm has no such record. */
    async update(farmId: string, id: string, changes: MilkRecordChanges): Promise<MilkRecord | null> {
      const sets = changedColumns(changes, {
        milkedOn: 'milked_on',
        milking: 'milking',
        amount: 'amount',
        unit: 'unit',
        discarded: 'discarded',
        note: 'note',
      });
      const [written] = await queryRows<{ body: string }>(
        db,
        sql`with upd as (
            update ${milkRecords} set ${sets} where farm_id = ${farmId} and id = ${id} returning *
          )
          select ${jsonObject(recordFields(sql`r`), sql`(${named(sql`upd`)}) r ${recorderJoin(sql`r.recorded_by`)}`)}::text as body`,
      );
      return parse<MilkRecord>(written?.body);
    },

    /** Deletes a record; false when the farm has no such record. */
    async remove(farmId: string, id: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from ${milkRecords} where farm_id = ${farmId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /**
     * One page of records, newest first, as the JSON text of Page<MilkRecord>: one statement. A
     * group's records are its current does' (memberships keep no history).
     */
    async list(
      farmId: string,
      filter: { animalId?: string; groupId?: string; from?: string; to?: string },
      offset: number,
      limit: number,
    ): Promise<string> {
      const { animalId = null, groupId = null, from = null, to = null } = filter;
      const order = sql`milked_on desc, milking desc, created_at desc, id desc`;
      // a statement per filter given (a farm's, an animal's, a group's does'), each a slice of an
      // index: never `$x is null or …`, which no plan kept for a prepared statement can use
      const ofAnimal = animalId ? sql`and r.animal_id = ${animalId}` : sql``;
      const ofGroup = groupId
        ? sql`and exists (select 1 from ${animalGroups} ag
            where ag.farm_id = r.farm_id and ag.animal_id = r.animal_id and ag.group_id = ${groupId})`
        : sql``;
      return readPage(
        db,
        named(sql`(select r.* from ${milkRecords} r
          where r.farm_id = ${farmId} ${ofAnimal} ${ofGroup}
            and r.milked_on between coalesce(${from}::date, '-infinity') and coalesce(${to}::date, 'infinity')
          order by ${order} offset ${offset} limit ${limit + 1})`),
        order,
        recordFields,
        offset,
        limit,
      );
    },

    /**
     * Milk of a group's does (its current females), one doe, or the farm, in `unit`: today, this
     * week (Monday on), and per doe her last milking, her 7-day average, her lactation since her
     * last recorded birth and her last 30 days. One statement whatever the history; null when
     * `groupId` or `animalId` is not the farm's.
     */
    async production(
      farmId: string,
      among: { groupId: string | null; animalId: string | null },
      today: string,
      unit: MilkUnit,
    ): Promise<Pick<MilkProduction, 'todayTotals' | 'week' | 'does'> | null> {
      const { groupId, animalId } = among;
      const per = kilogramsIn(unit);
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`with bounds as (
            select ${today}::date as today, date_trunc('week', ${today}::date)::date as week_from
          ), does as (
            select a.id, a.name, a.name_key, ${lastBirth(sql`a`, sql`b.today`)} as lactation_start
            from ${animals} a, bounds b
            where a.farm_id = ${farmId} and (${animalId}::uuid is null or a.id = ${animalId}::uuid)
              and (${groupId}::uuid is null or exists (select 1 from ${animalGroups} ag
                where ag.farm_id = a.farm_id and ag.animal_id = a.id and ag.group_id = ${groupId}::uuid))
              and exists (select 1 from ${milkRecords} m where m.farm_id = a.farm_id and m.animal_id = a.id)
          ), day_sums as (
            -- each doe's kilograms a day, in one pass over the records the figures below need: her
            -- lactation's (all of hers when no birth is recorded) and at least her last 30 days'.
            -- Every figure then reads days, not records, and is put in the farm's unit once
            select m.animal_id, m.milked_on, sum(${kilograms(sql`m.amount`, sql`m.unit`)}) as a,
              sum(${kilograms(sql`m.discarded`, sql`m.unit`)}) as d
            from does x join ${milkRecords} m on m.farm_id = ${farmId} and m.animal_id = x.id, bounds b
            where m.milked_on <= b.today
              and (x.lactation_start is null or m.milked_on >= least(x.lactation_start, b.today - 29))
            group by m.animal_id, m.milked_on
          ), per_doe as materialized (
            -- materialized, as by_day, so computed once: inlined, the planner's guess of one doe
            -- joined them by nested loop and worked out every doe's figures again for each doe
            select x.id,
              round(coalesce(sum(s.a) filter (where s.milked_on >= b.today - 6), 0) / ${per} / 7, 2) as average7,
              round(coalesce(sum(s.a) filter (where x.lactation_start is null
                or s.milked_on >= x.lactation_start), 0) / ${per}, 2) as la,
              round(coalesce(sum(s.d) filter (where x.lactation_start is null
                or s.milked_on >= x.lactation_start), 0) / ${per}, 2) as ld
            from does x cross join bounds b left join day_sums s on s.animal_id = x.id
            group by x.id
          ), by_day as materialized (
            select dd.id, json_agg(json_build_object('date', dd.day::text, ${amountPairs(sql`dd.a`, sql`dd.d`)})
              order by dd.day) as days
            from (select x.id, (b.today - n)::date as day, round(coalesce(s.a, 0) / ${per}, 2) as a,
                round(coalesce(s.d, 0) / ${per}, 2) as d
              from does x cross join bounds b cross join generate_series(0, 29) n
              left join day_sums s on s.animal_id = x.id and s.milked_on = b.today - n) dd
            group by dd.id
          )
          select case when (${groupId}::uuid is null or exists (
              select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}::uuid))
            and (${animalId}::uuid is null or exists (
              select 1 from ${animals} where farm_id = ${farmId} and id = ${animalId}::uuid))
          then json_build_object(
            'todayTotals', ${totalsOf(sql`day_sums x, bounds b where x.milked_on = b.today`, per)},
            'week', (select json_build_object('from', b.week_from::text) from bounds b)::jsonb
              || ${totalsOf(sql`day_sums x, bounds b where x.milked_on between b.week_from and b.today`, per)}::jsonb,
            'does', coalesce((select json_agg(json_build_object(
                'animalId', d.id, 'name', d.name,
                -- her last milking: her last day, the top of her slice of the index, then that
                -- day's milkings sorted (not every milking of hers)
                'lastMilking', (select json_build_object('milkedOn', m.milked_on::text, 'milking', m.milking,
                    'amount', round(${kilograms(sql`m.amount`, sql`m.unit`)} / ${per}, 2))
                  from ${milkRecords} m where m.farm_id = ${farmId} and m.animal_id = d.id
                    and m.milked_on = (select l.milked_on from ${milkRecords} l
                      where l.farm_id = ${farmId} and l.animal_id = d.id and l.milked_on <= b.today
                      order by l.milked_on desc limit 1)
                  order by m.milking desc, m.created_at desc, m.id desc limit 1),
                'average7', p.average7,
                'lactationStart', d.lactation_start::text,
                'daysInMilk', b.today - d.lactation_start,
                'lactation', json_build_object(${amountPairs(sql`p.la`, sql`p.ld`)}),
                'byDay', y.days
              ) order by d.name_key, d.id)
              from does d join per_doe p on p.id = d.id join by_day y on y.id = d.id, bounds b), '[]'::json)
          )::text end as body`,
      );
      return parse(row?.body);
    },

    /**
     * A doe's milk per lactation, in `unit`: from each recorded birth to the day before the next,
     * and before her first birth one period of its own; only periods with milk, oldest first.
     * One statement.
     */
    async lactations(farmId: string, animalId: string, unit: MilkUnit): Promise<Lactation[]> {
      const [row] = await queryRows<{ body: string }>(
        db,
        sql`with births as (
            select distinct day from (
              select k.birth_date as day from ${animals} k
                where k.farm_id = ${farmId} and k.dam_id = ${animalId}::uuid and k.birth_date is not null
              union all
              select b.born_on from ${breedings} b
                where b.farm_id = ${farmId} and b.dam_id = ${animalId}::uuid and b.born_on is not null
            ) all_births
          ), periods as (
            select null::date as start, (select min(day) from births) as next
            union all
            select day, (select min(n.day) from births n where n.day > births.day) from births
          ), r as (
            select m.milked_on, ${inUnit(sql`m.amount`, sql`m.unit`, unit)} as amount,
              ${inUnit(sql`m.discarded`, sql`m.unit`, unit)} as discarded
            from ${milkRecords} m where m.farm_id = ${farmId} and m.animal_id = ${animalId}::uuid
          ), totals as (
            select p.start, p.next, min(r.milked_on) as first_milked, max(r.milked_on) as last_milked,
              count(distinct r.milked_on)::int as days,
              round(sum(r.amount), 2) as a, round(sum(r.discarded), 2) as d
            from periods p join r on (p.start is null or r.milked_on >= p.start)
              and (p.next is null or r.milked_on < p.next)
            group by p.start, p.next
          )
          select coalesce(json_agg(json_build_object(
            'from', start::text, 'to', (next - 1)::text, 'firstMilked', first_milked::text,
            'lastMilked', last_milked::text, 'days', days,
            ${amountPairs(sql`a`, sql`d`)}
          ) order by first_milked), '[]'::json)::text as body from totals`,
      );
      return JSON.parse(row!.body) as Lactation[];
    },
  };
}

export type MilkRepo = ReturnType<typeof createMilkRepo>;
