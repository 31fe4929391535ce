// The farm's people: members, invitations, the farms a user belongs to and the farm a session
// works in. Every farm query is scoped by the caller's farm id; the user-level ones (the farms a
// user belongs to, accepting an invitation) by the caller's own user and session.
import { and, asc, eq, gt, not, sql } from 'drizzle-orm';
import type { FarmRole } from '../../../shared/schemas/members';
import type { Database } from '../../db/database';
import {
  account,
  calendarFeeds,
  farmMembers,
  farms,
  invitations,
  profiles,
  recordShares,
  session,
  user,
} from '../../db/schema';
import { personName } from '../../db/sql-text';
import { membershipInForce } from '../../http/require-farm';

export type NewInvitation = {
  email: string;
  role: FarmRole;
  accessUntil: string | null;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createMembersRepo(db: Database) {
  /** The farm's owners other than `userId`, locked until the transaction ends (two owners leaving at once). */
  async function otherOwners(tx: Transaction, farmId: string, userId: string) {
    const rows = await tx
      .select({ userId: farmMembers.userId })
      .from(farmMembers)
      .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.role, 'owner')))
      .for('update');
    return rows.filter((row) => row.userId !== userId).length;
  }

  /** An invitation whose link still works, locked until the transaction ends (a link works once). */
  async function liveInvitation(tx: Transaction, tokenHash: string) {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, sql`now()`)))
      .for('update');
    return row;
  }

  /**
   * Someone who left (or was removed from) a farm keeps a home: the person's profile (and daily
   * email) moves to another farm of theirs, or to a new empty one of their own if that was their
   * last, as at sign-up — nobody is ever signed in to no farm.
   */
  async function rehome(tx: Transaction, leftFarmId: string, userId: string) {
    const [next] = await tx
      .select({ farmId: farmMembers.farmId })
      .from(farmMembers)
      .where(eq(farmMembers.userId, userId))
      .orderBy(sql`${farmMembers.role} = 'owner' desc`, asc(farmMembers.createdAt))
      .limit(1);
    let home = next?.farmId;
    if (!home) {
      const [person] = await tx.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, userId));
      const [farm] = await tx
        .insert(farms)
        .values({ timeZone: person?.timeZone ?? 'UTC' })
        .returning({ id: farms.id });
      home = farm!.id;
      await tx.insert(farmMembers).values({ farmId: home, userId, role: 'owner' });
    }
    await tx
      .update(profiles)
      .set({ farmId: home })
      .where(and(eq(profiles.userId, userId), eq(profiles.farmId, leftFarmId)));
  }

  return {
    /**
     * The farm's members; with `ended`, also the sitters whose last day has passed in the farm's
     * zone (no access, `accessEnded`), whom an owner may invite again or remove.
     */
    async members(farmId: string, ended: boolean) {
      return db
        .select({
          userId: farmMembers.userId,
          name: sql<string>`${personName(sql`${farmMembers.userId}`)}`,
          email: user.email,
          role: farmMembers.role,
          accessUntil: farmMembers.accessUntil,
          accessEnded: sql<boolean>`not ${membershipInForce}`,
        })
        .from(farmMembers)
        .innerJoin(farms, eq(farms.id, farmMembers.farmId))
        .innerJoin(user, eq(user.id, farmMembers.userId))
        .where(and(eq(farmMembers.farmId, farmId), ended ? undefined : membershipInForce))
        .orderBy(sql`${farmMembers.role} = 'owner' desc`, asc(farmMembers.createdAt));
    },

    async invitations(farmId: string) {
      return db
        .select({
          id: invitations.id,
          email: invitations.email,
          role: invitations.role,
          accessUntil: invitations.accessUntil,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .where(and(eq(invitations.farmId, farmId), gt(invitations.expiresAt, sql`now()`)))
        .orderBy(asc(invitations.createdAt));
    },

    /** Whether the address belongs to a member of the farm now (a sitter past their last day may be invited again). */
    async isMember(farmId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(farmMembers)
        .innerJoin(farms, eq(farms.id, farmMembers.farmId))
        .innerJoin(user, eq(user.id, farmMembers.userId))
        .where(and(eq(farmMembers.farmId, farmId), sql`lower(${user.email}) = ${email}`, membershipInForce));
      return !!row;
    },

    /** One invitation per address and farm: inviting again replaces the earlier one (and voids its link). */
    async invite(farmId: string, invitation: NewInvitation): Promise<string> {
      const [row] = await db
        .insert(invitations)
        .values({ farmId, ...invitation })
        .onConflictDoUpdate({
          target: [invitations.farmId, invitations.email],
          set: {
            role: invitation.role,
            accessUntil: invitation.accessUntil,
            tokenHash: invitation.tokenHash,
            invitedBy: invitation.invitedBy,
            expiresAt: invitation.expiresAt,
            createdAt: sql`now()`,
          },
        })
        .returning({ id: invitations.id });
      return row!.id;
    },

    /** A new link (and 7 more days) for an invitation still out; undefined if there is none. */
    async renew(farmId: string, id: string, tokenHash: string, expiresAt: Date) {
      const [row] = await db
        .update(invitations)
        .set({ tokenHash, expiresAt })
        .where(and(eq(invitations.farmId, farmId), eq(invitations.id, id)))
        .returning({
          email: invitations.email,
          role: invitations.role,
          accessUntil: invitations.accessUntil,
        });
      return row;
    },

    async revoke(farmId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(invitations)
        .where(and(eq(invitations.farmId, farmId), eq(invitations.id, id)))
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /**
     * A member's new role (and a sitter's last day). 'not-found' if they are not a member;
     * 'last-owner' if it would leave the farm without an owner.
     */
    async change(farmId: string, userId: string, role: FarmRole, accessUntil: string | null) {
      return db.transaction(async (tx) => {
        const owners = await otherOwners(tx, farmId, userId);
        const [current] = await tx
          .select({ role: farmMembers.role })
          .from(farmMembers)
          .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
        if (!current) return 'not-found' as const;
        if (current.role === 'owner' && role !== 'owner' && owners === 0) return 'last-owner' as const;
        await tx
          .update(farmMembers)
          .set({ role, accessUntil: role === 'sitter' ? accessUntil : null })
          .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
        return 'changed' as const;
      });
    },

    /**
     * Removes a member (or the caller leaving); the same answers as `change`. The share links and
     * the calendar feed they made end with their membership, in the same transaction: an address
     * they hold must not outlive their access (issue 23).
     */
    async remove(farmId: string, userId: string) {
      return db.transaction(async (tx) => {
        const owners = await otherOwners(tx, farmId, userId);
        const [current] = await tx
          .select({ role: farmMembers.role })
          .from(farmMembers)
          .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
        if (!current) return 'not-found' as const;
        if (current.role === 'owner' && owners === 0) return 'last-owner' as const;
        await tx
          .delete(farmMembers)
          .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
        await tx
          .delete(recordShares)
          .where(and(eq(recordShares.farmId, farmId), eq(recordShares.createdBy, userId)));
        await tx
          .delete(calendarFeeds)
          .where(and(eq(calendarFeeds.farmId, farmId), eq(calendarFeeds.createdBy, userId)));
        await rehome(tx, farmId, userId);
        return 'removed' as const;
      });
    },

    /** The farms a user belongs to now, with the farm's name (or its first owner's) and their role. */
    async farmsOf(userId: string) {
      const ownerName = sql<string | null>`(
        select coalesce(nullif(btrim(p.owner_name), ''), nullif(btrim(u.name), ''))
        from farm_members o join "user" u on u.id = o.user_id left join profiles p on p.user_id = o.user_id
        where o.farm_id = ${farms.id} and o.role = 'owner' order by o.created_at limit 1)`;
      return db
        .select({ id: farms.id, name: farms.name, ownerName, role: farmMembers.role })
        .from(farmMembers)
        .innerJoin(farms, eq(farms.id, farmMembers.farmId))
        .where(and(eq(farmMembers.userId, userId), membershipInForce))
        .orderBy(asc(farmMembers.createdAt));
    },

    /** Points the session at a farm the user belongs to now (and their next sessions); false if they do not. */
    async useFarm(sessionId: string, userId: string, farmId: string): Promise<boolean> {
      const rows = await db
        .update(session)
        .set({ activeFarmId: farmId })
        .where(
          and(
            eq(session.id, sessionId),
            eq(session.userId, userId),
            sql`exists (select 1 from ${farmMembers} join ${farms} on ${farms.id} = ${farmMembers.farmId}
              where ${farmMembers.farmId} = ${farmId} and ${farmMembers.userId} = ${userId} and ${membershipInForce})`,
          ),
        )
        .returning({ id: session.id });
      if (!rows.length) return false;
      await db
        .update(farmMembers)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)));
      return true;
    },

    /** An invitation still out, by its link's token hash: what the link's page shows. */
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: invitations.id,
          farmId: invitations.farmId,
          farmName: farms.name,
          invitedBy: personName(sql`${invitations.invitedBy}`),
          email: invitations.email,
          role: invitations.role,
          accessUntil: invitations.accessUntil,
          timeZone: farms.timeZone,
          accountExists: sql<boolean>`exists (select 1 from "user" where lower(email) = ${invitations.email} and email_verified)`,
        })
        .from(invitations)
        .innerJoin(farms, eq(farms.id, invitations.farmId))
        .where(and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, sql`now()`)));
      return row;
    },

    /**
     * Accepts an invitation for a signed-in user whose address it was sent to: the membership with
     * the invitation's role (a member already keeps theirs), the invitation gone, the session
     * pointed at the farm — one transaction, so a link works once.
     */
    async accept(tokenHash: string, caller: { userId: string; sessionId: string }) {
      return db.transaction(async (tx) => {
        const invitation = await liveInvitation(tx, tokenHash);
        if (!invitation) return { outcome: 'not-found' as const };
        const [me] = await tx.select({ email: user.email }).from(user).where(eq(user.id, caller.userId));
        // the link stays usable by the person it was sent to
        if (invitation.email !== me?.email.toLowerCase())
          return { outcome: 'other-address' as const, email: invitation.email };
        await tx.delete(invitations).where(eq(invitations.id, invitation.id));
        // A sitter past their last day starts a new membership: the ended one (and any link made in
        // it) goes, as on removal, and the invitation's role and last day are theirs.
        const [ended] = await tx
          .select({ userId: farmMembers.userId })
          .from(farmMembers)
          .innerJoin(farms, eq(farms.id, farmMembers.farmId))
          .where(
            and(
              eq(farmMembers.farmId, invitation.farmId),
              eq(farmMembers.userId, caller.userId),
              not(membershipInForce),
            ),
          )
          .for('update', { of: farmMembers });
        if (ended) {
          const mine = (table: typeof recordShares | typeof calendarFeeds) =>
            and(eq(table.farmId, invitation.farmId), eq(table.createdBy, caller.userId));
          await tx.delete(recordShares).where(mine(recordShares));
          await tx.delete(calendarFeeds).where(mine(calendarFeeds));
          await tx
            .delete(farmMembers)
            .where(and(eq(farmMembers.farmId, invitation.farmId), eq(farmMembers.userId, caller.userId)));
        }
        await tx
          .insert(farmMembers)
          .values({
            farmId: invitation.farmId,
            userId: caller.userId,
            role: invitation.role,
            accessUntil: invitation.role === 'sitter' ? invitation.accessUntil : null,
            lastUsedAt: sql`now()`,
          })
          .onConflictDoUpdate({
            // already a member: keeps their role (a link never raises it), and starts there
            target: [farmMembers.farmId, farmMembers.userId],
            set: { lastUsedAt: sql`now()` },
          });
        await tx
          .update(session)
          .set({ activeFarmId: invitation.farmId })
          .where(and(eq(session.id, caller.sessionId), eq(session.userId, caller.userId)));
        return { outcome: 'accepted' as const, farmId: invitation.farmId };
      });
    },

    /**
     * A new person signing up through their invitation: the address is the invitation's (the link
     * came to that inbox, so it is confirmed), never one they type. Their account (with its own
     * farm, made by the sign-up trigger), the membership, a session in the invited farm, and the
     * invitation gone, in one transaction. 'account-exists' if the address already has a confirmed
     * account (that person signs in and accepts instead: a link never takes over an account).
     */
    async signUp(
      tokenHash: string,
      person: { name: string | null; passwordHash: string; sessionToken: string; sessionExpiresAt: Date },
    ) {
      return db.transaction(async (tx) => {
        const invitation = await liveInvitation(tx, tokenHash);
        if (!invitation) return { outcome: 'not-found' as const };
        const existing = await tx
          .select({ id: user.id, verified: user.emailVerified })
          .from(user)
          .where(sql`lower(${user.email}) = ${invitation.email}`);
        if (existing.some((row) => row.verified)) return { outcome: 'account-exists' as const };
        await tx.delete(invitations).where(eq(invitations.id, invitation.id));
        // A sign-up never confirmed for this address (and its empty farm) gives way, as on sign-up.
        for (const pending of existing) {
          await tx.execute(
            sql`delete from farms where id in (select farm_id from farm_members where user_id = ${pending.id} and role = 'owner')`,
          );
          await tx.delete(user).where(eq(user.id, pending.id));
        }
        const [farm] = await tx
          .select({ timeZone: farms.timeZone })
          .from(farms)
          .where(eq(farms.id, invitation.farmId));
        const [created] = await tx
          .insert(user)
          .values({
            name: person.name ?? '',
            email: invitation.email,
            emailVerified: true,
            timeZone: farm?.timeZone ?? 'UTC',
          })
          .returning({ id: user.id });
        const userId = created!.id;
        await tx.insert(account).values({
          accountId: userId,
          providerId: 'credential',
          userId,
          password: person.passwordHash,
        });
        await tx.insert(farmMembers).values({
          farmId: invitation.farmId,
          userId,
          role: invitation.role,
          accessUntil: invitation.role === 'sitter' ? invitation.accessUntil : null,
          lastUsedAt: sql`now()`,
        });
        await tx.insert(session).values({
          token: person.sessionToken,
          userId,
          expiresAt: person.sessionExpiresAt,
          activeFarmId: invitation.farmId,
        });
        return { outcome: 'signed-up' as const, userId };
      });
    },
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
