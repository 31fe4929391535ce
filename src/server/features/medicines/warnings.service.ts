// The cabinet's warnings (issue 27 item 5, decision 0042), between warnings.routes.ts and
// warnings.repo.ts, and for the daily email: what expires or runs low on the farm's day, and
// 'Dismiss'. Who may dismiss is the permission table's (Owners and Members; a Farm Sitter reads).
import type { MedicineWarning } from '../../../shared/schemas/medicine-warnings';
import { NotFoundError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import type { WarningsRepo } from './warnings.repo';

/**
 * The warnings on a farm's given day, for the daily email (decision 0028): its job knows the farm's
 * morning it writes for, and builds this beside the app's services.
 */
export function createDayWarnings(repo: WarningsRepo) {
  return {
    on: async (farmId: string, day: string): Promise<MedicineWarning[]> =>
      JSON.parse(await repo.list(farmId, day)) as MedicineWarning[],
  };
}

export type DayWarnings = ReturnType<typeof createDayWarnings>;

export function createWarningsService(deps: { repo: WarningsRepo; profiles: Pick<ProfileService, 'today'> }) {
  const { repo, profiles } = deps;
  return {
    /** The warnings on the farm's today, as the JSON array text of MedicineWarning. */
    list: async (farmId: string) => repo.list(farmId, await profiles.today(farmId)),

    async dismissExpiry(farmId: string, lotId: string): Promise<void> {
      if (!(await repo.dismissExpiry(farmId, lotId))) throw new NotFoundError('Lot');
    },

    async dismissLowStock(farmId: string, medicineId: string): Promise<void> {
      if (!(await repo.dismissLowStock(farmId, medicineId))) throw new NotFoundError('Medicine');
    },
  };
}

export type WarningsService = ReturnType<typeof createWarningsService>;
