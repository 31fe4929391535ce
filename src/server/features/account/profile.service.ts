// The rules of the profile, between the HTTP layer (profile.routes.ts) and the database
// (profile.repo.ts): the person's own fields ('Your Profile'), and the farm's ('Farm Settings': its
// name, time zone, weight and milk units, organic; permissions.ts lets only owners reach that route). Throws typed errors; the one onError maps them to HTTP.
import type * as z from 'zod/mini';
import type { farmSettingsUpdateSchema, profileUpdateSchema } from '../../../shared/schemas/profile';
import { NotFoundError } from '../../http/errors';
import type { ProfileRepo } from './profile.repo';

export type { FarmSettings } from './profile.repo';

type ProfileChanges = z.output<typeof profileUpdateSchema>;
type FarmSettingsChanges = z.output<typeof farmSettingsUpdateSchema>;

export function createProfileService(repo: ProfileRepo) {
  const find = async (farmId: string, userId: string) => {
    const profile = await repo.find(farmId, userId);
    if (!profile) throw new NotFoundError('Profile');
    return profile;
  };

  return {
    find,

    /** The farm's weight and milk units and time zone (remembered for a few seconds). */
    settings: (farmId: string) => repo.settings(farmId),

    /** The farm's today ('YYYY-MM-DD'), on its own calendar: the one place a service reads it. */
    today: (farmId: string) => repo.today(farmId),

    /** Changes the person's own fields given and answers the whole profile. */
    async update(farmId: string, userId: string, body: ProfileChanges) {
      await repo.update(farmId, userId, {
        farm: {},
        person: {
          ...(body.ownerName !== undefined && { ownerName: body.ownerName }),
          ...(body.email !== undefined && { email: body.email }),
          ...(body.phone !== undefined && { phone: body.phone }),
          ...(body.location !== undefined && { location: body.location }),
        },
      });
      return find(farmId, userId);
    },

    /** Changes the farm's settings given and answers the caller's whole profile. */
    async updateFarm(farmId: string, userId: string, body: FarmSettingsChanges) {
      await repo.update(farmId, userId, {
        farm: {
          ...(body.farmName !== undefined && { name: body.farmName }),
          ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
          ...(body.weightUnit !== undefined && { weightUnit: body.weightUnit }),
          ...(body.milkUnit !== undefined && { milkUnit: body.milkUnit }),
          ...(body.organic !== undefined && { organic: body.organic }),
          ...(body.currency !== undefined && { currency: body.currency }),
        },
        person: {},
      });
      return find(farmId, userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
