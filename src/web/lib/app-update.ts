// The service worker (vite-plugin-pwa, Workbox; src/web/sw.ts): the app's shell and code kept on the
// device. A new version waits until the user chooses 'Reload', so a page in use is never swapped
// under them. A tapped notification shows its reminder in the open window, by the app's router.
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { navigate } from 'wouter/use-browser-location';

let waiting = false;
let update: ((reload?: boolean) => Promise<void>) | undefined;
const listeners = new Set<() => void>();

/**
 * Registers the worker (app pages only: the landing page has no script) a few seconds after the
 * page has loaded, so that its download of the app does not compete with the first screen; then
 * checks hourly for a new version.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', openFromNotification);
  navigator.serviceWorker.startMessages();
  const register = () => setTimeout(registerNow, 3_000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function registerNow() {
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
    },
  });
}

/** The worker's 'paddock:open' (a notification tapped while the app is open): a path of the app. */
function openFromNotification(event: MessageEvent) {
  const message = event.data as { type?: unknown; url?: unknown } | null;
  if (message?.type !== 'paddock:open' || typeof message.url !== 'string') return;
  if (message.url.startsWith('/') && !message.url.startsWith('//')) navigate(message.url);
}

export const useNewVersionWaiting = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );

/** Activates the waiting version and reloads the page onto it. */
export const reloadToNewVersion = () => void update?.(true);
