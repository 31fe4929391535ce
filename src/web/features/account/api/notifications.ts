// Account → 'Notifications' (issue 29): the signed-in person's devices with notifications on, on the
// farm in use, and the time of their morning notification.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceCreate, Notifications } from '../../../../shared/schemas/notifications';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const notificationsQuery = queryOptions({
  queryKey: [keys.notifications],
  queryFn: (): Promise<Notifications> => data(client.notifications.$get()),
});

export function useSetNotifyAt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notifyAt: string): Promise<Notifications> =>
      data(client.notifications.$patch({ json: { notifyAt } })),
    onSuccess: (settings) => queryClient.setQueryData(notificationsQuery.queryKey, settings),
  });
}

/** Stores this device's subscription (the same endpoint again is the same device). */
export const addDevice = (device: DeviceCreate): Promise<Device> =>
  data(client.notifications.devices.$post({ json: device }));

export const deleteDevice = (id: string): Promise<null> =>
  data(client.notifications.devices[':id'].$delete({ param: { id } }));
