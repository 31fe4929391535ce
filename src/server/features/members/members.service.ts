// The rules of farm sharing: who is on the farm, invitations by email (a 256-bit token, only its
// hash kept, single use, 7 days), roles changed and members removed with at least one owner left,
// and the farm a session works in. Every change to who may do what clears the session cache, so a
// removed member's next request on this server is refused (decision 0032).
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import {
  farmDisplayName,
  roleLabels,
  type FarmRole,
  type InvitationCreate,
  type InvitationSignUp,
  type MemberUpdate,
} from '../../../shared/schemas/members';
import { invitationEmail } from '../../auth/emails';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/database';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { isUuid } from '../../http/openapi';
import { overLimit, type Limit } from '../../http/rate-limit';
import { signSessionToken, type SessionCache } from '../../http/require-farm';
import { hashSecretToken, isSecretToken, newSecretToken } from '../../http/secret-token';
import type { Mailer } from '../../mail/mailer';
import type { MembersRepo } from './members.repo';

const dayMs = 24 * 60 * 60 * 1000;
export const invitationLifetimeMs = 7 * dayMs;
/** the session an invitation's sign-up starts, as long as Better Auth's (auth.ts) */
const sessionLifetimeMs = 30 * dayMs;
/** Invitations one farm may send: a family and a sitter or two, never a mailing list. */
export const invitationLimit: Limit = { max: 30, windowMs: dayMs };

const lastOwner = () =>
  new ConflictError('LAST_OWNER', 'A farm needs at least one owner. Make someone else an owner first.');
const invitationGone = () => new NotFoundError('Invitation');

