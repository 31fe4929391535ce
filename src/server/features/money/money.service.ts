// The rules of the farm's money, between money.routes.ts and money.repo.ts: a day not after the
// farm's today, a group or animal of the farm (another farm's is a 404, as the issue asks), a
// period that ends after it starts and spans at most ten years, and an animal's sale changed only
// through the animal (its entry is written by `saleIncome`, which the animals service calls in its
// own transaction). Throws typed errors; the one onError maps them to HTTP. Decision 0044.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { addDays, addMonths, daysBetween } from '../../../shared/care/dates';
import {
  moneyAmount,
  type GroupFeed,
  type MoneyEntry,
  type MoneySummary,
  type moneyEntryCreateSchema,
  type moneyEntryUpdateSchema,
} from '../../../shared/schemas/money';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import type { MoneyEntryChanges, MoneyRepo, Transaction } from './money.repo';

type CreateInput = z.output<typeof moneyEntryCreateSchema>;
type UpdateInput = z.output<typeof moneyEntryUpdateSchema>;

/** The longest period a summary or a feed view covers: 120 months in one answer. */
const maxPeriodYears = 10;

/** numeric's text for an amount the schema passed (two decimals at most): stored exactly. */
const decimalText = (value: number, decimals: number) => value.toFixed(decimals);
const optionalDecimal = (value: number | null | undefined, decimals: number) =>
  value == null ? value : decimalText(value, decimals);

/** '2026-01-01' of the day's year */
const startOfYear = (day: string) => `${day.slice(0, 4)}-01-01`;

function checkPeriod(from: string, to: string) {
  if (from > to) throw new ValidationError({ to: ['The end cannot be before the start'] });
  if (addMonths(from, maxPeriodYears * 12) <= to)
    throw new ValidationError({ from: [`Choose a period of at most ${maxPeriodYears} years`] });
}

