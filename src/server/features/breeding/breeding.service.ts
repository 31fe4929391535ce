// The rules of breedings and births, between breeding.routes.ts and the repos: the dam and a linked
// sire must be the farm's (and not one animal), the expected birth and its reminder follow the
// shared rules in the farm's time zone, and a birth's newborns take the dam's species and groups.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { birthReminderDue, expectedBirth } from '../../../shared/animals/breeding';
import { mediumDate } from '../../../shared/care/dates';
import type { birthCreateSchema, breedingCreateSchema } from '../../../shared/schemas/breeding';
import type { Database } from '../../db/database';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ProfileService } from '../account/profile.service';
import type { AnimalsService } from '../animals/animals.service';
import { addReminderIn, completeReminderIn, dropOpenReminderIn } from '../reminders/reminders.service';
import type { BreedingRepo } from './breeding.repo';

type BreedingInput = z.output<typeof breedingCreateSchema>;
type BirthInput = z.output<typeof birthCreateSchema>;

const reminderTitleMax = 120;

/** 'Birth expected Jul 29, 2026: Daisy', cut to what a reminder's title may hold. */
export function birthReminderTitle(damName: string, expectedOn: string): string {
  const title = `Birth expected ${mediumDate(expectedOn)}: ${damName}`;
  return title.length <= reminderTitleMax ? title : `${title.slice(0, reminderTitleMax - 1)}…`;
}

export function createBreedingService(deps: {
  db: Database;
  repo: BreedingRepo;
  animals: Pick<AnimalsService, 'find' | 'parentCandidates'>;
  profiles: Pick<ProfileService, 'settings' | 'today'>;
}) {
  const { repo, animals, profiles } = deps;

  const findDam = async (farmId: string, damId: string) => {
    return animals.find(farmId, damId); // a 404 when the farm has no such animal
  };

  /** A sire of this farm by id (named as it is), or one from elsewhere by name, or none. */
  async function resolveSire(
    farmId: string,
    damId: string,
    input: { sireId?: string | null; sire?: string | null },
  ) {
    if (!input.sireId) return { sireId: null, sire: input.sire ?? null };
    if (input.sireId === damId) throw new ValidationError({ sireId: ['Choose another animal as the sire'] });
    const [found] = await animals.parentCandidates(farmId, [input.sireId], undefined);
    if (!found) throw new ValidationError({ sireId: ['Choose a sire from your animals'] });
    return { sireId: found.id, sire: found.name };
  }

  return {
    async list(farmId: string, damId: string) {
      await findDam(farmId, damId);
      return repo.list(farmId, damId);
    },

    /**
     * Records a breeding, its reminder a week before the birth (unless the birth is already past),
     * and (when `keepGestation`, for an owner) the farm's gestation for the species.
     */
    async create(farmId: string, damId: string, input: BreedingInput, { keepGestation = true } = {}) {
      const dam = await findDam(farmId, damId);
      if (dam.birthDate && input.bredOn < dam.birthDate)
        throw new ValidationError({ bredOn: ['Breeding date cannot be before the dam was born'] });
      const sire = await resolveSire(farmId, damId, input);
      const today = await profiles.today(farmId);
      const expectedOn = expectedBirth(input.bredOn, input.gestationDays);
      const id = input.id ?? randomUUID();
      // one transaction: the breeding, its reminder and the farm's gestation for the dam's species
      const written = await deps.db.transaction(async (tx) => {
        const fresh = await repo.insert(tx, farmId, {
          id,
          damId,
          bredOn: input.bredOn,
          ...sire,
          gestationDays: input.gestationDays,
          expectedOn,
          note: input.note ?? null,
        });
        if (!fresh) return false;
        // a breeding from the past, written down for the record, needs no reminder
        if (expectedOn >= today) {
          const reminderId = randomUUID();
          await addReminderIn(tx, farmId, reminderId, {
            animalId: damId,
            title: birthReminderTitle(dam.name, expectedOn),
            type: 'general',
            dueDate: birthReminderDue(expectedOn, today),
          });
          await repo.setReminder(tx, farmId, id, reminderId);
        }
        if (dam.speciesId && keepGestation)
          await repo.keepGestation(tx, farmId, { speciesId: dam.speciesId, days: input.gestationDays });
        return true;
      });
      const breeding = await repo.find(farmId, id);
      // a repeated id of another dam's breeding is not this one's
      if (!breeding || breeding.damId !== damId) throw new NotFoundError('Breeding');
      return { breeding, written };
    },

    async remove(farmId: string, id: string) {
      // the breeding, and its reminder unless that was done
      const gone = await deps.db.transaction(async (tx) => {
        const breeding = await repo.remove(tx, farmId, id);
        if (breeding?.reminderId) await dropOpenReminderIn(tx, farmId, breeding.reminderId);
        return breeding;
      });
      if (!gone) throw new NotFoundError('Breeding');
    },

    /** The newborns of one birth, in one transaction; a breeding given is marked born. */
    async recordBirth(farmId: string, damId: string, input: BirthInput) {
      const dam = await findDam(farmId, damId);
      const breeding = input.breedingId ? await repo.find(farmId, input.breedingId) : undefined;
      if (input.breedingId && breeding?.damId !== damId)
        throw new ValidationError({ breedingId: ['Choose a breeding of this dam'] });
      if (dam.birthDate && input.bornOn <= dam.birthDate)
        throw new ValidationError({ bornOn: ['Birth date must be after the dam was born'] });
      if (breeding && input.bornOn < breeding.bredOn)
        throw new ValidationError({ bornOn: ['Birth date cannot be before the breeding'] });
      const sire =
        input.sireId || input.sire
          ? await resolveSire(farmId, damId, input)
          : { sireId: breeding?.sireId ?? null, sire: breeding?.sire ?? null };
      const offspring = input.offspring.map((newborn) => ({
        id: newborn.id ?? randomUUID(),
        name: newborn.name,
        sex: newborn.sex ?? null,
        weight: newborn.weight ?? null,
      }));
      if (new Set(offspring.map((newborn) => newborn.id)).size !== offspring.length)
        throw new ValidationError({ offspring: ['A newborn is listed twice'] });
      const weightUnit = input.weightUnit ?? (await profiles.settings(farmId)).weightUnit;
      await deps.db.transaction(async (tx) => {
        const reminderId = await repo.recordBirth(tx, farmId, {
          damId,
          dam: dam.name,
          bornOn: input.bornOn,
          breedingId: breeding?.id ?? null,
          ...sire,
          speciesId: dam.speciesId,
          groupIds: dam.groups.map((group) => group.id),
          weightUnit,
          offspring,
        });
        // the birth it announced has happened
        if (reminderId) await completeReminderIn(tx, farmId, reminderId);
      });
      return { offspring: offspring.map(({ id, name }) => ({ id, name })) };
    },
  };
}
