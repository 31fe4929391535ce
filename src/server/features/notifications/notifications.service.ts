// The rules of a person's notifications (issue 29, decision 0045), between the HTTP layer
// (notifications.routes.ts) and the database (notifications.repo.ts): each person's own devices
// and morning time on the farm in use; a subscription's endpoint must be a public https push
// service and its keys a real P-256 point and a 16-byte secret. Throws typed errors.
import { createPublicKey } from 'node:crypto';
import {
  maxDevices,
  tooManyDevicesMessage,
  type DeviceCreate,
  type Notifications,
} from '../../../shared/schemas/notifications';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import type { NotificationsRepo } from './notifications.repo';
import { endpointProblem } from './push-address';

/** Whether base64url `p256dh` is a point on P-256 (not only 65 bytes that start 0x04). */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export function createNotificationsService(deps: {
  repo: NotificationsRepo;
  publicKey: string;
  allowPrivateEndpoints: boolean;
}) {
  const { repo, publicKey, allowPrivateEndpoints } = deps;
  return {
    async get(farmId: string, userId: string): Promise<Notifications> {
      return { publicKey, ...(await repo.settings(farmId, userId)) };
    },

    async setNotifyAt(farmId: string, userId: string, notifyAt: string): Promise<Notifications> {
      await repo.setNotifyAt(farmId, userId, notifyAt);
      return this.get(farmId, userId);
    },

    /** Subscribes a device; `created` false when the endpoint was the person's already. */
    async addDevice(farmId: string, userId: string, input: DeviceCreate) {
      const problem = endpointProblem(input.endpoint, allowPrivateEndpoints);
      if (problem) throw new ValidationError({ endpoint: [problem] });
      if (!isP256Point(input.keys.p256dh))
        throw new ValidationError({ 'keys.p256dh': ['Not a P-256 public key'] });
      const added = await repo.addDevice(
        farmId,
        userId,
        {
          endpoint: input.endpoint,
          // stored unpadded, as browsers give them
          p256dh: input.keys.p256dh.replace(/=+$/, ''),
          auth: input.keys.auth.replace(/=+$/, ''),
          label: input.label,
        },
        maxDevices,
      );
      if (added === 'too many') throw new AppError(422, 'TOO_MANY_DEVICES', tooManyDevicesMessage);
      return added;
    },

    async deleteDevice(farmId: string, userId: string, id: string): Promise<void> {
      if (!(await repo.deleteDevice(farmId, userId, id))) throw new NotFoundError('Device');
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
