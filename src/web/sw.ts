/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest; docs/decisions/0031-offline.md and 0045-
// reminders-ring.md). It keeps the app on the device — the whole build precached, app navigations
// answered with /index.html except for '/', the API, /internal and the secret links' pages, old
// precaches removed — and waits for the user's 'Reload' before a new version takes over
// (lib/app-update.ts). It shows the reminders the server pushes (issue 29) and does what a tap
// asks: open the app at the reminder, or 'Done' — at once when there is a network, else through
// the app's outbox (lib/outbox-store.ts), which the app sends when it is next open.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { lastSignedIn, outboxChannel, reminderDone, storeChange } from './lib/outbox-store';

declare const self: ServiceWorkerGlobalScope;

// ---- The app on the device ----

// a new version waits for 'Reload' (registerType 'prompt': the page says SKIP_WAITING)
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Not the app: the server's landing page or redirect ('/'), the API, and the secret links' pages. */
const notTheApp = [/^\/$/, /^\/api\//, /^\/internal\//, /^\/record\//, /^\/unsubscribe\//, /^\/invite\//];

// '/' is the server's: never answered with the precached shell ('' turns Workbox's directory index
// off, as generateSW's `directoryIndex: null` did)
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: notTheApp }));

// The barcode reader's WebAssembly (1 MB; Scan Tag's camera where the browser has no detector of
// its own, decision 0046): not precached for everyone, but kept once the camera has used it, so the
// camera reads with no signal from then on. Its name carries its hash: a kept copy is never stale,
// and the newest two are enough.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: 'paddock-wasm', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);

// ---- Notifications ----

/** What the server pushes (src/server/features/notifications; the contract of issue 29). */
type Push = {
  title: string;
  body: string;
  url: string;
  tag: string;
  farmId: string;
  reminderId: string | null;
};

/** What a shown notification keeps for its tap. */
type Tapped = { url: string; reminderId: string | null; farmId: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The payload, read defensively: every push must show something (the browser shows its own
 * 'updated in the background' otherwise), and a url is only ever a path of this origin.
 */
function readPush(data: PushMessageData | null): Push {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = data?.json();
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    // not JSON: shown as Paddock's, with the text as its body
    json = { body: data?.text() ?? '' };
  }
  return {
    title: text(json.title) || 'Paddock',
    body: text(json.body),
    url: samePath(text(json.url)),
    tag: text(json.tag),
    farmId: text(json.farmId),
    reminderId: text(json.reminderId) || null,
  };
}

/** A same-origin path ('/reminders'), or Home for anything else. */
function samePath(url: string): string {
  try {
    const resolved = new URL(url || '/home', self.location.origin);
    if (resolved.origin !== self.location.origin) return '/home';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/home';
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  const data: Tapped = { url: push.url, reminderId: push.reminderId, farmId: push.farmId || null };
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      // a notification with the same tag replaces the last one (the morning's, a reminder's)
      ...(push.tag ? { tag: push.tag } : {}),
      data,
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      actions: push.reminderId ? [{ action: 'done', title: 'Done' }] : [],
    } as NotificationOptions),
  );
});

function readTapped(value: unknown): Tapped {
  const data = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    url: samePath(text(data.url)),
    reminderId: text(data.reminderId) || null,
    farmId: text(data.farmId) || null,
  };
}

self.addEventListener('notificationclick', (event) => {
  const { notification, action } = event;
  notification.close();
  const tapped = readTapped(notification.data);
  event.waitUntil(
    action === 'done' && tapped.reminderId
      ? markDone(tapped.reminderId, notification.title, tapped.url)
      : openApp(tapped.url),
  );
});

/**
 * 'Done' from the notification: the same request as the list's 'Done' (the session's cookie, the
 * farm in use). With no network, or a server that cannot answer now, the change goes to the outbox
 * for the person last signed in here, as the list's 'Done' would, and open tabs are told to send
 * it; a session that ended keeps it too, and opens the app to sign in. A reminder the server does
 * not know (deleted, or on another farm than the one in use) opens the app where it would be.
 */
async function markDone(reminderId: string, title: string, url: string): Promise<void> {
  const status = await fetch(`/api/v1/reminders/${encodeURIComponent(reminderId)}/complete`, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json' },
  }).then(
    (response) => response.status,
    () => 0, // no network
  );
  if (status >= 200 && status < 300) return;
  const later = status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
  const userId = later ? await lastSignedIn().catch(() => undefined) : undefined;
  if (userId) {
    await storeChange(reminderDone(reminderId, title.replace(/, due now$/, '')), userId);
    const tabs = new BroadcastChannel(outboxChannel);
    tabs.postMessage('queued');
    tabs.close();
  }
  // refused (or kept for a session that ended, or not kept at all): the app shows why
  if (!userId || (status >= 400 && status < 500 && status !== 408 && status !== 429)) await openApp(url);
}

/** Focuses an open Paddock window (showing the url there, by the app's own router) or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const isApp = (client: WindowClient) => {
    const at = new URL(client.url);
    return at.origin === self.location.origin && !notTheApp.some((path) => path.test(at.pathname));
  };
  const open = windows.find((client) => isApp(client) && client.focused) ?? windows.find(isApp);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await open.focus().catch(() => open);
  focused.postMessage({ type: 'paddock:open', url });
}
