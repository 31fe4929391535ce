// The rules of animals, their photos and species, between the HTTP layer (animals.routes.ts) and
// the database (animals.repo.ts): groups and species must be the farm's (or built in), a weight
// keeps the unit it was recorded in, and a photo's files live and die with its animal. Throws
// typed errors; the one onError maps them to HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type {
  AnimalListFilter,
  animalCreateSchema,
  animalUpdateSchema,
} from '../../../shared/schemas/animals';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { dateInZone } from '../../../shared/care/dates';
import { NotFoundError, ValidationError } from '../../http/errors';
import { processPhoto } from '../../photos/photo-processing';
import type { PhotoStore } from '../../photos/photo-store';
import type { ProfileRepo } from '../account/profile.repo';
import { photoVersion, type AnimalsRepo, type AnimalValues } from './animals.repo';

type AnimalInput = z.output<typeof animalCreateSchema>;
type AnimalChanges = z.output<typeof animalUpdateSchema>;
export type PhotoSize = 'display' | 'thumb';

const photoFile = (key: string, size: PhotoSize) => `${key}/${size}.webp`;

export function createAnimalsService(deps: { repo: AnimalsRepo; profiles: ProfileRepo; photos: PhotoStore }) {
  const { repo, profiles, photos } = deps;

  const find = async (farmId: string, id: string) => {
    const animal = await repo.find(farmId, id);
    if (!animal) throw new NotFoundError('Animal');
    return animal;
  };

  /** Rules the schema cannot check: the groups and the species must be this farm's. */
  async function checkReferences(farmId: string, input: { groupIds?: string[]; speciesId?: string | null }) {
    const fields: Record<string, string[]> = {};
    if (input.groupIds?.length) {
      const known = await repo.farmGroupIds(farmId, input.groupIds);
      if (known.size !== input.groupIds.length) fields.groupIds = ['Choose groups of your own farm'];
    }
    if (input.speciesId && !(await repo.speciesVisible(farmId, input.speciesId))) {
      fields.speciesId = ['Choose a species from the list'];
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);
  }

  /** Weights are kept in the unit they were recorded in: the one given, else the farm's current one. */
  async function weightUnitFor(
    farmId: string,
    weight: number | null | undefined,
    given: WeightUnit | undefined,
  ) {
    if (weight === undefined) return undefined;
    if (weight === null) return null;
    if (given) return given;
    return (await profiles.settings(farmId)).weightUnit;
  }

  return {
    listSpecies: (farmId: string) => repo.listSpecies(farmId),

    /** Adds a species of the farm's own, or answers the existing one of that name (`created` false). */
    addSpecies: (farmId: string, name: string) => repo.findOrCreateSpecies(farmId, name),

    /** The farm's animals matching the filters, in the order asked (by name when none). */
    list: async (farmId: string, filter: AnimalListFilter = {}) =>
      repo.search(
        farmId,
        filter,
        // the withdrawal filter asks about the farm's today
        filter.withdrawal ? dateInZone(new Date(), (await profiles.settings(farmId)).timeZone) : undefined,
      ),

    find,

    /** Adds an animal; `written` is false when this farm already has its id (a repeated create). */
    async create(farmId: string, input: AnimalInput) {
      const { id = randomUUID(), groupIds, ...rest } = input;
      await checkReferences(farmId, { groupIds, speciesId: rest.speciesId });
      const values: AnimalValues = {
        name: rest.name,
        breed: rest.breed,
        sex: rest.sex ?? null,
        birthDate: rest.birthDate,
        weight: rest.weight ?? null,
        weightUnit: (await weightUnitFor(farmId, rest.weight ?? null, rest.weightUnit)) ?? null,
        speciesId: rest.speciesId ?? null,
        color: rest.color,
        dam: rest.dam,
        sire: rest.sire,
        tagId: rest.tagId,
      };
      // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
      const written = await repo.insert(farmId, id, values, groupIds);
      return { animal: await find(farmId, id), written };
    },

    /** Changes the fields given; groupIds, when given, replaces the animal's groups. */
    async update(farmId: string, id: string, input: AnimalChanges) {
      const { groupIds, weightUnit: givenUnit, ...changes } = input;
      await checkReferences(farmId, { groupIds, speciesId: changes.speciesId });
      const weightUnit = await weightUnitFor(farmId, changes.weight, givenUnit);
      const values: Partial<AnimalValues> = Object.fromEntries(
        Object.entries({ ...changes, ...(weightUnit !== undefined && { weightUnit }) }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      if (!(await repo.update(farmId, id, values, groupIds))) throw new NotFoundError('Animal');
      return find(farmId, id);
    },

    /** Deletes the animal, its memberships and every photo file it had. */
    async remove(farmId: string, id: string) {
      if (!(await repo.remove(farmId, id))) throw new NotFoundError('Animal');
      await photos.deletePrefix(`${farmId}/${id}`);
    },

    /**
     * Stores a new photo (both sizes) and drops the previous one's files. The route has already
     * answered 404 for a missing animal before reading the upload; one deleted meanwhile is
     * caught when the key is written.
     */
    async setPhoto(farmId: string, id: string, image: Buffer) {
      const processed = await processPhoto(image);
      const key = `${farmId}/${id}/${randomBytes(8).toString('hex')}`;
      await photos.put(photoFile(key, 'display'), processed.display);
      await photos.put(photoFile(key, 'thumb'), processed.thumbnail);
      const result = await repo.setPhotoKey(farmId, id, key);
      if (!result) {
        await photos.deletePrefix(key); // deleted meanwhile
        throw new NotFoundError('Animal');
      }
      if (result.previous) await photos.deletePrefix(result.previous);
      return find(farmId, id);
    },

    async removePhoto(farmId: string, id: string) {
      const result = await repo.setPhotoKey(farmId, id, null);
      if (!result) throw new NotFoundError('Animal');
      if (result.previous) await photos.deletePrefix(result.previous);
    },

    /** The photo's bytes in one size, its version, and whether `version` names the current one. */
    async photo(farmId: string, id: string, size: PhotoSize, version: string | undefined) {
      const animal = await find(farmId, id);
      if (!animal.photoKey) throw new NotFoundError('Photo');
      const data = await photos.get(photoFile(animal.photoKey, size));
      if (!data) throw new NotFoundError('Photo');
      const current = photoVersion(animal.photoKey);
      return { data, version: current, current: version === current };
    },
  };
}

export type AnimalsService = ReturnType<typeof createAnimalsService>;
