// 'View Demo': a private farm for one visitor, made at once — a user nobody can sign in as (no
// password), its farm (by the sign-up trigger) marked `demo_until` a day ahead and filled with a
// season (demo-seed.repo.ts), and a session for the visitor's browser — all in one transaction. After
// `demo_until` the cleanup job removes the user, the farm and everything in it.
import { randomBytes } from 'node:crypto';
import { demoEmailDomain } from '../../auth/demo-address';
import type { Database } from '../../db/database';
import { signSessionToken } from '../../http/require-farm';
import type { PhotoStore } from '../../photos/photo-store';
import { createDemoRepo } from './demo.repo';

/** How long a demo farm lives. */
export const demoLifetimeMs = 24 * 60 * 60 * 1000;

export function createDemoService(deps: { db: Database; secret: string }) {
  const repo = createDemoRepo(deps.db);
  return {
    /** How many demo farms are alive (a ceiling keeps scripts from filling the database). */
    alive: (): Promise<number> => repo.aliveCount(),

    /** Makes a demo farm and answers the session cookie's value and when it ends. */
    async create(now = new Date()): Promise<{ cookie: string; expiresAt: Date }> {
      const expiresAt = new Date(now.getTime() + demoLifetimeMs);
      const token = randomBytes(32).toString('base64url');
      await deps.db.transaction(async (tx) => {
        const email = `visitor-${randomBytes(8).toString('hex')}@${demoEmailDomain}`;
        const { userId, farmId } = await repo.addDemoFarm(tx, email, expiresAt);
        await repo.seed(tx, farmId);
        await repo.addSession(tx, token, userId, expiresAt);
      });
      return { cookie: signSessionToken(token, deps.secret), expiresAt };
    },
  };
}

/** Removes the demo farms whose day has passed: their users, farms, records and photos. */
export function createDemoCleanupJob(deps: { db: Database; photos: PhotoStore }) {
  const repo = createDemoRepo(deps.db);
  return {
    async run(now: Date): Promise<number> {
      const gone = await repo.removeEnded(now);
      for (const farmId of gone) await deps.photos.deletePrefix(farmId);
      return gone.length;
    },
  };
}
