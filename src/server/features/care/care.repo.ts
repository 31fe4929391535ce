// Care entries, and the reminders a batch sets with them. Every query filters by the caller's
// farm, and every join matches farm_id as well as the id (ids are scoped by farm: two farms may
// hold the same one); every multi-row write (a group's batch with its reminders and weights) is
// one transaction; lists are one statement.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  CareEntry,
  EntryType,
  GroupWeights,
  MedicineRoute,
  WeightPoint,
} from '../../../shared/schemas/care';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { lockFarm } from '../../db/farm-lock';
import {
  animalGroups,
  animals,
  careEntries,
  groupLog,
  groups,
  reminderAnimals,
  reminders,
} from '../../db/schema';
import { animalNameOrder, containsPattern, isoTimestamp, personName, preparedRows } from '../../db/sql-text';
import { ConflictError } from '../../http/errors';
import type { NewReminder } from '../reminders/reminders.repo';

/** A follow-up reminder whose title ends with its subject's name, which the database appends. */
export type FollowUpReminder = Omit<NewReminder, 'title'> & { titlePrefix: string };

/** A batch's follow-up: one reminder for the batch (a group's), or one per entry, or none. */
export type BatchFollowUp = {
  batch?: FollowUpReminder;
  each?: (entry: NewEntry) => FollowUpReminder | null;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewEntry = {
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
  weightValue: careEntries.weightValue,
  weightUnit: careEntries.weightUnit,
  bodyCondition: careEntries.bodyCondition,
  title: careEntries.title,
  noteContent: careEntries.noteContent,
  recordedBy: personName(sql`${careEntries.recordedBy}`),
  createdAt: careEntries.createdAt,
  updatedAt: careEntries.updatedAt,
};

// Joins match farm_id as well as the id: another farm may hold a record with the same id.
const entryAnimal = and(eq(animals.farmId, careEntries.farmId), eq(animals.id, careEntries.animalId));

/** A weighing as a growth chart reads it (nullable: the rows come from a left join). */
const weightPointColumns = {
  entryId: careEntries.id,
  dateRecorded: careEntries.dateRecorded,
  weightValue: careEntries.weightValue,
  weightUnit: careEntries.weightUnit,
  bodyCondition: careEntries.bodyCondition,
};
type MaybePoint = { [K in keyof WeightPoint]: WeightPoint[K] | null };
const isPoint = (point: MaybePoint): point is WeightPoint =>
  point.entryId !== null && point.dateRecorded !== null && point.weightValue !== null;

/** Sets each animal's weight to its latest recorded weight (by date, then entry time). */
async function refreshWeights(tx: Transaction, farmId: string, animalIds: string[]) {
  if (!animalIds.length) return;
  const latest = tx
    .selectDistinctOn([careEntries.animalId], {
      animalId: careEntries.animalId,
      weightValue: careEntries.weightValue,
      weightUnit: careEntries.weightUnit,
    })
    .from(careEntries)
    .where(
      and(
        eq(careEntries.farmId, farmId),
        eq(careEntries.type, 'weight'),
        inArray(careEntries.animalId, animalIds),
      ),
    )
    .orderBy(careEntries.animalId, desc(careEntries.dateRecorded), desc(careEntries.createdAt))
    .as('latest');
  await tx
    .update(animals)
    .set({ weight: sql`${latest.weightValue}`, weightUnit: sql`${latest.weightUnit}`, updatedAt: new Date() })
    .from(latest)
    .where(and(eq(animals.farmId, farmId), eq(animals.id, latest.animalId)));
}

export function createCareRepo(db: Database) {
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
     * unless all are — then its entries, its follow-up reminder — one for the whole batch
     * (`follow.batch`, covering its animals, titled with the group's name) or one per entry
     * (`follow.each`, with the animal's) — and each weighed animal's latest weight when this
     * weighing is its newest. `entries`: the written entries by animal name; null when the batch
     * was already written (a retry), and a ConflictError when that batch holds other animals.
     * Nothing is written when any entry of the batch exists already.
     */
    async insertBatch(
      farmId: string,
      batch: { batchId: string; groupId: string | null; entries: NewEntry[]; recordedBy: string | null },
      follow: BatchFollowUp,
    ): Promise<{ owned: number; groupFound: boolean; entries: EntryRow[] | null }> {
      const rows = batch.entries.map((entry) => ({
        id: randomUUID(),
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
        weight_value: entry.weightValue ?? null,
        weight_unit: entry.weightUnit ?? null,
        body_condition: entry.bodyCondition ?? null,
        title: entry.title ?? null,
        note_content: entry.noteContent ?? null,
      }));
      const { batchId, groupId, recordedBy } = batch;
      const parts: SQL[] = [];
      const carries: string[] = []; // which parts: the statement's text depends on nothing else
      if (follow.batch) {
        carries.push('batch_reminder');
        const reminder = follow.batch;
        parts.push(sql`, batch_reminder as (
          insert into ${reminders} (id, farm_id, group_id, animal_id, title, type, due_date, repeat_every,
            repeat_unit, repeat_from, care_batch_id)
          select ${randomUUID()}::uuid, ${farmId}::uuid, ${reminder.groupId ?? null}::uuid, ${reminder.animalId ?? null}::uuid,
            ${reminder.titlePrefix} || (select name from grp), ${reminder.type}::reminder_type, ${reminder.dueDate}::date, ${reminder.repeatEvery ?? null}::int,
            ${reminder.repeatUnit ?? null}::repeat_unit, ${reminder.repeatFrom ?? 'done'}::repeat_from, ${batchId}::uuid
          where exists (select 1 from ins)
          returning id
        ), covered as (
          insert into ${reminderAnimals} (farm_id, reminder_id, animal_id)
          select ${farmId}::uuid, r.id, ins.animal_id from batch_reminder r cross join ins
        )`);
      } else if (follow.each) {
        const each = follow.each;
        const due = batch.entries.flatMap((entry, index) => {
          const reminder = each(entry);
          return reminder
            ? [
                {
                  id: randomUUID(),
                  entry_id: rows[index]!.id,
                  animal_id: reminder.animalId ?? null,
                  group_id: reminder.groupId ?? null,
                  title_prefix: reminder.titlePrefix,
                  type: reminder.type,
                  due_date: reminder.dueDate,
                  repeat_every: reminder.repeatEvery ?? null,
                  repeat_unit: reminder.repeatUnit ?? null,
                  repeat_from: reminder.repeatFrom ?? 'done',
                },
              ]
            : [];
        });
        if (due.length) carries.push('_entry_reminders');
        if (due.length)
          parts.push(sql`, entry_reminders as (
            insert into ${reminders} (id, farm_id, animal_id, group_id, title, type, due_date, repeat_every,
              repeat_unit, repeat_from, care_entry_id)
            select d.id, ${farmId}::uuid, d.animal_id, d.group_id, d.title_prefix || o.name, d.type, d.due_date,
              d.repeat_every, d.repeat_unit, d.repeat_from, ins.id
            from json_to_recordset(${JSON.stringify(due)}::json) as d(id uuid, entry_id uuid, animal_id uuid,
              group_id uuid, title_prefix text, type reminder_type, due_date date, repeat_every int,
              repeat_unit repeat_unit, repeat_from repeat_from)
            join ins on ins.id = d.entry_id
            join owned o on o.id = ins.animal_id
          )`);
      }
      if (rows.some((row) => row.type === 'weight')) {
        carries.push('_weights');
        // the latest weight, incrementally: this weighing is the animal's newest unless an entry
        // of a later date exists (an earlier-dated one recorded now is history, not the latest)
        parts.push(sql`, latest_weights as (
          update ${animals} a set weight = ins.weight_value, weight_unit = ins.weight_unit, updated_at = now()
          from ins
          where ins.type = 'weight' and a.farm_id = ${farmId} and a.id = ins.animal_id
            and not exists (select 1 from ${careEntries} e where e.farm_id = ${farmId}
              and e.animal_id = ins.animal_id and e.type = 'weight' and e.date_recorded > ins.date_recorded)
        )`);
      }
      const animalIds = rows.map((row) => row.animal_id);
      // the statement's text depends only on which follow-ups it carries: one prepared statement each
      const variant = `care_insert_${carries.join('')}`;
      const [result] = await preparedRows<{
        owned: number;
        groupFound: boolean;
        entries: (EntryRow & { createdAt: Date | string; updatedAt: Date | string })[];
      }>(
        db,
        variant,
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
            milk_withdrawal_days, egg_withdrawal_days, weight_value, weight_unit, body_condition, title, note_content,
            recorded_by)
          select g.id, ${farmId}::uuid, ${batchId}::uuid, ${groupId}::uuid, g.animal_id, g.type, g.date_recorded,
            g.medication_name, g.dosage, g.dosage_unit, g.route, g.lot_number, g.given_by, g.meat_withdrawal_days,
            g.milk_withdrawal_days, g.egg_withdrawal_days, g.weight_value, g.weight_unit, g.body_condition, g.title,
            g.note_content, ${recordedBy}::uuid
          from json_to_recordset(${JSON.stringify(rows)}::json) as g(id uuid, animal_id uuid, type entry_type,
            date_recorded date, medication_name text, dosage numeric, dosage_unit text, route text, lot_number text,
            given_by text, meat_withdrawal_days smallint, milk_withdrawal_days smallint, egg_withdrawal_days smallint,
            weight_value numeric, weight_unit weight_unit, body_condition smallint, title text, note_content text)
          where (select ok from allowed)
            and not exists (select 1 from ${careEntries} e where e.farm_id = ${farmId} and e.batch_id = ${batchId})
          on conflict (farm_id, batch_id, animal_id) do nothing
          returning *
        )${sql.join(parts, sql` `)}
        select (select count(*) from owned)::int as owned, exists (select 1 from grp) as "groupFound",
          coalesce((select json_agg(json_build_object(
            'id', ins.id, 'batchId', ins.batch_id, 'animalId', ins.animal_id, 'animalName', o.name,
            'groupId', ins.group_id, 'type', ins.type, 'dateRecorded', ins.date_recorded,
            'medicationName', ins.medication_name, 'dosage', ins.dosage::float8, 'dosageUnit', ins.dosage_unit,
            'route', ins.route, 'lotNumber', ins.lot_number, 'givenBy', ins.given_by,
            'meatWithdrawalDays', ins.meat_withdrawal_days, 'milkWithdrawalDays', ins.milk_withdrawal_days,
            'eggWithdrawalDays', ins.egg_withdrawal_days,
            'weightValue', ins.weight_value::float8, 'weightUnit', ins.weight_unit,
            'bodyCondition', ins.body_condition, 'title', ins.title,
            'noteContent', ins.note_content, 'recordedBy', ${personName(sql`ins.recorded_by`)},
            'createdAt', ins.created_at, 'updatedAt', ins.updated_at
          ) order by o.name_key, o.id) from ins join owned o on o.id = ins.animal_id), '[]'::json) as entries`,
      );
      const { owned, groupFound, entries } = result!;
      if (owned !== animalIds.length || (groupId && !groupFound)) return { owned, groupFound, entries: null };
      if (entries.length === 0) {
        // written before: the same submission again, or another one under this batch id
        const before = await this.batchEntries(farmId, batchId);
        const same =
          before.length === rows.length &&
          rows.every((row) => before.some((entry) => entry.animalId === row.animal_id));
        if (!same)
          throw new ConflictError(
            'BATCH_CONFLICT',
            'This submission was already recorded differently. Reload and check.',
          );
        return { owned, groupFound, entries: null };
      }
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

    async batchEntries(farmId: string, batchId: string) {
      return db
        .select(entryColumns)
        .from(careEntries)
        .innerJoin(animals, entryAnimal)
        .where(and(eq(careEntries.farmId, farmId), eq(careEntries.batchId, batchId)))
        .orderBy(asc(animalNameOrder), asc(animals.id));
    },

    /** Changes one entry, or every entry of its batch; answers the ids changed (empty: not found). */
    async updateEntries(
      farmId: string,
      id: string,
      scope: 'entry' | 'batch',
      changes: EntryChanges,
      weights: AnimalWeights = [],
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        await lockFarm(tx, farmId);
        const target = await this.scopeWhere(tx, farmId, id, scope);
        if (!target) return [];
        const updated = await tx
          .update(careEntries)
          .set({ ...changes, updatedAt: new Date() })
          .where(target)
          .returning({ id: careEntries.id, animalId: careEntries.animalId, type: careEntries.type });
        if (weights.length) {
          // each animal's own value, in one statement whatever the batch's size
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
            where ${target} and ${careEntries.type} = 'weight'
              and ${careEntries.animalId} = given.animal_id`);
        }
        const weighed = updated.filter((row) => row.type === 'weight').map((row) => row.animalId);
        await refreshWeights(tx, farmId, weighed);
        return updated.map((row) => row.id);
      });
    },

    /**
     * Deletes one entry or its batch, false when not found. Their reminders go with them: an
     * entry's own by cascade; a batch's follow-up with the batch, or loses the one animal whose
     * entry went (and goes when it has no animal left).
     */
    async deleteEntries(farmId: string, id: string, scope: 'entry' | 'batch'): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockFarm(tx, farmId);
        const target = await this.scopeWhere(tx, farmId, id, scope);
        if (!target) return false;
        const deleted = await tx.delete(careEntries).where(target).returning({
          animalId: careEntries.animalId,
          type: careEntries.type,
          batchId: careEntries.batchId,
        });
        const batchId = deleted[0]?.batchId;
        if (batchId && scope === 'batch') {
          await tx
            .delete(reminders)
            .where(and(eq(reminders.farmId, farmId), eq(reminders.careBatchId, batchId)));
        } else if (batchId) {
          await tx.execute(sql`
            delete from ${reminderAnimals} ra using ${reminders} r
            where r.farm_id = ${farmId} and r.care_batch_id = ${batchId}
              and ra.farm_id = r.farm_id and ra.reminder_id = r.id
              and ra.animal_id = ${deleted[0]!.animalId}`);
          await tx.execute(sql`
            delete from ${reminders} r
            where r.farm_id = ${farmId} and r.care_batch_id = ${batchId}
              and not exists (select 1 from ${reminderAnimals} ra where ra.farm_id = r.farm_id and ra.reminder_id = r.id)`);
        }
        await refreshWeights(
          tx,
          farmId,
          deleted.filter((row) => row.type === 'weight').map((row) => row.animalId),
        );
        return deleted.length > 0;
      });
    },

    async scopeWhere(
      tx: Transaction,
      farmId: string,
      id: string,
      scope: 'entry' | 'batch',
    ): Promise<SQL | undefined> {
      const [entry] = await tx
        .select({ batchId: careEntries.batchId })
        .from(careEntries)
        .where(and(eq(careEntries.farmId, farmId), eq(careEntries.id, id)))
        .for('update');
      if (!entry) return undefined;
      return scope === 'batch'
        ? and(eq(careEntries.farmId, farmId), eq(careEntries.batchId, entry.batchId))
        : and(eq(careEntries.farmId, farmId), eq(careEntries.id, id));
    },

    /**
     * The farm's earlier medications, each name once (case aside) with the dosage, unit, route and
     * withdrawal periods it was last given with, the most recently given first; one statement, `limit` at most.
     */
    async medications(farmId: string, contains: string | undefined, limit: number) {
      const search = contains?.trim();
      const latest = db
        .selectDistinctOn([sql`lower(${careEntries.medicationName})`], {
          medicationName: sql<string>`${careEntries.medicationName}`.as('medication_name'),
          dosage: sql<number | null>`${careEntries.dosage}::float8`.as('dosage'),
          dosageUnit: sql<string | null>`${careEntries.dosageUnit}`.as('dosage_unit'),
          route: sql<MedicineRoute | null>`${careEntries.route}`.as('route'),
          meatWithdrawalDays: sql<number | null>`${careEntries.meatWithdrawalDays}`.as(
            'meat_withdrawal_days',
          ),
          milkWithdrawalDays: sql<number | null>`${careEntries.milkWithdrawalDays}`.as(
            'milk_withdrawal_days',
          ),
          eggWithdrawalDays: sql<number | null>`${careEntries.eggWithdrawalDays}`.as('egg_withdrawal_days'),
          lastGiven: sql<string>`${careEntries.dateRecorded}::text`.as('last_given'),
          createdAt: sql<Date>`${careEntries.createdAt}`.as('created_at'),
        })
        .from(careEntries)
        .where(
          and(
            eq(careEntries.farmId, farmId),
            eq(careEntries.type, 'medical'),
            sql`${careEntries.medicationName} is not null`,
            search ? sql`${careEntries.medicationName} ilike ${containsPattern(search)}` : undefined,
          ),
        )
        .orderBy(
          sql`lower(${careEntries.medicationName})`,
          desc(careEntries.dateRecorded),
          desc(careEntries.createdAt),
        )
        .as('latest');
      return db
        .select({
          medicationName: latest.medicationName,
          dosage: latest.dosage,
          dosageUnit: latest.dosageUnit,
          route: latest.route,
          meatWithdrawalDays: latest.meatWithdrawalDays,
          milkWithdrawalDays: latest.milkWithdrawalDays,
          eggWithdrawalDays: latest.eggWithdrawalDays,
          lastGiven: latest.lastGiven,
        })
        .from(latest)
        .orderBy(desc(latest.lastGiven), desc(latest.createdAt), asc(latest.medicationName))
        .limit(limit);
    },

    /**
     * An animal's care history, newest first, one page as the JSON text of Page<CareEntry>, in one
     * statement; null when the farm has no such animal.
     */
    async animalHistory(farmId: string, animalId: string, offset: number, limit: number) {
      const [row] = await preparedRows<{ body: string | null }>(
        db,
        'animal_history_page',
        sql`
        with animal as (
          select a.id, a.name from ${animals} a where a.farm_id = ${farmId} and a.id = ${animalId}
        ), slice as (
          select e.* from ${careEntries} e
          where e.farm_id = ${farmId} and e.animal_id = ${animalId}
          order by e.date_recorded desc, e.created_at desc, e.id desc
          offset ${offset} limit ${limit + 1}
        ), page as (
          select slice.*, row_number() over (
            order by slice.date_recorded desc, slice.created_at desc, slice.id desc) as n
          from slice
        )
        select case when exists (select 1 from animal) then json_build_object(
          'items', coalesce((
            select json_agg(json_build_object(
              'id', page.id, 'batchId', page.batch_id, 'animalId', page.animal_id, 'animalName', animal.name,
              'groupId', page.group_id, 'type', page.type, 'dateRecorded', page.date_recorded,
              'medicationName', page.medication_name, 'dosage', page.dosage::float8,
              'dosageUnit', page.dosage_unit, 'route', page.route, 'lotNumber', page.lot_number,
              'givenBy', page.given_by, 'meatWithdrawalDays', page.meat_withdrawal_days,
              'milkWithdrawalDays', page.milk_withdrawal_days, 'eggWithdrawalDays', page.egg_withdrawal_days,
              'weightValue', page.weight_value::float8,
              'weightUnit', page.weight_unit, 'bodyCondition', page.body_condition, 'title', page.title,
              'noteContent', page.note_content, 'recordedBy', ${personName(sql`page.recorded_by`)},
              'createdAt', ${isoTimestamp(sql`page.created_at`)}, 'updatedAt', ${isoTimestamp(sql`page.updated_at`)}
            ) order by page.n)
            from page, animal where page.n <= ${limit}), '[]'::json),
          'nextOffset', case when (select count(*) from page) > ${limit} then ${offset + limit}::int end
        )::text end as body`,
      );
      return row?.body ?? null;
    },

    /**
     * An animal's weighings, oldest first, in one statement (the animal left-joined with them);
     * null when the farm has no such animal.
     */
    async animalWeights(farmId: string, animalId: string): Promise<WeightPoint[] | null> {
      const rows = await db
        .select({ animalId: animals.id, ...weightPointColumns })
        .from(animals)
        .leftJoin(careEntries, and(entryAnimal, eq(careEntries.type, 'weight')))
        .where(and(eq(animals.farmId, farmId), eq(animals.id, animalId)))
        .orderBy(asc(careEntries.dateRecorded), asc(careEntries.createdAt), asc(careEntries.id));
      if (rows.length === 0) return null;
      return rows.flatMap(({ animalId: _, ...point }) => (isPoint(point) ? [point] : []));
    },

    /**
     * A group's animals by name, each with its weighings oldest first, in one statement (the group
     * left-joined with its members and their weighings); null when the farm has no such group.
     */
    async groupWeights(farmId: string, groupId: string): Promise<GroupWeights['animals'] | null> {
      const rows = await db
        .select({
          groupId: groups.id,
          id: animals.id,
          name: animals.name,
          animalWeight: animals.weight,
          animalWeightUnit: animals.weightUnit,
          ...weightPointColumns,
        })
        .from(groups)
        .leftJoin(
          animalGroups,
          and(eq(animalGroups.farmId, groups.farmId), eq(animalGroups.groupId, groups.id)),
        )
        .leftJoin(
          animals,
          and(eq(animals.farmId, animalGroups.farmId), eq(animals.id, animalGroups.animalId)),
        )
        .leftJoin(careEntries, and(entryAnimal, eq(careEntries.type, 'weight')))
        .where(and(eq(groups.farmId, farmId), eq(groups.id, groupId)))
        .orderBy(
          asc(animalNameOrder),
          asc(animals.id),
          asc(careEntries.dateRecorded),
          asc(careEntries.createdAt),
          asc(careEntries.id),
        );
      if (rows.length === 0) return null;
      const members: GroupWeights['animals'] = [];
      for (const { groupId: _, id, name, animalWeight, animalWeightUnit, ...point } of rows) {
        if (id === null || name === null) continue; // a group without animals
        if (members.at(-1)?.id !== id)
          members.push({ id, name, weight: animalWeight, weightUnit: animalWeightUnit, points: [] });
        if (isPoint(point)) members.at(-1)!.points.push(point);
      }
      return members;
    },

    /**
     * A group's log, newest first, one page as the JSON text of Page<CareBatch>, in one statement;
     * null when the farm has no such group. Its rows are kept by the database (group_log,
     * migration 0008: one per batch recorded for the group, one per entry of its animals' own, each
     * with its JSON), so a page is one slice of an index, whatever the history.
     */
    async groupLog(farmId: string, groupId: string, offset: number, limit: number) {
      const newestFirst = sql`order by date_recorded desc, created_at desc, batch_id desc, row_id desc`;
      const [row] = await preparedRows<{ found: boolean; items: string | null; more: boolean }>(
        db,
        'group_log_page',
        sql`
        select exists (select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}) as found,
          (select string_agg(page.item, ',') from (
            select item from ${groupLog} where farm_id = ${farmId} and group_id = ${groupId}
            ${newestFirst} offset ${offset} limit ${limit}) page) as items,
          exists (select 1 from ${groupLog} where farm_id = ${farmId} and group_id = ${groupId}
            ${newestFirst} offset ${offset + limit} limit 1) as more`,
      );
      if (!row?.found) return null;
      return `{"items":[${row.items ?? ''}],"nextOffset":${row.more ? offset + limit : null}}`;
    },
  };
}

export type CareRepo = ReturnType<typeof createCareRepo>;
