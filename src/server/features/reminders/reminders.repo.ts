// Reminders. Every query filters by the caller's farm, and every join matches farm_id as well as the
// id (ids are scoped by farm: two farms may hold the same one); lists are one statement.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { RepeatFrom, RepeatUnit, ReminderType } from '../../../shared/care/rules';
import type { Database } from '../../db/database';
import { animalGroups, animals, groups, reminderAnimals, reminders } from '../../db/schema';
import { animalNameOrder } from '../../db/sql-text';

export type NewReminder = {
  animalId?: string | null;
  groupId?: string | null;
  title: string;
  type: ReminderType;
  dueDate: string;
  /** 'HH:MM' in the farm's zone, or null: all day */
  dueTime?: string | null;
  repeatEvery?: number | null;
  repeatUnit?: RepeatUnit | null;
  repeatFrom?: RepeatFrom;
};

/** What PATCH may change; `animalIds` replaces the animals a group's reminder covers. */
export type ReminderChanges = {
  title?: string;
  dueDate?: string;
  dueTime?: string | null;
  repeatEvery?: number | null;
  repeatUnit?: RepeatUnit | null;
  repeatFrom?: RepeatFrom;
  animalId?: string;
};

/** A care batch's follow-up reminder: its title ends with its subject's name, which the database appends. */
export type FollowUpReminder = Omit<NewReminder, 'title'> & { titlePrefix: string };

/**
 * A care batch's follow-up: ONE reminder for the whole batch (a group's, covering its animals and
 * titled with the group's name), or one per entry (titled with its animal's), or none.
 */
