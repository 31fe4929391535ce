// 'Your Profile' and 'Farm Settings' (issue 24, item 1): a Member of a shared farm changes their own
// name and contact, never the owner's farm. The owner sets the farm up through the API and invites
// a partner as a Member, who signs up through the invitation's link and opens Account at 390 px:
// their own name under 'Your Name', the farm's settings shown without a way to change them; their
// change leaves the owner's profile and the farm as they were. The owner changes the farm's units
// (weight, and milk beside it).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import { farmApi, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  expectVisible,
} from './support/checks';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const farmName = 'Hill Farm of the Long Acre';

describe.skipIf(!browserAvailable)('your profile and farm settings', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let ownerContext: BrowserContext;
    let owner: Page;
    let ownerApi: FarmApi;
    let memberContext: BrowserContext;
    let member: Page;

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context: ownerContext, page: owner } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(owner, stack, newEmail(`settings-owner-${backend}`));
      ownerApi = farmApi(owner, stack.baseUrl);
      await ownerApi.call('PATCH', '/api/v1/farm/settings', { farmName });
      await ownerApi.call('PATCH', '/api/v1/profile', { ownerName: 'Olive Owner' });

      ({ context: memberContext, page: member } = await joinByInvitation(browser(), stack, ownerApi, {
        email: newEmail(`settings-member-${backend}`),
        role: 'member',
        name: 'Pat Partner',
      }));
    });
    afterAll(async () => {
      await memberContext?.close();
      await ownerContext?.close();
      await stack?.stop();
    });

    const shown = (on: Page, label: string) =>
      on.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    const expectShown = (on: Page, label: string, value: string) =>
      eventually(() => shown(on, label).textContent(), value, `the account's ${label}`);

    it("shows a Member their own profile and the farm's settings, with no way to change the farm", async () => {
      await member.goto(`${stack.baseUrl}/account`);
      await member.waitForLoadState('networkidle');
      await expectVisible(member.getByRole('heading', { name: 'Your Profile', exact: true }));
      await expectVisible(member.getByRole('heading', { name: 'Farm Settings', exact: true }));
      await expectShown(member, 'Farm Name', farmName);
      expect(await member.getByText('Owner Name', { exact: true }).count()).toBe(0);
      expect(await member.getByRole('button', { name: 'Edit Farm Settings' }).count()).toBe(0);
      await expectVisible(member.getByText("Only the farm's owner can change these.", { exact: true }));
      await expectNoSeriousA11yViolations(member, "a member's account page");
      await expectNoHorizontalScroll(member, "a member's account page");

      await member.getByRole('button', { name: 'Edit Profile', exact: true }).click();
      expect(await member.getByLabel('Farm Name', { exact: true }).count()).toBe(0);
      expect(await member.getByLabel('Weight Unit', { exact: true }).count()).toBe(0);
      expect(await member.getByLabel('Milk Unit', { exact: true }).count()).toBe(0);
      await member.getByLabel('Your Name', { exact: true }).fill('Pat the Partner');
      await member.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToast(member, 'Profile updated successfully!');
      await expectShown(member, 'Your Name', 'Pat the Partner');

      // the owner's name and farm are as they were
      expect(await ownerApi.get('/api/v1/profile')).toMatchObject({
        farmName,
        ownerName: 'Olive Owner',
        weightUnit: 'lbs',
      });
    });

    it('lets the owner change the farm settings, which the Member then reads', async () => {
      await owner.goto(`${stack.baseUrl}/account`);
      await owner.getByRole('button', { name: 'Edit Farm Settings', exact: true }).click();
      await owner.getByLabel('Weight Unit', { exact: true }).selectOption('kg');
      await owner.getByLabel('Milk Unit', { exact: true }).selectOption('L');
      await owner.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToast(owner, 'Farm settings updated');
      await expectShown(owner, 'Weight Unit', 'kg');
      await expectShown(owner, 'Milk Unit', 'L');
      await expectShown(owner, 'Your Name', 'Olive Owner');

      await member.reload();
      await expectShown(member, 'Weight Unit', 'kg');
      await expectShown(member, 'Milk Unit', 'L');
    });

    it('uses a laptop screen: the sections flow into two columns, none cut', async () => {
      await owner.setViewportSize(desktop);
      try {
        await owner.goto(`${stack.baseUrl}/account`);
        const box = async (name: string) =>
          (await owner.getByRole('heading', { name, exact: true }).boundingBox())!;
        await expectVisible(owner.getByRole('heading', { name: 'Danger zone', exact: true }));
        const profile = await box('Your Profile');
        const danger = await box('Danger zone');
        expect(danger.x, 'the last section sits in a second column').toBeGreaterThan(profile.x + 300);
        await expectNoHorizontalScroll(owner, 'the account page at 1280 px');
        await expectNoSeriousA11yViolations(owner, 'the account page at 1280 px');
      } finally {
        await owner.setViewportSize(phone);
      }
    });
  });
});
