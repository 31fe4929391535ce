// The app's one QueryClient, and the copy of its reads kept on the device (IndexedDB) so that the
// herd, the animals, groups and reminders a user has looked at open with no signal. Writes made
// offline are not kept here but in the outbox (lib/outbox.ts, docs/decisions/0031-offline.md).
import {
  MutationCache,
  QueryCache,
  QueryClient,
  defaultShouldDehydrateQuery,
  focusManager,
  onlineManager,
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  type Query,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
  type Persister,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { ApiError } from './api';
import { isSessionQuery, sessionQuery, type Session } from './session';

/** How long the device keeps what was read: a week in the barn without signal still opens. */
const keptFor = 7 * 24 * 60 * 60_000;

/** A 401 anywhere means the session ended (expired, or signed out elsewhere): back to sign-in. */
function onApiError(error: Error) {
  if (error instanceof ApiError && error.status === 401)
    queryClient.setQueryData(sessionQuery.queryKey, null);
}

/**
 * The first screen's reads (askFirst): when each one's first answer came. Its page, mounting a
 * moment later, does not ask again for that answer (staleTime 0 would have it read twice).
 */
const firstAnswers = new Map<string, number>();
const firstScreenFresh = 5_000;
const firstAnswerFresh = (query: Query) =>
  firstAnswers.get(query.queryHash) === query.state.dataUpdatedAt ? firstScreenFresh : 0;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      // kept in memory (and so on the device) as long as the device copy lasts
      gcTime: keptFor,
      staleTime: firstAnswerFresh,
    },
    // A write that cannot be queued offline fails at once with the offline message, instead of
    // waiting ('Adding...') for a network that may not come back; the ones that can are queued.
    mutations: { networkMode: 'always' },
  },
});

// TanStack Query assumes it is online until told otherwise: a page opened with no signal is not.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// Lists other people change (the farm's members and invitations, the animals, reminders, care
// logs) are read again when the page comes back: TanStack Query listens only for the tab being
// shown again, so a window that regains focus (back from the email app, or from another window
// beside it) kept an accepted invitation under 'Invitations' until a reload. A read no older than
// its staleTime, or with no signal, is not asked again; one's own changes invalidate what they touch.
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const listener = () => handleFocus();
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
});

const store = createStore('paddock-cache', 'queries');
const cacheKey = 'reads';

/** The whole cache as one IndexedDB value (keepReadsOnDevice decides when). */
function deviceCopy(): Persister {
  return {
    persistClient: (client) => set(cacheKey, client, store),
    restoreClient: () => get<PersistedClient>(cacheKey, store),
    removeClient: () => del(cacheKey, store),
  };
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: deviceCopy(),
  maxAge: keptFor,
  // a change of what the cached answers look like: raise it, and old copies are dropped
  buster: '1',
  dehydrateOptions: {
    // 'signed out' is never kept: the next page load asks the server (a confirmation link, a
    // sign-in in another tab); a signed-in session is, so that the app opens offline. A query
    // marked `meta: { persist: false }` (an invitation link's) is never written to the device.
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) &&
      query.meta?.persist !== false &&
      !(isSessionQuery(query) && query.state.data == null),
  },
};

/** Signing out (or leaving a demo): nothing read for this person stays in memory or on the device. */
export async function forgetReads(): Promise<void> {
  queryClient.clear();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  await persistOptions.persister.removeClient();
}

/**
 * Puts the device's copy into the cache (before the first render). A browser whose IndexedDB does
 * not answer (Safari has hung on it) gets a second and a half; after that the app starts without
 * the copy, and a late answer is dropped rather than mixed into fresher reads.
 */
export async function restoreReads(): Promise<void> {
  let late = false;
  const { persister } = persistOptions;
  const restore = persistQueryClientRestore({
    queryClient,
    ...persistOptions,
    persister: {
      ...persister,
      restoreClient: async () => {
        const client = await persister.restoreClient();
        return late ? undefined : client;
      },
    },
  }).catch(() => undefined);
  await Promise.race([
    restore,
    new Promise<void>((resolve) =>
      setTimeout(() => {
        late = true;
        resolve();
      }, 1_500),
    ),
  ]);
}

