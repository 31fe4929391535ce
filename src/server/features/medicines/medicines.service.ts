// The rules of the medicine cabinet, between medicines.routes.ts and medicines.repo.ts: a name once
// in the cabinet (archived ones apart), a unit fixed once stock is counted in it, a dose by weight in
// the farm's weight unit unless it says another, stock added to a medicine in use only, and no
// movement that leaves a lot below zero. Who may call what is the permission table's (Owners and
// Members manage, a Farm Sitter reads). Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { amountText } from '../../../shared/medicines/labels';
import type {
  Lot,
  Medicine,
  Movement,
  lotCreateSchema,
  lotUpdateSchema,
  medicineCreateSchema,
  medicineUpdateSchema,
  movementCreateSchema,
} from '../../../shared/schemas/medicines';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import type { Database } from '../../db/database';
import type { LotColumns, MedicineColumns, MedicinesRepo, TreatmentMedicine } from './medicines.repo';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type CreateInput = z.output<typeof medicineCreateSchema>;
type UpdateInput = z.output<typeof medicineUpdateSchema>;
type LotInput = z.output<typeof lotCreateSchema>;
type LotChanges = z.output<typeof lotUpdateSchema>;
type MovementInput = z.output<typeof movementCreateSchema>;

const nameTaken = (name: string) =>
  new ValidationError({ name: [`The cabinet already has a medicine named ${name}`] });

