// Account → 'Notifications' (issue 29, decision 0045): the devices a person turned Web Push on for
// on the farm in use, and the time of their morning notification.
import * as z from 'zod/mini';
import { requiredText } from './common';

/** A time of day, 'HH:MM' on a 24-hour clock, in the farm's zone (the same rule as common.ts's `timeOfDay`). */
const timeOfDay = z
  .string('Enter a time of day')
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM, 00:00 to 23:59'));

/** Devices a person may turn notifications on for on one farm. */
export const maxDevices = 10;
export const tooManyDevicesMessage = `You can turn notifications on for at most ${maxDevices} devices.`;

/** How many bytes a base64url text holds; null when it is not base64url (padding allowed). */
export function base64urlBytes(text: string): number | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  if (bare.length !== text.length && text.length % 4 !== 0) return null;
  return Math.floor((bare.length * 6) / 8);
}

/** The browser's public key of the subscription: an uncompressed P-256 point (65 bytes, 0x04 first). */
const p256dh = z.string('Enter the subscription’s public key').check(
  z.maxLength(200, 'Not a P-256 public key'),
  // 0x04 first: base64url's first character of it is 'B'
  z.refine((value) => base64urlBytes(value) === 65 && value.startsWith('B'), 'Not a P-256 public key'),
);

/** The subscription's authentication secret: 16 bytes. */
const auth = z.string('Enter the subscription’s authentication secret').check(
  z.maxLength(100, 'Not a 16-byte authentication secret'),
  z.refine((value) => base64urlBytes(value) === 16, 'Not a 16-byte authentication secret'),
);

/** The push service's address: an https URL (the server checks its host further). */
const endpoint = z.string('Enter the push service’s address').check(
  z.maxLength(2000, 'Must be at most 2000 characters'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Not a web address of a push service'),
);

export const deviceSchema = z.object({ id: z.string(), label: z.string(), createdAt: z.string() });
export type Device = z.infer<typeof deviceSchema>;

/** GET and PATCH /notifications: the VAPID public key to subscribe with, the morning time, the devices. */
export const notificationsSchema = z.object({
  publicKey: z.string(),
  notifyAt: z.string(),
  devices: z.array(deviceSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const notificationsUpdateSchema = z.strictObject({ notifyAt: timeOfDay });
export type NotificationsUpdate = z.infer<typeof notificationsUpdateSchema>;

/** POST /notifications/devices: the browser's PushSubscription (its toJSON's endpoint and keys) and a label. */
export const deviceCreateSchema = z.strictObject({
  endpoint,
  keys: z.strictObject({ p256dh, auth }),
  label: requiredText('Label', 100),
});
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;
