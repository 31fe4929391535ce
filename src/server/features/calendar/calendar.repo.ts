// Calendar feeds: only the token's SHA-256 is stored, one address per person of a farm (issue 24:
// one person's new link or revoking touches only theirs), and their leaving the farm ends it
// (members.repo.ts). Every query but the one that reads an address filters by the caller's farm and
// the caller; that one answers the farm the address is for, and nothing else.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { animals, calendarFeeds, farmMembers, farms, groups, reminders } from '../../db/schema';
import { makerStillOnFarm } from '../../http/require-farm';

/** More active reminders than any hobby farm keeps: the feed stops there, the soonest first. */
export const feedReminderLimit = 2000;

/** The one address of a person on a farm. */
const mine = (farmId: string, userId: string) =>
  and(eq(calendarFeeds.farmId, farmId), eq(calendarFeeds.createdBy, userId));

export function createCalendarRepo(db: Database) {
  return {
    /** When `userId` made their address on the farm, if they have one. */
    async createdAt(farmId: string, userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(mine(farmId, userId));
      return row?.createdAt ?? null;
    },

    /** Stores the new address's hash in place of any earlier one of the same person on the farm. */
    async create(farmId: string, userId: string, tokenHash: string): Promise<Date> {
      const now = new Date();
      const [row] = await db
        .insert(calendarFeeds)
        .values({ farmId, tokenHash, createdBy: userId })
        .onConflictDoUpdate({
          target: [calendarFeeds.farmId, calendarFeeds.createdBy],
          set: { tokenHash, createdAt: now, etag: null, changedAt: now },
        })
        .returning({ createdAt: calendarFeeds.createdAt });
      return row!.createdAt;
    },

    /** Ends `userId`'s own address on the farm (no one else's). */
    async revoke(farmId: string, userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(mine(farmId, userId));
    },

    /**
     * The farm of a live address (its maker still on the farm), with its name and zone, and its
     * maker's morning time there ('HH:MM'; 07:00 when no maker is known), by its token hash.
     */
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          farmId: calendarFeeds.farmId,
          farmName: farms.name,
          timeZone: farms.timeZone,
          notifyAt: sql<string>`coalesce((select to_char(${farmMembers.notifyAt}, 'HH24:MI') from ${farmMembers}
            where ${farmMembers.farmId} = ${calendarFeeds.farmId} and ${farmMembers.userId} = ${calendarFeeds.createdBy}), '07:00')`,
          etag: calendarFeeds.etag,
          changedAt: calendarFeeds.changedAt,
        })
        .from(calendarFeeds)
        .innerJoin(farms, eq(farms.id, calendarFeeds.farmId))
        .where(
          and(
            eq(calendarFeeds.tokenHash, tokenHash),
            makerStillOnFarm(calendarFeeds.createdBy, calendarFeeds.farmId),
          ),
        );
      return row;
    },

    /** The farm's active reminders, soonest first, with the animal or group each is about. */
    reminders(farmId: string) {
      return db
        .select({
          id: reminders.id,
          title: reminders.title,
          type: reminders.type,
          dueDate: reminders.dueDate,
          dueTime: sql<string | null>`to_char(${reminders.dueTime}, 'HH24:MI')`,
          animalId: reminders.animalId,
          animalName: animals.name,
          groupId: reminders.groupId,
          groupName: groups.name,
          updatedAt: reminders.updatedAt,
        })
        .from(reminders)
        .leftJoin(animals, and(eq(animals.farmId, reminders.farmId), eq(animals.id, reminders.animalId)))
        .leftJoin(groups, and(eq(groups.farmId, reminders.farmId), eq(groups.id, reminders.groupId)))
        .where(and(eq(reminders.farmId, farmId), eq(reminders.completed, false)))
        .orderBy(asc(reminders.dueDate), asc(reminders.id))
        .limit(feedReminderLimit);
    },

    /** Records the body's ETag of one address; when it differs from the last one, the body changed now. */
    async stamp(tokenHash: string, etag: string): Promise<Date> {
      const [row] = await db
        .update(calendarFeeds)
        .set({
          etag,
          changedAt: sql`case when ${calendarFeeds.etag} = ${etag} then ${calendarFeeds.changedAt} else now() end`,
        })
        .where(eq(calendarFeeds.tokenHash, tokenHash))
        .returning({ changedAt: calendarFeeds.changedAt });
      return row?.changedAt ?? new Date();
    },
  };
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
