// Care entries and their batches: a batch written in one statement with its checks (and the
// reminders and latest weights it sets, whose parts come from the reminders feature and
// weights.repo.ts), one entry or batch found, changed or deleted, and an animal's history. Every
// query filters by the caller's farm, and every join matches farm_id as well as the id (ids are
// scoped by farm: two farms may hold the same one); lists are one statement.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CareEntry, EntryType, MedicineRoute } from '../../../shared/schemas/care';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { lockFarm } from '../../db/farm-lock';
import { animals, careEntries, groups } from '../../db/schema';
import {
  animalNameOrder,
  jsonArray,
  pageText,
  personName,
  queryRows,
  recordedBy,
  recorderJoin,
  withFields,
} from '../../db/sql-text';
import { latestWeightsStatement } from './weights.repo';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewEntry = {
  /** chosen by the caller, so that a follow-up reminder can name its entry */
  id: string;
  animalId: string;
  type: EntryType;
  dateRecorded: string;
  medicationName?: string | null;
  dosage?: number | null;
  dosageUnit?: string | null;
  route?: MedicineRoute | null;
  lotNumber?: string | null;
  givenBy?: string | null;
  meatWithdrawalDays?: number | null;
  milkWithdrawalDays?: number | null;
  eggWithdrawalDays?: number | null;
  /** the periods are an organic farm's (decision 0040) */
  organic?: boolean;
  /** the cabinet's medicine it is given from (decision 0041) */
  medicineId?: string | null;
  weightValue?: number | null;
  weightUnit?: WeightUnit | null;
  bodyCondition?: number | null;
  title?: string | null;
  noteContent?: string | null;
};

export type EntryChanges = Partial<{
  dateRecorded: string;
  medicationName: string;
  dosage: number;
  dosageUnit: string;
  route: MedicineRoute | null;
  lotNumber: string | null;
  givenBy: string | null;
  meatWithdrawalDays: number | null;
  milkWithdrawalDays: number | null;
  eggWithdrawalDays: number | null;
  weightValue: number;
  bodyCondition: number | null;
  title: string;
  noteContent: string;
}>;

/** An entry as the API answers it (entryColumns), its times as Dates until they go on the wire. */
export type EntryRow = Omit<CareEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** A uuid[] parameter (an empty list too). */
const toUuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** A weigh-in batch's values, animal by animal. */
export type AnimalWeights = { animalId: string; weightValue: number; bodyCondition?: number | null }[];

const entryColumns = {
  id: careEntries.id,
  batchId: careEntries.batchId,
  animalId: careEntries.animalId,
  animalName: animals.name,
  groupId: careEntries.groupId,
  type: careEntries.type,
  dateRecorded: careEntries.dateRecorded,
  medicationName: careEntries.medicationName,
  dosage: careEntries.dosage,
  dosageUnit: careEntries.dosageUnit,
  route: sql<MedicineRoute | null>`${careEntries.route}`,
  lotNumber: careEntries.lotNumber,
  givenBy: careEntries.givenBy,
  meatWithdrawalDays: careEntries.meatWithdrawalDays,
  milkWithdrawalDays: careEntries.milkWithdrawalDays,
  eggWithdrawalDays: careEntries.eggWithdrawalDays,
  organic: careEntries.organic,
  weightValue: careEntries.weightValue,
  weightUnit: careEntries.weightUnit,
  bodyCondition: careEntries.bodyCondition,
  title: careEntries.title,
  noteContent: careEntries.noteContent,
  recordedBy: personName(sql`${careEntries.recordedBy}`),
  createdAt: careEntries.createdAt,
  updatedAt: careEntries.updatedAt,
};

/**
 * An entry (alias `e`, its animal's name `name`, its recorder joined by recorderJoin) as the
 * fields of CareEntry (jsonObject), its two times as they are (made Dates by the caller).
 */
