// The calendar feed is each person's own (issue 24). The owner of Hill Farm has a calendar address;
// a Member who joins through an invitation opens Account → 'Calendar Feed' on a narrow phone and
// is offered 'Create Calendar Link' (not told the owner's feed is hers). Her link, her 'New Link'
// and her 'Revoke' touch only her own address: the owner's calendar app keeps reading the farm's
// reminders throughout, and the owner's page still says her feed is live. axe-clean, no sideways
// scroll at 360 px. (Removal and a past sitter's feed: src/server/features/calendar/calendar.test.ts.)
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn, type FarmApi } from './support/care';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, password, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('calendar feed per person', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let owner: { context: BrowserContext; page: Page; api: FarmApi };
    let member: { context: BrowserContext; page: Page } | undefined;
    let ownersFeed = '';
    const memberEmail = newEmail(`calendar-member-${backend}`);

    beforeAll(async () => {
      stack = await startStack(backend);
      const opened = await openPage(browser(), { viewport: phone });
      await signUpAndConfirm(opened.page, stack, newEmail(`calendar-owner-${backend}`));
      owner = { ...opened, api: farmApi(opened.page, stack.baseUrl) };
      await owner.api.call('PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm' });
      await owner.api.call('PATCH', '/api/v1/profile', { ownerName: 'Olive Owner' });
      const { timeZone } = await owner.api.get<{ timeZone: string }>('/api/v1/profile');
      const { id: groupId } = await owner.api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      await owner.api.post('/api/v1/reminders', {
        title: 'Trim hooves',
        type: 'routine',
        dueDate: addDays(todayIn(timeZone), 3),
        groupId,
      });
      ownersFeed = (await owner.api.post<{ url: string }>('/api/v1/calendar-feed', {})).url;
      await owner.api.post('/api/v1/farm/invitations', { email: memberEmail, role: 'member' });
    });
    afterAll(async () => {
      await member?.context.close();
      await owner?.context.close();
      await stack?.stop();
    });

    const section = (page: Page) => page.getByRole('region', { name: 'Calendar Feed', exact: true });
    /** what the owner's calendar app gets from her address: no cookie, no browser */
    const ownersCalendar = async () => {
      const response = await fetch(ownersFeed);
      return { status: response.status, body: await response.text() };
    };

    it('offers a Member who never made a feed her own link, not the owner’s', async () => {
      const link = (await stack.waitForEmail(memberEmail)).link!;
      member = await openPage(browser(), { viewport: narrowPhone });
      const { page } = member;
      await page.goto(link);
      await page.getByLabel('Your Name', { exact: true }).fill('Mia Member');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create Account and Join', exact: true }).click();
      await expectPath(page, '/home');

      await page.goto(`${stack.baseUrl}/account`);
      await expectVisible(section(page).getByRole('button', { name: 'Create Calendar Link', exact: true }));
      expect(
        await section(page)
          .getByText(/have been in a calendar feed since/)
          .count(),
      ).toBe(0);
      expect(await section(page).getByRole('button', { name: 'Revoke', exact: true }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page, 'the Member’s Calendar Feed section');
      await expectNoHorizontalScroll(page, 'the Member’s Account page');
    });

    it('lets her make, renew and revoke her own link while the owner’s calendar keeps reading', async () => {
      const { page } = member!;
      await section(page).getByRole('button', { name: 'Create Calendar Link', exact: true }).click();
      const field = section(page).getByLabel('Calendar link', { exact: true });
      await expectVisible(field);
      const first = await field.inputValue();
      expect(first).not.toBe(ownersFeed);
      expect((await fetch(first)).status).toBe(200);
      expect(await ownersCalendar()).toMatchObject({ status: 200 });

      // 'New Link' replaces her link only
      await section(page).getByRole('button', { name: 'New Link', exact: true }).click();
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).not.toBe(first);
      const second = await field.inputValue();
      expect((await fetch(first)).status).toBe(404);
      expect((await fetch(second)).status).toBe(200);
      const calendar = await ownersCalendar();
      expect(calendar.status).toBe(200);
      expect(calendar.body).toContain('SUMMARY:Trim hooves — Goats');

      // after a reload her page says her feed is live; 'Revoke' ends hers, not the owner's
      await page.reload();
      await expectVisible(section(page).getByText(/Your reminders have been in a calendar feed since/));
      await expectNoHorizontalScroll(page, 'the Member’s Account page with her feed');
      await section(page).getByRole('button', { name: 'Revoke', exact: true }).click();
      await expectToastAndDismiss(
        page,
        'Calendar link revoked',
        'Calendars can no longer read your reminders.',
      );
      await expectVisible(section(page).getByRole('button', { name: 'Create Calendar Link', exact: true }));
      expect((await fetch(second)).status).toBe(404);
      expect(await ownersCalendar()).toMatchObject({ status: 200 });

      // and the owner's page still tells the truth about hers
      await owner.page.goto(`${stack.baseUrl}/account`);
      await expectVisible(section(owner.page).getByText(/Your reminders have been in a calendar feed since/));
      await expectVisible(section(owner.page).getByRole('button', { name: 'Revoke', exact: true }));
    });
  });
});
