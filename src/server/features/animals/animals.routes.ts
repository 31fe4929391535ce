// /api/v1/animals (with their group memberships and photos) and /api/v1/species. The HTTP layer
// only (validated input in, JSON out); the rules live in animals.service.ts.
import { Hono } from 'hono';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { limitBody } from '../../http/body-limit';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  animalCreateSchema,
  animalFamilySchema,
  type AnimalFamily,
  animalListQuerySchema,
  animalListItemSchema,
  type AnimalListItem,
  animalSchema,
  animalUpdateSchema,
  animalExitSchema,
  photoLimits,
  speciesCreateSchema,
  speciesSchema,
  tagLookupQuerySchema,
  tagMatchSchema,
} from '../../../shared/schemas/animals';
import type { AppEnv } from '../../http/context';
import { AppError, ValidationError } from '../../http/errors';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { maySeeMoney } from '../../http/permissions';
import { validate } from '../../http/validation';
import { toAnimal, type AnimalsService } from './animals.service';

/** ?size=thumb for the 256 px photo (anything else: the display size); ?v= the version asked for. */
const photoQuery = z.object({
  size: z.optional(z.catch(z.enum(['display', 'thumb']), 'display')),
  v: z.optional(z.string()),
});

export function animalsRoutes(animals: AnimalsService) {
  return new Hono<AppEnv>()
    .get(
      '/species',
      describeRoute({
        tags: ['Animals'],
        summary: 'Built-in species and the farm’s own, by name',
        responses: { 200: jsonContent(z.array(speciesSchema), 'Species'), ...errorResponses },
      }),
      async (c) => c.json(await animals.listSpecies(c.get('farmId')), 200),
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
        const result = await animals.addSpecies(c.get('farmId'), c.req.valid('json').name);
        return c.json(result.species, result.created ? 201 : 200);
      },
    )
    .get(
      '/animals',
      describeRoute({
        tags: ['Animals'],
        summary:
          'The farm’s animals with species and groups: all, or those matching a search (q: name, tag ID or breed) and filters (group: an id or "none", species, sex), in natural name order or by age or weight',
        responses: {
          200: jsonContent(z.array(animalListItemSchema), 'Animals as a list shows them'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('query', animalListQuerySchema),
      async (c) => jsonText<AnimalListItem[]>(c, await animals.list(c.get('farmId'), c.req.valid('query'))),
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
        const { animal, written } = await animals.create(c.get('farmId'), c.req.valid('json'));
        return c.json(toAnimal(animal), written ? 201 : 200);
      },
    )
    .get(
      '/animals/by-tag',
      describeRoute({
        tags: ['Animals'],
        summary:
          'The farm’s animal a scanned or typed code names: its Electronic ID, or its tag ignoring case, spaces and dashes (404 when none)',
        responses: {
          200: jsonContent(tagMatchSchema, 'The animal’s id and name'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('query', tagLookupQuerySchema),
      async (c) => c.json(await animals.byTag(c.get('farmId'), c.req.valid('query').code), 200),
    )
    .get(
      '/animals/:id',
      describeRoute({
        tags: ['Animals'],
        summary: 'One animal with its species and groups',
        responses: { 200: jsonContent(animalSchema, 'The animal'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const animal = toAnimal(await animals.find(c.get('farmId'), c.req.param('id')));
        // a sale's price is money, which a Farm Sitter does not see (decision 0044)
        if (animal.exit && !maySeeMoney(c)) animal.exit = { ...animal.exit, price: null };
        return c.json(animal, 200);
      },
    )
    .get(
      '/animals/:id/family',
      describeRoute({
        tags: ['Animals'],
        summary:
          'An animal’s pedigree (three generations of ancestors, linked or named) and its offspring, oldest first',
        responses: { 200: jsonContent(animalFamilySchema, 'Pedigree and offspring'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => jsonText<AnimalFamily>(c, await animals.family(c.get('farmId'), c.req.param('id'))),
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
        const animal = await animals.update(c.get('farmId'), c.req.param('id'), c.req.valid('json'));
        return c.json(toAnimal(animal), 200);
      },
    )
    .post(
      '/animals/:id/exit',
      describeRoute({
        tags: ['Animals'],
        summary:
          'Mark an animal as sold, died, culled, given away or lost (or change how): it leaves its groups and its open reminders end; its records stay',
        responses: { 200: jsonContent(animalSchema, 'The animal'), ...errorResponses, ...invalidResponse },
      }),
      idParams('id'),
      validate('json', animalExitSchema),
      async (c) =>
        c.json(await animals.markExit(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 200),
    )
    .post(
      '/animals/:id/return',
      describeRoute({
        tags: ['Animals'],
        summary:
          'Return to Herd: undo an exit; the animal is back in the groups it left (409 if it is in the herd)',
        responses: { 200: jsonContent(animalSchema, 'The animal'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await animals.returnToHerd(c.get('farmId'), c.req.param('id')), 200),
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
        await animals.remove(c.get('farmId'), c.req.param('id'));
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
          413: jsonContent(
            apiErrorSchema,
            'Larger than 10 MB, or more than 40 megapixels (12.5 for HEIC and AVIF)',
          ),
          415: jsonContent(apiErrorSchema, 'Not an image we can read'),
          422: jsonContent(apiErrorSchema, 'No file in the field "photo"'),
        },
      }),
      idParams('id'),
      limitBody(photoLimits.maxBytes + 64 * 1024, 'The photo must be 10 MB or smaller.'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        await animals.find(farmId, id); // a missing animal is a 404 before any parsing
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
        const animal = await animals.setPhoto(farmId, id, Buffer.from(await file.arrayBuffer()));
        return c.json(toAnimal(animal), 200);
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
        await animals.removePhoto(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .get(
      '/animals/:id/photo',
      describeRoute({
        tags: ['Animals'],
        summary: 'The photo as WebP (size=thumb for 256 px); private to the farm, cacheable per version',
        responses: {
          200: { description: 'image/webp' },
          ...errorResponses,
          422: jsonContent(apiErrorSchema, 'Invalid query, each field named in error.fields'),
        },
      }),
      idParams('id'),
      validate('query', photoQuery),
      async (c) => {
        const { size = 'display', v } = c.req.valid('query');
        const photo = await animals.photo(c.get('farmId'), c.req.param('id'), size, v);
        return c.body(new Uint8Array(photo.data), 200, {
          'Content-Type': 'image/webp',
          // The URL names the version: a current one never changes; others must be asked again.
          'Cache-Control': photo.current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
          ETag: `"${photo.version}-${size}"`,
        });
      },
    );
}
