// The rules of animals, their photos and species, between the HTTP layer (animals.routes.ts) and
// the database (animals.repo.ts): groups and species must be the farm's (or built in), a weight
// keeps the unit it was recorded in, and a photo's files live and die with its animal. Throws
// typed errors; the one onError maps them to HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import {
  pedigreeDepth,
  type Animal,
  type AnimalListFilter,
  type animalCreateSchema,
  type animalExitSchema,
  type animalUpdateSchema,
} from '../../../shared/schemas/animals';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { processPhoto } from '../../photos/photo-processing';
import type { PhotoStore } from '../../photos/photo-store';
import type { ProfileService } from '../account/profile.service';
import type { MoneyService } from '../money/money.service';
import { endOpenRemindersOf } from '../reminders/reminders.service';
import { isElectronicIdTaken, type AnimalRow, type AnimalsRepo, type AnimalValues } from './animals.repo';

type AnimalInput = z.output<typeof animalCreateSchema>;
type AnimalChanges = z.output<typeof animalUpdateSchema>;
type ExitInput = z.output<typeof animalExitSchema>;
export type PhotoSize = 'display' | 'thumb';

/** A photo's version: the last part of its storage key, new with each upload (its URLs' `v`). */
export const photoVersion = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** What the API answers for an animal: photo URLs instead of the storage key. Dates stay Date
 * objects, which JSON writes as ISO strings (the list's hot path: no copies, no spreads). */
export type AnimalWire = Omit<Animal, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toAnimal(row: AnimalRow): AnimalWire {
  const version = row.photoKey ? photoVersion(row.photoKey) : null;
  const base = `/api/v1/animals/${row.id}/photo?v=${version}`;
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    sex: row.sex,
    birthDate: row.birthDate,
    weight: row.weight,
    weightUnit: row.weightUnit,
    speciesId: row.speciesId,
    speciesName: row.speciesName,
    color: row.color,
    dam: row.dam,
    sire: row.sire,
    damId: row.damId,
    sireId: row.sireId,
    tagId: row.tagId,
    electronicId: row.electronicId,
    photoUrl: version ? base : null,
    thumbnailUrl: version ? `${base}&size=thumb` : null,
    groups: row.groups,
    withdrawal: row.withdrawal,
    exit: row.exit,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const photoFile = (key: string, size: PhotoSize) => `${key}/${size}.webp`;

/** A parent born on or after its child's birth day: both dates known, and in the wrong order. */
const bornAfter = (parent: string | null, child: string | null | undefined) =>
  Boolean(parent && child && parent >= child);

export function createAnimalsService(deps: {
  db: Database;
  repo: AnimalsRepo;
  profiles: Pick<ProfileService, 'settings' | 'today'>;
  photos: PhotoStore;
  /** a sale's price is the farm's income */
  money: Pick<MoneyService, 'saleIncome'>;
}) {
  const { db, repo, profiles, photos, money } = deps;

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

  /**
   * Dam and sire linked to animals of this farm: each must be the farm's, not the animal itself,
   * nor one of its descendants (a cycle), and not both the same animal. A linked parent's name is
   * copied into dam/sire (so its deletion leaves the name); a parent typed by name is unlinked.
   * One recursive statement for both. Answers the columns to write, undefined for those unchanged.
   */
  async function resolveParents(
    farmId: string,
    animalId: string | undefined,
    input: { damId?: string | null; sireId?: string | null; dam?: string | null; sire?: string | null },
    /** the child's birth date when this write sets it (null: cleared); undefined: as stored */
    birthDate?: string | null,
  ) {
    const out: Partial<Pick<AnimalValues, 'dam' | 'sire' | 'damId' | 'sireId'>> = {};
    const linked = [input.damId, input.sireId].filter((id): id is string => Boolean(id));
    const found = linked.length ? await repo.parentCandidates(farmId, linked, animalId) : [];
    const fields: Record<string, string[]> = {};
    for (const [side, label] of [
      ['dam', 'dam'],
      ['sire', 'sire'],
    ] as const) {
      const idKey = side === 'dam' ? 'damId' : 'sireId';
      const id = input[idKey];
      if (id) {
        const parent = found.find((candidate) => candidate.id === id);
        if (!parent) fields[idKey] = [`Choose a ${label} from your animals`];
        else if (id === animalId) fields[idKey] = [`An animal cannot be its own ${label}`];
        else if (parent.descends) fields[idKey] = [`${parent.name} descends from this animal`];
        else if (bornAfter(parent.birthDate, birthDate === undefined ? parent.childBirthDate : birthDate))
          fields[idKey] = [`${parent.name} was born after this animal`];
        else {
          out[idKey] = id;
          out[side] = parent.name;
        }
      } else if (id === null) {
        out[idKey] = null;
        if (input[side] !== undefined) out[side] = input[side];
      } else if (input[side] !== undefined) {
        // a name typed for an animal from elsewhere replaces any link
        out[side] = input[side];
        out[idKey] = null;
      }
    }
    if (input.damId && input.damId === input.sireId)
      fields.sireId = ['Dam and sire must be different animals'];
    if (Object.keys(fields).length) throw new ValidationError(fields);
    return out;
  }

  /** An Electronic ID is one animal's within the farm: 422 naming the field and the animal holding it. */
  async function checkElectronicId(farmId: string, electronicId: string | null | undefined, id?: string) {
    if (!electronicId) return;
    const holder = await repo.electronicIdHolder(farmId, electronicId, id);
    if (holder !== undefined) throw electronicIdTaken(holder);
  }
  const electronicIdTaken = (holder?: string) =>
    new ValidationError({
      electronicId: [
        holder
          ? `${holder} already has this Electronic ID`
          : 'Another animal of this farm already has this Electronic ID',
      ],
    });
  /** A write that lost the race for an Electronic ID (the unique index) answers like the check. */
  async function electronicIdRace<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isElectronicIdTaken(error)) throw electronicIdTaken();
      throw error;
    }
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
        filter.withdrawal ? await profiles.today(farmId) : undefined,
      ),

    find,

    /** The animal a scanned or typed tag or Electronic ID names: its id and name; 404 when none. */
    async byTag(farmId: string, code: string) {
      const animal = await repo.byTag(farmId, code);
      if (!animal) throw new NotFoundError('Animal');
      return animal;
    },

    /** The animals of one of the farm's groups by name, as the JSON text of AnimalListItem[] (one prepared statement). */
    groupList: (farmId: string, groupId: string) => repo.list(farmId, { groupId }),

    /** Of the given ids, the farm's animals that may be a parent of `childId` (see the repo). */
    parentCandidates: (farmId: string, ids: string[], childId: string | undefined) =>
      repo.parentCandidates(farmId, ids, childId),

    /** The animal's pedigree and offspring as JSON text (one statement); 404 when not the farm's. */
    async family(farmId: string, id: string) {
      const body = await repo.family(farmId, id, pedigreeDepth);
      if (body === null) throw new NotFoundError('Animal');
      return body;
    },

    /** Adds an animal; `written` is false when this farm already has its id (a repeated create). */
    async create(farmId: string, input: AnimalInput) {
      const { id = randomUUID(), groupIds, ...rest } = input;
      await checkReferences(farmId, { groupIds, speciesId: rest.speciesId });
      const parents = await resolveParents(farmId, id, rest, rest.birthDate ?? null);
      const values: AnimalValues = {
        name: rest.name,
        breed: rest.breed,
        sex: rest.sex ?? null,
        birthDate: rest.birthDate,
        weight: rest.weight ?? null,
        weightUnit: (await weightUnitFor(farmId, rest.weight ?? null, rest.weightUnit)) ?? null,
        speciesId: rest.speciesId ?? null,
        color: rest.color,
        dam: parents.dam ?? null,
        sire: parents.sire ?? null,
        damId: parents.damId ?? null,
        sireId: parents.sireId ?? null,
        tagId: rest.tagId,
        electronicId: rest.electronicId,
      };
      // a repeated create of this farm's animal answers the stored one: no Electronic ID check
      if (values.electronicId && !(await repo.find(farmId, id)))
        await checkElectronicId(farmId, values.electronicId, id);
      // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
      const written = await electronicIdRace(() => repo.insert(farmId, id, values, groupIds));
      return { animal: await find(farmId, id), written };
    },

    /** Changes the fields given; groupIds, when given, replaces the animal's groups. */
    async update(farmId: string, id: string, input: AnimalChanges) {
      const { groupIds, weightUnit: givenUnit, dam, sire, damId, sireId, ...changes } = input;
      await checkReferences(farmId, { groupIds, speciesId: changes.speciesId });
      const parents = await resolveParents(farmId, id, { dam, sire, damId, sireId }, changes.birthDate);
      const weightUnit = await weightUnitFor(farmId, changes.weight, givenUnit);
      const values: Partial<AnimalValues> = Object.fromEntries(
        Object.entries({ ...changes, ...parents, ...(weightUnit !== undefined && { weightUnit }) }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      await checkElectronicId(farmId, values.electronicId, id);
      if (!(await electronicIdRace(() => repo.update(farmId, id, values, groupIds)))) {
        const past = await find(farmId, id);
        if (past.exit)
          throw new ValidationError({
            groupIds: ['It has left the herd: Return to Herd to put it in a group'],
          });
        throw new NotFoundError('Animal');
      }
      return find(farmId, id);
    },

    /**
     * 'Mark as Sold' (Died, Culled, Given Away, Lost), or a change of how it left (decision 0043):
     * the day must not be before its birth or its latest care record, nor after the farm's today.
     * In one transaction it leaves its groups, its open reminders end, and a sale's price becomes
     * the farm's income; every record stays.
     */
    async markExit(farmId: string, id: string, input: ExitInput) {
      const bounds = await repo.exitBounds(farmId, id);
      if (!bounds) throw new NotFoundError('Animal');
      const today = await profiles.today(farmId);
      const problem =
        input.date > today
          ? 'The date cannot be in the future'
          : bounds.birthDate && input.date < bounds.birthDate
            ? `The date cannot be before its birth (${bounds.birthDate})`
            : bounds.lastRecord && input.date < bounds.lastRecord
              ? `The date cannot be before its last record (${bounds.lastRecord})`
              : null;
      if (problem) throw new ValidationError({ date: [problem] });
      const exit = {
        kind: input.kind,
        date: input.date,
        note: input.note ?? null,
        price: input.price ?? null,
      };
      await db.transaction(async (tx) => {
        if (!(await repo.markExit(tx, farmId, id, exit))) throw new NotFoundError('Animal');
        await endOpenRemindersOf(tx, farmId, id);
        // a sale's price is income on the Money page (written, replaced, or gone when no longer a sale)
        await money.saleIncome(tx, farmId, {
          animalId: id,
          occurredOn: exit.date,
          amount: exit.kind === 'sold' ? exit.price : null,
          note: exit.note,
        });
      });
      return toAnimal(await find(farmId, id));
    },

    /**
     * 'Return to Herd': the exit undone, back in the groups it left, a sale's income gone (its ended
     * reminders stay ended).
     */
    async returnToHerd(farmId: string, id: string) {
      const returned = await db.transaction(async (tx) => {
        if (!(await repo.returnToHerd(tx, farmId, id))) return false;
        await money.saleIncome(tx, farmId, { animalId: id, occurredOn: '', amount: null });
        return true;
      });
      if (!returned) {
        await find(farmId, id); // 404 when there is no such animal
        throw new ConflictError('NOT_PAST', 'This animal is in the herd.');
      }
      return toAnimal(await find(farmId, id));
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
