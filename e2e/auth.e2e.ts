// Journey 2: create an account, be refused before confirming, get the email (twice), confirm with
// the link, and sign in and out of the sign-in screen as a returning user.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, sharedBrowser } from './support/browser';
import {
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
} from './support/checks';
import { confirmationLink, newEmail, password } from './support/journeys';
import { embeddedBackend, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('sign-up, email confirmation and sign-in', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(embeddedBackend)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    const email = newEmail(`auth-${backend}`);
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser()));
      contexts.push(context);
    });
    afterAll(async () => {
      for (const opened of contexts) await opened.close();
      await stack?.stop();
    });

    const emailField = () => page.getByLabel('Email', { exact: true });
    const passwordField = () => page.getByLabel('Password', { exact: true });

    it('shows the sign-in screen and toggles to create an account', async () => {
      await page.goto(`${stack.baseUrl}/auth`);
      await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
      await expectVisible(emailField());
      await expectVisible(passwordField());
      await expectNoSeriousA11yViolations(page, '/auth (sign in)');
      await expectNoHorizontalScroll(page, '/auth (sign in)');

      await page.getByRole('button', { name: 'Create an account', exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: 'Create an Account', exact: true }));
      await expectVisible(emailField());
      await expectVisible(passwordField());
      await expectVisible(page.getByRole('button', { name: 'Create Account', exact: true }));
    });

    it('explains a bad email address and a short password', async () => {
      await emailField().fill('not-an-email');
      await passwordField().fill('short');
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();

      await expectVisible(page.getByText('Enter a valid email address', { exact: true }));
      await expectVisible(page.getByText('Password must be at least 8 characters', { exact: true }));
      // the messages belong to their fields, for screen readers too
      expect(await emailField().getAttribute('aria-invalid')).toBe('true');
      expect(await passwordField().getAttribute('aria-invalid')).toBe('true');
      const emailError = await emailField().getAttribute('aria-describedby');
      expect(await page.locator(`[id="${emailError}"]`).textContent()).toBe('Enter a valid email address');

      await expectNoSeriousA11yViolations(page, '/auth (create an account, with errors)');
      await expectNoHorizontalScroll(page, '/auth (create an account, with errors)');
      expect(stack.emails).toHaveLength(0);
    });

    it('creates the account and asks to confirm it by email', async () => {
      await emailField().fill(email);
      await passwordField().fill(password);
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();

      await expectToast(page, 'Success', 'Please check your email to confirm your account.');
      await expectVisible(page.getByRole('button', { name: 'Resend confirmation email', exact: true }));
      await expectVisible(page.getByText(email, { exact: true }));
      const first = await stack.waitForEmail(email);
      confirmationLink(stack, first);
    });

    it('refuses to sign in before the email is confirmed', async () => {
      await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
      await emailField().fill(email);
      await passwordField().fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();

      await expectToast(page, 'Error', 'Please confirm your email address before signing in.');
      await expectPath(page, '/auth');
    });

    it('sends the confirmation email again, and its link signs the user in', async () => {
      await page.getByRole('button', { name: 'Resend confirmation email', exact: true }).click();
      await expectToast(page, 'Email sent');
      const second = await stack.waitForEmail(email);
      const link = confirmationLink(stack, second);

      // verify-email confirms, signs in and redirects to /auth?confirmed=1; the app moves on to /home
      const response = await page.goto(link);
      const landed = new URL(response!.url());
      expect(`${landed.pathname}${landed.search}`).toBe('/auth?confirmed=1');
      expect(response!.request().redirectedFrom()?.url()).toBe(link);
      await expectPath(page, '/home');
      await expectHeaderTitle(page, 'Your Farm');
    });

    it('sends a signed-in user from / and /auth to /home', async () => {
      await page.goto(`${stack.baseUrl}/`);
      await expectPath(page, '/home');
      await page.goto(`${stack.baseUrl}/auth`);
      await expectPath(page, '/home');
      await expectHeaderTitle(page, 'Your Farm');
    });

    it('refuses a wrong password, then signs in with the right one on another device', async () => {
      const other = await openPage(browser());
      contexts.push(other.context);
      const device = other.page;
      await device.goto(`${stack.baseUrl}/auth`);
      await device.getByLabel('Email', { exact: true }).fill(email);
      await device.getByLabel('Password', { exact: true }).fill('not the password');
      await device.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectToast(device, 'Error', 'Invalid email or password');
      await expectPath(device, '/auth');

      await device.getByLabel('Password', { exact: true }).fill(password);
      await device.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectPath(device, '/home');
      await expectHeaderTitle(device, 'Your Farm');
    });
  });
});
