// /api/v1/animals (with their group memberships and photos) and /api/v1/species.
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { limitBody } from '../../http/body-limit';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  animalCreateSchema,
  animalSchema,
  animalUpdateSchema,
  photoLimits,
  speciesCreateSchema,
  speciesSchema,
} from '../../../shared/schemas/animals';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { AppEnv } from '../../http/context';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { processPhoto } from '../../photos/photo-processing';
import type { PhotoStore } from '../../photos/photo-store';
import type { ProfileRepo } from '../profile/profile.repo';
import { photoVersion, toAnimal, type AnimalsRepo, type AnimalValues } from './animals.repo';

const photoFile = (key: string, size: 'display' | 'thumb') => `${key}/${size}.webp`;

export function animalsRoutes(deps: { repo: AnimalsRepo; profiles: ProfileRepo; photos: PhotoStore }) {
  const { repo, profiles, photos } = deps;

  const found = async (farmId: string, id: string) => {
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

  return new Hono<AppEnv>()
    .get(
      '/species',
      describeRoute({
        tags: ['Animals'],
        summary: 'Built-in species and the farm’s own, by name',
        responses: { 200: jsonContent(z.array(speciesSchema), 'Species'), ...errorResponses },
      }),
      async (c) => c.json(await repo.listSpecies(c.get('farmId')), 200),
    )
    .post(
      '/species',
      describeRoute({
        tags: ['Animals'],
        summary: 'Add a species of the farm’s own (answers the existing one of that name if any)',
        responses: { 201: jsonContent(speciesSchema, 'The species'), ...errorResponses, ...invalidResponse },
      }),
      validate('json', speciesCreateSchema),
      async (c) => {
        const result = await repo.findOrCreateSpecies(c.get('farmId'), c.req.valid('json').name);
        return c.json(result.species, result.created ? 201 : 200);
      },
    )
    .get(
      '/animals',
      describeRoute({
        tags: ['Animals'],
        summary: 'All the farm’s animals by name, with species and groups',
        responses: { 200: jsonContent(z.array(animalSchema), 'Animals'), ...errorResponses },
      }),
      async (c) => c.json(await repo.list(c.get('farmId')), 200),
    )
    .post(
      '/animals',
      describeRoute({
        tags: ['Animals'],
        summary: 'Add an animal to one or more groups (repeating a create with the same id is safe)',
        responses: { 201: jsonContent(animalSchema, 'The animal'), ...errorResponses, ...invalidResponse },
      }),
      validate('json', animalCreateSchema),
      async (c) => {
        const farmId = c.get('farmId');
        const { id = randomUUID(), groupIds, ...input } = c.req.valid('json');
        await checkReferences(farmId, { groupIds, speciesId: input.speciesId });
        const values: AnimalValues = {
          name: input.name,
          breed: input.breed,
          sex: input.sex ?? null,
          birthDate: input.birthDate,
          weight: input.weight ?? null,
          weightUnit: (await weightUnitFor(farmId, input.weight ?? null, input.weightUnit)) ?? null,
          speciesId: input.speciesId ?? null,
          color: input.color,
          dam: input.dam,
          sire: input.sire,
          tagId: input.tagId,
        };
        // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
        const written = await repo.insert(farmId, id, values, groupIds);
        return c.json(toAnimal(await found(farmId, id)), written ? 201 : 200);
      },
    )
    .get(
      '/animals/:id',
      describeRoute({
        tags: ['Animals'],
        summary: 'One animal with its species and groups',
        responses: { 200: jsonContent(animalSchema, 'The animal'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(toAnimal(await found(c.get('farmId'), c.req.param('id'))), 200),
    )
    .patch(
      '/animals/:id',
      describeRoute({
        tags: ['Animals'],
        summary: 'Change an animal’s fields; groupIds, when given, replaces its groups',
        responses: { 200: jsonContent(animalSchema, 'The animal'), ...errorResponses, ...invalidResponse },
      }),
      idParams('id'),
      validate('json', animalUpdateSchema),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const { groupIds, weightUnit: givenUnit, ...changes } = c.req.valid('json');
        await checkReferences(farmId, { groupIds, speciesId: changes.speciesId });
        const weightUnit = await weightUnitFor(farmId, changes.weight, givenUnit);
        const values: Partial<AnimalValues> = Object.fromEntries(
          Object.entries({ ...changes, ...(weightUnit !== undefined && { weightUnit }) }).filter(
            ([, value]) => value !== undefined,
          ),
        );
        if (!(await repo.update(farmId, id, values, groupIds))) throw new NotFoundError('Animal');
        return c.json(toAnimal(await found(farmId, id)), 200);
      },
    )
    .delete(
      '/animals/:id',
      describeRoute({
        tags: ['Animals'],
        summary: 'Delete an animal, its memberships and its photo',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const deleted = await repo.remove(farmId, id);
        if (!deleted) throw new NotFoundError('Animal');
        await photos.deletePrefix(`${farmId}/${id}`);
        return c.body(null, 204);
      },
    )
    .put(
      '/animals/:id/photo',
      describeRoute({
        tags: ['Animals'],
        summary: 'Upload or replace the photo (multipart field "photo": JPEG, PNG, WebP or HEIC, ≤ 10 MB)',
        responses: {
          200: jsonContent(animalSchema, 'The animal with its new photo'),
          ...errorResponses,
          400: jsonContent(apiErrorSchema, 'Not multipart/form-data'),
          413: jsonContent(apiErrorSchema, 'Larger than 10 MB, or more than 40 megapixels'),
          415: jsonContent(apiErrorSchema, 'Not an image we can read'),
          422: jsonContent(apiErrorSchema, 'No file in the field "photo"'),
        },
      }),
      idParams('id'),
      limitBody(photoLimits.maxBytes + 64 * 1024, 'The photo must be 10 MB or smaller.'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        await found(farmId, id);
        let file: unknown;
        try {
          file = (await c.req.parseBody())['photo'];
        } catch {
          throw new AppError(
            400,
            'BAD_REQUEST',
            'Send the photo as multipart/form-data in the field "photo".',
          );
        }
        if (!(file instanceof File)) throw new ValidationError({ photo: ['Choose a photo to upload'] });
        if (file.size > photoLimits.maxBytes)
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The photo must be 10 MB or smaller.');
        const processed = await processPhoto(Buffer.from(await file.arrayBuffer()));
        const key = `${farmId}/${id}/${randomBytes(8).toString('hex')}`;
        await photos.put(photoFile(key, 'display'), processed.display);
        await photos.put(photoFile(key, 'thumb'), processed.thumbnail);
        const result = await repo.setPhotoKey(farmId, id, key);
        if (!result) {
          await photos.deletePrefix(key); // deleted meanwhile
          throw new NotFoundError('Animal');
        }
        if (result.previous) await photos.deletePrefix(result.previous);
        return c.json(toAnimal(await found(farmId, id)), 200);
      },
    )
    .delete(
      '/animals/:id/photo',
      describeRoute({
        tags: ['Animals'],
        summary: 'Remove the photo',
        responses: { 204: { description: 'Removed' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const result = await repo.setPhotoKey(farmId, c.req.param('id'), null);
        if (!result) throw new NotFoundError('Animal');
        if (result.previous) await photos.deletePrefix(result.previous);
        return c.body(null, 204);
      },
    )
    .get(
      '/animals/:id/photo',
      describeRoute({
        tags: ['Animals'],
        summary: 'The photo as WebP (size=thumb for 256 px); private to the farm, cacheable per version',
        responses: { 200: { description: 'image/webp' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const animal = await found(c.get('farmId'), c.req.param('id'));
        if (!animal.photoKey) throw new NotFoundError('Photo');
        const size = c.req.query('size') === 'thumb' ? 'thumb' : 'display';
        const data = await photos.get(photoFile(animal.photoKey, size));
        if (!data) throw new NotFoundError('Photo');
        const current = c.req.query('v') === photoVersion(animal.photoKey);
        return c.body(new Uint8Array(data), 200, {
          'Content-Type': 'image/webp',
          // The URL names the version: a current one never changes; others must be asked again.
          'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
          ETag: `"${photoVersion(animal.photoKey)}-${size}"`,
        });
      },
    );
}
