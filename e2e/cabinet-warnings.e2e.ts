// The cabinet's warnings on Home (issue 27 item 5, decision 0042), on a 390 px phone: with no
// warning Home has no 'Medicine Cabinet' card; the owner adds a spray with a low-stock level above
// the stock of its one lot, which expires in 10 days; Home shows both warnings below the reminders,
// with a link to the cabinet; 'Dismiss' takes the expiry away and it stays away after a reload,
// the low stock staying. A farm sitter sees the warning without 'Dismiss'. Checked with axe, and
// at 360 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, shortDate, todayIn, type FarmApi } from './support/care';
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
import { expectToastAndDismiss } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('the cabinet’s warnings on Home', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`warnings-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      // a group, so that Home is the herd's page and not only 'No Herds Created Yet'
      await api.post('/api/v1/groups', { name: 'Sheep' });
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const card = () => main().getByRole('region', { name: 'Medicine Cabinet' });
    const expiring = () => `Blu-Kote lot K9 expires ${shortDate(addDays(today, 10))}`;
    const low = 'Blu-Kote: low stock, 30 mL left';
    const rows = () => card().getByTestId('cabinet-warning');

    it('has no cabinet card on Home while nothing needs a look', async () => {
      await page.goto(`${stack.baseUrl}/home`);
      await expectVisible(main().getByRole('heading', { name: 'Upcoming Reminders' }));
      await expectVisible(main().getByRole('heading', { name: /My Herd/ }));
      expect(await card().count()).toBe(0);
    });

    it('shows an expiring lot and low stock on Home once the owner stocks the cabinet', async () => {
      await main().getByRole('link', { name: 'Medicine Cabinet', exact: true }).click();
      await expectPath(page, '/medicines');
      await main().getByRole('link', { name: 'Add Medicine', exact: true }).click();
      await main().getByLabel('Name', { exact: true }).fill('Blu-Kote');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByLabel('Low stock level (mL, optional)', { exact: true }).fill('50');
      await main().getByRole('button', { name: 'Add Medicine', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Medicine added', 'Blu-Kote');
      await main()
        .getByRole('article', { name: 'Blu-Kote' })
        .getByRole('link', { name: 'Add Stock: Blu-Kote' })
        .click();
      await main().getByLabel('Quantity (mL)', { exact: true }).fill('30');
      await main().getByLabel('Lot number', { exact: true }).fill('K9');
      await main().getByLabel('Expiry', { exact: true }).fill(addDays(today, 10));
      await main().getByRole('button', { name: 'Add Stock', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Stock added', 'Blu-Kote: 30 mL');

      await page.goto(`${stack.baseUrl}/home`);
      await expectVisible(card());
      await eventually(() => rows().count(), 2, 'the warnings on Home');
      await expectVisible(rows().filter({ hasText: expiring() }).getByText('Expires soon'));
      await expectVisible(rows().filter({ hasText: low }).getByText('Low stock'));
      // below the reminders
      const reminders = await main().getByRole('region', { name: 'Upcoming Reminders' }).boundingBox();
      const cabinet = await card().boundingBox();
      expect(cabinet!.y).toBeGreaterThan(reminders!.y);
      await expectNoSeriousA11yViolations(page, 'Home with cabinet warnings');
      for (const size of [narrowPhone, desktop]) {
        await page.setViewportSize(size);
        await expectVisible(card().getByRole('button', { name: `Dismiss: ${low}` }));
        await expectNoHorizontalScroll(page, `Home with cabinet warnings at ${size.width} px`);
      }
      await page.setViewportSize(phone);
    });

    it('opens Home in one piece on a new device: nothing shifts, each read is asked once', async () => {
      // a first visit (no device copy): the reminders, the warnings and the herd arrive at different
      // moments, and Home once grew as each came, pushing the herd down (Lighthouse CLS 0.42)
      const { context: fresh, page: visit } = await openPage(browser(), { viewport: phone });
      try {
        await fresh.addCookies(await context.cookies());
        await watchLayoutShifts(visit);
        const asked = new Map<string, number>();
        const order: string[] = [];
        visit.on('request', (request) => {
          const { pathname } = new URL(request.url());
          order.push(pathname);
          if (pathname.startsWith('/api/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
        });
        await visit.goto(`${stack.baseUrl}/home`);
        const home = visit.getByRole('main');
        await expectVisible(home.getByRole('region', { name: 'Medicine Cabinet' }).getByText(low));
        await expectVisible(home.getByRole('heading', { name: /My Herd/ }));
        await visit.waitForLoadState('networkidle');
        expect(await layoutShiftSum(visit), 'layout shift while Home loads').toBeLessThan(0.05);
        for (const read of [
          '/api/v1/groups',
          '/api/v1/reminders',
          '/api/v1/medicine-warnings',
          '/api/v1/profile',
        ])
          expect(asked.get(read), `${read} asked`).toBe(1);
        // asked as the app starts, beside the session, not once Home's own code is in (decision 0052)
        const pageCode = order.findIndex((path) => /\/assets\/my-herd-page-[\w-]+\.js$/.test(path));
        expect(pageCode, "Home's code asked").toBeGreaterThan(-1);
        for (const read of ['/api/v1/groups', '/api/v1/reminders', '/api/v1/medicine-warnings'])
          expect(order.indexOf(read), `${read} before Home's code`).toBeLessThan(pageCode);
      } finally {
        await fresh.close();
      }
    });

    it('dismisses the expiry, which stays away after a reload', async () => {
      await card()
        .getByRole('button', { name: `Dismiss: ${expiring()}` })
        .click();
      await eventually(() => rows().count(), 1, 'the warnings left');
      await page.reload();
      await expectVisible(rows().filter({ hasText: low }));
      // the page may first paint the cache it kept, then the server's answer
      await eventually(() => card().getByText(expiring()).count(), 0, 'the dismissed expiry');
      await card().getByRole('link', { name: 'Open cabinet' }).click();
      await expectPath(page, '/medicines');
    });

    it('shows a farm sitter the warning without Dismiss', async () => {
      const { context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`warnings-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      try {
        await sitter.goto(`${stack.baseUrl}/home`);
        const sitterCard = sitter.getByRole('main').getByRole('region', { name: 'Medicine Cabinet' });
        await expectVisible(sitterCard.getByText(low));
        expect(await sitterCard.getByRole('button').count()).toBe(0);
      } finally {
        await sitterContext.close();
      }
    });
  });
});
