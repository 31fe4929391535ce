// The rules of herd groups, between the HTTP layer (groups.routes.ts) and the database
// (groups.repo.ts): a group or a membership that is not this farm's is not found, and a repeated
// create answers the group it already made. Throws typed errors; the one onError maps them to HTTP.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { groupCreateSchema, groupUpdateSchema } from '../../../shared/schemas/groups';
import { NotFoundError } from '../../http/errors';
import type { AnimalsService } from '../animals/animals.service';
import type { GroupsRepo } from './groups.repo';

type GroupInput = z.output<typeof groupCreateSchema>;
type GroupChanges = z.output<typeof groupUpdateSchema>;

export function createGroupsService(deps: { repo: GroupsRepo; animals: Pick<AnimalsService, 'groupList'> }) {
  const { repo, animals } = deps;

  const find = async (farmId: string, id: string) => {
    const group = await repo.find(farmId, id);
    if (!group) throw new NotFoundError('Group');
    return group;
  };

  return {
    list: (farmId: string) => repo.list(farmId),

    find,

    /** Creates a group; `written` is false when this farm already has its id (a repeated create). */
    async create(farmId: string, input: GroupInput) {
      const { id = randomUUID(), name, description = null, color } = input;
      // Ids are scoped by farm: another farm's group of the same id is invisible here, so the
      // answer is the same whether or not one exists. Not written means this farm's repeat.
      const written = await repo.insert(farmId, { id, name, description, color });
      return { group: await find(farmId, id), written };
    },

    async update(farmId: string, id: string, changes: GroupChanges) {
      if (!(await repo.update(farmId, id, changes))) throw new NotFoundError('Group');
      return find(farmId, id);
    },

    async remove(farmId: string, id: string) {
      if (!(await repo.remove(farmId, id))) throw new NotFoundError('Group');
    },

    /** Puts an animal in the group (no change if it is already there). */
    async link(farmId: string, id: string, animalId: string) {
      if (!(await repo.link(farmId, id, animalId))) throw new NotFoundError('Group or animal');
    },

    async unlink(farmId: string, id: string, animalId: string) {
      if (!(await repo.unlink(farmId, id, animalId))) throw new NotFoundError('Membership');
    },

    /** The group's animals, by name. */
    async animals(farmId: string, id: string) {
      await find(farmId, id);
      return animals.groupList(farmId, id);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
