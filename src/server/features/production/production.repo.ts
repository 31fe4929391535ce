// Egg collections and what they add up to. Every query filters by the caller's farm and joins on
// farm_id as well as the id (decision 0013); each read is one statement whatever the history.
import { sql, type SQL } from 'drizzle-orm';
import type { EggCollection, EggProduction, EggWithdrawal } from '../../../shared/schemas/production';
import type { Database } from '../../db/database';
import { animalGroups, animals, careEntries, eggCollections, groups, species } from '../../db/schema';
import { changedColumns, pageText, queryRows, recordedBy, recorderJoin, withFields } from '../../db/sql-text';

export type NewCollection = {
  id: string;
  groupId: string;
  collectedOn: string;
  eggs: number;
  cracked: number | null;
  dirty: number | null;
  small: number | null;
  discarded: number;
  note: string | null;
  recordedBy: string;
};

export type CollectionChanges = Partial<Omit<NewCollection, 'id' | 'groupId' | 'recordedBy'>>;

/**
 * The collections of `rows` (alias `e`: a table or a CTE, with their `item`, migration 0042) with
 * their group's and recorder's names beside each, for `collectionOf`.
 */
const namedCollections = (rows: SQL, where: SQL = sql`true`) =>
  // the group's name looked up by its key for each row, never a join the planner may make by
  // reading every farm's groups (a hash join did, at 1,000 farms: 0.8 of the list's 1.2 ms)
  sql`select e.item, (select g.name from ${groups} g where g.farm_id = e.farm_id and g.id = e.group_id) as "groupName",
    ${recordedBy} from ${rows} e
    ${recorderJoin(sql`e.recorded_by`)}
    where ${where}`;

type NamedCollection = { item: string; groupName: string | null; recordedBy: string | null };

/** A collection's JSON text (EggCollection): its kept item with its names spliced in. */
const collectionOf = ({ item, groupName, recordedBy }: NamedCollection) =>
  withFields(item, { groupName, recordedBy });

const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);

