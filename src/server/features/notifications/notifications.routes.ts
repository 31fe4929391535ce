// /api/v1/notifications: Account → 'Notifications' (issue 29): the signed-in person's devices with
// Web Push turned on, on the farm in use, and the time of their morning notification. Every role,
// each for themselves: another person's device is a 404.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  deviceCreateSchema,
  deviceSchema,
  notificationsSchema,
  notificationsUpdateSchema,
} from '../../../shared/schemas/notifications';
import type { AppEnv } from '../../http/context';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(notifications: NotificationsService) {
  return new Hono<AppEnv>()
    .get(
      '/notifications',
      describeRoute({
        tags: ['Notifications'],
        summary: "The signed-in person's devices with notifications on, and their morning time",
        responses: { 200: jsonContent(notificationsSchema, 'The settings'), ...errorResponses },
      }),
      async (c) => c.json(await notifications.get(c.get('farmId'), c.get('userId')), 200),
    )
    .patch(
      '/notifications',
      describeRoute({
        tags: ['Notifications'],
        summary: 'Change the time of the morning notification (HH:MM in the farm’s zone)',
        responses: {
          200: jsonContent(notificationsSchema, 'The settings'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', notificationsUpdateSchema),
      async (c) =>
        c.json(
          await notifications.setNotifyAt(c.get('farmId'), c.get('userId'), c.req.valid('json').notifyAt),
          200,
        ),
    )
    .post(
      '/notifications/devices',
      describeRoute({
        tags: ['Notifications'],
        summary: 'Turn notifications on for this device (its Web Push subscription)',
        responses: {
          201: jsonContent(deviceSchema, 'Turned on'),
          200: jsonContent(deviceSchema, 'Already on: the same device'),
          ...invalidResponse,
          ...errorResponses,
        },
      }),
      validate('json', deviceCreateSchema),
      async (c) => {
        const { device, created } = await notifications.addDevice(
          c.get('farmId'),
          c.get('userId'),
          c.req.valid('json'),
        );
        return c.json(device, created ? 201 : 200);
      },
    )
    .delete(
      '/notifications/devices/:id',
      describeRoute({
        tags: ['Notifications'],
        summary: 'Turn notifications off for one of your devices',
        responses: { 204: { description: 'Turned off' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await notifications.deleteDevice(c.get('farmId'), c.get('userId'), c.req.param('id'));
        return c.body(null, 204);
      },
    );
}
