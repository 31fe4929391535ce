// The outbox: care, new animals, egg collections, milk and 'Done' recorded with no signal, kept on
// the device (IndexedDB, one record per change) until the server has them, then sent in the order
// they were made. Each change carries the id the server knows it by (a care batch's, the animal's,
// the collection's, a milking's first record's, the reminder's), so a retry, a second tab or a lost
// answer stores it once. Why not TanStack's paused mutations: docs/decisions/0031-offline.md.
import { onlineManager } from '@tanstack/react-query';
import { del, entries, set } from 'idb-keyval';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, client, data } from './api';
import {
  outboxChannel,
  outboxStore as store,
  rememberSignedIn,
  storeChange,
  type Change,
  type NewChange,
  type Write,
} from './outbox-store';
import { queryClient } from './query-client';
import { isSessionQuery, sessionQuery, useSession, type Session } from './session';

export type { Change, NewChange } from './outbox-store';

const send: {
  [K in Write['kind']]: (
    input: Extract<Write, { kind: K }>['input'],
    signal: AbortSignal,
  ) => Promise<unknown>;
} = {
  'care-entry': (input, signal) => data(client['care-entries'].$post({ json: input }, { init: { signal } })),
  animal: (input, signal) => data(client.animals.$post({ json: input }, { init: { signal } })),
  'egg-collection': (input, signal) =>
    data(client['egg-collections'].$post({ json: input }, { init: { signal } })),
  'milk-records': (input, signal) =>
    data(client['milk-records'].$post({ json: input }, { init: { signal } })),
  'reminder-done': ({ reminderId }, signal) =>
    data(client.reminders[':id'].complete.$post({ param: { id: reminderId } }, { init: { signal } })),
};

const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(outboxChannel);

let changes: Change[] = [];
const listeners = new Set<() => void>();

async function reload() {
  const stored = await entries<string, Change>(store);
  changes = stored.map(([, change]) => change).sort((a, b) => a.seq - b.seq || a.id.localeCompare(b.id));
  for (const listener of listeners) listener();
}

/** Tells this tab's lists and the other tabs that the outbox changed. */
async function changed() {
  tabs?.postMessage('changed');
  await reload();
}

const currentUser = () => queryClient.getQueryData<Session>(sessionQuery.queryKey)?.user.id;
const isWaiting = (change: Change, userId: string | undefined) => !change.refused && change.userId === userId;

/** Keeps the change on the device (once: the same id again is the same change) and tries to send it. */
export async function queueChange(change: NewChange): Promise<void> {
  const userId = currentUser();
  if (!userId) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to access your farm');
  await storeChange(change, userId);
  await changed();
  void keepOnDevice();
  retryIn(0);
}

/**
 * Sends now when it can. Offline, after a network failure, or while earlier changes still wait (so
 * that the order holds), the change is kept in the outbox instead: `queued` says which.
 */
export async function saveOrQueue<T>(
  change: NewChange,
  sendNow: () => Promise<T>,
): Promise<{ queued: true } | { queued: false; result: T }> {
  const userId = currentUser();
  if (!onlineManager.isOnline() || changes.some((earlier) => isWaiting(earlier, userId))) {
    await queueChange(change);
    return { queued: true };
  }
  try {
    return { queued: false, result: await sendNow() };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0)) throw error;
    await queueChange(change);
    return { queued: true };
  }
}

/** What a form's toast adds when its change was kept on the device. */
export const waitingToSync = 'Saved on this device: it will sync when you are back online.';

let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

function retryIn(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), ms);
}

let running: Promise<void> | null = null;
/** Asked to send while a run was going: it may have passed the new change, or be stuck; run again. */
let again = false;
/** Cancels the request of the run going now (one made before the signal came back may never answer). */
let inFlight: AbortController | null = null;

/** Sends what waits, oldest first, one tab at a time (Web Locks where the browser has them). */
export function syncNow(): Promise<void> {
  const locked = async () => {
    if (navigator.locks) await navigator.locks.request('paddock-outbox', flush);
    else await flush();
  };
  if (running) again = true;
  running ??= locked().finally(() => {
    running = null;
    if (again) {
      again = false;
      retryIn(0);
    }
  });
  return running;
}

