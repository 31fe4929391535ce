// The daily reminder email's data: who wants it, the claim of a day (one row per farm, person and
// day; its primary key lets exactly one server win), the reminders it lists, and unsubscribing.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dailyEmails, profiles } from '../../db/schema';
import { queryRows } from '../../db/sql-text';

/** Reminders an email lists; more are counted, and the link shows them all. */
export const listedReminderLimit = 30;

/** How long a day's claim (and its unsubscribe link) is kept. */
export const claimKeepDays = 60;

export type Recipient = {
  farm_id: string;
  user_id: string;
  email: string;
  farm_name: string | null;
  day: string;
};

/** The eggs collected on one day over the farm's groups (decision 0037): discarded ones apart. */
export type DayEggs = { eggs: number; discarded: number };

export type DueReminder = {
  id: string;
  title: string;
  due_date: string;
  animal_id: string | null;
  animal_name: string | null;
  group_id: string | null;
  group_name: string | null;
  total: number;
};

/** The query of `due`; `checkEachZone` reads each farm's zone through is_time_zone (a subtransaction a row: the slow path). */
function dueQuery(now: Date, limit: number, checkEachZone: boolean) {
  const at = sql`(${now.toISOString()}::timestamptz at time zone f.time_zone)`;
  return sql`with local as (
        select p.farm_id, p.user_id, u.email, f.name as farm_name,
          ${checkEachZone ? sql`is_time_zone(f.time_zone)` : sql`true`} as zone_ok,
          ${checkEachZone ? sql`case when is_time_zone(f.time_zone) then ${at} end` : at} as at
        from profiles p
        join farms f on f.id = p.farm_id
        join "user" u on u.id = p.user_id
        where p.daily_email and u.email_verified and f.demo_until is null
      )
      select farm_id, user_id, email, farm_name, zone_ok, at::date::text as day
      from local
      where not zone_ok or (at::time >= time '07:00'
        and not exists (select 1 from daily_emails d
          where d.farm_id = local.farm_id and d.user_id = local.user_id and d.day = local.at::date))
      limit ${limit}`;
}

export function createDailyEmailRepo(db: Database) {
  return {
    async enabled(farmId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ dailyEmail: profiles.dailyEmail })
        .from(profiles)
        .where(and(eq(profiles.farmId, farmId), eq(profiles.userId, userId)));
      return row?.dailyEmail ?? false;
    },

    async setEnabled(farmId: string, userId: string, enabled: boolean): Promise<void> {
      await db
        .update(profiles)
        .set({ dailyEmail: enabled })
        .where(and(eq(profiles.farmId, farmId), eq(profiles.userId, userId)));
    },

    /**
     * Who is owed today's email at `now`: the email is on, it is 07:00 or later in the farm's
     * zone, and no server has claimed the farm's day yet. One query for every farm; should a farm's
     * zone be one the database cannot read (the database refuses to store one since migration
     * 0024, but a pass must never depend on every farm being right), the same query again, each
     * zone checked on its own: that farm is left out (and named in `unservable`), the others served.
     */
    async due(now: Date, limit: number): Promise<{ recipients: Recipient[]; unservable: string[] }> {
      try {
        return { recipients: await queryRows<Recipient>(db, dueQuery(now, limit, false)), unservable: [] };
      } catch (error) {
        if ((error as { cause?: { code?: unknown } }).cause?.code !== '22023') throw error;
        const rows = await queryRows<Recipient & { zone_ok: boolean }>(db, dueQuery(now, limit, true));
        return {
          recipients: rows.filter((row) => row.zone_ok),
          unservable: rows.filter((row) => !row.zone_ok).map((row) => row.farm_id),
        };
      }
    },

    /** Claims the farm's day for this server: true for exactly one claimant, whoever else tries. */
    async claim(recipient: Recipient, unsubscribeHash: string): Promise<boolean> {
      const claimed = await db
        .insert(dailyEmails)
        .values({
          farmId: recipient.farm_id,
          userId: recipient.user_id,
          day: recipient.day,
          unsubscribeHash,
        })
        .onConflictDoNothing()
        .returning({ day: dailyEmails.day });
      return claimed.length === 1;
    },

    /** The farm's active reminders due on or before `day`, soonest first, with how many in all. */
    dueReminders: (farmId: string, day: string) =>
      queryRows<DueReminder>(
        db,
        sql`select r.id, r.title, r.due_date::text as due_date, r.animal_id, a.name as animal_name,
              r.group_id, g.name as group_name, (count(*) over ())::int as total
            from reminders r
            left join animals a on a.farm_id = r.farm_id and a.id = r.animal_id
            left join groups g on g.farm_id = r.farm_id and g.id = r.group_id
            where r.farm_id = ${farmId} and not r.completed and r.due_date <= ${day}::date
            order by r.due_date, r.title, r.id
            limit ${listedReminderLimit}`,
      ),

    /** The farm's eggs collected on `day`; null when none were recorded that day. */
    async eggsOn(farmId: string, day: string): Promise<DayEggs | null> {
      const [row] = await queryRows<DayEggs & { collections: number }>(
        db,
        sql`select count(*)::int as collections, coalesce(sum(eggs), 0)::int as eggs,
              coalesce(sum(discarded), 0)::int as discarded
            from egg_collections where farm_id = ${farmId} and collected_on = ${day}::date`,
      );
      return row && row.collections > 0 ? { eggs: row.eggs, discarded: row.discarded } : null;
    },

    async finished(recipient: Recipient, reminderCount: number, sent: boolean): Promise<void> {
      await db
        .update(dailyEmails)
        .set({ reminderCount, sentAt: sent ? new Date() : null })
        .where(
          and(
            eq(dailyEmails.farmId, recipient.farm_id),
            eq(dailyEmails.userId, recipient.user_id),
            eq(dailyEmails.day, recipient.day),
          ),
        );
    },

    /** Turns the email off for the person an unsubscribe link was sent to; false for no such link. */
    async unsubscribe(unsubscribeHash: string): Promise<boolean> {
      const rows = await queryRows<{ user_id: string }>(
        db,
        sql`update profiles p set daily_email = false
            from daily_emails d
            where d.unsubscribe_hash = ${unsubscribeHash} and p.user_id = d.user_id and p.farm_id = d.farm_id
            returning p.user_id`,
      );
      return rows.length === 1;
    },

    /** Forgets claims (and their unsubscribe links) older than `claimKeepDays`. */
    async prune(now: Date): Promise<void> {
      await db.execute(
        sql`delete from daily_emails where day < (${now.toISOString()}::timestamptz - make_interval(days => ${claimKeepDays}))::date`,
      );
    },
  };
}

export type DailyEmailRepo = ReturnType<typeof createDailyEmailRepo>;