/**
 * Keeps the cache on the device: after a change, the whole cache is copied once the page is idle
 * (within a second of the change), and at once when the page is hidden or left. One copy for a
 * burst of changes, not one per change: TanStack's own subscription copies the whole cache at
 * every cache event, and a page load that refreshes thirty queries sends hundreds of them — long
 * tasks of 80–330 ms on a phone (Lighthouse, /home; issue 31). What a lost copy costs is only a
 * copy of the server's data; the outbox's changes are stored at once.
 */
export function keepReadsOnDevice(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const save = () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
    timer = idle = undefined;
    void persistQueryClientSave({ queryClient, ...persistOptions }).catch(() => undefined);
  };
  const changed = (event: { type: string }) => {
    if (!['added', 'removed', 'updated'].includes(event.type) || timer !== undefined) return;
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = requestIdleCallback(save, { timeout: 750 });
      else save();
    }, 250);
  };
  const leaving = () => {
    if (timer !== undefined) save();
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') leaving();
  };
  const unsubscribers = [
    queryClient.getQueryCache().subscribe(changed),
    queryClient.getMutationCache().subscribe(changed),
  ];
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', hidden);
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    window.removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', hidden);
  };
}

/**
 * Whether a page's first reads are still on their way: it then shows 'Loading...' and appears once,
 * rather than growing (or drawing its list again) as each read arrives. A read that waits for a
 * signal (offline, never read on this device) is not on its way: no page waits for it.
 */
export const stillArriving = (...queries: Pick<UseQueryResult, 'isPending' | 'fetchStatus'>[]) =>
  queries.some((query) => query.isPending && query.fetchStatus === 'fetching');

/** What the device kept is shown at once, and asked for again (where there is a network). */
export const refreshRestored = () => queryClient.invalidateQueries();

/**
 * A read a page shows first: its query options (queryOptions(...)), or a list's
 * (infiniteQueryOptions(...)), of which the first page is asked.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each read has its own data and key types
export type FirstRead = FetchQueryOptions<any, any, any, any> | FirstPages;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as FirstRead
type FirstPages = FetchInfiniteQueryOptions<any, any, any, any, any>;
const isPages = (read: FirstRead): read is FirstPages => read.initialPageParam !== undefined;

/**
 * Asks for the first screen's reads as the app starts, beside the session, rather than once the
 * page's chunk is in and the page mounts: one round trip less before the farm shows (decision
 * 0052). Their answers count fresh for a few seconds, so that the page does not ask again; a read
 * already under way (the device's copy being refreshed) is not asked twice.
 */
export function askFirst(reads: readonly FirstRead[]) {
  for (const read of reads) {
    const asked = isPages(read) ? queryClient.prefetchInfiniteQuery(read) : queryClient.prefetchQuery(read);
    void asked.then(() => answerIsFirst(read.queryKey as QueryKey));
  }
}

/** The read's answer in hand counts fresh for a few seconds (`firstAnswerFresh`). */
function answerIsFirst(queryKey: QueryKey) {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') firstAnswers.set(query.queryHash, query.state.dataUpdatedAt);
}

/**
 * For a page that waits for reads its sections read too, before drawing them: call it (in a layout
 * effect, before the sections subscribe) once the page draws them. The answers it waited for then
 * count fresh for a few seconds, as the first screen's do, so the sections do not ask again.
 */
export function answersShared(queryKeys: readonly QueryKey[]) {
  for (const queryKey of queryKeys) answerIsFirst(queryKey);
}

/**
 * Another person signing in on this device must never see the last one's farm: when the session's
 * user changes, everything read for the previous one is dropped (the device copy follows).
 */
export function forgetOtherUsers() {
  let known = queryClient.getQueryData<Session>(sessionQuery.queryKey)?.user.id;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSessionQuery(event.query)) return;
    const user = (event.query.state.data as Session | undefined)?.user.id;
    if (!user) return;
    if (known && user !== known) queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query) });
    known = user;
  });
}
