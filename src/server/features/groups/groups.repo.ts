// Herd group queries. Every one filters by the caller's farm, and joins match farm_id as well as
// the id (ids are scoped by farm: two farms may hold the same one); reads are prepared statements.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Group } from '../../../shared/schemas/groups';
import type { Database } from '../../db/database';
import { animalGroups, animals, groups } from '../../db/schema';

type GroupRow = Omit<Group, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function createGroupsRepo(db: Database) {
  const selectWithCount = () =>
    db
      .select({
        id: groups.id,
        name: groups.name,
        description: groups.description,
        color: groups.color,
        animalCount: count(animalGroups.animalId),
        createdAt: groups.createdAt,
        updatedAt: groups.updatedAt,
      })
      .from(groups)
      .leftJoin(
        animalGroups,
        and(eq(animalGroups.farmId, groups.farmId), eq(animalGroups.groupId, groups.id)),
      );

  const listStatement = selectWithCount()
    .where(eq(groups.farmId, sql.placeholder('farmId')))
    .groupBy(groups.farmId, groups.id)
    .orderBy(asc(groups.createdAt), asc(groups.id))
    .prepare('groups_list');

  const findStatement = selectWithCount()
    .where(and(eq(groups.farmId, sql.placeholder('farmId')), eq(groups.id, sql.placeholder('id'))))
    .groupBy(groups.farmId, groups.id)
    .prepare('groups_find');

  return {
    list: (farmId: string): Promise<GroupRow[]> => listStatement.execute({ farmId }),

    async find(farmId: string, id: string): Promise<GroupRow | undefined> {
      const [row] = await findStatement.execute({ farmId, id });
      return row;
    },

    /** Inserts unless this farm already has the id (a repeated create); answers whether a row was written. */
    async insert(
      farmId: string,
      values: { id: string; name: string; description: string | null; color: string },
    ): Promise<boolean> {
      const written = await db
        .insert(groups)
        .values({ ...values, farmId })
        .onConflictDoNothing({ target: [groups.farmId, groups.id] })
        .returning({ id: groups.id });
      return written.length === 1;
    },

    async update(
      farmId: string,
      id: string,
      changes: Partial<{ name: string; description: string | null; color: string }>,
    ): Promise<boolean> {
      const updated = await db
        .update(groups)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(groups.farmId, farmId), eq(groups.id, id)))
        .returning({ id: groups.id });
      return updated.length === 1;
    },

    /** Links an animal to a group when both are this farm's; false when either is not. */
    async link(farmId: string, groupId: string, animalId: string): Promise<boolean> {
      const linked = await db
        .insert(animalGroups)
        .select(
          db
            .select({
              farmId: animals.farmId,
              animalId: animals.id,
              groupId: groups.id,
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(animals)
            .innerJoin(groups, and(eq(groups.farmId, farmId), eq(groups.id, groupId)))
            .where(and(eq(animals.farmId, farmId), eq(animals.id, animalId))),
        )
        .onConflictDoNothing()
        .returning({ animalId: animalGroups.animalId });
      if (linked.length) return true;
      // already linked, or one of the two is not this farm's
      const [existing] = await db
        .select({ animalId: animalGroups.animalId })
        .from(animalGroups)
        .where(
          and(
            eq(animalGroups.farmId, farmId),
            eq(animalGroups.groupId, groupId),
            eq(animalGroups.animalId, animalId),
          ),
        );
      return existing !== undefined;
    },

    async unlink(farmId: string, groupId: string, animalId: string): Promise<boolean> {
      const deleted = await db
        .delete(animalGroups)
        .where(
          and(
            eq(animalGroups.farmId, farmId),
            eq(animalGroups.groupId, groupId),
            eq(animalGroups.animalId, animalId),
          ),
        )
        .returning({ animalId: animalGroups.animalId });
      return deleted.length === 1;
    },

    /** Deletes the group and (by cascade, in the same statement) its links; never its animals. */
    async remove(farmId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(groups)
        .where(and(eq(groups.farmId, farmId), eq(groups.id, id)))
        .returning({ id: groups.id });
      return deleted.length === 1;
    },
  };
}

export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
