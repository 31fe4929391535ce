// /api/v1/groups: the herd groups of the signed-in farm. The HTTP layer only; the rules live in
// groups.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { animalListItemSchema, type AnimalListItem } from '../../../shared/schemas/animals';
import { groupCreateSchema, groupSchema, groupUpdateSchema } from '../../../shared/schemas/groups';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { AnimalsService } from '../animals/animals.service';
import type { GroupsRepo } from './groups.repo';
import { createGroupsService } from './groups.service';

export function groupsRoutes(repo: GroupsRepo, animals: AnimalsService) {
  const groups = createGroupsService({ repo, animals });

  return new Hono<AppEnv>()
    .get(
      '/groups',
      describeRoute({
        tags: ['Groups'],
        summary: 'The farm’s groups, oldest first, each with its animal count',
        responses: { 200: jsonContent(z.array(groupSchema), 'Groups'), ...errorResponses },
      }),
      async (c) => c.json(await groups.list(c.get('farmId')), 200),
    )
    .post(
      '/groups',
      describeRoute({
        tags: ['Groups'],
        summary: 'Create a group (repeating a create with the same id is safe)',
        responses: { 201: jsonContent(groupSchema, 'The group'), ...errorResponses, ...invalidResponse },
      }),
      validate('json', groupCreateSchema),
      async (c) => {
        const { group, written } = await groups.create(c.get('farmId'), c.req.valid('json'));
        return c.json(group, written ? 201 : 200);
      },
    )
    .get(
      '/groups/:id',
      describeRoute({
        tags: ['Groups'],
        summary: 'One group with its animal count',
        responses: { 200: jsonContent(groupSchema, 'The group'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await groups.find(c.get('farmId'), c.req.param('id')), 200),
    )
    .patch(
      '/groups/:id',
      describeRoute({
        tags: ['Groups'],
        summary: 'Change a group’s name, description or colour',
        responses: { 200: jsonContent(groupSchema, 'The group'), ...errorResponses, ...invalidResponse },
      }),
      idParams('id'),
      validate('json', groupUpdateSchema),
      async (c) => c.json(await groups.update(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 200),
    )
    .delete(
      '/groups/:id',
      describeRoute({
        tags: ['Groups'],
        summary: 'Delete a group and its memberships (its animals stay)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await groups.remove(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .put(
      '/groups/:id/animals/:animalId',
      describeRoute({
        tags: ['Groups'],
        summary: 'Put an animal in the group (no change if it is already there)',
        responses: { 204: { description: 'Linked' }, ...errorResponses },
      }),
      idParams('id', 'animalId'),
      async (c) => {
        await groups.link(c.get('farmId'), c.req.param('id'), c.req.param('animalId'));
        return c.body(null, 204);
      },
    )
    .delete(
      '/groups/:id/animals/:animalId',
      describeRoute({
        tags: ['Groups'],
        summary: 'Take an animal out of the group (the animal stays)',
        responses: { 204: { description: 'Unlinked' }, ...errorResponses },
      }),
      idParams('id', 'animalId'),
      async (c) => {
        await groups.unlink(c.get('farmId'), c.req.param('id'), c.req.param('animalId'));
        return c.body(null, 204);
      },
    )
    .get(
      '/groups/:id/animals',
      describeRoute({
        tags: ['Groups'],
        summary: 'The animals of a group, by name',
        responses: {
          200: jsonContent(z.array(animalListItemSchema), 'Animals as a list shows them'),
          ...errorResponses,
        },
      }),
      idParams('id'),
      async (c) => jsonText<AnimalListItem[]>(c, await groups.animals(c.get('farmId'), c.req.param('id'))),
    );
}
