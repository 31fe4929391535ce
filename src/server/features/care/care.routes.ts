// /api/v1/care-entries, an animal's care history, a group's log, and /api/v1/reminders.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { dateInZone, daysBetween } from '../../../shared/care/dates';
import { medicationReminderTitle, nextOccurrence, weightReminderTitle } from '../../../shared/care/rules';
import {
  careBatchSchema,
  careEntryCreateSchema,
  careEntrySchema,
  careEntryUpdateSchema,
  pageSize,
  reminderCreateSchema,
  reminderSchema,
  type Page,
} from '../../../shared/schemas/care';
import type { AppEnv } from '../../http/context';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileRepo } from '../profile/profile.repo';
import type { CareRepo, NewEntry, NewReminder } from './care.repo';

const iso = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });
const isoBoth = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** ?offset=N for lists longer than a page (100 rows): a whole number from 0 to 1,000,000. */
function offsetOf(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d{1,7}$/.test(value) || Number(value) > 1_000_000)
    throw new ValidationError({ offset: ['Must be a whole number from 0 to 1000000'] });
  return Number(value);
}

function paged<T>(rows: T[], offset: number): Page<T> {
  return { items: rows.slice(0, pageSize), nextOffset: rows.length > pageSize ? offset + pageSize : null };
}

const pageOf = (schema: Parameters<typeof z.array>[0]) =>
  z.object({ items: z.array(schema), nextOffset: z.nullable(z.number()) });

