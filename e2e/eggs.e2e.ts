// Eggs in the barn (issue 26) on a 390 px phone: a flock of five hens and a rooster. Collect Eggs
// from the group's page twice in a day, each with two taps (open, type the count, Save: the count
// has the focus); the Production page adds them up, gives the lay rate and the chart's table; one
// is edited and one deleted after the question. Hen 4 treated with a 7-day egg withdrawal: the form
// says 'Discard: Hen 4 is not safe for eggs until …' and offers every egg as discarded (lowered to
// a part here). With no signal a collection waits on the device ('Waiting to sync'), skips the
// check, and reaches the server once, discarded there. My Herd's 'Collect Eggs' chooses the hens'
// group. A farm sitter collects too, and may change only their own. Checked with axe, at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, shortDate, todayIn, usDate, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
  layoutShiftSum,
  printPagesIfFailed,
  watchLayoutShifts,
} from './support/checks';
import { watchDeviceCopy } from './support/device-copy';
import { expectDetail, expectToastAndDismiss, selectedOptionText } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type Collection = { id: string; eggs: number; discarded: number; recordedById: string | null };

describe.skipIf(!browserAvailable)('eggs: collected in two taps, counted, charted, discarded', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let layers = '';
    let deviceCopyWritten: () => Promise<void>;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      deviceCopyWritten = await watchDeviceCopy(page);
      await signUpAndConfirm(page, stack, newEmail(`eggs-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      const species = await api.get<{ id: string; name: string }[]>('/api/v1/species');
      const speciesId = (name: string) => species.find((each) => each.name === name)!.id;
      // a goat herd first: My Herd's Collect Eggs must still choose the hens' group
      const { id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Dairy Goats' });
      await api.post('/api/v1/animals', {
        name: 'Clover',
        sex: 'female',
        speciesId: speciesId('Goat'),
        groupIds: [goats],
      });
      ({ id: layers } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Layers' }));
      for (const name of ['Hen 1', 'Hen 2', 'Hen 3', 'Hen 4', 'Hen 5'])
        ids[name] = (
          await api.post<{ id: string }>('/api/v1/animals', {
            name,
            sex: 'female',
            speciesId: speciesId('Chicken'),
            groupIds: [layers],
          })
        ).id;
      await api.post('/api/v1/animals', {
        name: 'Rooster',
        sex: 'male',
        speciesId: speciesId('Chicken'),
        groupIds: [layers],
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
    const eggsCard = () => main().getByRole('region', { name: 'Eggs', exact: true });
    const collectionsCard = () => main().getByRole('region', { name: 'Collections', exact: true });
    const rows = () => collectionsCard().getByTestId('egg-collection');
    const banner = () => page.getByRole('region', { name: 'Sync', exact: true });
    const collections = async () =>
      (await api.get<{ items: Collection[] }>(`/api/v1/egg-collections?groupId=${layers}`)).items;
    /** The second line under a count ('21 saleable · 0 discarded'). */
    const countDetail = (term: string) =>
      eggsCard()
        .locator('dt', { hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[2]');
    /** Each row's count and its saleable and discarded parts, top to bottom: '9 eggs: 9 saleable · 0 discarded'. */
    const rowTexts = () =>
      rows().evaluateAll((items) =>
        items.map((item) => {
          const lines = item.querySelectorAll('p');
          return `${lines[1]?.textContent}: ${lines[2]?.textContent}`;
        }),
      );
    async function expectRows(expected: string[], what: string) {
      await eventually(async () => (await rowTexts()).join(' | '), expected.join(' | '), what);
    }

    /** Two taps: 'Collect Eggs' opens the form with the count in focus; the count typed; Save. */
    async function collectFromGroup(eggs: string) {
      await main().getByRole('link', { name: 'Collect Eggs', exact: true }).click();
      await expectPath(page, `/group/${layers}/collect-eggs`);
      const count = main().getByLabel('Eggs', { exact: true });
      await eventually(
        () => count.evaluate((input) => input === document.activeElement),
        true,
        'the count has the focus',
      );
      await page.keyboard.type(eggs);
      await main().getByRole('button', { name: 'Save', exact: true }).click();
    }

    it('collects eggs twice in a day from the group page, two taps each', async () => {
      await goto(`/group/${layers}`);
      await collectFromGroup('12');
      await expectPath(page, `/group/${layers}`);
      await expectToastAndDismiss(page, 'Eggs collected', '12 eggs: 12 saleable · 0 discarded.');

      // the second round, with the cracked ones noted under 'More'
      await main().getByRole('link', { name: 'Collect Eggs', exact: true }).click();
      await main().getByLabel('Eggs', { exact: true }).fill('9');
      await main().getByText('More: cracked, dirty, small', { exact: true }).click();
      await main().getByLabel('Cracked', { exact: true }).fill('1');
      await main().getByLabel('Note', { exact: true }).fill('One soft shell under the roost.');
      await main().getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/group/${layers}`);
      await expectToastAndDismiss(page, 'Eggs collected', '9 eggs: 9 saleable · 0 discarded.');
      expect((await collections()).map((collection) => collection.eggs)).toEqual([9, 12]);
    });

    it('adds them up on the Production page, with the lay rate and the chart as a table', async () => {
      await main().getByRole('link', { name: 'Production', exact: true }).click();
      await expectPath(page, `/group/${layers}/production`);
      await expectDetail(eggsCard(), 'Today', '21 eggs');
      await eventually(
        () => countDetail('Today').textContent(),
        '21 saleable · 0 discarded',
        "today's parts",
      );
      await expectDetail(eggsCard(), 'Hens', '5');
      // 21 eggs from 5 hens: over 7 days 21 / 35, over 30 days 21 / 150
      await expectDetail(eggsCard(), 'Lay rate, last 7 days', '0.60 eggs per hen per day');
      await expectDetail(eggsCard(), 'Lay rate, last 30 days', '0.14 eggs per hen per day');
      await expectVisible(
        eggsCard().getByRole('img', { name: /^Eggs by day over the last 30 days: 21 eggs/ }),
      );

      // the chart's table is made when asked for, not with the page (a quarter of its elements)
      expect(await eggsCard().locator('table').count(), 'a table in the closed disclosure').toBe(0);
      await eggsCard().getByText('Show as table', { exact: true }).click();
      const table = eggsCard().getByRole('table', { name: 'Eggs by day over the last 30 days' });
      await expectVisible(table.getByRole('row', { name: `${shortDate(today)} 21 0 21`, exact: true }));
      await expectVisible(
        table.getByRole('row', { name: `${shortDate(addDays(today, -1))} 0 0 0`, exact: true }),
      );
      await eggsCard().getByRole('button', { name: 'By month', exact: true }).click();
      const months = eggsCard().getByRole('table', { name: 'Eggs by month over the last 12 months' });
      expect(await months.getByRole('row').count(), 'a heading row and 12 months').toBe(13);

      // newest first: the second round above the first, its parts and note with it
      await expectRows(
        ['9 eggs: 9 saleable · 0 discarded', '12 eggs: 12 saleable · 0 discarded'],
        'the list',
      );
      await expectVisible(rows().first().getByText('Cracked 1', { exact: true }));
      await expectVisible(rows().first().getByText('One soft shell under the roost.', { exact: true }));

      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the Production page with its table');
      await expectNoHorizontalScroll(page, 'the Production page with its table');
      await page.setViewportSize(phone);
    });

    it("opens the farm's Production in one piece on a new device: nothing shifts as its reads come", async () => {
      // the eggs' figures answered last (held half a second), on a screen tall enough to show the
      // whole page: it once drew each section as its read came, and the eggs' card, growing from
      // 'Loading' to its chart, pushed the collections and the milk down (Lighthouse CLS 0.29–0.46)
      const { context: fresh, page: visit } = await openPage(browser(), {
        viewport: { width: phone.width, height: 3000 },
      });
      try {
        await fresh.addCookies(await context.cookies());
        await watchLayoutShifts(visit);
        await visit.route(/\/api\/v1\/production\/eggs/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          await route.continue();
        });
        const asked = new Map<string, number>();
        visit.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname.startsWith('/api/v1/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
        });
        await visit.goto(`${stack.baseUrl}/production`);
        const production = visit.getByRole('main');
        await expectVisible(
          production.getByRole('region', { name: 'Collections', exact: true }).getByTestId('egg-collection'),
        );
        await expectVisible(production.getByRole('heading', { name: 'Milk', exact: true }));
        await visit.waitForLoadState('networkidle');
        expect(await layoutShiftSum(visit), 'layout shift while Production loads').toBeLessThan(0.05);
        // the page waits for its sections' reads, and the sections mounting then do not ask again
        for (const read of [
          '/api/v1/production/eggs',
          '/api/v1/egg-collections',
          '/api/v1/production/milk',
          '/api/v1/milk-records',
        ])
          expect(asked.get(read), `${read} asked`).toBe(1);
      } finally {
        await fresh.close();
      }
    });

    it('edits one collection in a dialog and deletes another after the question', async () => {
      await collectionsCard()
        .getByRole('button', { name: `Edit 12 eggs, ${usDate(today)}`, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Edit Collection' });
      await expectVisible(dialog);
      await expectNoSeriousA11yViolations(page, 'the Edit Collection dialog');
      await dialog.getByLabel('Eggs', { exact: true }).fill('14');
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToastAndDismiss(page, 'Collection updated', '14 eggs: 14 saleable · 0 discarded.');
      await dialog.waitFor({ state: 'hidden' });
      await expectDetail(eggsCard(), 'Today', '23 eggs');

      await collectionsCard()
        .getByRole('button', { name: `Delete 9 eggs, ${usDate(today)}`, exact: true })
        .click();
      const question = page.getByRole('dialog', { name: 'Delete Collection' });
      await expectVisible(question.getByText(/Are you sure you want to delete this collection/));
      await question.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToastAndDismiss(page, 'Collection deleted');
      await expectRows(['14 eggs: 14 saleable · 0 discarded'], 'one collection left');
      await expectDetail(eggsCard(), 'Today', '14 eggs');
      expect((await collections()).map((collection) => collection.eggs)).toEqual([14]);
    });

    it("says 'Discard' for a hen under an egg withdrawal, and the collection is kept discarded", async () => {
      await goto(`/animal/${ids['Hen 4']}/medical-entry`);
      await main().getByLabel('Medication', { exact: true }).fill('Enrofloxacin');
      await main().getByLabel('Dosage', { exact: true }).fill('0.5');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'mL' });
      await main().getByLabel('Egg withdrawal (days)', { exact: true }).fill('7');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${ids['Hen 4']}`);
      await expectToastAndDismiss(page, 'Entry added');

      await goto(`/group/${layers}`);
      await collectFromGroupWithoutSaving('10');
      const warning = main().getByRole('alert');
      await expectVisible(
        warning.getByText(`Discard: Hen 4 is not safe for eggs until ${shortDate(addDays(today, 7))}`, {
          exact: true,
        }),
      );
      const discarded = main().getByLabel('Discarded', { exact: true });
      await eventually(() => discarded.inputValue(), '10', 'every egg discarded to begin with');
      await page.keyboard.press('Backspace'); // the count follows while Discarded is untouched
      await page.keyboard.type('1');
      await eventually(() => discarded.inputValue(), '11', 'Discarded follows the count');
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'Collect Eggs with a withdrawal warning');
      await expectNoHorizontalScroll(page, 'Collect Eggs with a withdrawal warning');
      await page.setViewportSize(phone);
      // Hen 4's eggs were kept apart: only 6 go
      await discarded.fill('6');
      await main().getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/group/${layers}`);
      await expectToastAndDismiss(
        page,
        'Eggs collected',
        '11 eggs: 5 saleable · 6 discarded (under withdrawal: Hen 4).',
      );

      await goto(`/group/${layers}/production`);
      await expectRows(
        ['11 eggs: 5 saleable · 6 discarded', '14 eggs: 14 saleable · 0 discarded'],
        'the discarded part in the list',
      );
      await eventually(
        () => countDetail('Today').textContent(),
        '19 saleable · 6 discarded',
        "today's parts",
      );
    });

    /** Opens Collect Eggs from the group page and types the count, leaving the form open. */
    async function collectFromGroupWithoutSaving(eggs: string) {
      await main().getByRole('link', { name: 'Collect Eggs', exact: true }).click();
      await expectPath(page, `/group/${layers}/collect-eggs`);
      await main().getByLabel('Eggs', { exact: true }).fill(eggs);
    }

    it('collects with no signal: waiting on the device, then stored once and discarded by the server', async () => {
      await goto(`/group/${layers}/production`);
      await expectRows(
        ['11 eggs: 5 saleable · 6 discarded', '14 eggs: 14 saleable · 0 discarded'],
        'the list before',
      );
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // once the worker is in charge of the page, the form's code comes from it with no signal
      await page.reload();
      await expectVisible(rows().first());
      await deviceCopyWritten();

      await context.setOffline(true);
      await main().getByRole('link', { name: 'Collect Eggs', exact: true }).click();
      await expectPath(page, `/group/${layers}/collect-eggs`);
      await expectVisible(main().getByText(/^Offline: the egg withdrawal check is skipped\./));
      expect(await main().getByRole('alert').count(), 'no check without a signal').toBe(0);
      await page.keyboard.type('7');
      await main().getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/group/${layers}/production`);
      await expectToastAndDismiss(page, 'Eggs collected', 'Saved on this device');
      const waiting = collectionsCard().getByRole('list', { name: 'Waiting to sync' });
      await expectVisible(waiting.getByText('7 eggs · Layers', { exact: true }));
      await expectVisible(banner().getByText('1 change waiting to sync', { exact: true }));
      await page.reload();
      await expectVisible(waiting.getByText('7 eggs · Layers', { exact: true }));
      expect((await collections()).length, 'nothing has reached the server').toBe(2);

      await context.setOffline(false);
      await eventually(() => banner().count(), 0, 'the banner goes once it is sent', 30_000);
      const stored = (await collections()).filter((collection) => collection.eggs === 7);
      expect(stored.length, 'stored once').toBe(1);
      expect(stored[0]?.discarded, 'Hen 4 is under withdrawal: the server discards every egg').toBe(7);
      await expectRows(
        [
          '7 eggs: 0 saleable · 7 discarded',
          '11 eggs: 5 saleable · 6 discarded',
          '14 eggs: 14 saleable · 0 discarded',
        ],
        'the synced collection in the list',
      );
    });

    it("chooses the hens' group when Collect Eggs opens from My Herd", async () => {
      await goto('/home');
      await main().getByRole('link', { name: 'Collect Eggs', exact: true }).click();
      await expectPath(page, '/collect-eggs');
      const group = main().getByLabel('Group', { exact: true });
      await eventually(() => selectedOptionText(group), 'Layers', 'the group with hens, chosen');
      await expectNoSeriousA11yViolations(page, 'Collect Eggs from My Herd');
      await main().getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, '/home');
      await main().getByRole('link', { name: 'Production', exact: true }).click();
      await expectPath(page, '/production');
      // the farm's page names each collection's group
      await expectVisible(
        rows()
          .first()
          .getByText(/Layers/),
      );
      await expectDetail(eggsCard(), 'Hens', '5');
    });

    it('lets a farm sitter collect, and change only their own collections', async () => {
      const { context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`eggs-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      try {
        const sitterMain = sitter.getByRole('main');
        await sitter.goto(`${stack.baseUrl}/group/${layers}`);
        await sitterMain.getByRole('link', { name: 'Collect Eggs', exact: true }).click();
        await sitterMain.getByLabel('Eggs', { exact: true }).fill('4');
        await sitterMain.getByRole('button', { name: 'Save', exact: true }).click();
        await expectPath(sitter, `/group/${layers}`);
        await expectToastAndDismiss(sitter, 'Eggs collected');

        await sitter.goto(`${stack.baseUrl}/group/${layers}/production`);
        const list = sitterMain.getByRole('region', { name: 'Collections', exact: true });
        const own = list.getByTestId('egg-collection').filter({ hasText: 'by Sam Sitter' });
        await expectVisible(own.getByRole('button', { name: /^Edit 4 eggs/ }));
        await expectVisible(own.getByRole('button', { name: /^Delete 4 eggs/ }));
        expect(await list.getByTestId('egg-collection').count(), "the owner's three and the sitter's").toBe(
          4,
        );
        expect(
          await list.getByRole('button', { name: /^(Edit|Delete) / }).count(),
          'Edit and Delete on their own collection only',
        ).toBe(2);
        await expectNoSeriousA11yViolations(sitter, "a farm sitter's Production page");
      } finally {
        await sitterContext.close();
      }
    });

    it('shows ten collections at first and more on asking, so a season of them does not bury the page', async () => {
      for (let ago = 10; ago < 22; ago++)
        await api.post('/api/v1/egg-collections', {
          groupId: layers,
          collectedOn: addDays(today, -ago),
          eggs: 3,
        });
      const total = (await collections()).length;
      expect(total).toBeGreaterThan(12);
      await goto(`/group/${layers}/production`);
      await eventually(() => rows().count(), 10, 'the ten newest at first');
      expect(
        await main().getByRole('region', { name: 'Milk', exact: true }).count(),
        'no milk for a flock',
      ).toBe(0);
      await collectionsCard().getByRole('button', { name: 'Show more' }).click();
      await eventually(() => rows().count(), Math.min(total, 20), 'ten more on asking');
    });
  });
});
