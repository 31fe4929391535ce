// The SQL of deleting an account: the user, every farm they own, and what hangs off both.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { signInAccountKey } from '../../auth/auth-gateway';
import { farmMembers, farms, rateLimit, user, verification } from '../../db/schema';

export function createAccountRepo(db: Database) {
  return {
    async findEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email;
    },

    /**
     * Deletes, in one transaction, the farms the user owns — their members, profiles, species,
     * groups, animals, memberships, care entries and reminders go with them (ON DELETE CASCADE) —
     * then the user with their sessions and sign-in accounts, and any pending link for them.
     * Answers the deleted farms' ids, whose photo folders the caller removes.
     */
    async deleteUserAndFarms(userId: string, email: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        // the farms they alone own go with them; a farm with another owner stays, without them
        const owned = await tx
          .select({ farmId: farmMembers.farmId })
          .from(farmMembers)
          .where(
            and(
              eq(farmMembers.userId, userId),
              eq(farmMembers.role, 'owner'),
              sql`not exists (select 1 from farm_members other where other.farm_id = ${farmMembers.farmId}
                and other.role = 'owner' and other.user_id <> ${userId})`,
            ),
          );
        const farmIds = owned.map((row) => row.farmId);
        if (farmIds.length) await tx.delete(farms).where(inArray(farms.id, farmIds));
        // Better Auth keys a reset link by its token and stores the user id as its value; other
        // links are keyed by the address (or "<purpose>:<address>").
        await tx
          .delete(verification)
          .where(
            or(
              eq(verification.value, userId),
              sql`lower(${verification.identifier}) = lower(${email})`,
              sql`right(lower(${verification.identifier}), ${email.length + 1}) = lower(${`:${email}`})`,
            ),
          );
        await tx.delete(rateLimit).where(eq(rateLimit.key, signInAccountKey(email)));
        await tx.delete(user).where(eq(user.id, userId));
        return farmIds;
      });
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