export function createMedicinesService(deps: {
  repo: MedicinesRepo;
  profiles: Pick<ProfileService, 'today' | 'settings'>;
}) {
  const { repo, profiles } = deps;

  /** The dose's columns: all null without a dose; a dose by weight in the farm's unit unless it names one. */
  async function doseColumns(farmId: string, dose: CreateInput['dose']) {
    if (!dose)
      return { doseKind: null, doseAmount: null, dosePerWeight: null, doseWeightUnit: null, doseMax: null };
    if (dose.kind === 'fixed')
      return {
        doseKind: dose.kind,
        doseAmount: dose.amount,
        dosePerWeight: null,
        doseWeightUnit: null,
        doseMax: null,
      };
    return {
      doseKind: dose.kind,
      doseAmount: dose.amount,
      dosePerWeight: dose.perWeight,
      doseWeightUnit: dose.weightUnit ?? (await profiles.settings(farmId)).weightUnit,
      doseMax: dose.maxDose ?? null,
    };
  }

  const scheduleColumns = (schedule: CreateInput['schedule']) => ({
    scheduleInitialDoses: schedule?.initialDoses ?? null,
    scheduleDaysApart: schedule?.daysApart ?? null,
    scheduleBoosterMonths: schedule?.boosterMonths ?? null,
  });

  async function found(farmId: string, id: string): Promise<Medicine> {
    const medicine = await repo.find(farmId, id, await profiles.today(farmId));
    if (!medicine) throw new NotFoundError('Medicine');
    return medicine;
  }

  async function foundLot(farmId: string, id: string): Promise<Lot> {
    const lot = await repo.findLot(farmId, id, await profiles.today(farmId));
    if (!lot) throw new NotFoundError('Lot');
    return lot;
  }

  /** The day given, or the farm's today; not after the farm's today. */
  async function notAfterToday(farmId: string, field: string, day: string | undefined) {
    const today = await profiles.today(farmId);
    if (day && day > today) throw new ValidationError({ [field]: ['Date cannot be in the future'] });
    return day ?? today;
  }

  return {
    /** The cabinet, or its archived medicines, as JSON text: one statement. */
    list: async (farmId: string, archived: boolean) =>
      repo.list(farmId, archived, await profiles.today(farmId)),

    find: found,

    /** Adds a medicine; `written` false for a repeat of the same id (the stored one, unchanged). */
    async create(farmId: string, input: CreateInput): Promise<{ written: boolean; medicine: Medicine }> {
      const id = input.id ?? randomUUID();
      const row: MedicineColumns = {
        name: input.name,
        activeIngredient: input.activeIngredient ?? null,
        unit: input.unit,
        route: input.route ?? null,
        ...(await doseColumns(farmId, input.dose)),
        meatWithdrawalDays: input.meatWithdrawalDays ?? null,
        milkWithdrawalDays: input.milkWithdrawalDays ?? null,
        eggWithdrawalDays: input.eggWithdrawalDays ?? null,
        ...scheduleColumns(input.schedule),
        notes: input.notes ?? null,
        lowStockLevel: input.lowStockLevel ?? null,
      };
      const result = await repo.insert(farmId, id, row);
      if (result === 'name-taken') throw nameTaken(input.name);
      return { written: result === 'written', medicine: await found(farmId, id) };
    },

    /** Changes the fields sent; the unit only while no stock is recorded in it. */
    async update(farmId: string, id: string, input: UpdateInput): Promise<Medicine> {
      const changes: Partial<MedicineColumns> = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.activeIngredient !== undefined && { activeIngredient: input.activeIngredient }),
        ...(input.unit !== undefined && { unit: input.unit }),
        ...(input.route !== undefined && { route: input.route }),
        ...(input.dose !== undefined && (await doseColumns(farmId, input.dose))),
        ...(input.meatWithdrawalDays !== undefined && { meatWithdrawalDays: input.meatWithdrawalDays }),
        ...(input.milkWithdrawalDays !== undefined && { milkWithdrawalDays: input.milkWithdrawalDays }),
        ...(input.eggWithdrawalDays !== undefined && { eggWithdrawalDays: input.eggWithdrawalDays }),
        ...(input.schedule !== undefined && scheduleColumns(input.schedule)),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.lowStockLevel !== undefined && { lowStockLevel: input.lowStockLevel }),
      };
      const result = await repo.update(farmId, id, changes);
      if (result === 'missing') throw new NotFoundError('Medicine');
      if (result === 'name-taken') throw nameTaken(input.name!);
      if (result === 'unit-locked')
        throw new ValidationError({
          unit: ['The unit cannot change once stock is recorded in it: add a new medicine instead'],
        });
      return found(farmId, id);
    },

    /** Out of the cabinet (or back in): its lots and movements stay. */
    async setArchived(farmId: string, id: string, archived: boolean): Promise<Medicine> {
      const result = await repo.setArchived(farmId, id, archived);
      if (result === 'missing') throw new NotFoundError('Medicine');
      if (result === 'name-taken')
        throw new ConflictError(
          'NAME_TAKEN',
          'The cabinet already has a medicine of this name: rename one of them first.',
        );
      return found(farmId, id);
    },

    /** Deletes a medicine added by mistake; one with stock recorded is archived instead (409). */
    async remove(farmId: string, id: string): Promise<void> {
      const result = await repo.remove(farmId, id);
      if (result === 'missing') throw new NotFoundError('Medicine');
      if (result === 'has-lots')
        throw new ConflictError(
          'MEDICINE_HAS_STOCK',
          'This medicine has stock records, which are kept: archive it instead of deleting it.',
        );
    },

    /** 'Add Stock': a lot and its 'received' movement together; `written` false for a repeat of the same id. */
    async addLot(
      farmId: string,
      medicineId: string,
      input: LotInput,
      userId: string,
    ): Promise<{ written: boolean; lot: Lot }> {
      const today = await profiles.today(farmId);
      const id = input.id ?? randomUUID();
      const repeat = async () => {
        const stored = input.id ? await repo.findLot(farmId, id, today) : null;
        if (stored && stored.medicineId !== medicineId)
          throw new ConflictError('ID_IN_USE', 'This id is another medicine’s lot.');
        return stored;
      };
      const earlier = await repeat();
      if (earlier) return { written: false, lot: earlier };
      const medicine = await repo.state(farmId, medicineId);
      if (!medicine) throw new NotFoundError('Medicine');
      if (medicine.archived)
        throw new ConflictError(
          'MEDICINE_ARCHIVED',
          'This medicine is archived: bring it back to add stock.',
        );
      const receivedOn = await notAfterToday(farmId, 'receivedOn', input.receivedOn);
      const lot: LotColumns & { id: string } = {
        id,
        lotNumber: input.lotNumber ?? null,
        expiresOn: input.expiresOn ?? null,
        supplier: input.supplier ?? null,
        price: input.price ?? null,
      };
      const received = {
        id: randomUUID(),
        quantity: input.quantity,
        occurredOn: receivedOn,
        recordedBy: userId,
      };
      if (await repo.insertLot(farmId, medicineId, lot, received))
        return { written: true, lot: await foundLot(farmId, id) };
      // nothing written: the same id sent twice at once (the stored one), or the medicine just went
      const stored = await repeat();
      if (stored) return { written: false, lot: stored };
      throw new ConflictError(
        'MEDICINE_CHANGED',
        'This medicine was just archived or deleted. Reload and try again.',
      );
    },

    /** Changes a lot's number, expiry, supplier or price: never its stock. */
    async updateLot(farmId: string, id: string, input: LotChanges): Promise<Lot> {
      const changes: Partial<LotColumns> = {
        ...(input.lotNumber !== undefined && { lotNumber: input.lotNumber }),
        ...(input.expiresOn !== undefined && { expiresOn: input.expiresOn }),
        ...(input.supplier !== undefined && { supplier: input.supplier }),
        ...(input.price !== undefined && { price: input.price }),
      };
      if (!(await repo.updateLot(farmId, id, changes))) throw new NotFoundError('Lot');
      return foundLot(farmId, id);
    },

    /**
     * A disposal (taken off) or a correction (signed) of a lot's stock; 422 naming `quantity` when
     * the lot has too little. `written` false for a repeat of the same id.
     */
    async addMovement(
      farmId: string,
      lotId: string,
      input: MovementInput,
      userId: string,
    ): Promise<{ written: boolean; movement: Movement }> {
      const occurredOn = await notAfterToday(farmId, 'occurredOn', input.occurredOn);
      const outcome = await repo.insertMovement(farmId, lotId, {
        id: input.id ?? randomUUID(),
        kind: input.kind,
        quantity: input.kind === 'disposed' ? -input.quantity : input.quantity,
        occurredOn,
        note: input.note ?? null,
        recordedBy: userId,
      });
      switch (outcome.result) {
        case 'missing':
          throw new NotFoundError('Lot');
        case 'short':
          throw new ValidationError({
            quantity: [
              outcome.stock > 0
                ? `Only ${amountText(outcome.stock, outcome.unit)} in stock`
                : 'None of this lot is in stock',
            ],
          });
        case 'written':
        case 'repeat':
          return { written: outcome.result === 'written', movement: outcome.movement };
      }
    },

    /**
     * The medicine and lot a treatment is given from (treating from the cabinet, decision 0041), in
     * the treatment's transaction, the lot locked: a 422 naming the field that is not this farm's,
     * or a lot of another medicine.
     */
    async treatmentSource(
      tx: Transaction,
      farmId: string,
      given: { medicineId: string | null; lotId: string | null },
    ): Promise<{ medicine: TreatmentMedicine; lot: { id: string; lotNumber: string | null } | null }> {
      const { medicine, lot } = await repo.treatmentSource(tx, farmId, given.medicineId, given.lotId);
      const fields: Record<string, string[]> = {};
      if (!medicine)
        fields[given.medicineId ? 'medicineId' : 'lotId'] = ['Choose a medicine of your own cabinet'];
      if (given.lotId && !lot && medicine) fields.lotId = ['Choose a lot of this medicine'];
      if (!medicine || (given.lotId && !lot)) throw new ValidationError(fields);
      return { medicine, lot };
    },

    /**
     * Takes a treatment's doses from its lot in the treatment's transaction: a 422 naming `lotId`
     * (nothing written) when the lot holds less than their sum.
     */
    async takeForTreatment(
      tx: Transaction,
      farmId: string,
      lot: { id: string; unit: TreatmentMedicine['unit'] },
      doses: { careEntryId: string; quantity: number }[],
      occurredOn: string,
      recordedBy: string | null,
    ): Promise<void> {
      const uses = doses.map((dose) => ({ ...dose, id: randomUUID() }));
      const { taken, stock } = await repo.takeForTreatment(tx, farmId, lot.id, uses, occurredOn, recordedBy);
      if (!taken)
        throw new ValidationError({
          lotId: [
            stock > 0
              ? `Only ${amountText(stock, lot.unit)} in stock: choose another lot or a smaller dose`
              : 'None of this lot is in stock: choose another lot',
          ],
        });
    },

    /** A page of a lot's movements (JSON text), newest first. */
    async movements(farmId: string, lotId: string, offset: number, limit: number): Promise<string> {
      const page = await repo.movements(farmId, lotId, offset, limit);
      if (page === null) throw new NotFoundError('Lot');
      return page;
    },
  };
}

export type MedicinesService = ReturnType<typeof createMedicinesService>;
