// Journey 1: a visitor on the public landing page, an unknown address, and the guard that sends
// signed-out visitors of the app's pages to /auth.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { backends, startStack, type Stack } from './support/stack';

const cardHeadings = [
  'Individual & Group Records',
  'Health & Medical Tracking',
  'Weight & Growth Monitoring',
  'Smart Reminders',
  'Mobile-Friendly Design',
  'Secure & Private',
];

const linksToAuth = ['Sign In', 'Create an Account', 'Start Tracking Now', 'Get Started'];
/** the calls to action open the sign-up form itself, not Sign In */
const linksToSignUp = new Set(['Create an Account', 'Start Tracking Now', 'Get Started']);

describe.skipIf(!browserAvailable)('landing page, 404 and the sign-in guard', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext | undefined;
    beforeAll(async () => {
      stack = await startStack(backend);
    });
    afterAll(async () => {
      await stack?.stop();
    });
    afterEach(async () => {
      await context?.close();
      context = undefined;
    });

    async function visitor(viewport = phone): Promise<Page> {
      const opened = await openPage(browser(), { viewport });
      context = opened.context;
      return opened.page;
    }

    it('shows the hero, the calls to action, the sections and the footer', async () => {
      const page = await visitor();
      const response = await page.goto(`${stack.baseUrl}/`);
      expect(response?.status()).toBe(200);

      const hero = page.getByRole('heading', { level: 1 });
      expect(await hero.textContent()).toContain('Every animal on your farm, on the record.');
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

      for (const name of linksToAuth) {
        const link = page.getByRole('link', { name, exact: true });
        expect(await link.count(), `one link "${name}"`).toBe(1);
        const href = new URL((await link.getAttribute('href')) ?? '', stack.baseUrl);
        expect(href.pathname, `"${name}" goes to /auth`).toBe('/auth');
        expect(href.searchParams.get('mode'), `"${name}" opens sign-up`).toBe(
          linksToSignUp.has(name) ? 'sign-up' : null,
        );
      }
      // 'View Demo' posts a form (no script on this page) that opens a demo farm (demo.e2e.ts)
      const demo = page.getByRole('button', { name: 'View Demo', exact: true });
      expect(await demo.count()).toBe(1);
      expect(
        await demo.evaluate((button) => (button as HTMLButtonElement).form?.getAttribute('action')),
      ).toBe('/api/demo');

      const audience = page.getByRole('region', { name: 'Built for Hobby Farmers Like You' });
      await expectVisible(
        audience.getByRole('heading', { level: 2, name: 'Built for Hobby Farmers Like You' }),
      );
      const features = page.getByRole('region', { name: 'Everything You Need to Manage Your Animals' });
      await expectVisible(
        features.getByRole('heading', { level: 2, name: 'Everything You Need to Manage Your Animals' }),
      );
      for (const name of cardHeadings) {
        await expectVisible(features.getByRole('heading', { level: 3, name, exact: true }));
      }
      expect(await page.getByRole('contentinfo').textContent()).toContain('© 2024 Paddock');

      // A person following "Get Started" reaches the sign-up form itself ('Sign In' the sign-in one).
      await page.getByRole('link', { name: 'Get Started', exact: true }).click();
      await expectPath(page, '/auth?mode=sign-up');
      await expectVisible(page.getByRole('heading', { name: 'Create an Account', exact: true }));
      await expectVisible(page.getByRole('button', { name: 'Create Account', exact: true }));
      await page.goBack();
      await page.getByRole('link', { name: 'Sign In', exact: true }).click();
      await expectPath(page, '/auth');
      await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
    });

    it('loads no JavaScript at all', async () => {
      const page = await visitor();
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      await page.goto(`${stack.baseUrl}/`, { waitUntil: 'networkidle' });
      const scripts = requests
        .filter(
          (request) => request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname),
        )
        .map((request) => request.url());
      expect(scripts, `requests: ${requests.map((request) => request.url()).join(', ')}`).toEqual([]);
      expect(await page.locator('script').count()).toBe(0);
      // ...but it does load its styles
      expect(requests.some((request) => request.resourceType() === 'stylesheet')).toBe(true);
    });

    it('is accessible at 390 and 1280 px and does not scroll sideways at 360 px', async () => {
      const page = await visitor(phone);
      await page.goto(`${stack.baseUrl}/`);
      await expectNoSeriousA11yViolations(page, '/ (landing)');
      await expectNoHorizontalScroll(page, '/ (landing)');
      await page.setViewportSize(desktop);
      await expectNoSeriousA11yViolations(page, '/ (landing)');
    });

    it('shows a 404 page for an unknown path, with a way home', async () => {
      const page = await visitor();
      await page.goto(`${stack.baseUrl}/no-such-page`);
      await expectVisible(page.getByRole('heading', { name: 'Oops! Page not found', exact: true }));
      await expectNoSeriousA11yViolations(page, '/no-such-page (404)');
      await expectNoHorizontalScroll(page, '/no-such-page (404)');

      // the app's page installed its service worker: '/' is still the server's script-free landing
      // page, not the app shell from the worker's cache
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.getByRole('link', { name: 'Return to Home', exact: true }).click();
      await expectPath(page, '/');
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Every animal on your farm, on the record.' }),
      );
      expect(await page.locator('script').count(), 'no script on the landing page').toBe(0);
    });

    it.each(['/home', '/account', '/my-animals', '/reminders'])(
      'sends a signed-out visitor of %s to /auth, replacing the history entry',
      async (path) => {
        const page = await visitor();
        await page.goto(`${stack.baseUrl}/`);
        await page.goto(`${stack.baseUrl}${path}`);
        await expectPath(page, '/auth');
        await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));

        // The guarded page was replaced by /auth: going back leaves the app for the landing page
        // instead of bouncing through the guard again.
        await page.goBack();
        await expectPath(page, '/');
        await expectVisible(
          page.getByRole('heading', { level: 1, name: 'Every animal on your farm, on the record.' }),
        );
      },
    );
  });
});