export function createMoneyService(deps: { repo: MoneyRepo; profiles: Pick<ProfileService, 'today'> }) {
  const { repo, profiles } = deps;

  async function notAfterToday(farmId: string, day: string | undefined) {
    const today = await profiles.today(farmId);
    if (day && day > today) throw new ValidationError({ occurredOn: ['Date cannot be in the future'] });
    return day ?? today;
  }

  /** The group and animal named must be the farm's: another farm's (or none) is a 404. */
  async function checkLinks(farmId: string, links: { groupId?: string | null; animalId?: string | null }) {
    if (links.groupId && !(await repo.hasGroup(farmId, links.groupId))) throw new NotFoundError('Group');
    if (links.animalId && !(await repo.hasAnimal(farmId, links.animalId))) throw new NotFoundError('Animal');
  }

  /** An entry to change: not a medicine lot (the cabinet's), not a sale (the animal's). */
  async function findChangeable(farmId: string, id: string): Promise<MoneyEntry> {
    const found = await repo.find(farmId, id);
    if (!found) throw new NotFoundError('Money entry');
    if (found.animalSaleOf)
      throw new ConflictError(
        'ANIMAL_SALE',
        'This is the income of an animal’s sale: change or undo the sale on the animal’s page.',
      );
    return found;
  }

  return {
    find: async (farmId: string, id: string): Promise<MoneyEntry> => {
      const found = await repo.find(farmId, id);
      if (!found) throw new NotFoundError('Money entry');
      return found;
    },

    /** Records an entry; `written` false for a repeat of the same id (the stored one, unchanged). */
    async create(
      farmId: string,
      input: CreateInput,
      userId: string,
    ): Promise<{ written: boolean; entry: MoneyEntry }> {
      const id = input.id ?? randomUUID();
      const earlier = input.id ? await repo.find(farmId, id) : null;
      if (earlier) return { written: false, entry: earlier };
      const occurredOn = await notAfterToday(farmId, input.occurredOn);
      await checkLinks(farmId, input);
      const written = await repo.insert(farmId, {
        id,
        kind: input.kind,
        occurredOn,
        amount: decimalText(input.amount, 2),
        category: input.category,
        groupId: input.groupId ?? null,
        animalId: input.animalId ?? null,
        quantity: optionalDecimal(input.quantity, 3) ?? null,
        quantityUnit: input.quantityUnit ?? null,
        note: input.note ?? null,
        recordedBy: userId,
      });
      const entry = await repo.find(farmId, id);
      if (!entry) throw new NotFoundError('Money entry');
      return { written, entry };
    },

    async update(farmId: string, id: string, input: UpdateInput): Promise<MoneyEntry> {
      await findChangeable(farmId, id);
      if (input.occurredOn !== undefined) await notAfterToday(farmId, input.occurredOn);
      await checkLinks(farmId, input);
      const changes: MoneyEntryChanges = {
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.occurredOn !== undefined && { occurredOn: input.occurredOn }),
        ...(input.amount !== undefined && { amount: decimalText(input.amount, 2) }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.groupId !== undefined && { groupId: input.groupId }),
        ...(input.animalId !== undefined && { animalId: input.animalId }),
        ...(input.quantity !== undefined && { quantity: optionalDecimal(input.quantity, 3) }),
        ...(input.quantityUnit !== undefined && { quantityUnit: input.quantityUnit }),
        ...(input.note !== undefined && { note: input.note }),
      };
      if (!(await repo.update(farmId, id, changes))) throw new NotFoundError('Money entry');
      const entry = await repo.find(farmId, id);
      if (!entry) throw new NotFoundError('Money entry'); // deleted meanwhile
      return entry;
    },

    async remove(farmId: string, id: string): Promise<void> {
      await findChangeable(farmId, id);
      if (!(await repo.remove(farmId, id))) throw new NotFoundError('Money entry');
    },

    /** A page of the farm's money (JSON text), newest first: its entries and the cabinet's priced lots. */
    list: (
      farmId: string,
      filter: { from?: string; to?: string; groupId?: string; kind?: 'expense' | 'income' },
      offset: number,
      limit: number,
    ) =>
      repo.list(
        farmId,
        {
          from: filter.from ?? null,
          to: filter.to ?? null,
          groupId: filter.groupId ?? null,
          kind: filter.kind ?? null,
        },
        offset,
        limit,
      ),

    /** The Money page's figures for the period (this year to the farm's today without one). */
    async summary(
      farmId: string,
      query: { from?: string; to?: string; groupId?: string },
    ): Promise<MoneySummary> {
      const today = await profiles.today(farmId);
      const to = query.to ?? (query.from && query.from > today ? query.from : today);
      const from = query.from ?? startOfYear(to);
      checkPeriod(from, to);
      const found = await repo.summary(farmId, { from, to }, query.groupId ?? null);
      if (!found) throw new NotFoundError('Group');
      return { from, to, groupId: query.groupId ?? null, ...found };
    },

    /**
     * A group's feed over the period (the last 12 months without one). Its cost per animal per day
     * counts the days from the period's first purchase (feed bought lasts from then on) to its end,
     * and the group's animals of today: memberships keep no history.
     */
    async feed(farmId: string, groupId: string, query: { from?: string; to?: string }): Promise<GroupFeed> {
      const today = await profiles.today(farmId);
      const to = query.to ?? (query.from && query.from > today ? query.from : today);
      const from = query.from ?? addDays(addMonths(to, -12), 1);
      checkPeriod(from, to);
      const found = await repo.feed(farmId, groupId, { from, to });
      if (!found) throw new NotFoundError('Group');
      const days = daysBetween(found.firstDay ?? from, to) + 1;
      const { firstDay: _firstDay, ...rest } = found;
      return {
        groupId,
        from,
        to,
        ...rest,
        days,
        costPerAnimalPerDay:
          found.animals > 0 && found.total > 0
            ? Math.round((found.total / (found.animals * days)) * 10_000) / 10_000
            : null,
      };
    },

    /**
     * The income of an animal's sale, in the animals service's transaction (issue 28 item 1):
     * written, or replaced when the sale is changed, or with `amount` null (returned to the herd, or
     * no longer a sale) removed. One per animal (money_entries.animal_sale_of); the animal must be
     * the farm's. Deleting the animal keeps the income, without the animal (decision 0044).
     */
    async saleIncome(
      tx: Transaction,
      farmId: string,
      sale: {
        animalId: string;
        occurredOn: string;
        amount: number | null;
        note?: string | null;
        recordedBy?: string | null;
      },
    ): Promise<void> {
      if (sale.amount !== null && !moneyAmount.safeParse(sale.amount).success)
        throw new ValidationError({
          exitPrice: ['Use an amount from 0 to 10000000 with at most 2 decimals'],
        });
      await repo.saleIncome(tx, farmId, {
        id: randomUUID(),
        animalId: sale.animalId,
        occurredOn: sale.occurredOn,
        amount: sale.amount === null ? null : decimalText(sale.amount, 2),
        note: sale.note ?? null,
        recordedBy: sale.recordedBy ?? null,
      });
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
