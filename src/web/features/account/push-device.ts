// This browser's side of notifications (issue 29): whether it can show them, the permission, its Web
// Push subscription (made with the server's VAPID key, through the app's service worker, src/web/sw.ts),
// and which of the person's listed devices is this one (the ids this browser was given, kept on it).

export type PushSupport =
  /** it can: ask for permission and subscribe */
  | 'supported'
  /** no service worker, Push API or notifications here */
  | 'unsupported'
  /** an iPhone or iPad: Safari offers Web Push only to an app added to the Home Screen */
  | 'install-first'
  /** the person (or a policy) blocked notifications for Paddock in the browser's settings */
  | 'denied';

export function pushSupport(): PushSupport {
  const apis =
    'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
  if (!apis) {
    const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
    return /\b(iPhone|iPad)\b/.test(navigator.userAgent) && !standalone ? 'install-first' : 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** Why turning notifications on stopped, in words for the person. */
export class PushProblem extends Error {
  constructor(
    message: string,
    readonly denied = false,
  ) {
    super(message);
  }
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes everywhere. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** The app's service worker, registered a few seconds after the page loaded (lib/app-update.ts). */
async function worker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushProblem('Paddock is still getting ready on this device. Try again in a moment.')),
      15_000,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the person's permission, then subscribes this browser with the server's key (a subscription
 * made with another key — the server's keys changed — is replaced). The browser's push service
 * must answer: with none reachable it fails, and the browser's reason is given.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied')
    throw new PushProblem('Notifications are blocked for Paddock in this browser’s settings.', true);
  if (permission !== 'granted')
    throw new PushProblem('Notifications were not allowed. Try again to allow them.');
  const { pushManager } = await worker();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await pushManager.subscribe(options);
  } catch (error) {
    const existing = await pushManager.getSubscription().catch(() => null);
    if (!(error instanceof DOMException && error.name === 'InvalidStateError' && existing))
      throw new PushProblem(`This browser could not subscribe to notifications: ${describe(error)}`);
    await existing.unsubscribe();
    subscription = await pushManager.subscribe(options).catch((again: unknown) => {
      throw new PushProblem(`This browser could not subscribe to notifications: ${describe(again)}`);
    });
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new PushProblem('This browser gave a subscription without its keys.');
  return json;
}

const describe = (error: unknown) => (error instanceof Error && error.message) || 'no reason given.';

/** Ends this browser's subscription (after the server has forgotten the device). */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

// The ids the server gave this browser's subscription (one per person and farm it was turned on
// for): the list marks 'This device' by them, since the list holds no endpoints.
const devicesKey = 'paddock-push-devices';

export function thisDeviceIds(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(devicesKey) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function saveIds(ids: Set<string>) {
  localStorage.setItem(devicesKey, JSON.stringify([...ids]));
}

export function rememberThisDevice(id: string): void {
  saveIds(thisDeviceIds().add(id));
}

export function forgetThisDevice(id: string): void {
  const ids = thisDeviceIds();
  ids.delete(id);
  saveIds(ids);
}
