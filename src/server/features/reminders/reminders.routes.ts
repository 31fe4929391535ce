// /api/v1/reminders: the HTTP layer only (validated input in, JSON out); the rules live in
// reminders.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  reminderCreateSchema,
  reminderDetailSchema,
  reminderSchema,
  reminderSnoozeSchema,
  reminderUpdateSchema,
} from '../../../shared/schemas/care';
import type { AppEnv } from '../../http/context';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { ProfileService } from '../account/profile.service';
import type { CareService } from '../care/care.service';
import { invalidQuery, iso, offsetOf, offsetParam, pageJson, pageOf } from '../wire';
import type { RemindersRepo } from './reminders.repo';
import { createRemindersService } from './reminders.service';

/** A malformed animalId or groupId names no record: the service answers 404, as for a path id. */
const remindersQuery = z.object({
  offset: offsetParam,
  animalId: z.optional(z.string()),
  groupId: z.optional(z.string()),
});

export function remindersRoutes(deps: { repo: RemindersRepo; care: CareService; profiles: ProfileService }) {
  const reminders = createRemindersService(deps);

  return new Hono<AppEnv>()
    .get(
      '/reminders',
      describeRoute({
        tags: ['Reminders'],
        summary: 'Active reminders by due date: all, or ?animalId= / ?groupId= (100 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(reminderSchema), 'A page of reminders'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', remindersQuery),
      async (c) => {
        const { animalId, groupId, ...query } = c.req.valid('query');
        const page = await reminders.active(c.get('farmId'), { animalId, groupId }, offsetOf(query));
        return c.json(pageJson(page, iso), 200);
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
        const { reminder, written } = await reminders.create(c.get('farmId'), c.req.valid('json'));
        return c.json(iso(reminder), written ? 201 : 200);
      },
    )
    .get(
      '/reminders/:id',
      describeRoute({
        tags: ['Reminders'],
        summary: 'One reminder, with the animals it covers (a group batch’s follow-up; [] otherwise)',
        responses: { 200: jsonContent(reminderDetailSchema, 'The reminder'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(iso(await reminders.get(c.get('farmId'), c.req.param('id'))), 200),
    )
    .patch(
      '/reminders/:id',
      describeRoute({
        tags: ['Reminders'],
        summary:
          'Change a reminder’s title, due date (today..+10 years), repeat, or who it is for (animalId; a group’s: animalIds)',
        responses: {
          200: jsonContent(reminderDetailSchema, 'The changed reminder'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', reminderUpdateSchema),
      async (c) =>
        c.json(iso(await reminders.update(c.get('farmId'), c.req.param('id'), c.req.valid('json'))), 200),
    )
    .post(
      '/reminders/:id/snooze',
      describeRoute({
        tags: ['Reminders'],
        summary: 'Snooze: due a day or a week on from the later of its due date and today',
        responses: {
          200: jsonContent(reminderDetailSchema, 'The snoozed reminder'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', reminderSnoozeSchema),
      async (c) =>
        c.json(iso(await reminders.snooze(c.get('farmId'), c.req.param('id'), c.req.valid('json'))), 200),
    )
    .post(
      '/reminders/:id/complete',
      describeRoute({
        tags: ['Reminders'],
        summary:
          'Mark done; a repeating reminder gets its next one, from its due date or from today as it says (safe to repeat)',
        responses: { 200: jsonContent(reminderSchema, 'The completed reminder'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(iso(await reminders.complete(c.get('farmId'), c.req.param('id'))), 200),
    )
    .post(
      '/reminders/:id/undo',
      describeRoute({
        tags: ['Reminders'],
        summary: "'Undo' after Done: active again, without the next one its Done scheduled (safe to repeat)",
        responses: { 200: jsonContent(reminderSchema, 'The reminder, active again'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(iso(await reminders.reopen(c.get('farmId'), c.req.param('id'))), 200),
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
        await reminders.remove(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    );
}
