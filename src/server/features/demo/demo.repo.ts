// The SQL of demo farms (demo.service.ts holds the rules and the transaction): the visitor's
// user, farm, profile and session, and the removal of the farms whose day has passed.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { seedDemoFarm } from './demo-seed.repo';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createDemoRepo(db: Database) {
  return {
    /** How many demo farms are alive. */
    async aliveCount(): Promise<number> {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from farms where demo_until is not null`,
      );
      return row?.count ?? 0;
    },

    /**
     * A user nobody can sign in as (no password), and its farm (made by the sign-up trigger)
     * named and marked as a demo until `expiresAt`; answers both ids.
     */
    async addDemoFarm(
      tx: Transaction,
      email: string,
      expiresAt: Date,
    ): Promise<{ userId: string; farmId: string }> {
      const [user] = await queryRows<{ id: string }>(
        tx,
        sql`insert into "user" (name, email, email_verified, time_zone) values ('Demo Farmer', ${email}, true, 'UTC') returning id`,
      );
      const [farm] = await queryRows<{ farm_id: string }>(
        tx,
        sql`update farms set name = 'Sunny Hollow (demo)', demo_until = ${expiresAt.toISOString()}::timestamptz
            where id = (select farm_id from farm_members where user_id = ${user!.id}) returning id as farm_id`,
      );
      await tx.execute(sql`update profiles set owner_name = 'Demo Farmer', location = 'Sunny Hollow'
        where user_id = ${user!.id}`);
      return { userId: user!.id, farmId: farm!.farm_id };
    },

    /** Fills the new farm with a season (demo-seed.repo.ts). */
    seed: seedDemoFarm,

    async addSession(tx: Transaction, token: string, userId: string, expiresAt: Date) {
      await tx.execute(sql`insert into session (token, user_id, expires_at)
        values (${token}, ${userId}, ${expiresAt.toISOString()}::timestamptz)`);
    },

    /** Removes up to 100 demo farms ended before `now` with their users; answers their ids. */
    async removeEnded(now: Date): Promise<string[]> {
      const gone = await queryRows<{ farm_id: string }>(
        db,
        sql`with expired as (
              select f.id as farm_id, m.user_id from farms f join farm_members m on m.farm_id = f.id
              where f.demo_until < ${now.toISOString()}::timestamptz limit 100),
            users as (delete from "user" where id in (select user_id from expired) returning id),
            removed as (delete from farms where id in (select farm_id from expired) returning id)
            select id as farm_id from removed`,
      );
      return gone.map((row) => row.farm_id);
    },
  };
}
