// The notifications' data (issue 29, decision 0045): a person's devices and morning time on a farm,
// and the notification run's reads and claims — one query a pass for what is owed across farms,
// one insert a notification to claim it (its primary key lets exactly one server win).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { farmMembers, pushClaims, pushSubscriptions } from '../../db/schema';
import { queryRows } from '../../db/sql-text';

export type DeviceRow = { id: string; label: string; createdAt: string };

export type NewDevice = { endpoint: string; p256dh: string; auth: string; label: string };

/** A device to send to: its subscription. */
export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string };

/** A reminder the morning notification names. */
export type MorningReminder = { title: string; animal_name: string | null; group_name: string | null };

/** One notification owed at a pass: the morning one, or a timed reminder's. */
export type Owed = {
  farm_id: string;
  user_id: string;
  farm_name: string | null;
  /** the farm's calendar day */
  day: string;
  /** 'morning' or '<reminder id>@HH:MM' */
  key: string;
  /** more than `staleMinutes` late (a server was down): claimed, never sent */
  stale: boolean;
  /** timed: the reminder */
  reminder_id: string | null;
  title: string | null;
  animal_name: string | null;
  group_name: string | null;
  due_time: string | null;
  /** morning: open reminders due today, overdue ones, and the first few */
  due_today: number;
  overdue: number;
  first: MorningReminder[] | null;
};

/** A notification that rings this late is not sent (decision 0045). */
export const staleMinutes = 60;

/** How long claims are kept: long after any day they could be claimed again. */
export const claimKeepDays = 7;

/** The reminders the morning notification names; the rest are counted. */
export const morningListed = 3;

const hhmm = (time: string) => time.slice(0, 5);

/** The query of `owed`: everything owed at `now` across farms (see `owed`). */
export function owedQuery(now: Date, limit: number) {
  const at = sql`(${now.toISOString()}::timestamptz at time zone f.time_zone)`;
  return sql`with member as (
        select m.farm_id, m.user_id, m.notify_at, f.name as farm_name, ${at}::date as day, ${at}::time as clock
        from farm_members m
        join farms f on f.id = m.farm_id
        where f.demo_until is null
          and (m.access_until is null or m.access_until >= ${at}::date)
          and exists (select 1 from push_subscriptions s where s.farm_id = m.farm_id and s.user_id = m.user_id)
      ),
      morning as (
        select m.farm_id, m.user_id, m.farm_name, m.day::text as day, 'morning' as key,
          (m.clock - m.notify_at) > make_interval(mins => ${staleMinutes}) as stale,
          null::uuid as reminder_id, null::text as title, null::text as animal_name, null::text as group_name,
          null::text as due_time
        from member m
        where m.clock >= m.notify_at
          and not exists (select 1 from push_claims c where c.farm_id = m.farm_id and c.user_id = m.user_id
            and c.day = m.day and c.key = 'morning')
      ),
      timed as (
        select m.farm_id, m.user_id, m.farm_name, m.day::text as day,
          r.id::text || '@' || to_char(r.due_time, 'HH24:MI') as key,
          (m.clock - r.due_time) > make_interval(mins => ${staleMinutes}) as stale,
          r.id as reminder_id, r.title, a.name as animal_name, g.name as group_name,
          to_char(r.due_time, 'HH24:MI') as due_time
        from member m
        join reminders r on r.farm_id = m.farm_id and r.due_date = m.day and r.due_time is not null
          and not r.completed and r.due_time <= m.clock
        left join animals a on a.farm_id = r.farm_id and a.id = r.animal_id
        left join groups g on g.farm_id = r.farm_id and g.id = r.group_id
        where not exists (select 1 from push_claims c where c.farm_id = m.farm_id and c.user_id = m.user_id
          and c.day = m.day and c.key = r.id::text || '@' || to_char(r.due_time, 'HH24:MI'))
      ),
      -- this pass's share, chosen before the mornings' counts and first reminders are read: those
      -- are read for the pass's mornings only, not for every morning owed (at 07:00 on a farm
      -- whose people all keep the default, every one of them)
      owed as (
        select * from (select * from morning union all select * from timed) o
        order by stale desc, farm_id, user_id, key
        limit ${limit}
      )
      select o.*, counts.due_today, counts.overdue, listed.first
      from owed o
      cross join lateral (
        select count(*) filter (where r.due_date = o.day::date)::int as due_today,
          count(*) filter (where r.due_date < o.day::date)::int as overdue
        from reminders r
        where o.key = 'morning' and r.farm_id = o.farm_id and not r.completed and r.due_date <= o.day::date
      ) counts
      cross join lateral (
        select json_agg(json_build_object('title', l.title, 'animal_name', l.animal_name,
            'group_name', l.group_name) order by l.due_date, l.title, l.id) as first
        from (select r.id, r.title, r.due_date, a.name as animal_name, g.name as group_name
          from reminders r
          left join animals a on a.farm_id = r.farm_id and a.id = r.animal_id
          left join groups g on g.farm_id = r.farm_id and g.id = r.group_id
          where o.key = 'morning' and r.farm_id = o.farm_id and not r.completed and r.due_date <= o.day::date
          order by r.due_date, r.title, r.id limit ${morningListed}) l
      ) listed
      order by o.stale desc, o.farm_id, o.user_id, o.key`;
}

