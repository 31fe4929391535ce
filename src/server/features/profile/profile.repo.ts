// Profile and farm settings queries; every one is scoped by the caller's farm and user.
import { and, eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { farms, profiles } from '../../db/schema';

export type ProfileChanges = {
  farm: Partial<{ name: string | null; timeZone: string; weightUnit: 'lbs' | 'kg' }>;
  person: Partial<{
    ownerName: string | null;
    email: string | null;
    phone: string | null;
    location: string | null;
  }>;
};

export async function findProfile(
  db: Database,
  farmId: string,
  userId: string,
): Promise<Profile | undefined> {
  const [row] = await db
    .select({
      farmName: farms.name,
      ownerName: profiles.ownerName,
      email: profiles.email,
      phone: profiles.phone,
      location: profiles.location,
      timeZone: farms.timeZone,
      weightUnit: farms.weightUnit,
    })
    .from(profiles)
    .innerJoin(farms, eq(farms.id, profiles.farmId))
    .where(and(eq(profiles.farmId, farmId), eq(profiles.userId, userId)));
  return row;
}

export async function updateProfile(db: Database, farmId: string, userId: string, changes: ProfileChanges) {
  await db.transaction(async (tx) => {
    if (Object.keys(changes.farm).length) {
      await tx.update(farms).set(changes.farm).where(eq(farms.id, farmId));
    }
    if (Object.keys(changes.person).length) {
      await tx
        .update(profiles)
        .set(changes.person)
        .where(and(eq(profiles.farmId, farmId), eq(profiles.userId, userId)));
    }
  });
}