const careEntryFields = (e: SQL, name: SQL) => sql`${e}.id, ${e}.batch_id as "batchId",
  ${e}.animal_id as "animalId", ${name} as "animalName", ${e}.group_id as "groupId", ${e}.type,
  ${e}.date_recorded as "dateRecorded", ${e}.medication_name as "medicationName", ${e}.dosage::float8 as dosage,
  ${e}.dosage_unit as "dosageUnit", ${e}.route, ${e}.lot_number as "lotNumber", ${e}.given_by as "givenBy",
  ${e}.meat_withdrawal_days as "meatWithdrawalDays", ${e}.milk_withdrawal_days as "milkWithdrawalDays",
  ${e}.egg_withdrawal_days as "eggWithdrawalDays", ${e}.organic, ${e}.weight_value::float8 as "weightValue",
  ${e}.weight_unit as "weightUnit", ${e}.body_condition as "bodyCondition", ${e}.title,
  ${e}.note_content as "noteContent", ${recordedBy},
  ${e}.created_at as "createdAt", ${e}.updated_at as "updatedAt"`;

// Joins match farm_id as well as the id: another farm may hold a record with the same id.
const entryAnimal = and(eq(animals.farmId, careEntries.farmId), eq(animals.id, careEntries.animalId));

/** The entries a change or a deletion acts on: one entry, or its whole batch. */
export type EntryTarget = { farmId: string } & ({ id: string } | { batchId: string });

const targetWhere = (target: EntryTarget) =>
  'batchId' in target
    ? and(eq(careEntries.farmId, target.farmId), eq(careEntries.batchId, target.batchId))
    : and(eq(careEntries.farmId, target.farmId), eq(careEntries.id, target.id));

