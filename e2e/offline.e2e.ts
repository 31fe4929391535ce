// In the barn with no signal (issue 13): the installed app opens offline and shows the herd from the
// device; care, a new animal and 'Done' recorded offline wait on the device ('Waiting to sync')
// across reloads and go to the server exactly once when the signal is back — also when the answer
// was lost after the server stored it, with two tabs open, and after the session ended meanwhile.
// A change the server refuses is shown, not dropped. Chromium's offline mode cuts the network;
// the server's state is read through page.request, which the offline mode does not touch.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { watchDeviceCopy } from './support/device-copy';
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
import { newEmail, signIn, signUpAndConfirm } from './support/journeys';
import { backends, embeddedBackend, repoRoot, startStack, type Stack } from './support/stack';

type Entry = { id: string; type: string; batchId: string; animalId: string; weightValue: number | null };
type Batch = { batchId: string; type: string; animals: unknown[] };

describe.skipIf(!browserAvailable)('offline: recorded in the barn, synced once', () => {
  const browser = sharedBrowser();

  describe.each(embeddedBackend)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let email = '';
    let milkers = '';
    let deviceCopyWritten: () => Promise<void>;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      deviceCopyWritten = await watchDeviceCopy(page);
      email = newEmail(`offline-${backend}`);
      await signUpAndConfirm(page, stack, email);
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      const today = todayIn(profile.timeZone);
      ({ id: milkers } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Milkers',
        color: 'rgba(34,197,94,1)',
      }));
      for (const name of ['Clover', 'Hazel', 'Juniper']) {
        ({ id: ids[name] = '' } = await api.post<{ id: string }>('/api/v1/animals', {
          name,
          weight: 60,
          groupIds: [milkers],
        }));
      }
      const { id: rams } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Rams',
        color: 'rgba(59,130,246,1)',
      });
      ({ id: ids.Pepper = '' } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Pepper',
        groupIds: [rams],
      }));
      await api.post('/api/v1/reminders', {
        title: 'Trim hooves',
        type: 'general',
        dueDate: today,
        groupId: milkers,
      });
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const banner = () => page.getByRole('region', { name: 'Sync', exact: true });
    const groupEntries = async () =>
      (await api.get<{ items: Batch[] }>(`/api/v1/groups/${milkers}/care-log`)).items;
    const animalEntries = async (name: string) =>
      (await api.get<{ items: Entry[] }>(`/api/v1/animals/${ids[name]}/care-entries`)).items;
    const offline = (value: boolean) => context.setOffline(value);

    /**
     * Opens a page while online, inside the app as a user taps through it (no page load), so that
     * the device has it.
     */
    async function visit(path: string, ready: string) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expectPath(page, path);
      await expectVisible(main().getByText(ready, { exact: true }).first());
    }

    it('installs: a manifest, and a service worker that is never cached', async () => {
      const manifest = await page.request.get(`${stack.baseUrl}/manifest.webmanifest`);
      expect(manifest.status()).toBe(200);
      const body = (await manifest.json()) as { name: string; start_url: string; icons: unknown[] };
      expect(body.name).toBe('Paddock');
      expect(body.start_url).toBe('/home');
      expect(body.icons.length).toBeGreaterThanOrEqual(2);
      const worker = await page.request.get(`${stack.baseUrl}/sw.js`);
      expect(worker.status()).toBe(200);
      expect(worker.headers()['cache-control']).toBe('no-cache');
      expect(worker.headers()['content-type']).toContain('javascript');
    });

    it('opens with no signal and shows the herd the user looked at', async () => {
      await goto('/home');
      await expectVisible(main().getByText('Milkers (3)', { exact: true }));
      // the worker has the app's shell once it is active
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await visit(`/group/${milkers}`, 'Milkers');
      await visit(`/animal/${ids.Clover}`, 'Clover');
      await visit(`/animal/${ids.Pepper}`, 'Pepper');
      await visit('/reminders', 'Trim hooves');
      await visit('/my-animals', 'Juniper');
      await deviceCopyWritten();

      await offline(true);
      await page.reload();
      await expectVisible(main().getByText('Juniper', { exact: true }).first());
      await expectVisible(page.getByRole('banner').getByRole('status').getByText('Offline', { exact: true }));
      await goto('/home');
      await expectVisible(main().getByRole('heading', { name: 'Milkers (3)', exact: true }));
      await goto(`/animal/${ids.Clover}`);
      await expectVisible(main().getByText('Clover', { exact: true }).first());
    });

    it('records a group medication and a weight offline; both wait across a reload', async () => {
      await goto(`/group/${milkers}/medical-entry`);
      await main().getByLabel('Medication', { exact: true }).fill('Ivermectin');
      await main().getByLabel('Dosage', { exact: true }).fill('2');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'mL' });
      const animals = main().getByRole('group', { name: 'Animals' });
      await expectVisible(animals.getByText('3 of 3 included', { exact: true }));
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/group/${milkers}`);
      await expectToast(page, 'Entry added', 'Saved on this device');
      const log = main().getByRole('list', { name: 'Waiting to sync' });
      await expectVisible(log.getByText('Ivermectin 2 mL · Milkers (3 animals)', { exact: true }));
      await expectVisible(banner().getByText('1 change waiting to sync', { exact: true }));

      await goto(`/animal/${ids.Clover}/weight-entry`);
      await main().getByLabel('Weight (lbs)', { exact: true }).fill('64.5');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${ids.Clover}`);
      await expectVisible(banner().getByText('2 changes waiting to sync', { exact: true }));
      await expectVisible(log.getByText('Weight 64.5 lbs · Clover', { exact: true }));
      await expectVisible(log.getByText('Ivermectin 2 mL · Milkers (3 animals)', { exact: true }));
      expect(await groupEntries(), 'nothing has reached the server').toEqual([]);

      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'an animal page offline with changes waiting');
      await expectNoHorizontalScroll(page, 'an animal page offline with changes waiting');
      await page.setViewportSize(phone);

      // kept on the device: a reload (the tab closed and opened again) still has both
      await page.reload();
      await expectVisible(banner().getByText('2 changes waiting to sync', { exact: true }));
      await expectVisible(log.getByText('Weight 64.5 lbs · Clover', { exact: true }));
      await expectVisible(banner().getByText('They will be sent when you are back online.', { exact: true }));
    });

    it("marks a reminder Done offline: 'Waiting to sync' where its button was", async () => {
      await goto('/reminders');
      await main().getByRole('button', { name: 'Mark Trim hooves done', exact: true }).click();
      await expectToast(page, 'Reminder completed', 'Saved on this device');
      await expectVisible(main().getByText('Waiting to sync', { exact: true }).first());
      await expectVisible(banner().getByText('3 changes waiting to sync', { exact: true }));
    });

    it('asks before signing out with changes waiting', async () => {
      await goto('/account');
      await main().getByRole('button', { name: 'Sign Out', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Changes waiting to sync' });
      await expectVisible(
        dialog.getByText(/3 changes recorded on this device have not reached your farm yet/),
      );
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectPath(page, '/account');
    });

    it('syncs once when the signal is back, with two tabs open', async () => {
      const second = await context.newPage();
      await second.goto(`${stack.baseUrl}/home`);
      await expectVisible(second.getByText('3 changes waiting to sync', { exact: true }));

      await offline(false);
      await eventually(() => banner().count(), 0, 'the banner goes once everything is sent', 30_000);
      await eventually(
        () => second.getByRole('region', { name: 'Sync', exact: true }).count(),
        0,
        'the other tab sees it too',
        30_000,
      );
      await second.close();

      const batches = (await groupEntries()).filter((batch) => batch.type === 'medical');
      expect(batches.length, 'one medication batch').toBe(1);
      expect(batches[0]?.animals.length, 'given to each of the 3 animals').toBe(3);
      for (const name of ['Clover', 'Hazel', 'Juniper']) {
        const given = (await animalEntries(name)).filter((entry) => entry.type === 'medical');
        expect(given.length, `${name}: one medication`).toBe(1);
      }
      const weights = (await animalEntries('Clover')).filter((entry) => entry.type === 'weight');
      expect(weights.map((entry) => entry.weightValue)).toEqual([64.5]);
      const reminders = await api.get<{ items: ApiReminder[] }>('/api/v1/reminders');
      expect(reminders.items.map((reminder) => reminder.title)).not.toContain('Trim hooves');
    });

    it('stores a change once when the answer is lost after the server stored it', async () => {
      let cut = 0;
      await page.route('**/api/v1/care-entries', async (route) => {
        if (route.request().method() !== 'POST' || cut > 0) return route.continue();
        cut += 1;
        await route.fetch(); // the server stores it…
        await route.abort('connectionreset'); // …and the answer never arrives
      });
      await goto(`/animal/${ids.Hazel}/note-entry`);
      await main().getByLabel('Title', { exact: true }).fill('Limping');
      await main().getByLabel('Note', { exact: true }).fill('Favouring the left foreleg.');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${ids.Hazel}`);
      await eventually(() => banner().count(), 0, 'the outbox sends it again and is done', 30_000);
      await page.unroute('**/api/v1/care-entries');
      expect(cut, 'the first answer was cut').toBe(1);
      const notes = (await animalEntries('Hazel')).filter((entry) => entry.type === 'note');
      expect(notes.length, 'one note, not two').toBe(1);
    });

    it('shows a change the server refused, with what to do', async () => {
      await goto(`/animal/${ids.Pepper}`);
      await expectVisible(main().getByText('Pepper', { exact: true }).first());
      await deviceCopyWritten();
      await offline(true);
      await goto(`/animal/${ids.Pepper}/note-entry`);
      await main().getByLabel('Title', { exact: true }).fill('Lame');
      await main().getByLabel('Note', { exact: true }).fill('Off his feed.');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectVisible(banner().getByText('1 change waiting to sync', { exact: true }));
      // meanwhile, on another device, Pepper is deleted
      await api.call('DELETE', `/api/v1/animals/${ids.Pepper}`);
      await offline(false);
      const refused = page.getByRole('alert').filter({ hasText: 'A change could not be saved' });
      await expectVisible(refused.getByText('Note: Lame · Pepper', { exact: true }));
      await expectVisible(refused.getByText('Record it again if it still applies', { exact: false }));
      await expectNoSeriousA11yViolations(page, 'a refused change');
      await refused.getByRole('button', { name: 'Dismiss Note: Lame · Pepper', exact: true }).click();
      await refused.waitFor({ state: 'detached' });
    });

    it('keeps the changes when the session ended while offline, and sends them after signing in', async () => {
      await goto(`/animal/${ids.Juniper}`);
      await expectVisible(main().getByText('Juniper', { exact: true }).first());
      await deviceCopyWritten();
      await offline(true);
      await goto(`/animal/${ids.Juniper}/weight-entry`);
      await main().getByLabel('Weight (lbs)', { exact: true }).fill('58');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectVisible(banner().getByText('1 change waiting to sync', { exact: true }));
      // the session ends on the server (signed out everywhere from another device)
      await api.post('/api/auth/revoke-sessions', {});
      await offline(false);
      await expectPath(page, '/auth', 30_000);
      expect((await page.request.get(`${stack.baseUrl}/api/v1/profile`)).status()).toBe(401);

      await signIn(page, stack, email);
      api = farmApi(page, stack.baseUrl);
      await eventually(
        async () => (await animalEntries('Juniper')).filter((entry) => entry.type === 'weight').length,
        1,
        'the weight went out once after signing in',
        30_000,
      );
      await eventually(() => banner().count(), 0, 'nothing waits any more');
    });

    it('adds an animal offline (without a photo), synced once', async () => {
      await goto('/home');
      await visit(`/group/${milkers}/add-animal`, 'New animal in Milkers');
      await deviceCopyWritten();
      await offline(true);
      await page.reload();
      await main().getByLabel('Name', { exact: true }).fill('Willow');
      await main().getByRole('button', { name: 'Save Animal', exact: true }).click();
      await expectPath(page, `/group/${milkers}/animals`);
      await expectVisible(
        main()
          .getByRole('list', { name: 'Waiting to sync' })
          .getByText('New animal: Willow', { exact: true }),
      );
      await offline(false);
      await eventually(() => banner().count(), 0, 'the animal is sent', 30_000);
      const herd = await api.get<{ name: string }[]>('/api/v1/animals');
      expect(herd.filter((animal) => animal.name === 'Willow').length).toBe(1);
    });

    it("offers a new version without swapping the page in use: 'A new version is available — Reload'", async () => {
      await goto('/home');
      await expectVisible(main().getByText('Milkers (4)', { exact: true }));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // a new version is deployed: the worker's script changes (put back after this test)
      const worker = join(repoRoot, 'dist/web/sw.js');
      const deployed = readFileSync(worker, 'utf8');
      writeFileSync(worker, `${deployed}\n// the next version (${backend})\n`);
      try {
        await page.evaluate(() =>
          navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
        );
        const offer = page.getByRole('region', { name: 'New version', exact: true });
        await expectVisible(offer.getByText('A new version is available', { exact: true }), 20_000);
        // the page in use is untouched until the user chooses
        await expectVisible(main().getByText('Milkers (4)', { exact: true }));
        await page.evaluate(() => Object.assign(window, { beforeReload: true }));
        await offer.getByRole('button', { name: 'Reload', exact: true }).click();
        await eventually(
          () => page.evaluate(() => 'beforeReload' in window).catch(() => true),
          false,
          'the page reloads onto the new version',
          20_000,
        );
        const waiting = await page.evaluate(() =>
          navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null),
        );
        expect(waiting, 'the new worker is active, none waits').toBeNull();
        await expectVisible(main().getByText('Milkers (4)', { exact: true }));
        expect(await offer.count(), 'nothing waits after the reload').toBe(0);
      } finally {
        writeFileSync(worker, deployed);
      }
    });
  });

  // Issue 24, item 5: My Animals with no signal showed the whole herd greyed, and a tap opened
  // another animal; and a note waited for the next back-off tick after the signal came back.
  describe.each(backends)('a herd of 30 on the device, on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let deviceCopyWritten: () => Promise<void>;
    let api: FarmApi;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      deviceCopyWritten = await watchDeviceCopy(page);
      await signUpAndConfirm(page, stack, newEmail(`offline-herd-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const species = await api.get<{ id: string; name: string }[]>('/api/v1/species');
      const speciesId = (name: string) => species.find((item) => item.name === name)?.id;
      const { id: does } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Does',
        color: 'rgba(34,197,94,1)',
      });
      const { id: flock } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Flock',
        color: 'rgba(59,130,246,1)',
      });
      const herd = [
        ...Array.from({ length: 20 }, (_, index) => ({
          name: `Doe ${index + 1}`,
          speciesId: speciesId('Goat'),
          sex: 'female',
          groupIds: [does],
        })),
        ...Array.from({ length: 8 }, (_, index) => ({
          name: `Ewe ${index + 1}`,
          speciesId: speciesId('Sheep'),
          sex: 'female',
          groupIds: [flock],
        })),
        { name: 'Clover', tagId: 'BAND-17', speciesId: speciesId('Goat'), sex: 'female', groupIds: [does] },
        { name: 'Hazel', breed: 'Nubian', speciesId: speciesId('Goat'), sex: 'male', groupIds: [does] },
      ];
      for (const animal of herd)
        ({ id: ids[animal.name] = '' } = await api.post<{ id: string }>('/api/v1/animals', animal));
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
      await context.setOffline(false); // each test starts with the signal
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const cards = () => main().getByRole('article');
    const cardNames = () =>
      cards().evaluateAll((all) => all.map((card) => card.querySelector('h3')?.textContent));
    const offline = (value: boolean) => context.setOffline(value);
    const notes = async (name: string) =>
      (await api.get<{ items: Entry[] }>(`/api/v1/animals/${ids[name]}/care-entries`)).items.filter(
        (entry) => entry.type === 'note',
      ).length;

    it("searches, filters and sorts the herd on the device, says 'Offline — herd as of {time}', and each card opens its own animal", async () => {
      await page.goto(`${stack.baseUrl}/my-animals`);
      await expectVisible(main().getByRole('heading', { name: 'My Animals (30)', exact: true }));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await deviceCopyWritten();

      await offline(true);
      await page.reload();
      await expectVisible(main().getByRole('heading', { name: 'My Animals (30)', exact: true }));

      await main().getByLabel('Search', { exact: true }).fill('band-17');
      await eventually(async () => (await cardNames()).join(), 'Clover', 'a search by tag ID');
      await expectVisible(main().getByText(/^Offline — herd as of \d{1,2}:\d{2} [AP]M$/));
      await main().getByLabel('Search', { exact: true }).fill('nubian');
      await eventually(async () => (await cardNames()).join(), 'Hazel', 'a search by breed');
      await main().getByLabel('Search', { exact: true }).fill('');
      await main().getByLabel('Species', { exact: true }).selectOption({ label: 'Sheep' });
      await eventually(
        async () => (await cardNames()).join(),
        'Ewe 1,Ewe 2,Ewe 3,Ewe 4,Ewe 5,Ewe 6,Ewe 7,Ewe 8',
        'the species filter, in natural order',
      );
      await expectVisible(main().getByText('8 animals', { exact: true }));
      await main().getByLabel('Species', { exact: true }).selectOption({ label: 'All species' });
      await main().getByLabel('Sex', { exact: true }).selectOption({ label: 'Male' });
      await eventually(async () => (await cardNames()).join(), 'Hazel', 'the sex filter');
      await main().getByLabel('Sex', { exact: true }).selectOption({ label: 'Any sex' });
      await main().getByLabel('Search', { exact: true }).fill('ewe 3');
      await eventually(async () => (await cardNames()).join(), 'Ewe 3', 'one ewe');
      await expectVisible(main().getByText(/^Offline — herd as of /));
      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, 'My Animals searched offline');
      await page.setViewportSize(phone);

      // never opened on this device: it opens from the herd's copy, and it is Ewe 3
      await main()
        .getByRole('article', { name: 'Ewe 3', exact: true })
        .getByRole('link', { name: 'View Profile' })
        .click();
      await expectPath(page, `/animal/${ids['Ewe 3']}`);
      await expectVisible(main().getByRole('heading', { name: 'Ewe 3', exact: true }));
      await expectVisible(main().getByText('Sheep', { exact: true }).first());
      await expectVisible(
        main().getByText(/has not been opened on this device before: what My Animals holds/),
      );
      await expectNoSeriousA11yViolations(page, 'an animal opened offline from the herd');
      await offline(false);
      // back online, the whole record loads in its place
      await eventually(
        () =>
          main()
            .getByText(/what My Animals holds/)
            .count(),
        0,
        'the full record replaces the herd copy',
      );
    });

    async function queueNote(name: string, title: string) {
      await page.goto(`${stack.baseUrl}/animal/${ids[name]}`);
      await expectVisible(main().getByRole('heading', { name, exact: true }));
      await deviceCopyWritten();
      await offline(true);
      await page.goto(`${stack.baseUrl}/animal/${ids[name]}/note-entry`);
      await main().getByLabel('Title', { exact: true }).fill(title);
      await main().getByLabel('Note', { exact: true }).fill('Written in the barn.');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectVisible(
        page
          .getByRole('region', { name: 'Sync', exact: true })
          .getByText('1 change waiting to sync', { exact: true }),
      );
    }

    it('sends a note at once when the signal is back, not at the next back-off tick', async () => {
      await queueNote('Doe 1', 'Kidding soon');
      // a while in the barn: real time, for the outbox's own timers (a fake clock would also move
      // the Date that the device copy's wait reads)
      await page.waitForTimeout(10_000);
      // the first try as the signal comes back does not get through
      let cut = 0;
      await page.route('**/api/v1/care-entries', (route) =>
        route.request().method() === 'POST' && cut++ === 0
          ? route.abort('internetdisconnected')
          : route.continue(),
      );
      try {
        await offline(false);
        await eventually(() => notes('Doe 1'), 1, 'the note reached the farm within seconds', 8_000);
        expect(cut, 'the first try was cut').toBeGreaterThanOrEqual(1);
      } finally {
        await page.unroute('**/api/v1/care-entries');
      }
    });

    it('sends again at once when the signal comes back while a send still hangs', async () => {
      await queueNote('Doe 2', 'Off her feed');
      let hanging = 0;
      await page.route('**/api/v1/care-entries', (route) => {
        if (route.request().method() === 'POST' && hanging++ === 0) return; // never answered
        return route.continue();
      });
      try {
        await offline(false);
        await eventually(() => hanging, 1, 'the first send is made and hangs');
        await offline(true);
        await offline(false);
        await eventually(() => notes('Doe 2'), 1, 'the note reached the farm within seconds', 8_000);
      } finally {
        await page.unroute('**/api/v1/care-entries');
      }
    });
  });
});
