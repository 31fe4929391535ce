// The rules of milk records, between milk.routes.ts and milk.repo.ts: each doe must be a female of
// the farm, a day not after the farm's today, the part discarded not more than the amount, and milk
// given while a doe is under a milk withdrawal is discarded (all of it unless the request says how
// much). A farm sitter does the milking: they record, and change or delete what they recorded
// themselves (decision 0032, as eggs). Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type {
  MilkProduction,
  MilkRecord,
  MilkRecordWritten,
  MilkRecordsWritten,
  MilkUnit,
  milkRecordCreateSchema,
  milkRecordUpdateSchema,
} from '../../../shared/schemas/milk';
import type { Lactation } from '../../../shared/schemas/records';
import type { Database } from '../../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { ForbiddenError } from '../../http/permissions';
import type { ProfileService } from '../account/profile.service';
import type { MilkRecordChanges, MilkRepo, NewMilkRecord } from './milk.repo';
import type { Actor } from './production.service';

type CreateInput = z.output<typeof milkRecordCreateSchema>;
type UpdateInput = z.output<typeof milkRecordUpdateSchema>;

const futureDay = { milkedOn: ['Milking date cannot be in the future'] };
const overAmount = (amount: number) => [`Cannot be more than the amount (${amount})`];

/** The insert wrote fewer records than it was given: its transaction is rolled back. */
class ShortWrite extends Error {}