export function createNotificationsRepo(db: Database) {
  return {
    /** The person's morning time ('HH:MM') and devices on the farm. */
    async settings(farmId: string, userId: string): Promise<{ notifyAt: string; devices: DeviceRow[] }> {
      const [member] = await db
        .select({ notifyAt: farmMembers.notifyAt })
        .from(farmMembers)
        .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
      const devices = await db
        .select({
          id: pushSubscriptions.id,
          label: pushSubscriptions.label,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.farmId, farmId), eq(pushSubscriptions.userId, userId)))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
      return {
        notifyAt: hhmm(member?.notifyAt ?? '07:00'),
        devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString() })),
      };
    },

    async setNotifyAt(farmId: string, userId: string, notifyAt: string): Promise<void> {
      await db
        .update(farmMembers)
        .set({ notifyAt })
        .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
    },

    /**
     * Adds a device, or answers the one the person has with this endpoint (its keys and label
     * refreshed). The person's membership row is locked meanwhile, so that two requests at once
     * cannot make an eleventh. The endpoint leaves any other person it was subscribed for: a phone
     * rings for whoever turned it on last. 'too many' when the person has `max` devices already.
     */
    addDevice(
      farmId: string,
      userId: string,
      device: NewDevice,
      max: number,
    ): Promise<{ device: DeviceRow; created: boolean } | 'too many'> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from farm_members where farm_id = ${farmId} and user_id = ${userId} for update`,
        );
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.endpoint, device.endpoint), ne(pushSubscriptions.userId, userId)));
        const mine = and(eq(pushSubscriptions.farmId, farmId), eq(pushSubscriptions.userId, userId));
        const [existing] = await tx
          .update(pushSubscriptions)
          .set({ p256dh: device.p256dh, auth: device.auth, label: device.label })
          .where(and(mine, eq(pushSubscriptions.endpoint, device.endpoint)))
          .returning({
            id: pushSubscriptions.id,
            label: pushSubscriptions.label,
            createdAt: pushSubscriptions.createdAt,
          });
        if (existing)
          return { device: { ...existing, createdAt: existing.createdAt.toISOString() }, created: false };
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(pushSubscriptions)
          .where(mine);
        if ((count?.n ?? 0) >= max) return 'too many';
        const [added] = await tx
          .insert(pushSubscriptions)
          .values({ id: randomUUID(), farmId, userId, ...device })
          .returning({
            id: pushSubscriptions.id,
            label: pushSubscriptions.label,
            createdAt: pushSubscriptions.createdAt,
          });
        return { device: { ...added!, createdAt: added!.createdAt.toISOString() }, created: true };
      });
    },

    /** Removes one of the person's devices; false when they have none of that id on this farm. */
    async deleteDevice(farmId: string, userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.farmId, farmId),
            eq(pushSubscriptions.userId, userId),
            eq(pushSubscriptions.id, id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      return deleted.length === 1;
    },

    // ---- the notification run ----

    /**
     * What is owed at `now`, across farms, in one query: for each member in force (a sitter's last
     * day not past in the farm's zone) with a device, on a farm that is not a demo, the morning
     * notification once the farm's local time has reached their `notify_at`, and each open reminder
     * due today whose time of day the local time has reached; none claimed yet. Local time is wall
     * time ('now at time zone zone'), so a time that a spring-forward skips rings at the first
     * minute after it, and a fall-back's repeated hour rings once (the claim).
     */
    owed: (now: Date, limit: number) => queryRows<Owed>(db, owedQuery(now, limit)),

    /** The devices of these people, on those farms, in one query. */
    async devicesOf(people: { farm_id: string; user_id: string }[]): Promise<Map<string, PushTarget[]>> {
      const byPerson = new Map<string, PushTarget[]>();
      if (people.length === 0) return byPerson;
      const pairs = [...new Set(people.map((one) => `${one.farm_id}/${one.user_id}`))].map((pair) => {
        const [farm_id, user_id] = pair.split('/');
        return { farm_id, user_id };
      });
      const rows = await queryRows<PushTarget & { farm_id: string; user_id: string }>(
        db,
        sql`select s.farm_id, s.user_id, s.id, s.endpoint, s.p256dh, s.auth
            from push_subscriptions s
            join json_to_recordset(${JSON.stringify(pairs)}::json) as p(farm_id uuid, user_id uuid)
              on p.farm_id = s.farm_id and p.user_id = s.user_id
            order by s.created_at, s.id`,
      );
      for (const row of rows) {
        const key = `${row.farm_id}/${row.user_id}`;
        const list = byPerson.get(key) ?? [];
        list.push({ id: row.id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth });
        byPerson.set(key, list);
      }
      return byPerson;
    },

    /** Claims one notification for this server: true for exactly one claimant, whoever else tries. */
    async claim(owed: Pick<Owed, 'farm_id' | 'user_id' | 'day' | 'key'>): Promise<boolean> {
      const claimed = await db
        .insert(pushClaims)
        .values({ farmId: owed.farm_id, userId: owed.user_id, day: owed.day, key: owed.key })
        .onConflictDoNothing()
        .returning({ key: pushClaims.key });
      return claimed.length === 1;
    },

    /** Claims stale notifications all at once, never to send them. */
    async claimAll(owed: Pick<Owed, 'farm_id' | 'user_id' | 'day' | 'key'>[]): Promise<void> {
      if (owed.length === 0) return;
      await db
        .insert(pushClaims)
        .values(owed.map((one) => ({ farmId: one.farm_id, userId: one.user_id, day: one.day, key: one.key })))
        .onConflictDoNothing();
    },

    /** Records how many devices a claimed notification reached. */
    async sent(owed: Pick<Owed, 'farm_id' | 'user_id' | 'day' | 'key'>, sentTo: number): Promise<void> {
      await db
        .update(pushClaims)
        .set({ sentTo })
        .where(
          and(
            eq(pushClaims.farmId, owed.farm_id),
            eq(pushClaims.userId, owed.user_id),
            eq(pushClaims.day, owed.day),
            eq(pushClaims.key, owed.key),
          ),
        );
    },

    /** A device whose push service said it is gone (404, 410). */
    async forgetDevice(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** Forgets claims older than `claimKeepDays`. */
    async prune(now: Date): Promise<void> {
      await db.execute(
        sql`delete from push_claims where day < (${now.toISOString()}::timestamptz - make_interval(days => ${claimKeepDays}))::date`,
      );
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