export type CareFollowUp =
  | { batch: FollowUpReminder; each?: undefined }
  | { batch?: undefined; each: { entryId: string; reminder: FollowUpReminder }[] }
  | { batch?: undefined; each?: undefined };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The part of a care batch's one insert statement (care/entries.repo.ts) that writes its
 * follow-up reminders, so that the checks, the entries and their reminders stay one statement:
 * CTEs that read the statement's own `ins` (the entries written: id, animal_id), `owned` (their
 * animals: id, name) and `grp` (the batch's group: name). Nothing when there is no follow-up.
 */
export function careFollowUpStatement(farmId: string, batchId: string, follow: CareFollowUp): SQL | null {
  if (follow.batch) {
    const reminder = follow.batch;
    return sql`, batch_reminder as (
          insert into ${reminders} (id, farm_id, group_id, animal_id, title, type, due_date, due_time, repeat_every,
            repeat_unit, repeat_from, care_batch_id)
          select ${randomUUID()}::uuid, ${farmId}::uuid, ${reminder.groupId ?? null}::uuid, ${reminder.animalId ?? null}::uuid,
            ${reminder.titlePrefix} || (select name from grp), ${reminder.type}::reminder_type, ${reminder.dueDate}::date,
            ${reminder.dueTime ?? null}::time, ${reminder.repeatEvery ?? null}::int,
            ${reminder.repeatUnit ?? null}::repeat_unit, ${reminder.repeatFrom ?? 'done'}::repeat_from, ${batchId}::uuid
          where exists (select 1 from ins)
          returning id
        ), covered as (
          insert into ${reminderAnimals} (farm_id, reminder_id, animal_id)
          select ${farmId}::uuid, r.id, ins.animal_id from batch_reminder r cross join ins
        )`;
  }
  if (!follow.each?.length) return null;
  const due = follow.each.map(({ entryId, reminder }) => ({
    id: randomUUID(),
    entry_id: entryId,
    animal_id: reminder.animalId ?? null,
    group_id: reminder.groupId ?? null,
    title_prefix: reminder.titlePrefix,
    type: reminder.type,
    due_date: reminder.dueDate,
    due_time: reminder.dueTime ?? null,
    repeat_every: reminder.repeatEvery ?? null,
    repeat_unit: reminder.repeatUnit ?? null,
    repeat_from: reminder.repeatFrom ?? 'done',
  }));
  return sql`, entry_reminders as (
            insert into ${reminders} (id, farm_id, animal_id, group_id, title, type, due_date, due_time, repeat_every,
              repeat_unit, repeat_from, care_entry_id)
            select d.id, ${farmId}::uuid, d.animal_id, d.group_id, d.title_prefix || o.name, d.type, d.due_date,
              d.due_time, d.repeat_every, d.repeat_unit, d.repeat_from, ins.id
            from json_to_recordset(${JSON.stringify(due)}::json) as d(id uuid, entry_id uuid, animal_id uuid,
              group_id uuid, title_prefix text, type reminder_type, due_date date, due_time time, repeat_every int,
              repeat_unit repeat_unit, repeat_from repeat_from)
            join ins on ins.id = d.entry_id
            join owned o on o.id = ins.animal_id
          )`;
}

/**
 * The follow-ups of care entries just deleted in `tx` (an entry's own went by cascade): a batch's
 * reminder goes with its batch (`animalId` undefined), or loses the one animal whose entry went
 * and goes when it has no animal left.
 */
export async function removeCareFollowUps(
  tx: Transaction,
  farmId: string,
  batchId: string,
  animalId?: string,
): Promise<void> {
  if (animalId === undefined) {
    await tx.delete(reminders).where(and(eq(reminders.farmId, farmId), eq(reminders.careBatchId, batchId)));
    return;
  }
  await tx.execute(sql`
    delete from ${reminderAnimals} ra using ${reminders} r
    where r.farm_id = ${farmId} and r.care_batch_id = ${batchId}
      and ra.farm_id = r.farm_id and ra.reminder_id = r.id
      and ra.animal_id = ${animalId}`);
  await tx.execute(sql`
    delete from ${reminders} r
    where r.farm_id = ${farmId} and r.care_batch_id = ${batchId}
      and not exists (select 1 from ${reminderAnimals} ra where ra.farm_id = r.farm_id and ra.reminder_id = r.id)`);
}

/**
 * An animal left the herd (decision 0043): its open reminders end, in `tx`. Its own are deleted;
 * a batch's follow-up loses it, and goes when no animal is left; a group's reminders stay the
 * group's. Done reminders are history and stay.
 */
export async function removeOpenRemindersOf(
  tx: Transaction,
  farmId: string,
  animalId: string,
): Promise<void> {
  await tx.execute(sql`
    delete from ${reminders} r
    where r.farm_id = ${farmId} and r.animal_id = ${animalId} and not r.completed`);
  await tx.execute(sql`
    with gone as (
      delete from ${reminderAnimals} ra using ${reminders} r
      where ra.farm_id = ${farmId} and ra.animal_id = ${animalId}
        and r.farm_id = ra.farm_id and r.id = ra.reminder_id and not r.completed
      returning ra.reminder_id
    )
    delete from ${reminders} r using gone
    where r.farm_id = ${farmId} and r.id = gone.reminder_id
      and not exists (select 1 from ${reminderAnimals} ra
        where ra.farm_id = r.farm_id and ra.reminder_id = r.id and ra.animal_id <> ${animalId})`);
}

/** A reminder another feature's write sets (a breeding's birth reminder), in that write's transaction `tx`. */
export async function insertReminderIn(tx: Transaction, farmId: string, id: string, reminder: NewReminder) {
  await tx.insert(reminders).values({ ...reminder, id, farmId });
}

/** Deletes the reminder in `tx` unless it was done (a done one is history). */
export async function deleteOpenReminderIn(tx: Transaction, farmId: string, id: string) {
  await tx
    .delete(reminders)
    .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id), eq(reminders.completed, false)));
}

/** Marks the reminder done in `tx`, unless it was already. */
export async function completeOpenReminderIn(tx: Transaction, farmId: string, id: string) {
  await tx
    .update(reminders)
    .set({ completed: true, completedAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id), eq(reminders.completed, false)));
}

const reminderColumns = {
  id: reminders.id,
  title: reminders.title,
  type: reminders.type,
  dueDate: reminders.dueDate,
  /** 'HH:MM' (the column reads '18:00:00'), or null: all day */
  dueTime: sql<string | null>`to_char(${reminders.dueTime}, 'HH24:MI')`,
  animalId: reminders.animalId,
  animalName: animals.name,
  groupId: reminders.groupId,
  groupName: groups.name,
  repeatEvery: reminders.repeatEvery,
  repeatUnit: reminders.repeatUnit,
  repeatFrom: reminders.repeatFrom,
  /** how many animals a batch's reminder covers; null for one animal's or a whole group's */
  animalCount: sql<
    number | null
  >`(select nullif(count(*), 0)::int from ${reminderAnimals} ra where ra.farm_id = ${reminders.farmId} and ra.reminder_id = ${reminders.id})`,
  /** the care batch whose follow-up this is (a group's, covering its animals); null otherwise */
  careBatchId: reminders.careBatchId,
  completed: reminders.completed,
  careEntryId: reminders.careEntryId,
  createdAt: reminders.createdAt,
};

