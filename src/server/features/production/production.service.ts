// The rules of egg collections, between production.routes.ts and production.repo.ts: the group must
// be the farm's, a day not after the farm's today, each part of a collection not more than its
// eggs, and eggs collected while an animal of the group is under an egg withdrawal are discarded
// (all of them unless the request says how many). A farm sitter does the rounds: they record, and
// change or delete what they recorded themselves (a member's or owner's record stays theirs, as
// care entries do: decision 0032). Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type {
  EggCollection,
  EggCollectionWritten,
  EggProduction,
  eggCollectionCreateSchema,
  eggCollectionUpdateSchema,
} from '../../../shared/schemas/production';
import type { FarmRole } from '../../../shared/members/roles';
import { NotFoundError, ValidationError } from '../../http/errors';
import { ForbiddenError } from '../../http/permissions';
import type { ProfileService } from '../account/profile.service';
import type { CollectionChanges, ProductionRepo } from './production.repo';

type CreateInput = z.output<typeof eggCollectionCreateSchema>;
type UpdateInput = z.output<typeof eggCollectionUpdateSchema>;

/** Who is asking: their id and role on the farm in use. */
export type Actor = { userId: string; role: FarmRole };

const parts = ['cracked', 'dirty', 'small', 'discarded'] as const;

/** Each part (cracked, dirty, small, discarded) at most the eggs: 422 naming each part over. */
function checkParts(values: { eggs: number } & Partial<Record<(typeof parts)[number], number | null>>) {
  const fields: Record<string, string[]> = {};
  for (const part of parts) {
    const value = values[part];
    if (value != null && value > values.eggs)
      fields[part] = [`Cannot be more than the eggs collected (${values.eggs})`];
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

/** eggs per hen per day over `days` days; null without hens */
const layRate = (eggs: number, hens: number, days: number) =>
  hens > 0 ? Math.round((eggs / (hens * days)) * 1000) / 1000 : null;

export function createProductionService(deps: {
  repo: ProductionRepo;
  profiles: Pick<ProfileService, 'today'>;
}) {
  const { repo, profiles } = deps;

  async function notAfterToday(farmId: string, day: string | undefined) {
    const today = await profiles.today(farmId);
    if (day && day > today)
      throw new ValidationError({ collectedOn: ['Collection date cannot be in the future'] });
    return day ?? today;
  }

  async function findOwn(farmId: string, id: string, actor: Actor): Promise<EggCollection> {
    const found = await repo.find(farmId, id);
    if (!found) throw new NotFoundError('Egg collection');
    if (actor.role === 'sitter' && found.recordedById !== actor.userId)
      throw new ForbiddenError('A farm sitter may change only the collections they recorded.');
    return found;
  }

  return {
    /** The group's animals under an egg withdrawal on `day` (the farm's today without it). */
    async eggWithdrawal(farmId: string, groupId: string, day: string | undefined) {
      if (!(await repo.hasGroup(farmId, groupId))) throw new NotFoundError('Group');
      return repo.eggWithdrawal(farmId, groupId, day ?? (await profiles.today(farmId)));
    },

    /** Records a collection; `written` false for a repeat of the same id (the stored one, unchanged). */
    async create(
      farmId: string,
      input: CreateInput,
      actor: Actor,
    ): Promise<{ written: boolean; collection: EggCollectionWritten }> {
      checkParts(input);
      const id = input.id ?? randomUUID();
      const earlier = input.id ? await repo.find(farmId, id) : null;
      if (earlier) return { written: false, collection: { ...earlier, withdrawal: [] } };
      const collectedOn = await notAfterToday(farmId, input.collectedOn);
      if (!(await repo.hasGroup(farmId, input.groupId)))
        throw new ValidationError({ groupId: ['Choose a group of your farm'] });
      const withdrawal = await repo.eggWithdrawal(farmId, input.groupId, collectedOn);
      const collection = await repo.insert(farmId, {
        id,
        groupId: input.groupId,
        collectedOn,
        eggs: input.eggs,
        cracked: input.cracked ?? null,
        dirty: input.dirty ?? null,
        small: input.small ?? null,
        discarded: input.discarded ?? (withdrawal.length ? input.eggs : 0),
        note: input.note ?? null,
        recordedBy: actor.userId,
      });
      if (collection) return { written: true, collection: { ...collection, withdrawal } };
      // nothing written: the same id sent twice at once (the stored one), or the group just deleted
      const stored = await repo.find(farmId, id);
      if (stored) return { written: false, collection: { ...stored, withdrawal: [] } };
      throw new ValidationError({ groupId: ['Choose a group of your farm'] });
    },

    /**
     * Changes a collection. Without `discarded`, a day under withdrawal discards all its eggs (as
     * when recorded); otherwise the part kept discarded stays, cut to the eggs.
     */
    async update(
      farmId: string,
      id: string,
      input: UpdateInput,
      actor: Actor,
    ): Promise<EggCollectionWritten> {
      const found = await findOwn(farmId, id, actor);
      const eggs = input.eggs ?? found.eggs;
      const next = {
        eggs,
        cracked: input.cracked === undefined ? found.cracked : input.cracked,
        dirty: input.dirty === undefined ? found.dirty : input.dirty,
        small: input.small === undefined ? found.small : input.small,
        discarded: input.discarded,
      };
      checkParts(next);
      const collectedOn = await notAfterToday(farmId, input.collectedOn ?? found.collectedOn);
      // a collection whose group was deleted has no animals left to be under a withdrawal
      const withdrawal = found.groupId ? await repo.eggWithdrawal(farmId, found.groupId, collectedOn) : [];
      const changes: CollectionChanges = {
        ...(input.collectedOn !== undefined && { collectedOn: input.collectedOn }),
        ...(input.eggs !== undefined && { eggs: input.eggs }),
        ...(input.cracked !== undefined && { cracked: input.cracked }),
        ...(input.dirty !== undefined && { dirty: input.dirty }),
        ...(input.small !== undefined && { small: input.small }),
        ...(input.note !== undefined && { note: input.note }),
        discarded: input.discarded ?? (withdrawal.length ? eggs : Math.min(found.discarded, eggs)),
      };
      const collection = await repo.update(farmId, id, changes);
      if (!collection) throw new NotFoundError('Egg collection'); // deleted meanwhile
      return { ...collection, withdrawal };
    },

    async remove(farmId: string, id: string, actor: Actor): Promise<void> {
      await findOwn(farmId, id, actor);
      if (!(await repo.remove(farmId, id))) throw new NotFoundError('Egg collection');
    },

    /** A page of collections (JSON text), newest first. */
    list: (
      farmId: string,
      filter: { groupId?: string; from?: string; to?: string },
      offset: number,
      limit: number,
    ) =>
      repo.list(
        farmId,
        { groupId: filter.groupId ?? null, from: filter.from ?? null, to: filter.to ?? null },
        offset,
        limit,
      ),

    /**
     * The Production page's eggs. The lay rate divides by the female chickens of today for every
     * day of the window: memberships and sexes keep no history (a hen sold last week still counts
     * as absent on the days she laid).
     */
    async eggProduction(farmId: string, groupId: string | undefined): Promise<EggProduction> {
      const today = await profiles.today(farmId);
      const found = await repo.eggProduction(farmId, groupId ?? null, today);
      if (!found) throw new NotFoundError('Group');
      const sum = (days: typeof found.byDay) => days.reduce((total, day) => total + day.eggs, 0);
      return {
        groupId: groupId ?? null,
        today,
        ...found,
        layRate: {
          last7: layRate(sum(found.byDay.slice(-7)), found.hens, 7),
          last30: layRate(sum(found.byDay), found.hens, 30),
        },
      };
    },
  };
}

export type ProductionService = ReturnType<typeof createProductionService>;
