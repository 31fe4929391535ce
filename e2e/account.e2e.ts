// Journey 3: the signed-in app shell (bottom tab bar on phones, collapsible sidebar on desktop, page
// titles) and the Account page: view, edit, validation, persistence, sign out here and everywhere.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import {
  eventually,
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
} from './support/checks';
import { newEmail, password, signIn, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const tabs = [
  { id: 'my-herd', label: 'My Herd', path: '/home', title: 'Your Farm' },
  { id: 'my-animals', label: 'My Animals', path: '/my-animals', title: 'My Animals' },
  { id: 'reminders', label: 'Reminders', path: '/reminders', title: 'Reminders' },
  { id: 'account', label: 'Account', path: '/account', title: 'Account' },
];

const profileLabels = ['Your Name', 'Email', 'Phone', 'Location'];
const farmLabels = ['Farm Name', 'Time Zone', 'Weight Unit'];

const sevenDays = 604_800;

describe.skipIf(!browserAvailable)('app shell and account', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    const email = newEmail(`account-${backend}`);
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      contexts.push(context);
      await signUpAndConfirm(page, stack, email);
    });
    afterAll(async () => {
      for (const opened of contexts) await opened.close();
      await stack?.stop();
    });

    /** The value shown next to a label in the profile's view mode. */
    const shown = (on: Page, label: string) =>
      on.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

    const expectShown = async (label: string, value: string, on = page) => {
      await eventually(() => shown(on, label).textContent(), value, `the profile's ${label}`);
    };

    it('moves between the four places with the bottom tab bar at 390 px', async () => {
      await expectHeaderTitle(page, 'Your Farm');
      const tabBar = page.getByRole('navigation', { name: 'Main' });
      for (const tab of tabs) {
        const link = tabBar.getByRole('link', { name: tab.label, exact: true });
        expect(await link.getAttribute('id')).toBe(tab.id);
        await page.locator(`#${tab.id}`).click();
        await expectPath(page, tab.path);
        await expectHeaderTitle(page, tab.title);
        for (const other of tabs) {
          expect(
            await page.locator(`#${other.id}`).getAttribute('aria-current'),
            `aria-current of #${other.id} on ${tab.path}`,
          ).toBe(other.id === tab.id ? 'page' : null);
        }
      }
    });

    it.each(tabs.map((tab) => tab.path))('%s is accessible at 390 px and fits 360 px', async (path) => {
      await page.goto(`${stack.baseUrl}${path}`);
      await expectVisible(page.getByRole('main').getByRole('heading', { level: 2 }));
      await expectNoSeriousA11yViolations(page, path);
      await expectNoHorizontalScroll(page, path);
    });

    it("shows the profile, with 'Not set' for what is empty", async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await expectHeaderTitle(page, 'Account');
      await expectVisible(page.getByRole('heading', { name: 'Your Profile', exact: true }));
      await expectVisible(page.getByRole('heading', { name: 'Farm Settings', exact: true }));
      for (const label of ['Farm Name', 'Your Name', 'Phone', 'Location'])
        await expectShown(label, 'Not set');
      await expectShown('Email', email);
      await expectShown('Time Zone', 'America/Chicago'); // the browser()'s zone, sent at sign-up
      await expectShown('Weight Unit', 'lbs');
    });

    it('refuses an invalid email in the form and saves nothing', async () => {
      const patches: string[] = [];
      const onRequest = (request: { method(): string; url(): string }) => {
        if (request.method() !== 'GET' && request.url().includes('/api/v1/profile'))
          patches.push(request.url());
      };
      page.on('request', onRequest);

      await page.getByRole('button', { name: 'Edit Profile', exact: true }).click();
      for (const label of profileLabels) await expectVisible(page.getByLabel(label, { exact: true }));
      // the farm's fields are in Farm Settings, not in the person's form
      for (const label of farmLabels) expect(await page.getByLabel(label, { exact: true }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page, '/account (edit)');
      await expectNoHorizontalScroll(page, '/account (edit)');

      await page.getByLabel('Your Name', { exact: true }).fill('Willow Creek');
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectVisible(page.getByText('Enter a valid email address', { exact: true }));
      expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await expectVisible(page.getByRole('button', { name: 'Save Changes', exact: true }));
      page.off('request', onRequest);
      expect(patches, 'no profile change was sent').toEqual([]);

      await page.reload();
      await expectShown('Your Name', 'Not set');
      await expectShown('Email', email);
    });

    it('saves the profile and the farm settings, shows them and keeps them after a reload', async () => {
      await page.getByRole('button', { name: 'Edit Profile', exact: true }).click();
      await page.getByLabel('Your Name', { exact: true }).fill('Maggie Fields');
      await page.getByLabel('Phone', { exact: true }).fill('+1 (555) 010-0199');
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToast(page, 'Profile updated successfully!');
      await expectVisible(page.getByRole('button', { name: 'Edit Profile', exact: true }));

      await page.getByRole('button', { name: 'Edit Farm Settings', exact: true }).click();
      for (const label of farmLabels) await expectVisible(page.getByLabel(label, { exact: true }));
      await expectNoSeriousA11yViolations(page, '/account (farm settings)');
      await expectNoHorizontalScroll(page, '/account (farm settings)');
      await page.getByLabel('Farm Name', { exact: true }).fill('Willow Creek');
      await page.getByLabel('Weight Unit', { exact: true }).selectOption('kg');
      // 418 zones: the search narrows them, by city or by offset, and names them as people do
      await page.getByLabel('Search time zones', { exact: true }).fill('tokyo');
      const zones = page.getByLabel('Time Zone', { exact: true });
      const labels = await zones.locator('option').allTextContents();
      expect(labels).toEqual(['Chicago (America) · ' + labels[0]!.split(' · ')[1], 'Tokyo (Asia) · GMT+9']);
      await zones.selectOption('Asia/Tokyo');
      await page.getByLabel('Search time zones', { exact: true }).fill('gmt+5:30');
      expect(await zones.locator('option').count()).toBeGreaterThan(1);
      expect(await zones.inputValue(), 'the chosen zone stays chosen while searching').toBe('Asia/Tokyo');
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();

      await expectToast(page, 'Farm settings updated');
      await expectVisible(page.getByRole('button', { name: 'Edit Farm Settings', exact: true }));
      const saved = {
        'Farm Name': 'Willow Creek',
        'Your Name': 'Maggie Fields',
        Phone: '+1 (555) 010-0199',
        'Weight Unit': 'kg',
        'Time Zone': 'Asia/Tokyo',
        Email: email,
        Location: 'Not set',
      };
      for (const [label, value] of Object.entries(saved)) await expectShown(label, value);

      await page.reload();
      for (const [label, value] of Object.entries(saved)) await expectShown(label, value);
    });

    it("titles My Herd with the farm's name once it is set", async () => {
      await page.locator('#my-herd').click();
      await expectPath(page, '/home');
      await expectHeaderTitle(page, 'Willow Creek');
      await page.reload();
      await expectHeaderTitle(page, 'Willow Creek');
    });

    it('collapses the desktop sidebar with Ctrl+B and remembers it for 7 days', async () => {
      await page.setViewportSize(desktop);
      try {
        await page.goto(`${stack.baseUrl}/home`);
        const sidebar = page.getByRole('complementary');
        await eventually(() => sidebar.getAttribute('data-state'), 'expanded', 'sidebar state');
        // the shell shows the device's copy at once; its shortcut listens once the page has settled
        await page.waitForLoadState('networkidle');

        await page.keyboard.press('Control+b');
        await eventually(() => sidebar.getAttribute('data-state'), 'collapsed', 'sidebar state');
        const cookie = (await context.cookies(stack.baseUrl)).find((each) => each.name === 'sidebar_state');
        expect(cookie?.value).toBe('false');
        const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
        expect(lifetime).toBeGreaterThan(sevenDays - 120);
        expect(lifetime).toBeLessThanOrEqual(sevenDays + 5);

        await page.reload();
        await expectHeaderTitle(page, 'Willow Creek');
        expect(await sidebar.getAttribute('data-state')).toBe('collapsed');

        await page.keyboard.press('Control+b');
        await eventually(() => sidebar.getAttribute('data-state'), 'expanded', 'sidebar state');
      } finally {
        await page.setViewportSize(phone);
      }
    });

    it('signs out, after which the account page needs signing in again', async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
      await expectPath(page, '/auth');
      await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
      await page.goto(`${stack.baseUrl}/account`);
      await expectPath(page, '/auth?next=%2Faccount');
      // signing in from a deep link comes back to it, not to /home
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectPath(page, '/account');
      await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
      await expectPath(page, '/auth');
    });

    it('signs out of all devices, which ends the session on another device too', async () => {
      await signIn(page, stack, email);
      const other = await openPage(browser(), { viewport: phone });
      contexts.push(other.context);
      await signIn(other.page, stack, email);
      await other.page.goto(`${stack.baseUrl}/account`);
      await expectShown('Farm Name', 'Willow Creek', other.page);

      await page.goto(`${stack.baseUrl}/account`);
      await page.getByRole('button', { name: 'Sign out of all devices', exact: true }).click();
      await expectPath(page, '/auth');

      await other.page.goto(`${stack.baseUrl}/account`);
      await expectPath(other.page, '/auth');
      await page.goto(`${stack.baseUrl}/account`);
      await expectPath(page, '/auth');
    });
  });
});
