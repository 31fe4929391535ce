// Demo farm (issue 12): 'View Demo' on the landing page opens at once a private demo farm full of a
// season — groups, animals, weights, reminders overdue and due today — with the banner 'You are
// exploring a demo farm'; 'Create an Account' leaves it for the sign-up form. axe-clean at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('demo farm: explored in one click', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const banner = () => page.getByRole('region', { name: 'Demo farm', exact: true });

    it('opens a full demo farm from the landing page, without signing up', async () => {
      await page.goto(stack.baseUrl);
      await page.getByRole('button', { name: 'View Demo', exact: true }).click();
      await expectPath(page, '/home');
      await expectVisible(banner().getByText('You are exploring a demo farm', { exact: true }));
      const main = page.getByRole('main');
      // each group's card ('Laying Hens (7)'); the home's three upcoming reminders name only some
      for (const group of ['Dairy Goats', 'Laying Hens', 'Fiber Flock'])
        await expectVisible(main.getByRole('heading', { name: new RegExp(`^${group} \\(\\d+\\)$`) }));
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the demo farm’s home');
      await expectNoHorizontalScroll(page, 'the demo farm’s home');
      await page.setViewportSize(desktop);
      await expectNoHorizontalScroll(page, 'the demo farm’s home on a desktop');
      await page.setViewportSize(phone);

      // reminders overdue and due today, on the home page and the reminders page
      await expectVisible(main.getByText('Trim hooves', { exact: true }).first());
      await expectVisible(main.getByText('Overdue', { exact: true }).first());
      await expectVisible(main.getByText('Today', { exact: true }).first());
      await page.goto(`${stack.baseUrl}/reminders`);
      await expectVisible(page.getByRole('main').getByText('2 reminders overdue.', { exact: false }));
      await page.goto(`${stack.baseUrl}/my-animals`);
      await expectVisible(page.getByRole('main').getByText('Clover', { exact: true }).first());
      await expectVisible(banner());
    });

    it('leaves for the sign-up form with Create an Account, ending the demo’s session', async () => {
      await banner().getByRole('button', { name: 'Create an Account', exact: true }).click();
      await expectPath(page, '/auth');
      await expectVisible(page.getByRole('button', { name: 'Create Account', exact: true }));
      const profile = await page.request.get(`${stack.baseUrl}/api/v1/profile`);
      expect(profile.status()).toBe(401);
    });
  });
});
