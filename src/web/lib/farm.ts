// The farm in use and the signed-in person's role on it: the header's switcher reads it, pages
// show only the controls the role allows (the server's permission table decides; this only spares
// a farm sitter buttons that would be refused). Switching farms, or finding the session moved to
// another farm (removed from one, a sitter's last day passed), forgets every read of the old farm —
// the cache and the device's copy — and starts again at /home, so no page of one farm is shown
// under another (decision 0032).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { roleAtLeast, type FarmRole } from '../../shared/members/roles';
import type { Farms } from '../../shared/schemas/members';
import { client, data } from './api';
import { forgetReads, queryClient } from './query-client';
import { sessionQuery, useSession } from './session';
import { keys } from './query-keys';

export const farmsQuery = queryOptions({
  queryKey: [keys.farms],
  queryFn: (): Promise<Farms> => data(client.farms.$get()),
  staleTime: 30_000,
});

/** The role on the farm in use; undefined until known. */
export function useFarmRole(): FarmRole | undefined {
  const farms = useQuery(farmsQuery);
  return farms.data?.farms.find((farm) => farm.id === farms.data?.current)?.role;
}

/**
 * Whether the role on the farm in use is at least `least` ('member': add, edit and delete; 'owner':
 * members and export). False until the role is known, so a sitter never sees a control flash by.
 */
export function useCan(least: FarmRole): boolean {
  const role = useFarmRole();
  return role !== undefined && roleAtLeast(role, least);
}

/** The farm this device last worked in, per person (another person signing in is not a switch). */
const lastFarmKey = (userId: string | undefined) => `paddock-farm:${userId ?? ''}`;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('paddock-farm');

/** Forgets the old farm's reads everywhere (this tab and the others) and opens the new farm's home. */
export async function enterFarm(farmId: string | null): Promise<void> {
  const key = lastFarmKey(queryClient.getQueryData(sessionQuery.queryKey)?.user.id);
  if (farmId) localStorage.setItem(key, farmId);
  else localStorage.removeItem(key);
  await forgetReads();
  channel?.postMessage('farm-changed');
  window.location.assign('/home');
}

/** Works in another of the person's farms (this session). */
export async function switchFarm(farmId: string): Promise<void> {
  await data(client.farms.current.$put({ json: { farmId } }));
  await enterFarm(farmId);
}

/**
 * In the signed-in shell: when the server answers with another farm than the one this device last
 * worked in (a switch in another tab, removal, a sitter's end date), start afresh in it.
 */
export function useFarmChange(): void {
  const current = useQuery(farmsQuery).data?.current;
  const userId = useSession().data?.user.id;
  useEffect(() => {
    if (!current || !userId) return;
    const last = localStorage.getItem(lastFarmKey(userId));
    if (last === null) localStorage.setItem(lastFarmKey(userId), current);
    else if (last !== current) void enterFarm(current);
  }, [current, userId]);
  useEffect(() => {
    if (!channel) return;
    const reload = () => window.location.assign('/home');
    channel.addEventListener('message', reload);
    return () => channel.removeEventListener('message', reload);
  }, []);
}
