// Issue 29, the browser's side: Account → 'Notifications' turns notifications on for this device and
// lists the person's devices ('Turn off', 'This device'), and the morning time; the service worker
// shows what the server pushes (delivered through the DevTools protocol, as a push service would)
// and does what a tap asks — 'Done' completes the reminder, at once or, with no signal, through the
// outbox when the app is next online — and a plain tap opens the reminders in the open window.
//
// What headless Chromium does with pushManager.subscribe: in Playwright's contexts (off the record)
// it refuses ('Registration failed - permission denied'), and in a profile on disk it waits for a
// push service these machines cannot reach. So the first journey proves the refusal is told to the
// person, and the next stands the browser's PushManager in with a subscription of a public https
// push service (what Chromium would hand over: its endpoint and keys) to prove the rest: the
// permission asked, subscribe called with the server's key, the device stored, listed and turned off.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  browserTimeZone,
  narrowPhone,
  openPage,
  phone,
  settled,
  sharedBrowser,
} from './support/browser';
import { farmApi, todayIn, type ApiReminder, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type Settings = {
  publicKey: string;
  notifyAt: string;
  devices: { id: string; label: string; createdAt: string }[];
};
type Shown = {
  title: string;
  body: string;
  tag: string;
  icon: string;
  actions: { action: string; title: string }[];
  data: { url: string; reminderId: string | null; farmId: string };
};

/** A subscription's keys as Chromium makes them: a P-256 public key (65 bytes) and a 16-byte secret. */
function subscriptionKeys() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * Stands in for the browser's push service: PushManager.subscribe answers with a subscription of
 * this endpoint and keys (once notifications are allowed, as Chromium does), and records what it
 * was asked; unsubscribe says so. The subscription lasts across page loads, as a browser's does.
 */
function standInPushService({
  endpoint,
  keys,
}: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}) {
  const subscription = {
    endpoint,
    expirationTime: null,
    options: {},
    getKey: () => null,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: () => {
      localStorage.removeItem('standIn.subscribed');
      localStorage.setItem('standIn.unsubscribed', 'yes');
      return Promise.resolve(true);
    },
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    if (Notification.permission !== 'granted')
      return Promise.reject(new DOMException('Registration failed - permission denied', 'NotAllowedError'));
    const key = options?.applicationServerKey;
    const asked = {
      userVisibleOnly: options?.userVisibleOnly === true,
      key: key instanceof Uint8Array ? Array.from(key as Uint8Array) : [],
    };
    localStorage.setItem('standIn.asked', JSON.stringify(asked));
    localStorage.setItem('standIn.subscribed', 'yes');
    return Promise.resolve(subscription);
  };
  PushManager.prototype.getSubscription = () =>
    Promise.resolve(localStorage.getItem('standIn.subscribed') ? subscription : null);
}

/** What the stand-in recorded. */
const standIn = (page: Page, what: 'asked' | 'unsubscribed') =>
  page.evaluate((key) => localStorage.getItem(`standIn.${key}`), what);