export function careRoutes(deps: { repo: CareRepo; profiles: ProfileRepo }) {
  const { repo, profiles } = deps;

  const today = async (farmId: string) => dateInZone(new Date(), (await profiles.settings(farmId)).timeZone);
  const scopeOf = (value: string | undefined): 'entry' | 'batch' => (value === 'batch' ? 'batch' : 'entry');

  return new Hono<AppEnv>()
    .post(
      '/care-entries',
      describeRoute({
        tags: ['Care'],
        summary:
          'Record a medication, weight or note for one or more animals at once: one entry per animal, sharing a batch id, with their reminders, in one transaction',
        responses: {
          201: jsonContent(z.object({ batchId: z.string(), entries: z.array(careEntrySchema) }), 'The batch'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', careEntryCreateSchema),
      async (c) => {
        const farmId = c.get('farmId');
        const input = c.req.valid('json');
        const batchId = input.batchId ?? randomUUID();
        const groupId = input.groupId ?? null;
        const animalIds =
          input.type === 'weight' ? input.weights.map((item) => item.animalId) : input.animalIds;

        const names = await repo.farmAnimals(farmId, animalIds);
        const fields: Record<string, string[]> = {};
        if (names.size !== animalIds.length)
          fields[input.type === 'weight' ? 'weights' : 'animalIds'] = ['Choose animals of your own farm'];
        if (groupId && !(await repo.groupExists(farmId, groupId)))
          fields.groupId = ['Choose a group of your own farm'];
        const settings = await profiles.settings(farmId);
        const farmToday = dateInZone(new Date(), settings.timeZone);
        if (input.type !== 'note' && input.nextDueDate && daysBetween(farmToday, input.nextDueDate) < 0) {
          fields.nextDueDate = ['The reminder date cannot be earlier than today'];
        }
        if (Object.keys(fields).length) throw new ValidationError(fields);

        let entries: NewEntry[];
        let reminderFor: (entry: NewEntry) => NewReminder | null = () => null;
        switch (input.type) {
          case 'medical': {
            entries = input.animalIds.map((animalId) => ({
              animalId,
              type: 'medical',
              dateRecorded: input.dateRecorded,
              medicationName: input.medicationName,
              dosage: input.dosage,
              dosageUnit: input.dosageUnit,
            }));
            const due = input.nextDueDate;
            if (due) {
              reminderFor = (entry) => ({
                animalId: entry.animalId,
                title: medicationReminderTitle(input.medicationName, names.get(entry.animalId)!),
                type: 'medical',
                dueDate: due,
              });
            }
            break;
          }
          case 'weight': {
            const unit = input.weightUnit ?? settings.weightUnit;
            entries = input.weights.map(({ animalId, weightValue }) => ({
              animalId,
              type: 'weight',
              dateRecorded: input.dateRecorded,
              weightValue,
              weightUnit: unit,
            }));
            const due = input.nextDueDate;
            if (due) {
              reminderFor = (entry) => ({
                animalId: entry.animalId,
                title: weightReminderTitle(names.get(entry.animalId)!),
                type: 'weight',
                dueDate: due,
              });
            }
            break;
          }
          case 'note':
            entries = input.animalIds.map((animalId) => ({
              animalId,
              type: 'note',
              dateRecorded: input.dateRecorded,
              title: input.title,
              noteContent: input.noteContent,
            }));
            break;
        }
        let written: boolean;
        try {
          written = await repo.insertBatch(farmId, { batchId, groupId, entries }, reminderFor);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('a batch was partly written')) {
            throw new AppError(
              409,
              'BATCH_CONFLICT',
              'This submission was already recorded differently. Reload and check.',
            );
          }
          throw error;
        }
        const rows = await repo.batchEntries(farmId, batchId);
        return c.json({ batchId, entries: rows.map(isoBoth) }, written ? 201 : 200);
      },
    )
    .get(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'One care entry (to edit it)',
        responses: { 200: jsonContent(careEntrySchema, 'The entry'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const entry = await repo.findEntry(c.get('farmId'), c.req.param('id'));
        if (!entry) throw new NotFoundError('Care entry');
        return c.json(isoBoth(entry), 200);
      },
    )
    .patch(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'Change the date and recorded values of an entry, or (?scope=batch) of its whole batch',
        responses: {
          200: jsonContent(z.array(careEntrySchema), 'The changed entries'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', careEntryUpdateSchema),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const entry = await repo.findEntry(farmId, id);
        if (!entry) throw new NotFoundError('Care entry');
        const changes = c.req.valid('json');
        const allowed: Record<string, string[]> = {
          medical: ['dateRecorded', 'medicationName', 'dosage', 'dosageUnit'],
          weight: ['dateRecorded', 'weightValue'],
          note: ['dateRecorded', 'title', 'noteContent'],
        };
        const wrong = Object.keys(changes).filter((key) => !allowed[entry.type]!.includes(key));
        if (wrong.length) {
          throw new ValidationError(
            Object.fromEntries(wrong.map((key) => [key, [`A ${entry.type} entry has no ${key}`]])),
          );
        }
        const scope = scopeOf(c.req.query('scope'));
        await repo.updateEntries(farmId, id, scope, changes);
        const rows =
          scope === 'batch'
            ? await repo.batchEntries(farmId, entry.batchId)
            : [await repo.findEntry(farmId, id)];
        return c.json(rows.filter((row) => row !== undefined).map(isoBoth), 200);
      },
    )
    .delete(
      '/care-entries/:id',
      describeRoute({
        tags: ['Care'],
        summary: 'Delete an entry, or (?scope=batch) its whole batch, with their reminders',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        if (!(await repo.deleteEntries(c.get('farmId'), c.req.param('id'), scopeOf(c.req.query('scope'))))) {
          throw new NotFoundError('Care entry');
        }
        return c.body(null, 204);
      },
    )
    .get(
      '/animals/:id/care-entries',
      describeRoute({
        tags: ['Care'],
        summary: 'An animal’s care history, newest first (100 a page; ?offset=)',
        responses: { 200: jsonContent(pageOf(careEntrySchema), 'A page of entries'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const offset = offsetOf(c.req.query('offset'));
        if ((await repo.farmAnimals(farmId, [id])).size === 0) throw new NotFoundError('Animal');
        const rows = await repo.animalHistory(farmId, id, offset, pageSize + 1);
        return c.json(paged(rows.map(isoBoth), offset), 200);
      },
    )
    .get(
      '/groups/:id/care-log',
      describeRoute({
        tags: ['Care'],
        summary: 'A group’s log: one row per batch recorded for it, newest first (100 a page; ?offset=)',
        responses: { 200: jsonContent(pageOf(careBatchSchema), 'A page of batches'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const offset = offsetOf(c.req.query('offset'));
        if (!(await repo.groupExists(farmId, id))) throw new NotFoundError('Group');
        const rows = await repo.groupLog(farmId, id, offset, pageSize + 1);
        return c.json(paged(rows.map(iso), offset), 200);
      },
    )
    .get(
      '/reminders',
      describeRoute({
        tags: ['Reminders'],
        summary: 'Active reminders by due date: all, or ?animalId= / ?groupId= (100 a page; ?offset=)',
        responses: { 200: jsonContent(pageOf(reminderSchema), 'A page of reminders'), ...errorResponses },
      }),
      async (c) => {
        const farmId = c.get('farmId');
        const offset = offsetOf(c.req.query('offset'));
        const animalId = c.req.query('animalId');
        const groupId = c.req.query('groupId');
        const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
        if ((animalId && !uuid.test(animalId)) || (groupId && !uuid.test(groupId))) throw new NotFoundError();
        const rows = await repo.activeReminders(farmId, { animalId, groupId }, offset, pageSize + 1);
        return c.json(paged(rows.map(iso), offset), 200);
      },
    )
    .post(
      '/reminders',
      describeRoute({
        tags: ['Reminders'],
        summary:
          'Add a reminder of your own (general, feeding, routine care) for an animal or a group; it may repeat',
        responses: {
          201: jsonContent(reminderSchema, 'The reminder'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', reminderCreateSchema),
      async (c) => {
        const farmId = c.get('farmId');
        const {
          id = randomUUID(),
          animalId = null,
          groupId = null,
          repeatEvery = null,
          repeatUnit = null,
          ...input
        } = c.req.valid('json');
        if (animalId && (await repo.farmAnimals(farmId, [animalId])).size === 0) {
          throw new ValidationError({ animalId: ['Choose an animal of your own farm'] });
        }
        if (groupId && !(await repo.groupExists(farmId, groupId))) {
          throw new ValidationError({ groupId: ['Choose a group of your own farm'] });
        }
        if (daysBetween(await today(farmId), input.dueDate) < 0) {
          throw new ValidationError({ dueDate: ['The due date cannot be earlier than today'] });
        }
        const written = await repo.insertReminder(farmId, id, {
          ...input,
          animalId,
          groupId,
          repeatEvery,
          repeatUnit,
        });
        // Ids are scoped by farm (see POST /groups): not written means this farm's repeat.
        const reminder = await repo.findReminder(farmId, id);
        if (!reminder) throw new NotFoundError('Reminder'); // deleted meanwhile by this farm
        return c.json(iso(reminder), written ? 201 : 200);
      },
    )
    .post(
      '/reminders/:id/complete',
      describeRoute({
        tags: ['Reminders'],
        summary: 'Mark done; a repeating reminder gets its next one, counted from today (safe to repeat)',
        responses: { 200: jsonContent(reminderSchema, 'The completed reminder'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        const farmId = c.get('farmId');
        const id = c.req.param('id');
        const doneOn = await today(farmId);
        const result = await repo.completeReminder(farmId, id, (reminder) =>
          nextOccurrence(doneOn, reminder.repeatEvery, reminder.repeatUnit),
        );
        if (result === 'missing') throw new NotFoundError('Reminder');
        const reminder = await repo.findReminder(farmId, id);
        return c.json(iso(reminder!), 200);
      },
    )
    .delete(
      '/reminders/:id',
      describeRoute({
        tags: ['Reminders'],
        summary: 'Delete a reminder',
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        if (!(await repo.deleteReminder(c.get('farmId'), c.req.param('id'))))
          throw new NotFoundError('Reminder');
        return c.body(null, 204);
      },
    );
}