// Joins match farm_id as well as the id: another farm may hold a record with the same id.
const reminderAnimal = and(eq(animals.farmId, reminders.farmId), eq(animals.id, reminders.animalId));
const reminderGroup = and(eq(groups.farmId, reminders.farmId), eq(groups.id, reminders.groupId));

export function createRemindersRepo(db: Database) {
  const farmParam = sql.placeholder('farmId');
  const animalParam = sql.placeholder('animalId');
  const groupParam = sql.placeholder('groupId');
  /** Active reminders of `subject` by due date, one page: a statement prepared once (decision 0051). */
  const active = (subject: SQL | undefined, name: string) =>
    db
      .select(reminderColumns)
      .from(reminders)
      .leftJoin(animals, reminderAnimal)
      .leftJoin(groups, reminderGroup)
      .where(and(eq(reminders.farmId, farmParam), eq(reminders.completed, false), subject))
      .orderBy(asc(reminders.dueDate), asc(reminders.createdAt), asc(reminders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const activeStatements = {
    farm: active(undefined, 'reminders_active'),
    // its own; its groups' that cover the whole group; and the batches' that name it
    animal: active(
      or(
        eq(reminders.animalId, animalParam),
        sql`(${reminders.groupId} in (select ag.group_id from ${animalGroups} ag where ag.animal_id = ${animalParam} and ag.farm_id = ${farmParam})
          and not exists (select 1 from ${reminderAnimals} ra where ra.farm_id = ${reminders.farmId} and ra.reminder_id = ${reminders.id}))`,
        sql`${reminders.id} in (select ra.reminder_id from ${reminderAnimals} ra where ra.farm_id = ${farmParam} and ra.animal_id = ${animalParam})`,
      ),
      'reminders_active_animal',
    ),
    // its own, and its animals'
    group: active(
      or(
        eq(reminders.groupId, groupParam),
        sql`${reminders.animalId} in (select ag.animal_id from ${animalGroups} ag where ag.group_id = ${groupParam} and ag.farm_id = ${farmParam})`,
      ),
      'reminders_active_group',
    ),
  };

  return {
    /**
     * Active reminders by due date, one page: all of the farm's, or those of one animal (its own
     * and its groups'), or of one group (its own and its animals').
     */
    activeReminders(
      farmId: string,
      filter: { animalId?: string; groupId?: string },
      offset: number,
      limit: number,
    ) {
      const page = { farmId, offset, limit };
      if (filter.animalId) return activeStatements.animal.execute({ ...page, animalId: filter.animalId });
      if (filter.groupId) return activeStatements.group.execute({ ...page, groupId: filter.groupId });
      return activeStatements.farm.execute(page);
    },

    async findReminder(farmId: string, id: string) {
      const [row] = await db
        .select(reminderColumns)
        .from(reminders)
        .leftJoin(animals, reminderAnimal)
        .leftJoin(groups, reminderGroup)
        .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id)));
      return row;
    },

    /** The animals a reminder covers by name (a group batch's follow-up), in natural name order. */
    async reminderAnimalIds(farmId: string, id: string): Promise<string[]> {
      const rows = await db
        .select({ id: reminderAnimals.animalId })
        .from(reminderAnimals)
        .innerJoin(
          animals,
          and(eq(animals.farmId, reminderAnimals.farmId), eq(animals.id, reminderAnimals.animalId)),
        )
        .where(and(eq(reminderAnimals.farmId, farmId), eq(reminderAnimals.reminderId, id)))
        .orderBy(animalNameOrder, asc(animals.id));
      return rows.map((row) => row.id);
    },

    /**
     * Changes a reminder and, when `animalIds` is given, the animals it covers — one transaction.
     * False when the farm has no such reminder.
     */
    async updateReminder(
      farmId: string,
      id: string,
      changes: ReminderChanges,
      animalIds?: string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(reminders)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id)))
          .returning({ id: reminders.id });
        if (!updated) return false;
        if (animalIds) {
          await tx
            .delete(reminderAnimals)
            .where(and(eq(reminderAnimals.farmId, farmId), eq(reminderAnimals.reminderId, id)));
          if (animalIds.length) {
            await tx
              .insert(reminderAnimals)
              .values(animalIds.map((animalId) => ({ farmId, reminderId: id, animalId })));
          }
        }
        return true;
      });
    },

    /** Inserts unless this farm already has the id (a repeated create); answers whether it wrote. */
    async insertReminder(farmId: string, id: string, reminder: NewReminder): Promise<boolean> {
      const written = await db
        .insert(reminders)
        .values({ ...reminder, id, farmId })
        .onConflictDoNothing({ target: [reminders.farmId, reminders.id] })
        .returning({ id: reminders.id });
      return written.length === 1;
    },

    /**
     * Marks a reminder done; a repeating one gets its next occurrence, once: the `completed =
     * false` guard and the unique previous_id make a second Done (two tabs, a double tap) a no-op.
     */
    async completeReminder(
      farmId: string,
      id: string,
      nextDue: (reminder: {
        dueDate: string;
        repeatEvery: number;
        repeatUnit: RepeatUnit;
        repeatFrom: RepeatFrom;
      }) => string,
    ): Promise<'completed' | 'already' | 'missing'> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(reminders)
          .set({ completed: true, completedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id), eq(reminders.completed, false)))
          .returning();
        if (!done) {
          const [exists] = await tx
            .select({ id: reminders.id })
            .from(reminders)
            .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id)));
          return exists ? 'already' : 'missing';
        }
        if (done.repeatEvery && done.repeatUnit) {
          const [next] = await tx
            .insert(reminders)
            .values({
              id: randomUUID(),
              farmId,
              animalId: done.animalId,
              groupId: done.groupId,
              title: done.title,
              type: done.type,
              dueDate: nextDue({
                dueDate: done.dueDate,
                repeatEvery: done.repeatEvery,
                repeatUnit: done.repeatUnit,
                repeatFrom: done.repeatFrom,
              }),
              repeatEvery: done.repeatEvery,
              repeatUnit: done.repeatUnit,
              repeatFrom: done.repeatFrom,
              // the next one is due at the same time of day
              dueTime: done.dueTime,
              previousId: done.id,
            })
            .onConflictDoNothing({ target: [reminders.farmId, reminders.previousId] })
            .returning({ id: reminders.id });
          // the next one covers the same animals
          if (next) {
            await tx.execute(sql`
              insert into ${reminderAnimals} (farm_id, reminder_id, animal_id)
              select farm_id, ${next.id}, animal_id from ${reminderAnimals}
              where farm_id = ${farmId} and reminder_id = ${done.id}`);
          }
        }
        return 'completed';
      });
    },

    /**
     * 'Undo' after Done: active again, and the next occurrence its Done scheduled is gone unless it
     * was done too (a repeating reminder's next one is the Done's own). Safe to repeat.
     */
    async reopenReminder(farmId: string, id: string): Promise<'reopened' | 'already' | 'missing'> {
      return db.transaction(async (tx) => {
        const [reopened] = await tx
          .update(reminders)
          .set({ completed: false, completedAt: null, updatedAt: new Date() })
          .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id), eq(reminders.completed, true)))
          .returning({ id: reminders.id });
        if (!reopened) {
          const [exists] = await tx
            .select({ id: reminders.id })
            .from(reminders)
            .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id)));
          return exists ? 'already' : 'missing';
        }
        await tx
          .delete(reminders)
          .where(
            and(eq(reminders.farmId, farmId), eq(reminders.previousId, id), eq(reminders.completed, false)),
          );
        return 'reopened';
      });
    },

    async deleteReminder(farmId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(reminders)
        .where(and(eq(reminders.farmId, farmId), eq(reminders.id, id)))
        .returning({ id: reminders.id });
      return deleted.length === 1;
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
