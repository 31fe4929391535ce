// Profile and farm settings queries: the farm's by the farm in use, the person's by their user id. Reads are
// prepared once per database, so PostgreSQL plans them once per connection.
import { eq, sql } from 'drizzle-orm';
import { dateInZone } from '../../../shared/care/dates';
import type { MilkUnit } from '../../../shared/schemas/milk';
import type { Currency } from '../../../shared/schemas/money';
import type { Profile, WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { farms, profiles } from '../../db/schema';

export type ProfileChanges = {
  farm: Partial<{
    name: string | null;
    timeZone: string;
    weightUnit: WeightUnit;
    milkUnit: MilkUnit;
    organic: boolean;
    currency: Currency;
  }>;
  person: Partial<{
    ownerName: string | null;
    email: string | null;
    phone: string | null;
    location: string | null;
  }>;
};

export type FarmSettings = { weightUnit: WeightUnit; milkUnit: MilkUnit; timeZone: string; organic: boolean };

const settingsTtlMs = 10_000;

export function createProfileRepo(db: Database) {
  const findStatement = db
    .select({
      farmName: farms.name,
      ownerName: profiles.ownerName,
      email: profiles.email,
      phone: profiles.phone,
      location: profiles.location,
      timeZone: farms.timeZone,
      weightUnit: farms.weightUnit,
      milkUnit: farms.milkUnit,
      organic: farms.organic,
      currency: sql<Currency>`${farms.currency}`,
      demoUntil: farms.demoUntil,
    })
    .from(profiles)
    // the person's own row, beside the settings of the farm in use (theirs, or one shared with them)
    .innerJoin(farms, eq(farms.id, sql.placeholder('farmId')))
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('profile_find');

  const settingsStatement = db
    .select({
      weightUnit: farms.weightUnit,
      milkUnit: farms.milkUnit,
      timeZone: farms.timeZone,
      organic: farms.organic,
    })
    .from(farms)
    .where(eq(farms.id, sql.placeholder('farmId')))
    .prepare('farm_settings');

  // Every write asks for the farm's unit and zone: remembered for a few seconds (like sessions,
  // decision 0007), forgotten at once when this server changes them; another server behind the
  // same database sees a change within `settingsTtlMs`.
  const remembered = new Map<string, { settings: FarmSettings; validUntil: number }>();

  /** the farm's weight and milk units, time zone and whether it is organic */
  const settings = async (farmId: string): Promise<FarmSettings> => {
    const now = Date.now();
    const known = remembered.get(farmId);
    if (known && known.validUntil > now) return known.settings;
    const [row] = await settingsStatement.execute({ farmId });
    const found = row ?? {
      weightUnit: 'lbs' as const,
      milkUnit: 'lbs' as const,
      timeZone: 'UTC',
      organic: false,
    };
    if (remembered.size >= 10_000) remembered.clear();
    remembered.set(farmId, { settings: found, validUntil: now + settingsTtlMs });
    return found;
  };

  return {
    settings,

    /** the farm's today ('YYYY-MM-DD'), on its own calendar: the one place a service reads it */
    async today(farmId: string): Promise<string> {
      return dateInZone(new Date(), (await settings(farmId)).timeZone);
    },

    async find(farmId: string, userId: string): Promise<Profile | undefined> {
      const [row] = await findStatement.execute({ farmId, userId });
      return row && { ...row, demoUntil: row.demoUntil?.toISOString() ?? null };
    },

    async update(farmId: string, userId: string, changes: ProfileChanges): Promise<void> {
      remembered.delete(farmId);
      await db.transaction(async (tx) => {
        if (Object.keys(changes.farm).length) {
          await tx.update(farms).set(changes.farm).where(eq(farms.id, farmId));
        }
        if (Object.keys(changes.person).length) {
          await tx.update(profiles).set(changes.person).where(eq(profiles.userId, userId)); // the person's own row, whichever farm is in use
        }
      });
      remembered.delete(farmId);
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