export function createMilkService(deps: {
  db: Database;
  repo: MilkRepo;
  profiles: Pick<ProfileService, 'today' | 'settings'>;
}) {
  const { db, repo, profiles } = deps;

  /** The farm's today and milk unit: one read of its settings (remembered for a few seconds). */
  async function dayAndUnit(farmId: string) {
    const { milkUnit } = await profiles.settings(farmId);
    return { today: await profiles.today(farmId), milkUnit };
  }

  async function findOwn(farmId: string, id: string, actor: Actor): Promise<MilkRecord> {
    const found = await repo.find(farmId, id);
    if (!found) throw new NotFoundError('Milk record');
    if (actor.role === 'sitter' && found.recordedById !== actor.userId)
      throw new ForbiddenError('A farm sitter may change only the milk records they recorded.');
    return found;
  }

  /** The records of `ids` as stored, in that order (each id is stored). */
  async function storedInOrder(farmId: string, ids: string[]): Promise<MilkRecord[]> {
    const stored = new Map((await repo.findMany(farmId, ids)).map((record) => [record.id, record]));
    return ids.map((id) => stored.get(id)!);
  }

  /**
   * Records the milk; `written` false when every id was already stored (a retry: the stored
   * records, unchanged). `tries` bounds the one new attempt made when a record could not be
   * written after its checks passed (a doe or the group deleted meanwhile, the same ids sent twice
   * at once): the checks then answer with the fresh state.
   */
  async function create(
    farmId: string,
    input: CreateInput,
    actor: Actor,
    tries = 2,
  ): Promise<{ written: boolean; answer: MilkRecordsWritten }> {
    const ids = input.records.map((record) => record.id ?? randomUUID());
    const fields: Record<string, string[]> = {};
    ids.forEach((id, n) => {
      if (ids.indexOf(id) !== n) fields[`records.${n}.id`] = ['Each record needs its own id'];
    });
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const known = new Set(
      (
        await repo.findMany(
          farmId,
          input.records.flatMap((record) => record.id ?? []),
        )
      ).map((record) => record.id),
    );
    const fresh = input.records.flatMap((record, n) => (known.has(ids[n]!) ? [] : [{ record, n }]));
    if (!fresh.length)
      return { written: false, answer: { records: await storedInOrder(farmId, ids), withdrawal: [] } };

    const { today, milkUnit } = await dayAndUnit(farmId);
    const milkedOn = input.milkedOn ?? today;
    if (milkedOn > today) throw new ValidationError(futureDay);
    const animalIds = [...new Set(fresh.map(({ record }) => record.animalId))];
    const [does, groupFound] = await Promise.all([
      repo.animalsAmong(farmId, animalIds),
      input.groupId ? repo.hasGroup(farmId, input.groupId) : true,
    ]);
    for (const { record, n } of fresh) {
      if (!does.get(record.animalId)?.female) fields[`records.${n}.animalId`] = ['Choose a female animal'];
      if (record.discarded !== undefined && record.discarded > record.amount)
        fields[`records.${n}.discarded`] = overAmount(record.amount);
    }
    if (!groupFound) fields.groupId = ['Choose a group of your farm'];
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const withdrawal = await repo.milkWithdrawal(farmId, { animalIds }, milkedOn);
    const withdrawn = new Set(withdrawal.map((doe) => doe.animalId));
    const rows: NewMilkRecord[] = fresh.map(({ record, n }) => ({
      id: ids[n]!,
      animalId: record.animalId,
      groupId: input.groupId ?? null,
      milkedOn,
      milking: input.milking,
      amount: record.amount,
      unit: input.unit ?? milkUnit,
      discarded: record.discarded ?? (withdrawn.has(record.animalId) ? record.amount : 0),
      note: record.note ?? null,
      recordedBy: actor.userId,
    }));
    try {
      // all or nothing: a record that cannot be written undoes the others
      await db.transaction(async (tx) => {
        if ((await repo.insert(tx, farmId, rows)).length < rows.length) throw new ShortWrite();
      });
    } catch (error) {
      if (!(error instanceof ShortWrite)) throw error;
      if (tries > 1) return create(farmId, input, actor, tries - 1);
      throw new ConflictError();
    }
    return { written: true, answer: { records: await storedInOrder(farmId, ids), withdrawal } };
  }

  return {
    create,

    /**
     * Changes a record. Without `discarded`, a day under withdrawal discards all its milk (as when
     * recorded); otherwise the part kept discarded stays, cut to the amount.
     */
    async update(farmId: string, id: string, input: UpdateInput, actor: Actor): Promise<MilkRecordWritten> {
      const found = await findOwn(farmId, id, actor);
      const amount = input.amount ?? found.amount;
      if (input.discarded !== undefined && input.discarded > amount)
        throw new ValidationError({ discarded: overAmount(amount) });
      const milkedOn = input.milkedOn ?? found.milkedOn;
      if (milkedOn > (await profiles.today(farmId))) throw new ValidationError(futureDay);
      const withdrawal = await repo.milkWithdrawal(farmId, { animalIds: [found.animalId] }, milkedOn);
      const changes: MilkRecordChanges = {
        ...(input.milkedOn !== undefined && { milkedOn: input.milkedOn }),
        ...(input.milking !== undefined && { milking: input.milking }),
        ...(input.unit !== undefined && { unit: input.unit }),
        ...(input.amount !== undefined && { amount: input.amount }),
        ...(input.note !== undefined && { note: input.note }),
        discarded: input.discarded ?? (withdrawal.length ? amount : Math.min(found.discarded, amount)),
      };
      const record = await repo.update(farmId, id, changes);
      if (!record) throw new NotFoundError('Milk record'); // deleted meanwhile
      return { ...record, withdrawal };
    },

    async remove(farmId: string, id: string, actor: Actor): Promise<void> {
      await findOwn(farmId, id, actor);
      if (!(await repo.remove(farmId, id))) throw new NotFoundError('Milk record');
    },

    /** A page of records (JSON text), newest first. */
    list: (...args: Parameters<MilkRepo['list']>) => repo.list(...args),

    /** The group's does under a milk withdrawal on `day` (the farm's today without it). */
    async groupWithdrawal(farmId: string, groupId: string, day: string | undefined) {
      if (!(await repo.hasGroup(farmId, groupId))) throw new NotFoundError('Group');
      return repo.milkWithdrawal(farmId, { groupId }, day ?? (await profiles.today(farmId)));
    },

    /** The animal, if she is under a milk withdrawal on `day` (the farm's today without it). */
    async animalWithdrawal(farmId: string, animalId: string, day: string | undefined) {
      if (!(await repo.hasAnimal(farmId, animalId))) throw new NotFoundError('Animal');
      return repo.milkWithdrawal(farmId, { animalIds: [animalId] }, day ?? (await profiles.today(farmId)));
    },

    /** The Production page's milk, in the farm's milk unit. */
    async production(
      farmId: string,
      query: { groupId?: string; animalId?: string },
    ): Promise<MilkProduction> {
      const { today, milkUnit } = await dayAndUnit(farmId);
      const among = { groupId: query.groupId ?? null, animalId: query.animalId ?? null };
      const found = await repo.production(farmId, among, today, milkUnit);
      if (!found) throw new NotFoundError(query.animalId ? 'Animal' : 'Group');
      return { ...among, today, unit: milkUnit, ...found };
    },

    /** A doe's milk per lactation for her health record, in the farm's unit; null without milk. */
    async lactations(
      farmId: string,
      animalId: string,
    ): Promise<{ unit: MilkUnit; lactations: Lactation[] } | null> {
      const { milkUnit } = await profiles.settings(farmId);
      const lactations = await repo.lactations(farmId, animalId, milkUnit);
      return lactations.length ? { unit: milkUnit, lactations } : null;
    },
  };
}

export type MilkService = ReturnType<typeof createMilkService>;
