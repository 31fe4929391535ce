// 'View Demo': a private farm for one visitor, made at once — a user nobody can sign in as (no
// password), its farm (by the sign-up trigger) marked `demo_until` a day ahead and filled with a
// season (demo.seed.ts), and a session for the visitor's browser — all in one transaction. After
// `demo_until` the cleanup job removes the user, the farm and everything in it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { demoEmailDomain } from '../../auth/demo-address';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { signSessionToken } from '../../http/require-farm';
import type { PhotoStore } from '../../photos/photo-store';
import { demoSeed } from './demo.seed';

/** How long a demo farm lives. */
export const demoLifetimeMs = 24 * 60 * 60 * 1000;

export function createDemoService(deps: { db: Database; secret: string }) {
  return {
    /** How many demo farms are alive (a ceiling keeps scripts from filling the database). */
    async alive(): Promise<number> {
      const [row] = await queryRows<{ count: number }>(
        deps.db,
        sql`select count(*)::int as count from farms where demo_until is not null`,
      );
      return row?.count ?? 0;
    },

    /** Makes a demo farm and answers the session cookie's value and when it ends. */
    async create(now = new Date()): Promise<{ cookie: string; expiresAt: Date }> {
      const expiresAt = new Date(now.getTime() + demoLifetimeMs);
      const token = randomBytes(32).toString('base64url');
      await deps.db.transaction(async (tx) => {
        const email = `visitor-${randomBytes(8).toString('hex')}@${demoEmailDomain}`;
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
        for (const statement of demoSeed(farm!.farm_id)) await tx.execute(statement);
        await tx.execute(sql`insert into session (token, user_id, expires_at)
          values (${token}, ${user!.id}, ${expiresAt.toISOString()}::timestamptz)`);
      });
      return { cookie: signSessionToken(token, deps.secret), expiresAt };
    },
  };
}

/** Removes the demo farms whose day has passed: their users, farms, records and photos. */
export function createDemoCleanupJob(deps: { db: Database; photos: PhotoStore }) {
  return {
    async run(now: Date): Promise<number> {
      const gone = await queryRows<{ farm_id: string }>(
        deps.db,
        sql`with expired as (
              select f.id as farm_id, m.user_id from farms f join farm_members m on m.farm_id = f.id
              where f.demo_until < ${now.toISOString()}::timestamptz limit 100),
            users as (delete from "user" where id in (select user_id from expired) returning id),
            removed as (delete from farms where id in (select farm_id from expired) returning id)
            select id as farm_id from removed`,
      );
      for (const { farm_id: farmId } of gone) await deps.photos.deletePrefix(farmId);
      return gone.length;
    },
  };
}