/**
 * The signal is back (the browser's 'online' event): send at once, not at the next back-off tick,
 * with the back-off started afresh; a request still hanging from before is dropped and made again
 * (the server stores a change once under its id, so a second copy is harmless).
 */
function backOnline() {
  failures = 0;
  if (running) {
    again = true;
    inFlight?.abort();
  } else retryIn(0);
}

/** The server's reason: what it said of the fields when it named them, else its message. */
function reasonOf(error: ApiError): string {
  const details = Object.values(error.fields ?? {}).flat();
  return details.length ? details.join(' ') : error.message;
}

async function flush(): Promise<void> {
  await reload(); // another tab may have sent some
  const userId = currentUser();
  let sent = 0;
  let later = false;
  for (const change of changes) {
    if (!isWaiting(change, userId)) continue;
    // no network: nothing to try until the browser says it is back (backOnline), so no back-off
    if (!onlineManager.isOnline()) break;
    try {
      inFlight = new AbortController();
      await send[change.kind](change.input as never, inFlight.signal);
      await del(change.id, store);
      sent += 1;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // the session ended while offline: sign in again, and they go out (see startOutbox)
        queryClient.setQueryData(sessionQuery.queryKey, null);
        break;
      }
      const refused =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![408, 429].includes(error.status);
      if (!refused) {
        later = true; // no network, or the server could not answer now: the same change, later
        break;
      }
      await set(change.id, { ...change, refused: reasonOf(error) }, store);
    } finally {
      inFlight = null;
    }
  }
  await changed();
  if (sent) await queryClient.invalidateQueries();
  if (again) return; // asked again meanwhile (back online, a new change): syncNow runs at once
  failures = later ? failures + 1 : 0;
  if (later) retryIn(Math.min(60_000, 2_000 * 2 ** Math.min(failures - 1, 5)));
}

/** The user read the refusal: the change is dropped from the device. */
export async function dismissChange(id: string): Promise<void> {
  await del(id, store);
  await changed();
}

/** An account deleted: what its person left waiting on this device goes too. */
export async function forgetChangesOf(userId: string): Promise<void> {
  await Promise.all(
    changes.filter((change) => change.userId === userId).map((change) => del(change.id, store)),
  );
  await changed();
}

/** Whether the browser thinks it has a network (TanStack Query's view, which the outbox uses). */
export const useOnline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );

export type StorageState = 'unknown' | 'kept' | 'may-be-cleared';
let storage: StorageState = 'unknown';

/** Asks the browser not to clear the device's copy when space runs short (a refusal is shown). */
export async function keepOnDevice(): Promise<StorageState> {
  if (storage === 'kept' || !navigator.storage?.persist) return storage;
  storage = (await navigator.storage.persist().catch(() => false)) ? 'kept' : 'may-be-cleared';
  for (const listener of listeners) listener();
  return storage;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useStorageState = () => useSyncExternalStore(subscribe, () => storage);

/** The signed-in person's changes: those waiting and those the server refused; others' are only counted. */
export function useOutbox() {
  const all = useSyncExternalStore(subscribe, () => changes);
  const userId = useSession().data?.user.id;
  return useMemo(
    () => ({
      waiting: all.filter((change) => isWaiting(change, userId)),
      refused: all.filter((change) => change.refused && change.userId === userId),
      othersWaiting: all.filter((change) => change.userId !== userId).length,
    }),
    [all, userId],
  );
}

let started = false;

/**
 * Starts the outbox: loads it, and sends on reconnecting (at once), on coming back to the tab, on
 * signing in, and when the service worker kept a 'Done' from a notification (its 'changed' message).
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  tabs?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === 'queued')
      retryIn(0); // from the worker: reads the store, and sends
    else void reload();
  });
  window.addEventListener('online', backOnline);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryIn(0);
  });
  // the service worker keeps a notification's 'Done' for the person last signed in here
  const remember = (id: string) => void rememberSignedIn(id).catch(() => undefined);
  let userId = currentUser();
  if (userId) remember(userId);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSessionQuery(event.query)) return;
    const now = (event.query.state.data as Session | undefined)?.user.id;
    if (now && now !== userId) {
      retryIn(0);
      remember(now);
    }
    userId = now;
  });
  if (navigator.storage?.persisted)
    void navigator.storage.persisted().then((kept) => {
      if (kept) storage = 'kept';
    });
  void reload().then(() => retryIn(0));
}
