// Breedings and births. Every query filters by the caller's farm; each write is part of one
// transaction the service holds (a breeding with its reminder and the farm's gestation; a birth's
// newborns with their groups, weights, and the breeding it ends), and a repeat with the same ids
// writes nothing twice. The reminders are the reminders feature's rows (breeding.service.ts).
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Sex } from '../../../shared/schemas/animals';
import type { Breeding } from '../../../shared/schemas/breeding';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { animalGroups, animals, breedings, careEntries, speciesGestation } from '../../db/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const breedingColumns = {
  id: breedings.id,
  damId: breedings.damId,
  bredOn: breedings.bredOn,
  sireId: breedings.sireId,
  sire: breedings.sire,
  gestationDays: breedings.gestationDays,
  expectedOn: breedings.expectedOn,
  note: breedings.note,
  reminderId: breedings.reminderId,
  bornOn: breedings.bornOn,
};

export type NewBreeding = Omit<Breeding, 'reminderId' | 'bornOn'>;

export type NewBirth = {
  damId: string;
  bornOn: string;
  breedingId: string | null;
  sireId: string | null;
  sire: string | null;
  dam: string;
  speciesId: string | null;
  groupIds: string[];
  weightUnit: WeightUnit;
  offspring: { id: string; name: string; sex: Sex | null; weight: number | null }[];
};

export function createBreedingRepo(db: Database) {
  return {
    /** A dam's breedings, newest first: one statement. */
    list: (farmId: string, damId: string): Promise<Breeding[]> =>
      db
        .select(breedingColumns)
        .from(breedings)
        .where(and(eq(breedings.farmId, farmId), eq(breedings.damId, damId)))
        .orderBy(desc(breedings.bredOn), desc(breedings.createdAt)),

    async find(farmId: string, id: string): Promise<Breeding | undefined> {
      const [row] = await db
        .select(breedingColumns)
        .from(breedings)
        .where(and(eq(breedings.farmId, farmId), eq(breedings.id, id)));
      return row;
    },

    /** Records the breeding in `tx`; nothing when this farm already has the id (a repeated submit). Answers whether it wrote. */
    async insert(tx: Transaction, farmId: string, breeding: NewBreeding): Promise<boolean> {
      const written = await tx
        .insert(breedings)
        .values({ ...breeding, farmId })
        .onConflictDoNothing({ target: [breedings.farmId, breedings.id] })
        .returning({ id: breedings.id });
      return written.length > 0;
    },

    /** Links the breeding to its birth reminder. */
    async setReminder(tx: Transaction, farmId: string, id: string, reminderId: string) {
      await tx
        .update(breedings)
        .set({ reminderId })
        .where(and(eq(breedings.farmId, farmId), eq(breedings.id, id)));
    },

    /** The farm's own gestation for a species, from now on. */
    async keepGestation(tx: Transaction, farmId: string, gestation: { speciesId: string; days: number }) {
      await tx
        .insert(speciesGestation)
        .values({ farmId, ...gestation })
        .onConflictDoUpdate({
          target: [speciesGestation.farmId, speciesGestation.speciesId],
          set: { days: gestation.days },
        });
    },

    /** Deletes a breeding in `tx`; answers its reminder's id (null: none), undefined when the farm has no such breeding. */
    async remove(
      tx: Transaction,
      farmId: string,
      id: string,
    ): Promise<{ reminderId: string | null } | undefined> {
      const [gone] = await tx
        .delete(breedings)
        .where(and(eq(breedings.farmId, farmId), eq(breedings.id, id)))
        .returning({ reminderId: breedings.reminderId });
      return gone;
    },

    /**
     * The newborns, each in the dam's groups with dam, sire and birth date, a birth weight as its
     * first weighing; the breeding marked born, in `tx`. Newborns this farm already has (a
     * repeated submit) are left as they are. Answers the ended breeding's reminder id, for it to be
     * marked done (null: none, or nothing written).
     */
    async recordBirth(tx: Transaction, farmId: string, birth: NewBirth): Promise<string | null> {
      const written = await tx
        .insert(animals)
        .values(
          birth.offspring.map((newborn) => ({
            id: newborn.id,
            farmId,
            name: newborn.name,
            sex: newborn.sex,
            birthDate: birth.bornOn,
            weight: newborn.weight,
            weightUnit: newborn.weight === null ? null : birth.weightUnit,
            speciesId: birth.speciesId,
            damId: birth.damId,
            dam: birth.dam,
            sireId: birth.sireId,
            sire: birth.sire,
          })),
        )
        .onConflictDoNothing({ target: [animals.farmId, animals.id] })
        .returning({ id: animals.id });
      const fresh = new Set(written.map((row) => row.id));
      if (!fresh.size) return null;
      if (birth.groupIds.length)
        await tx
          .insert(animalGroups)
          .values(
            [...fresh].flatMap((animalId) =>
              birth.groupIds.map((groupId) => ({ farmId, animalId, groupId })),
            ),
          );
      const weighed = birth.offspring.filter((newborn) => fresh.has(newborn.id) && newborn.weight !== null);
      if (weighed.length) {
        const batchId = randomUUID();
        await tx.insert(careEntries).values(
          weighed.map((newborn) => ({
            id: randomUUID(),
            farmId,
            animalId: newborn.id,
            batchId,
            type: 'weight' as const,
            dateRecorded: birth.bornOn,
            weightValue: newborn.weight,
            weightUnit: birth.weightUnit,
          })),
        );
      }
      if (birth.breedingId) {
        const [ended] = await tx
          .update(breedings)
          .set({ bornOn: birth.bornOn, updatedAt: new Date() })
          .where(and(eq(breedings.farmId, farmId), eq(breedings.id, birth.breedingId)))
          .returning({ reminderId: breedings.reminderId });
        return ended?.reminderId ?? null;
      }
      return null;
    },
  };
}

export type BreedingRepo = ReturnType<typeof createBreedingRepo>;
