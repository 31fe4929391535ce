// Journey: a farmer deletes their account from the Account page. The dialog says what goes and
// only lets the button work once the sign-in email is typed; afterwards the session is dead, the
// farm's records and photo are gone, and the same address can start again from nothing.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, phone, sharedBrowser } from './support/browser';
import { farmApi } from './support/care';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
} from './support/checks';
import { makeJpeg } from './support/herd';
import { newEmail, password, signUpAndConfirm } from './support/journeys';
import { embeddedBackend, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('account deletion', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(embeddedBackend)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let animalId: string;
    const email = newEmail(`delete-${backend}`);

    const dialog = () => page.getByRole('dialog', { name: 'Delete your account?' });
    const confirmButton = () => dialog().getByRole('button', { name: 'Delete account', exact: true });
    const status = async (path: string) =>
      (await page.request.fetch(`${stack.baseUrl}${path}`, { headers: { Origin: stack.baseUrl } })).status();

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, email);
      // a farm with something in it: a group, an animal with a photo, a care entry
      const api = farmApi(page, stack.baseUrl);
      const group = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      ({ id: animalId } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Clover',
        groupIds: [group.id],
      }));
      const photo = await makeJpeg();
      try {
        const upload = await page.request.fetch(`${stack.baseUrl}/api/v1/animals/${animalId}/photo`, {
          method: 'PUT',
          headers: { Origin: stack.baseUrl },
          multipart: {
            photo: { name: 'clover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo.path) },
          },
        });
        expect(upload.status()).toBe(200);
      } finally {
        photo.remove();
      }
      await api.post('/api/v1/care-entries', {
        type: 'note',
        animalIds: [animalId],
        dateRecorded: '2026-01-01',
        title: 'Arrived',
        noteContent: 'From the market',
      });
      expect(await status(`/api/v1/animals/${animalId}/photo`)).toBe(200);
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    it('opens a dialog from the danger zone that says what will be deleted', async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await page.getByRole('button', { name: 'Delete account', exact: true }).click();
      await expectVisible(dialog());
      await expectVisible(dialog().getByText(/every group, animal, photo, care entry and\s+reminder/));
      expect(await confirmButton().isDisabled()).toBe(true);
      await expectNoSeriousA11yViolations(page, '/account (delete dialog)');
      await expectNoHorizontalScroll(page, '/account (delete dialog)');
    });

    it('keeps the button disabled until the email is typed, and cancels without deleting', async () => {
      const field = dialog().getByLabel('Type your email to confirm', { exact: true });
      await field.fill('someone-else@example.com');
      expect(await confirmButton().isDisabled()).toBe(true);
      await field.fill(email.toUpperCase());
      expect(await confirmButton().isDisabled()).toBe(false);

      await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
      expect(await dialog().count()).toBe(0);
      expect(await status('/api/v1/profile')).toBe(200);
    });

    it('deletes the account, signs out and leaves with a toast', async () => {
      await page.getByRole('button', { name: 'Delete account', exact: true }).click();
      await dialog().getByLabel('Type your email to confirm', { exact: true }).fill(email);
      await confirmButton().click();
      await expectToast(
        page,
        'Your account has been deleted',
        'Every record and photo of your farm is gone.',
      );
      // '/' of a signed-out visitor: the app sends them on to sign in
      await expectPath(page, '/auth');
      await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
    });

    it('leaves nothing behind: no session, no records, no photo, no sign-in', async () => {
      expect(await status('/api/v1/profile')).toBe(401);
      expect(await status(`/api/v1/animals/${animalId}/photo`)).toBe(401);
      await page.goto(stack.baseUrl);
      await expectPath(page, '/'); // the public landing page, not the app
      const signInAttempt = await page.request.post(`${stack.baseUrl}/api/auth/sign-in/email`, {
        headers: { Origin: stack.baseUrl },
        data: { email, password },
      });
      expect(signInAttempt.status()).toBe(401);
    });

    it('lets the same address sign up again, to an empty farm', async () => {
      await signUpAndConfirm(page, stack, email, 'a brand new password');
      const api = farmApi(page, stack.baseUrl);
      expect(await api.get('/api/v1/animals')).toEqual([]);
      expect(await api.get('/api/v1/groups')).toEqual([]);
      expect(await status(`/api/v1/animals/${animalId}/photo`)).toBe(404);
      const signInAttempt = await page.request.post(`${stack.baseUrl}/api/auth/sign-in/email`, {
        headers: { Origin: stack.baseUrl },
        data: { email, password },
      });
      expect(signInAttempt.status(), 'the old password opens nothing').toBe(401);
    });
  });
});
