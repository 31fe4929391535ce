// Whose animal a record is (the farm and its owner), and share links of health records: only the
// token's SHA-256 is stored, one link per animal, with who made it (their leaving the farm ends it:
// members.repo.ts). Every query but the one that reads a link filters by the caller's farm; that one
// answers the farm and animal the link is for, and nothing else.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { animals, farmMembers, farms, profiles, recordShares } from '../../db/schema';
import { animalNameOrder, personName, queryRows } from '../../db/sql-text';
import { makerStillOnFarm } from '../../http/require-farm';
import { hashSecretToken } from '../../http/secret-token';

export type FarmCard = { name: string | null; ownerName: string | null; ownerEmail: string | null };

export function createRecordsRepo(db: Database) {
  return {
    /**
     * Whose animal a record is: the farm's name and its first owner's name and email (the contact
     * email of their profile, else their account's) — what a vet's paper names at its top.
     */
    async farmCard(farmId: string): Promise<FarmCard> {
      const [row] = await queryRows<FarmCard>(
        db,
        sql`select f.name, o.owner_name as "ownerName", o.owner_email as "ownerEmail"
          from ${farms} f
          left join lateral (
            select nullif(btrim(coalesce(nullif(btrim(p.owner_name), ''), u.name)), '') as owner_name,
              coalesce(nullif(btrim(p.email), ''), u.email) as owner_email
            from ${farmMembers} m join "user" u on u.id = m.user_id left join ${profiles} p on p.user_id = u.id
            where m.farm_id = f.id and m.role = 'owner'
            order by m.created_at, m.user_id limit 1) o on true
          where f.id = ${farmId}`,
      );
      return row ?? { name: null, ownerName: null, ownerEmail: null };
    },

    async sharedSince(farmId: string, animalId: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: recordShares.createdAt })
        .from(recordShares)
        .where(and(eq(recordShares.farmId, farmId), eq(recordShares.animalId, animalId)));
      return row?.createdAt ?? null;
    },

    /** Every live link of the farm, by animal name: the animal, who made it, since when. */
    async list(farmId: string) {
      return db
        .select({
          animalId: recordShares.animalId,
          animalName: animals.name,
          sharedBy: personName(sql`${recordShares.createdBy}`),
          sharedSince: recordShares.createdAt,
        })
        .from(recordShares)
        .innerJoin(
          animals,
          and(eq(animals.farmId, recordShares.farmId), eq(animals.id, recordShares.animalId)),
        )
        .where(
          and(eq(recordShares.farmId, farmId), makerStillOnFarm(recordShares.createdBy, recordShares.farmId)),
        )
        .orderBy(animalNameOrder, asc(animals.id));
    },

    /** Stores the new link's hash, and its maker, in place of any earlier link of the animal. */
    async share(farmId: string, animalId: string, tokenHash: string, createdBy: string): Promise<Date> {
      const [row] = await db
        .insert(recordShares)
        .values({ farmId, animalId, tokenHash, createdBy })
        .onConflictDoUpdate({
          target: [recordShares.farmId, recordShares.animalId],
          set: { tokenHash, createdBy, createdAt: new Date() },
        })
        .returning({ createdAt: recordShares.createdAt });
      return row!.createdAt;
    },

    /** Ends the animal's link; false when it had none. */
    async revoke(farmId: string, animalId: string): Promise<boolean> {
      const gone = await db
        .delete(recordShares)
        .where(and(eq(recordShares.farmId, farmId), eq(recordShares.animalId, animalId)))
        .returning({ animalId: recordShares.animalId });
      return gone.length === 1;
    },

    /** The farm and animal a live link is for, by the link's token (its maker still on the farm). */
    async byToken(token: string): Promise<{ farmId: string; animalId: string } | undefined> {
      const [row] = await db
        .select({ farmId: recordShares.farmId, animalId: recordShares.animalId })
        .from(recordShares)
        .where(
          and(
            eq(recordShares.tokenHash, hashSecretToken(token)),
            makerStillOnFarm(recordShares.createdBy, recordShares.farmId),
          ),
        );
      return row;
    },
  };
}

export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