export function createProductionRepo(db: Database) {
  async function find(farmId: string, id: string): Promise<EggCollection | null> {
    const [row] = await queryRows<NamedCollection>(
      db,
      namedCollections(sql`${eggCollections}`, sql`e.farm_id = ${farmId} and e.id = ${id}`),
    );
    return row ? parse<EggCollection>(collectionOf(row)) : null;
  }

  return {
    find,

    /** Whether the farm has this group. */
    async hasGroup(farmId: string, groupId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}`,
      );
      return rows.length > 0;
    },

    /**
     * The group's animals under an egg withdrawal on `day`: a dose given on or before it whose
     * period has not ended by then (withdrawal_last_day, the rule of src/shared/care/withdrawal.ts),
     * each with its latest last day, by name. The group's members today stand for its members on
     * that day: memberships keep no history.
     */
    eggWithdrawal: (farmId: string, groupId: string, day: string): Promise<EggWithdrawal[]> =>
      queryRows<EggWithdrawal>(
        db,
        sql`select a.id as "animalId", a.name,
            max(withdrawal_last_day(c.date_recorded, c.egg_withdrawal_days))::text as until
          from ${animalGroups} ag
          join ${animals} a on a.farm_id = ag.farm_id and a.id = ag.animal_id
          join ${careEntries} c on c.farm_id = a.farm_id and c.animal_id = a.id
          where ag.farm_id = ${farmId} and ag.group_id = ${groupId}
            and c.type = 'medical' and c.egg_withdrawal_days > 0 and c.date_recorded <= ${day}::date
            and withdrawal_last_day(c.date_recorded, c.egg_withdrawal_days) >= ${day}::date
          group by a.id, a.name, a.name_key
          order by a.name_key, a.id`,
      ),

    /**
     * Writes a collection unless the farm already has its id; null when nothing was written (a
     * repeat, or the group is gone): one statement, so a group deleted meanwhile is no error.
     */
    async insert(farmId: string, row: NewCollection): Promise<EggCollection | null> {
      const [written] = await queryRows<NamedCollection>(
        db,
        sql`with ins as (
            insert into ${eggCollections} (id, farm_id, group_id, collected_on, eggs, cracked, dirty, small,
              discarded, note, recorded_by)
            select ${row.id}, g.farm_id, g.id, ${row.collectedOn}::date, ${row.eggs}, ${row.cracked}::int,
              ${row.dirty}::int, ${row.small}::int, ${row.discarded}, ${row.note}, ${row.recordedBy}::uuid
            from ${groups} g where g.farm_id = ${farmId} and g.id = ${row.groupId}
            on conflict (farm_id, id) do nothing
            returning *
          )
          ${namedCollections(sql`ins`)}`,
      );
      return written ? parse<EggCollection>(collectionOf(written)) : null;
    },

    /** Changes the fields given; null when the farm has no such collection. */
    async update(farmId: string, id: string, changes: CollectionChanges): Promise<EggCollection | null> {
      const sets = changedColumns(changes, {
        collectedOn: 'collected_on',
        eggs: 'eggs',
        cracked: 'cracked',
        dirty: 'dirty',
        small: 'small',
        discarded: 'discarded',
        note: 'note',
      });
      const [written] = await queryRows<NamedCollection>(
        db,
        sql`with upd as (
            update ${eggCollections} set ${sets}
            where farm_id = ${farmId} and id = ${id}
            returning *
          )
          ${namedCollections(sql`upd`)}`,
      );
      return written ? parse<EggCollection>(collectionOf(written)) : null;
    },

    /** Deletes a collection; false when the farm has no such collection. */
    async remove(farmId: string, id: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from ${eggCollections} where farm_id = ${farmId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /**
     * One page of collections, newest first, as the JSON text of Page<EggCollection>: one
     * statement. Each collection's JSON is kept with its row (`item`, migration 0042); its group's
     * and its recorder's names are spliced in (they change on their own). A farm's page and a
     * group's are two statements, each a slice of its own index whatever the days asked: with
     * `$group is null or group_id = $group` the one plan PostgreSQL keeps for a prepared statement
     * sorted every collection of the farm, and it planned each request afresh instead.
     */
    async list(
      farmId: string,
      filter: { groupId: string | null; from: string | null; to: string | null },
      offset: number,
      limit: number,
    ): Promise<string> {
      const rows = await queryRows<NamedCollection>(
        db,
        sql`${namedCollections(
          sql`(select * from ${eggCollections} e
            where e.farm_id = ${farmId} ${filter.groupId ? sql`and e.group_id = ${filter.groupId}` : sql``}
              and e.collected_on between coalesce(${filter.from}::date, '-infinity')
                and coalesce(${filter.to}::date, 'infinity')
            order by e.collected_on desc, e.created_at desc, e.id desc
            offset ${offset} limit ${limit + 1})`,
        )}
          order by e.collected_on desc, e.created_at desc, e.id desc`,
      );
      return pageText(rows.map(collectionOf), offset, limit);
    },

    /**
     * Eggs of a group (or the farm): today, this week (Monday on), the last 30 days by day and the
     * last 12 months by month, saleable and discarded apart, and the female chickens to divide the
     * lay rate by. One statement whatever the history; null when `groupId` is not the farm's.
     */
    async eggProduction(
      farmId: string,
      groupId: string | null,
      today: string,
    ): Promise<Omit<EggProduction, 'layRate' | 'groupId' | 'today'> | null> {
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`with bounds as (
            select ${today}::date as today,
              (date_trunc('month', ${today}::date) - interval '11 months')::date as month_from,
              date_trunc('week', ${today}::date)::date as week_from
          ), c as (
            select e.collected_on, e.eggs, e.discarded from ${eggCollections} e, bounds b
            where e.farm_id = ${farmId} and (${groupId}::uuid is null or e.group_id = ${groupId}::uuid)
              and e.collected_on between least(b.month_from, b.today - 29) and b.today
          ), days as (
            select (b.today - n)::date as day from bounds b, generate_series(0, 29) n
          ), by_day as (
            select days.day, coalesce(sum(c.eggs), 0)::int as eggs, coalesce(sum(c.discarded), 0)::int as discarded
            from days left join c on c.collected_on = days.day group by days.day
          ), months as (
            select (b.month_from + make_interval(months => n))::date as month from bounds b, generate_series(0, 11) n
          ), by_month as (
            select months.month, coalesce(sum(c.eggs), 0)::int as eggs, coalesce(sum(c.discarded), 0)::int as discarded
            from months left join c on date_trunc('month', c.collected_on)::date = months.month
            group by months.month
          ), week as (
            select coalesce(sum(c.eggs), 0)::int as eggs, coalesce(sum(c.discarded), 0)::int as discarded
            from c, bounds b where c.collected_on >= b.week_from
          ), hens as (
            select count(*)::int as n from ${animals} a
            join ${species} s on s.id = a.species_id
            where a.farm_id = ${farmId} and a.sex = 'female' and lower(s.name) = 'chicken'
              and (${groupId}::uuid is null or exists (
                select 1 from ${animalGroups} ag
                where ag.farm_id = a.farm_id and ag.animal_id = a.id and ag.group_id = ${groupId}::uuid))
          )
          select case when ${groupId}::uuid is null or exists (
              select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}::uuid)
            then json_build_object(
              'hens', (select n from hens),
              'todayCounts', (select json_build_object('eggs', eggs, 'saleable', eggs - discarded, 'discarded', discarded)
                from by_day, bounds b where by_day.day = b.today),
              'week', (select json_build_object('from', b.week_from::text, 'eggs', eggs,
                'saleable', eggs - discarded, 'discarded', discarded) from week, bounds b),
              'byDay', (select json_agg(json_build_object('date', day::text, 'eggs', eggs,
                'saleable', eggs - discarded, 'discarded', discarded) order by day) from by_day),
              'byMonth', (select json_agg(json_build_object('month', to_char(month, 'YYYY-MM'), 'eggs', eggs,
                'saleable', eggs - discarded, 'discarded', discarded) order by month) from by_month)
            )::text end as body`,
      );
      return parse(row?.body);
    },
  };
}

export type ProductionRepo = ReturnType<typeof createProductionRepo>;