describe.skipIf(!browserAvailable)('notifications: this device, the worker, and Done', () => {
  // Push and notifications: the full browser (the headless shell has neither)
  const browser = sharedBrowser({ push: true });

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let cdp: CDPSession;
    let farmId = '';
    let today = '';
    let daisy = '';
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`notifications-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      const farms = await api.get<{ current: string }>('/api/v1/farms');
      farmId = farms.current;
      const { id: milkers } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Milkers',
        color: 'rgba(34,197,94,1)',
      });
      ({ id: daisy } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Daisy',
        groupIds: [milkers],
      }));
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
      await context.setOffline(false);
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const section = () => main().getByRole('region', { name: 'Notifications', exact: true });
    const devices = () => section().getByRole('list', { name: 'Your devices' });
    const turnOn = () =>
      section().getByRole('button', { name: 'Turn on notifications on this device', exact: true });
    const settings = () => api.get<Settings>('/api/v1/notifications');
    const workerReady = () => page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    async function openAccount() {
      await page.goto(`${stack.baseUrl}/account`);
      await expectVisible(section().getByRole('heading', { name: 'Notifications', exact: true }));
      await expectVisible(section().getByLabel('Morning notification at', { exact: true }));
    }

    /** A push as the server sends it, delivered to the worker by the DevTools protocol. */
    async function push(payload: Record<string, unknown>) {
      if (!cdp) {
        cdp = await context.newCDPSession(page);
        cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
          registrations.push(...event.registrations),
        );
        await cdp.send('ServiceWorker.enable');
      }
      await eventually(
        () => registrations.some((item) => item.scopeURL === `${stack.baseUrl}/` && !item.isDeleted),
        true,
        "the app's worker is registered",
      );
      const { registrationId } = registrations.findLast(
        (item) => item.scopeURL === `${stack.baseUrl}/` && !item.isDeleted,
      )!;
      // The protocol's delivery is fire-and-forget: a worker that is starting can miss one (a run
      // failed so). Deliver again until it shows; the same tag replaces, so never two.
      for (let attempt = 0; attempt < 5; attempt++) {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: stack.baseUrl,
          registrationId,
          data: JSON.stringify(payload),
        });
        for (let look = 0; look < 10; look++) {
          if ((await shown()).some((item) => item.tag === payload.tag)) return;
          await page.waitForTimeout(200);
        }
      }
      throw new Error(`the push tagged ${String(payload.tag)} was never shown`);
    }

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((item) => ({
          title: item.title,
          body: item.body,
          tag: item.tag,
          icon: item.icon,
          actions: (item as Notification & { actions: { action: string; title: string }[] }).actions.map(
            ({ action, title }) => ({ action, title }),
          ),
          data: item.data as Shown['data'],
        })),
      );

    /** What a tap on the notification (or its 'Done') does, dispatched in the worker itself. */
    async function tap(tag: string, action = '') {
      const worker = context.serviceWorkers().find((item) => item.url() === `${stack.baseUrl}/sw.js`);
      expect(worker, 'the worker runs').toBeDefined();
      await worker!.evaluate(
        async ([tagged, chosen]) => {
          const scope = self as unknown as ServiceWorkerGlobalScope;
          const [notification] = await scope.registration.getNotifications({ tag: tagged });
          if (!notification) throw new Error(`no notification tagged ${tagged}`);
          scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: chosen }));
        },
        [tag, action] as const,
      );
    }

    async function dueReminder(title: string) {
      const reminder = await api.post<ApiReminder>('/api/v1/reminders', {
        title,
        type: 'general',
        dueDate: today,
        animalId: daisy,
      });
      return reminder.id;
    }

    const completed = async (id: string) => (await api.get<ApiReminder>(`/api/v1/reminders/${id}`)).completed;

    it("says why when this browser cannot turn them on: blocked, or refused by Chromium's push service", async () => {
      await openAccount();
      await expect(
        section().getByText('Notifications are off on all your devices.', { exact: true }).count(),
      ).resolves.toBe(1);
      await workerReady();
      // never allowed: headless Chromium answers the permission request itself
      await turnOn().click();
      await expectVisible(
        section()
          .getByText('Notifications are blocked for Paddock in this browser’s settings.', { exact: true })
          .or(
            section().getByText('Notifications were not allowed. Try again to allow them.', { exact: true }),
          ),
      );
      await context.grantPermissions(['notifications'], { origin: stack.baseUrl });
      await openAccount();
      await turnOn().click();
      await expectVisible(
        section()
          .getByRole('alert')
          .getByText(/^This browser could not subscribe to notifications: /),
        20_000,
      );
      expect((await settings()).devices, 'nothing stored').toEqual([]);
      await expectNoSeriousA11yViolations(page, "Notifications, the browser's refusal");
    });

    it("turns on for this device, lists it ('This device') with the person's others, and turns each off", async () => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`;
      await page.addInitScript(standInPushService, { endpoint, keys: subscriptionKeys() });
      await openAccount();
      await workerReady();
      await turnOn().click();
      await expectToast(page, 'Notifications on for this device', 'Linux · Chrome');
      const month = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        timeZone: browserTimeZone,
      }).format(new Date());
      const mine = devices().getByRole('listitem').filter({ hasText: 'This device' });
      await expectVisible(mine.getByText(`Linux · Chrome · since ${month}`, { exact: false }));
      await expect(turnOn().count(), 'no second offer for this device').resolves.toBe(0);

      const asked = JSON.parse((await standIn(page, 'asked')) ?? 'null') as unknown;
      const { publicKey, devices: stored } = await settings();
      expect(asked, 'subscribed with the server’s key, every push shown').toEqual({
        userVisibleOnly: true,
        key: [...Buffer.from(publicKey, 'base64url')],
      });
      expect(stored.map((device) => device.label)).toEqual(['Linux · Chrome']);

      // the same person's phone, turned on there
      await api.post('/api/v1/notifications/devices', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
        keys: subscriptionKeys(),
        label: 'Pixel 8 · Chrome',
      });
      await openAccount();
      await expectVisible(devices().getByText(`Pixel 8 · Chrome · since ${month}`, { exact: true }));
      await expect(devices().getByRole('listitem').count()).resolves.toBe(2);
      await expect(mine.count(), 'only this one is this device').resolves.toBe(1);
      await expectNoSeriousA11yViolations(page, 'Notifications with two devices');
      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, 'Notifications with two devices');
      await page.setViewportSize(phone);

      // offline: nothing can be turned on or off, and it says why
      await context.setOffline(true);
      const reason = section().getByText(
        'You are offline: turning notifications on or off and changing the time need a connection.',
        { exact: true },
      );
      await expectVisible(reason);
      const offPhone = section().getByRole('button', { name: 'Turn off Pixel 8 · Chrome', exact: true });
      await expect(offPhone.isDisabled()).resolves.toBe(true);
      await context.setOffline(false);
      await reason.waitFor({ state: 'detached' });

      await offPhone.click();
      await expectToast(page, 'Notifications off', 'Pixel 8 · Chrome');
      await eventually(async () => (await settings()).devices.length, 1, 'the phone is off');
      expect(
        await standIn(page, 'unsubscribed'),
        "another device's 'Turn off' leaves this browser subscribed",
      ).toBeNull();

      await section()
        .getByRole('button', { name: 'Turn off Linux · Chrome (this device)', exact: true })
        .click();
      await expectToast(page, 'Notifications off', 'Linux · Chrome');
      await eventually(async () => (await settings()).devices.length, 0, 'this device is off');
      expect(await standIn(page, 'unsubscribed'), 'this browser unsubscribed too').toBe('yes');
      await expectVisible(turnOn());
      await expectVisible(section().getByText('Notifications are off on all your devices.', { exact: true }));
    });

    it("sets the morning notification's time", async () => {
      await openAccount();
      // the server's answer, not the device's copy from before this device was turned off: the copy
      // lists the device, and the answer's 'Turn on' button then moves 'Save Time' down under a click
      await expectVisible(section().getByText('Notifications are off on all your devices.', { exact: true }));
      const time = section().getByLabel('Morning notification at', { exact: true });
      expect(await time.inputValue()).toBe('07:00');
      await time.fill('06:30');
      await section().getByRole('button', { name: 'Save Time', exact: true }).click();
      await expectToast(page, 'Morning notification time saved');
      await eventually(async () => (await settings()).notifyAt, '06:30', 'the time is saved');
      // after a load: the device's copy first, then the server's answer
      await openAccount();
      await eventually(() => time.inputValue(), '06:30', 'the saved time is shown');
    });

    it("keeps a time being typed when the server's answer comes in after it", async () => {
      await openAccount(); // the device keeps a copy of the settings
      const time = section().getByLabel('Morning notification at', { exact: true });
      // another device moves the time; this page's answer from the server is held until typed over
      await api.call('PATCH', '/api/v1/notifications', { notifyAt: '05:45' });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/notifications', async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      });
      try {
        await page.goto(`${stack.baseUrl}/account`);
        // the field shows the device's copy while the server's answer is held
        await expectVisible(time);
        await time.fill('06:15');
        const answered = page.waitForResponse(
          (response) =>
            response.url() === `${stack.baseUrl}/api/v1/notifications` &&
            response.request().method() === 'GET',
        );
        release();
        await answered;
        await settled(page);
        expect(await time.inputValue(), 'what was typed').toBe('06:15');
        await section().getByRole('button', { name: 'Save Time', exact: true }).click();
        await expectToast(page, 'Morning notification time saved');
        await eventually(async () => (await settings()).notifyAt, '06:15', 'the typed time is saved');
      } finally {
        release();
        await page.unroute('**/api/v1/notifications');
      }
    });

    it("shows what the server pushes, with 'Done' only for a reminder, and a tap opens the reminders", async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await workerReady();
      const reminderId = await dueReminder('Penicillin');
      await push({
        title: 'Paddock: 1 reminder due today',
        body: 'Penicillin – Daisy',
        url: '/reminders',
        tag: `morning-${today}`,
        farmId,
        reminderId: null,
      });
      await push({
        title: 'Penicillin – Daisy, due now',
        body: 'Due at 18:00',
        url: '/reminders',
        tag: `reminder-${reminderId}`,
        farmId,
        reminderId,
      });
      await eventually(async () => (await shown()).length, 2, 'both notifications are shown');
      const [morning, timed] = ['morning', 'reminder'].map((kind) =>
        shown().then((all) => all.find((item) => item.tag.startsWith(kind))!),
      );
      expect(await morning).toEqual({
        title: 'Paddock: 1 reminder due today',
        body: 'Penicillin – Daisy',
        tag: `morning-${today}`,
        icon: `${stack.baseUrl}/icon-192.png`,
        actions: [],
        data: { url: '/reminders', reminderId: null, farmId },
      });
      expect(await timed).toMatchObject({
        title: 'Penicillin – Daisy, due now',
        body: 'Due at 18:00',
        actions: [{ action: 'done', title: 'Done' }],
        data: { url: '/reminders', reminderId, farmId },
      });

      // a tap on the morning's: the open window shows the reminders (by the app's router)
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await tap(`morning-${today}`);
      await expectPath(page, '/reminders');
      expect(await page.evaluate(() => 'sameDocument' in window), 'no page load').toBe(true);
      await eventually(async () => (await shown()).length, 1, 'the tapped one is closed');

      // 'Done' on the timed one
      await tap(`reminder-${reminderId}`, 'done');
      await eventually(() => completed(reminderId), true, 'the reminder is completed from the notification');
      await eventually(async () => (await shown()).length, 0, 'and its notification closed');
    });

    it("keeps 'Done' in the outbox with no signal, and sends it when the signal is back", async () => {
      // due before the page opens: a page that has read its list does not see the server's new one
      const reminderId = await dueReminder('Worm');
      await page.goto(`${stack.baseUrl}/reminders`);
      await workerReady();
      await expectVisible(main().getByText('Worm', { exact: false }).first());
      await push({
        title: 'Worm – Daisy, due now',
        body: 'Due at 18:00',
        url: '/reminders',
        tag: `reminder-${reminderId}`,
        farmId,
        reminderId,
      });
      await eventually(async () => (await shown()).length, 1, 'the notification is shown');
      await context.setOffline(true);
      await tap(`reminder-${reminderId}`, 'done');
      const banner = page.getByRole('region', { name: 'Sync', exact: true });
      await expectVisible(banner.getByText('1 change waiting to sync', { exact: true }));
      expect(await completed(reminderId), 'nothing reached the server').toBe(false);
      const kept = await page.evaluate(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const open = indexedDB.open('paddock-outbox');
            open.onsuccess = () => {
              const all = open.result.transaction('changes').objectStore('changes').getAll();
              all.onsuccess = () => resolve(all.result as unknown[]);
              all.onerror = () => reject(new Error(String(all.error)));
            };
            open.onerror = () => reject(new Error(String(open.error)));
          }),
      );
      expect(kept).toMatchObject([
        {
          kind: 'reminder-done',
          id: `done:${reminderId}`,
          input: { reminderId },
          summary: 'Done: Worm – Daisy',
          animalIds: [],
          groupIds: [],
        },
      ]);

      await context.setOffline(false);
      await eventually(() => completed(reminderId), true, 'sent once the signal is back', 30_000);
      await eventually(() => banner.count(), 0, 'nothing waits any more');
    });
  });
});