export function createMembersService(deps: {
  repo: MembersRepo;
  db: Database;
  mailer: Mailer;
  origin: string;
  sessions: SessionCache;
  profiles: { today(farmId: string): Promise<string> };
  secret: string;
  cookieName: string;
  secure: boolean;
}) {
  const { repo, mailer, sessions } = deps;

  /** A sitter's last day: today or later in the farm's zone; other roles have none. */
  async function lastDay(farmId: string, role: FarmRole, accessUntil: string | null | undefined) {
    if (role !== 'sitter' || !accessUntil) return null;
    if (accessUntil < (await deps.profiles.today(farmId)))
      throw new ValidationError({ accessUntil: ['Choose today or a later day'] });
    return accessUntil;
  }

  async function send(token: string, to: string) {
    const shown = await repo.byTokenHash(hashSecretToken(token));
    if (!shown) return;
    await mailer.send(
      invitationEmail(to, `${deps.origin}/invite/${token}`, {
        farmName: farmDisplayName(shown.farmName),
        invitedBy: shown.invitedBy ?? 'A Paddock user',
        role: roleLabels[shown.role],
        accessUntil: shown.accessUntil,
      }),
    );
  }

  const iso = <Row extends { expiresAt: Date }>(row: Row) => ({
    ...row,
    expiresAt: row.expiresAt.toISOString(),
  });

  return {
    async list(farmId: string, userId: string, role: FarmRole) {
      const [members, invitations] = await Promise.all([
        // past sitters are the owners' to see (to invite again or remove)
        repo.members(farmId, role === 'owner'),
        role === 'owner' ? repo.invitations(farmId) : Promise.resolve([]),
      ]);
      return {
        role,
        members: members.map((member) => ({ ...member, you: member.userId === userId })),
        invitations: invitations.map(iso),
      };
    },

    async invite(farmId: string, userId: string, input: InvitationCreate & { email: string }) {
      const email = input.email.toLowerCase();
      const accessUntil = await lastDay(farmId, input.role, input.accessUntil);
      if (await repo.isMember(farmId, email))
        throw new ConflictError('ALREADY_MEMBER', 'This person is already a member of the farm.');
      if (await overLimit(deps.db, `invitations:${farmId}`, invitationLimit))
        throw new AppError(
          429,
          'TOO_MANY_REQUESTS',
          'Too many invitations today. Please try again tomorrow.',
        );
      const token = newSecretToken();
      const expiresAt = new Date(Date.now() + invitationLifetimeMs);
      const id = await repo.invite(farmId, {
        email,
        role: input.role,
        accessUntil,
        tokenHash: hashSecretToken(token),
        invitedBy: userId,
        expiresAt,
      });
      await send(token, email);
      return { id, email, role: input.role, accessUntil, expiresAt: expiresAt.toISOString() };
    },

    /** A fresh link by email; the earlier one stops working. */
    async resend(farmId: string, id: string) {
      if (await overLimit(deps.db, `invitations:${farmId}`, invitationLimit))
        throw new AppError(
          429,
          'TOO_MANY_REQUESTS',
          'Too many invitations today. Please try again tomorrow.',
        );
      const token = newSecretToken();
      const expiresAt = new Date(Date.now() + invitationLifetimeMs);
      const renewed = await repo.renew(farmId, id, hashSecretToken(token), expiresAt);
      if (!renewed) throw invitationGone();
      await send(token, renewed.email);
      return { id, ...renewed, expiresAt: expiresAt.toISOString() };
    },

    async revoke(farmId: string, id: string) {
      if (!(await repo.revoke(farmId, id))) throw invitationGone();
    },

    async change(farmId: string, userId: string, update: MemberUpdate) {
      const accessUntil = await lastDay(farmId, update.role, update.accessUntil);
      const outcome = await repo.change(farmId, userId, update.role, accessUntil);
      if (outcome === 'not-found') throw new NotFoundError('Member');
      if (outcome === 'last-owner') throw lastOwner();
      sessions.clear(); // their next request is answered with the new role
    },

    async remove(farmId: string, userId: string) {
      const outcome = await repo.remove(farmId, userId);
      if (outcome === 'not-found') throw new NotFoundError('Member');
      if (outcome === 'last-owner') throw lastOwner();
      sessions.clear(); // removal ends their sessions' access at once
    },

    async farms(userId: string, current: string) {
      const farms = await repo.farmsOf(userId);
      return {
        current,
        farms: farms.map((farm) => ({
          id: farm.id,
          name: farmDisplayName(farm.name, farm.ownerName),
          role: farm.role,
        })),
      };
    },

    async use(sessionId: string, userId: string, farmId: string) {
      if (!isUuid(farmId) || !(await repo.useFarm(sessionId, userId, farmId)))
        throw new NotFoundError('Farm');
      sessions.clear();
    },

    async view(token: string) {
      const found = isSecretToken(token) ? await repo.byTokenHash(hashSecretToken(token)) : undefined;
      if (!found) throw invitationGone();
      return {
        farmName: farmDisplayName(found.farmName),
        invitedBy: found.invitedBy ?? 'A Paddock user',
        email: found.email,
        role: found.role,
        accessUntil: found.accessUntil,
        accountExists: found.accountExists,
      };
    },

    async accept(token: string, caller: { userId: string; sessionId: string }) {
      if (!isSecretToken(token)) throw invitationGone();
      const result = await repo.accept(hashSecretToken(token), caller);
      if (result.outcome === 'not-found') throw invitationGone();
      if (result.outcome === 'other-address')
        throw new AppError(
          403,
          'OTHER_ADDRESS',
          `This invitation was sent to ${result.email}. Sign in with that address to accept it.`,
        );
      sessions.clear();
      return { farmId: result.farmId };
    },

    /** Signs a new person up through their invitation and signs them in (the session cookie). */
    async signUp(c: Context, token: string, person: InvitationSignUp) {
      if (!isSecretToken(token)) throw invitationGone();
      const sessionToken = newSecretToken();
      const sessionExpiresAt = new Date(Date.now() + sessionLifetimeMs);
      const result = await deps.repo.signUp(hashSecretToken(token), {
        name: person.name ?? null,
        passwordHash: await hashPassword(person.password),
        sessionToken,
        sessionExpiresAt,
      });
      if (result.outcome === 'not-found') throw invitationGone();
      if (result.outcome === 'account-exists')
        throw new ConflictError(
          'ACCOUNT_EXISTS',
          'This email already has a Paddock account. Sign in to accept the invitation.',
        );
      setCookie(c, deps.cookieName, signSessionToken(sessionToken, deps.secret), {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: deps.secure,
        expires: sessionExpiresAt,
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
