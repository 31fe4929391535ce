// An animal's health record, assembled from the farm's name and owner, the animal, its weighings,
// its history and a doe's milk per lactation (a detail page: a fixed handful of statements), for its farm or for a share link; and the link's rules:
// 256 random bits, stored hashed, shown once, one per animal, revocable.
import { dateInZone } from '../../../shared/care/dates';
import type { CareEntry } from '../../../shared/schemas/care';
import type { HealthRecord, RecordEntry } from '../../../shared/schemas/records';
import { NotFoundError } from '../../http/errors';
import { hashSecretToken, isSecretToken, newSecretToken } from '../../http/secret-token';
import type { ProfileService } from '../account/profile.service';
import { photoVersion, type AnimalsService } from '../animals/animals.service';
import type { CareService } from '../care/care.service';
import type { MilkService } from '../production/milk.service';
import type { RecordsRepo } from './records.repo';

/** How much history a record holds: more than a hobby animal gathers in years. */
const historyLimit = 500;

const recordEntry = (entry: CareEntry): RecordEntry => ({
  id: entry.id,
  type: entry.type as RecordEntry['type'],
  dateRecorded: entry.dateRecorded,
  medicationName: entry.medicationName,
  dosage: entry.dosage,
  dosageUnit: entry.dosageUnit,
  route: entry.route,
  lotNumber: entry.lotNumber,
  givenBy: entry.givenBy,
  meatWithdrawalDays: entry.meatWithdrawalDays,
  milkWithdrawalDays: entry.milkWithdrawalDays,
  eggWithdrawalDays: entry.eggWithdrawalDays,
  title: entry.title,
  noteContent: entry.noteContent,
});

export function createRecordsService(deps: {
  repo: RecordsRepo;
  animals: Pick<AnimalsService, 'find'>;
  care: Pick<CareService, 'recordOf'>;
  milk: Pick<MilkService, 'lactations'>;
  profiles: Pick<ProfileService, 'settings'>;
}) {
  const { repo, animals, profiles } = deps;

  /** The record; `photoBase` is the address its photo is served from (the farm's or the link's). */
  async function record(farmId: string, animalId: string, photoBase: string | null): Promise<HealthRecord> {
    const animal = await animals.find(farmId, animalId); // a 404 when the farm has no such animal
    const [care, settings, farm, milk] = await Promise.all([
      deps.care.recordOf(farmId, animalId, historyLimit),
      profiles.settings(farmId),
      repo.farmCard(farmId),
      deps.milk.lactations(farmId, animalId),
    ]);
    const entries = care ? (JSON.parse(care.history) as { items: CareEntry[] }).items : [];
    const version = animal.photoKey ? photoVersion(animal.photoKey) : null;
    return {
      farm,
      animal: {
        id: animal.id,
        name: animal.name,
        speciesName: animal.speciesName,
        breed: animal.breed,
        sex: animal.sex,
        birthDate: animal.birthDate,
        color: animal.color,
        tagId: animal.tagId,
        electronicId: animal.electronicId ?? null,
        dam: animal.dam,
        sire: animal.sire,
        photoUrl: version && photoBase ? `${photoBase}?v=${version}` : null,
        withdrawal: animal.withdrawal,
      },
      weightUnit: settings.weightUnit,
      today: dateInZone(new Date(), settings.timeZone),
      weights: care?.weights ?? [],
      medications: entries.filter((entry) => entry.type === 'medical').map(recordEntry),
      notes: entries.filter((entry) => entry.type === 'note').map(recordEntry),
      milk,
    };
  }

  /** The farm and animal of a live link; 404 for anything else (a bad, old or revoked token alike). */
  async function resolve(token: string) {
    const shared = isSecretToken(token) ? await repo.byToken(token) : undefined;
    if (!shared) throw new NotFoundError('Health record');
    return shared;
  }

  return {
    forFarm: (farmId: string, animalId: string) =>
      record(farmId, animalId, `/api/v1/animals/${animalId}/photo`),

    async forLink(token: string) {
      const { farmId, animalId } = await resolve(token);
      return record(farmId, animalId, `/api/public/records/${token}/photo`);
    },

    resolve,

    async shareState(farmId: string, animalId: string) {
      await animals.find(farmId, animalId); // a 404 when the farm has no such animal
      const since = await repo.sharedSince(farmId, animalId);
      return { sharedSince: since?.toISOString() ?? null };
    },

    /** Every live link of the farm (for its owners): the animal, who made it, since when. */
    async list(farmId: string) {
      const rows = await repo.list(farmId);
      return { links: rows.map((row) => ({ ...row, sharedSince: row.sharedSince.toISOString() })) };
    },

    /** A new link (the old one stops working), made by `userId`: answered once, kept only as a hash. */
    async share(farmId: string, animalId: string, origin: string, userId: string) {
      await animals.find(farmId, animalId); // a 404 when the farm has no such animal
      const token = newSecretToken();
      const since = await repo.share(farmId, animalId, hashSecretToken(token), userId);
      return { url: `${origin}/record/${token}`, sharedSince: since.toISOString() };
    },

    async revoke(farmId: string, animalId: string) {
      await animals.find(farmId, animalId); // a 404 when the farm has no such animal
      await repo.revoke(farmId, animalId);
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