export function createEntriesRepo(db: Database) {
  return {
    /** Of the given animal ids, those of this farm, with their names. */
    async farmAnimals(farmId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: animals.id, name: animals.name })
        .from(animals)
        .where(and(eq(animals.farmId, farmId), inArray(animals.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async groupExists(farmId: string, groupId: string): Promise<boolean> {
      return (await this.groupName(farmId, groupId)) !== undefined;
    },

    /** The name of this farm's group, or undefined when the farm has no such group. */
    async groupName(farmId: string, groupId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: groups.name })
        .from(groups)
        .where(and(eq(groups.farmId, farmId), eq(groups.id, groupId)));
      return row?.name;
    },

    /**
     * Checks and writes a batch in ONE statement (atomic without a transaction's extra round
     * trips): how many of its animals, and whether its group, are this farm's — nothing is written
     * unless all are — then its entries, the `followUp` part (its reminders, from the reminders
     * feature, reading this statement's `ins`, `owned` and `grp`), and each weighed animal's latest
     * weight when this weighing is its newest. `entries`: the written entries by animal name; none
     * when the check failed or any entry of the batch exists already (then nothing is written).
     */
    async insertBatch(
      farmId: string,
      batch: { batchId: string; groupId: string | null; entries: NewEntry[]; recordedBy: string | null },
      followUp: SQL | null,
      /** a transaction to write in (a treatment from the cabinet takes its stock in the same one) */
      via: Database = db,
    ): Promise<{ owned: number; groupFound: boolean; entries: EntryRow[] }> {
      const rows = batch.entries.map((entry) => ({
        id: entry.id,
        animal_id: entry.animalId,
        type: entry.type,
        date_recorded: entry.dateRecorded,
        medication_name: entry.medicationName ?? null,
        dosage: entry.dosage ?? null,
        dosage_unit: entry.dosageUnit ?? null,
        route: entry.route ?? null,
        lot_number: entry.lotNumber ?? null,
        given_by: entry.givenBy ?? null,
        meat_withdrawal_days: entry.meatWithdrawalDays ?? null,
        milk_withdrawal_days: entry.milkWithdrawalDays ?? null,
        egg_withdrawal_days: entry.eggWithdrawalDays ?? null,
        organic: entry.organic ?? false,
        medicine_id: entry.medicineId ?? null,
        weight_value: entry.weightValue ?? null,
        weight_unit: entry.weightUnit ?? null,
        body_condition: entry.bodyCondition ?? null,
        title: entry.title ?? null,
        note_content: entry.noteContent ?? null,
      }));
      const { batchId, groupId, recordedBy } = batch;
      const parts: SQL[] = [];
      if (followUp) parts.push(followUp);
      if (rows.some((row) => row.type === 'weight')) parts.push(latestWeightsStatement(farmId));
      const animalIds = rows.map((row) => row.animal_id);
      const [result] = await queryRows<{
        owned: number;
        groupFound: boolean;
        entries: (EntryRow & { createdAt: Date | string; updatedAt: Date | string })[];
      }>(
        via,
        sql`with owned as (
          select a.id, a.name, a.name_key from ${animals} a
          where a.farm_id = ${farmId} and a.id = any(${toUuidArray(animalIds)}::uuid[])
        ), grp as (
          select g.name from ${groups} g where g.farm_id = ${farmId} and g.id = ${groupId}::uuid
        ), allowed as (
          select (select count(*) from owned) = ${animalIds.length}
            and (${groupId}::uuid is null or exists (select 1 from grp)) as ok
        ), ins as (
          insert into ${careEntries} (id, farm_id, batch_id, group_id, animal_id, type, date_recorded,
            medication_name, dosage, dosage_unit, route, lot_number, given_by, meat_withdrawal_days,
            milk_withdrawal_days, egg_withdrawal_days, organic, medicine_id, weight_value, weight_unit, body_condition,
            title, note_content, recorded_by)
          select g.id, ${farmId}::uuid, ${batchId}::uuid, ${groupId}::uuid, g.animal_id, g.type, g.date_recorded,
            g.medication_name, g.dosage, g.dosage_unit, g.route, g.lot_number, g.given_by, g.meat_withdrawal_days,
            g.milk_withdrawal_days, g.egg_withdrawal_days, g.organic, g.medicine_id, g.weight_value, g.weight_unit,
            g.body_condition, g.title, g.note_content, ${recordedBy}::uuid
          from json_to_recordset(${JSON.stringify(rows)}::json) as g(id uuid, animal_id uuid, type entry_type,
            date_recorded date, medication_name text, dosage numeric, dosage_unit text, route text, lot_number text,
            given_by text, meat_withdrawal_days smallint, milk_withdrawal_days smallint, egg_withdrawal_days smallint,
            organic boolean, medicine_id uuid, weight_value numeric, weight_unit weight_unit, body_condition smallint, title text, note_content text)
          where (select ok from allowed)
            and not exists (select 1 from ${careEntries} e where e.farm_id = ${farmId} and e.batch_id = ${batchId})
          on conflict (farm_id, batch_id, animal_id) do nothing
          returning *
        )${sql.join(parts, sql` `)}
        select (select count(*) from owned)::int as owned, exists (select 1 from grp) as "groupFound",
          ${jsonArray(
            careEntryFields(sql`ins`, sql`o.name`),
            sql`ins join owned o on o.id = ins.animal_id ${recorderJoin(sql`ins.recorded_by`)}`,
            sql`o.name_key, o.id`,
          )} as entries`,
      );
      const { owned, groupFound, entries } = result!;
      for (const row of entries) {
        row.createdAt = new Date(row.createdAt);
        row.updatedAt = new Date(row.updatedAt);
      }
      return { owned, groupFound, entries };
    },

    async findEntry(farmId: string, id: string) {
      const [row] = await db
        .select(entryColumns)
        .from(careEntries)
        .innerJoin(animals, entryAnimal)
        .where(and(eq(careEntries.farmId, farmId), eq(careEntries.id, id)));
      return row;
    },

    /**
     * The most doses of a medicine any of these animals has had (a schedule's count, decision
     * 0041): one statement.
     */
    async earlierDoses(
      via: Database,
      farmId: string,
      medicineId: string,
      animalIds: string[],
    ): Promise<number> {
      const [row] = await queryRows<{ doses: number }>(
        via,
        sql`select coalesce(max(n), 0)::int as doses from (
            select count(*) as n from ${careEntries}
            where farm_id = ${farmId} and medicine_id = ${medicineId} and animal_id = any(${toUuidArray(animalIds)}::uuid[])
            group by animal_id
          ) per_animal`,
      );
      return row?.doses ?? 0;
    },

    async batchEntries(farmId: string, batchId: string) {
      return db
        .select(entryColumns)
        .from(careEntries)
        .innerJoin(animals, entryAnimal)
        .where(and(eq(careEntries.farmId, farmId), eq(careEntries.batchId, batchId)))
        .orderBy(asc(animalNameOrder), asc(animals.id));
    },

    /**
     * Takes the farm's write lock, then locks the entry `id` and answers what `scope` acts on (the
     * entry, or its batch); undefined when the farm has no such entry.
     */
    async lockTarget(
      tx: Transaction,
      farmId: string,
      id: string,
      scope: 'entry' | 'batch',
    ): Promise<EntryTarget | undefined> {
      await lockFarm(tx, farmId);
      const [entry] = await tx
        .select({ batchId: careEntries.batchId })
        .from(careEntries)
        .where(and(eq(careEntries.farmId, farmId), eq(careEntries.id, id)))
        .for('update');
      if (!entry) return undefined;
      return scope === 'batch' ? { farmId, batchId: entry.batchId } : { farmId, id };
    },

    /** Changes the target's entries; answers them. */
    update: (tx: Transaction, target: EntryTarget, changes: EntryChanges) =>
      tx
        .update(careEntries)
        .set({ ...changes, updatedAt: new Date() })
        .where(targetWhere(target))
        .returning({ id: careEntries.id, animalId: careEntries.animalId, type: careEntries.type }),

    /** Each animal's own weighing of the target's weigh-in, in one statement whatever the batch's size. */
    async setWeights(tx: Transaction, target: EntryTarget, weights: AnimalWeights) {
      if (!weights.length) return;
      const values = sql.join(
        weights.map(
          (item) =>
            sql`(${item.animalId}::uuid, ${item.weightValue}::numeric, ${item.bodyCondition ?? null}::smallint)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update ${careEntries} set weight_value = given.weight_value, body_condition = given.body_condition,
          updated_at = now()
        from (values ${values}) as given (animal_id, weight_value, body_condition)
        where ${targetWhere(target)} and ${careEntries.type} = 'weight'
          and ${careEntries.animalId} = given.animal_id`);
    },

    /** Deletes the target's entries (an entry's own reminders go by cascade); answers them. */
    delete: (tx: Transaction, target: EntryTarget) =>
      tx.delete(careEntries).where(targetWhere(target)).returning({
        animalId: careEntries.animalId,
        type: careEntries.type,
        batchId: careEntries.batchId,
      }),

    /**
     * An animal's care history, newest first, one page as the JSON text of Page<CareEntry>, in one
     * statement; null when the farm has no such animal. Each entry's JSON is kept with its row
     * (`item`, migration 0041): the page joins them, each with the animal's name and its
     * recorder's spliced in (they change on their own), instead of building 26 fields a row.
     */
    async animalHistory(farmId: string, animalId: string, offset: number, limit: number) {
      const rows = await queryRows<{ animalName: string; item: string | null; recordedBy: string | null }>(
        db,
        sql`
        select a.name as "animalName", e.item, ${recordedBy}
        from ${animals} a
        left join lateral (
          select e.item, e.recorded_by, e.date_recorded, e.created_at, e.id from ${careEntries} e
          where e.farm_id = ${farmId} and e.animal_id = ${animalId}
          order by e.date_recorded desc, e.created_at desc, e.id desc
          offset ${offset} limit ${limit + 1}
        ) e on true
        ${recorderJoin(sql`e.recorded_by`)}
        where a.farm_id = ${farmId} and a.id = ${animalId}
        order by e.date_recorded desc, e.created_at desc, e.id desc`,
      );
      if (!rows.length) return null;
      // (an animal without entries: its one row has no item)
      const items = rows.flatMap(({ item, animalName, recordedBy }) =>
        item === null ? [] : [withFields(item, { animalName, recordedBy })],
      );
      return pageText(items, offset, limit);
    },
  };
}

export type EntriesRepo = ReturnType<typeof createEntriesRepo>;
