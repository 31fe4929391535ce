// /api/v1/groups: the herd groups of the signed-in farm.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { animalSchema } from '../../../shared/schemas/animals';
import { groupCreateSchema, groupSchema, groupUpdateSchema } from '../../../shared/schemas/groups';
import type { AppEnv } from '../../http/context';
import { NotFoundError } from '../../http/errors';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { AnimalsRepo } from '../animals/animals.repo';
import type { GroupsRepo } from './groups.repo';

export function groupsRoutes(repo: GroupsRepo, animals: AnimalsRepo) {
  const found = async (farmId: string, id: string) => {
    const group = await repo.find(farmId, id);
    if (!group) throw new NotFoundError('Group');
    return group;
  };

  return new Hono<AppEnv>()
    .get(
      '/groups',
      describeRoute({
        tags: ['Groups'],
        summary: 'The farm’s groups, oldest first, each with its animal count',
        responses: { 200: jsonContent(z.array(groupSchema), 'Groups'), ...errorResponses },
      }),
      async (c) => c.json(await repo.list(c.get('farmId')), 200),
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
        const farmId = c.get('farmId');
        const { id = randomUUID(), name, description = null, color } = c.req.valid('json');
        // Ids are scoped by farm: another farm's group of the same id is invisible here, so the
        // answer is the same whether or not one exists. Not written means this farm's repeat.
        const written = await repo.insert(farmId, { id, name, description, color });
        return c.json(await found(farmId, id), written ? 201 : 200);
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
      async (c) => c.json(await found(c.get('farmId'), c.req.param('id')), 200),
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
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        if (!(await repo.update(farmId, id, c.req.valid('json')))) throw new NotFoundError('Group');
        return c.json(await found(farmId, id), 200);
      },
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
        if (!(await repo.remove(c.get('farmId'), c.req.param('id')))) throw new NotFoundError('Group');
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
        if (!(await repo.link(c.get('farmId'), c.req.param('id'), c.req.param('animalId')))) {
          throw new NotFoundError('Group or animal');
        }
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
        if (!(await repo.unlink(c.get('farmId'), c.req.param('id'), c.req.param('animalId')))) {
          throw new NotFoundError('Membership');
        }
        return c.body(null, 204);
      },
    )
    .get(
      '/groups/:id/animals',
      describeRoute({
        tags: ['Groups'],
        summary: 'The animals of a group, by name',
        responses: { 200: jsonContent(z.array(animalSchema), 'Animals'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        await found(farmId, id);
        return c.json(await animals.list(farmId, { groupId: id }), 200);
      },
    );
}
