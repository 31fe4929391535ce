// Weighings: each animal's latest weight, kept on its row whenever its weighings change, and the
// growth charts of an animal and of a group. Every query filters by the caller's farm, and joins
// match farm_id as well as the id; a chart is one statement.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GroupWeights, WeightPoint } from '../../../shared/schemas/care';
import type { Database } from '../../db/database';
import { animalGroups, animals, careEntries, groups } from '../../db/schema';
import { animalNameOrder } from '../../db/sql-text';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

/**
 * The part of a care batch's insert statement (entries.repo.ts) that keeps the latest weight,
 * incrementally, reading the statement's `ins` (the entries written): this weighing is the
 * animal's newest unless an entry of a later date exists (an earlier-dated one recorded now is
 * history, not the latest).
 */
export const latestWeightsStatement = (farmId: string) => sql`, latest_weights as (
          update ${animals} a set weight = ins.weight_value, weight_unit = ins.weight_unit, updated_at = now()
          from ins
          where ins.type = 'weight' and a.farm_id = ${farmId} and a.id = ins.animal_id
            and not exists (select 1 from ${careEntries} e where e.farm_id = ${farmId}
              and e.animal_id = ins.animal_id and e.type = 'weight' and e.date_recorded > ins.date_recorded)
        )`;

export function createWeightsRepo(db: Database) {
  return {
    /** Sets each animal's weight to its latest recorded weight (by date, then entry time), in `tx`. */
    async refresh(tx: Transaction, farmId: string, animalIds: string[]) {
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
        .set({
          weight: sql`${latest.weightValue}`,
          weightUnit: sql`${latest.weightUnit}`,
          updatedAt: new Date(),
        })
        .from(latest)
        .where(and(eq(animals.farmId, farmId), eq(animals.id, latest.animalId)));
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
  };
}

export type WeightsRepo = ReturnType<typeof createWeightsRepo>;
