// Farm sharing (issue 14), as the people would do it. The owner invites a farm sitter from
// Account → 'Farm Members' with an end date; the email (a real SMTP server) brings a link; the
// sitter signs up through it on a narrow phone, sees the herd, marks a reminder Done and adds a
// note (shown 'by' them), has no Delete for an animal (and the API refuses it). When the end date
// passes in the farm's time zone the sitter is back on a farm of their own. A partner with an
// account accepts an invitation, switches farms from the header, and loses access at once when
// the owner removes them. axe-clean, no sideways scroll at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediumDate } from '../src/shared/care/dates';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, careRow, farmApi, reminderCard, todayIn, usDate, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, password, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

/** West of the date line, then east of it: the same instant is a day later on the farm's calendar. */
const farmZone = 'Pacific/Honolulu';
const aDayAhead = 'Pacific/Kiritimati';

describe.skipIf(!browserAvailable)('farm sharing', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let owner: { context: BrowserContext; page: Page; api: FarmApi };
    let sitter: { context: BrowserContext; page: Page };
    const sitterEmail = newEmail(`sitter-${backend}-with-a-long-address-for-the-weekend`);
    const animalIds: Record<string, string> = {};
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      const opened = await openPage(browser(), { viewport: phone });
      await signUpAndConfirm(opened.page, stack, newEmail(`owner-${backend}`));
      owner = { ...opened, api: farmApi(opened.page, stack.baseUrl) };
      await owner.api.call('PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm', timeZone: farmZone });
      await owner.api.call('PATCH', '/api/v1/profile', { ownerName: 'Olive Owner' });
      today = todayIn(farmZone);
      const { id: groupId } = await owner.api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      for (const name of ['Clover', 'Daisy']) {
        animalIds[name] = (
          await owner.api.post<{ id: string }>('/api/v1/animals', { name, groupIds: [groupId] })
        ).id;
      }
      await owner.api.post('/api/v1/reminders', {
        title: 'Milk the goats',
        type: 'routine',
        dueDate: today,
        groupId,
      });
    });
    afterAll(async () => {
      await sitter?.context.close();
      await owner?.context.close();
      await stack?.stop();
    });

    const members = (page: Page) => page.getByRole('region', { name: 'Farm Members', exact: true });

    it('lets the owner invite a farm sitter by email, until a date', async () => {
      const { page } = owner;
      await page.goto(`${stack.baseUrl}/account`);
      await members(page).getByRole('button', { name: 'Invite Member', exact: true }).click();
      await members(page).getByLabel('Email', { exact: true }).fill(sitterEmail);
      await members(page).getByLabel('Role', { exact: true }).selectOption('sitter');
      await members(page).getByLabel('Access Until (optional)', { exact: true }).fill(today);
      await expectNoSeriousA11yViolations(page, 'the invite form');
      await members(page).getByRole('button', { name: 'Send Invitation', exact: true }).click();
      await expectToastAndDismiss(page, `Invitation sent to ${sitterEmail}`);
      const invitations = members(page).getByRole('list', { name: 'Invitations', exact: true });
      await expectVisible(invitations.getByText(sitterEmail, { exact: true }));

      const email = await stack.waitForEmail(sitterEmail);
      expect(email.subject).toBe('Olive Owner invited you to Hill Farm on Paddock');
      // the app's date format ('Dec 6, 2026')
      expect(email.text).toContain(`as a Farm Sitter, until ${mediumDate(today)}`);
      expect(email.link).toMatch(new RegExp(`^${stack.baseUrl}/invite/[A-Za-z0-9_-]{43}$`));
    });

    it('lets the sitter sign up through the link and do what a sitter may, no more', async () => {
      const link = stack.emails.find((email) => email.to.includes(sitterEmail))!.link!;
      sitter = await openPage(browser(), { viewport: narrowPhone });
      const { page } = sitter;
      const response = await page.goto(link);
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expectVisible(
        page.getByRole('heading', { name: 'Olive Owner invited you to join Hill Farm', exact: true }),
      );
      await expectNoSeriousA11yViolations(page, 'the invitation page');
      await expectNoHorizontalScroll(page, 'the invitation page');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(sitterEmail);
      await page.getByLabel('Your Name', { exact: true }).fill('Sam Sitter');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create Account and Join', exact: true }).click();
      await expectPath(page, '/home');

      // the herd, and the farm in use under the header
      await expectVisible(page.getByRole('link', { name: /Goats/ }).first());
      const farm = page.getByLabel('Farm', { exact: true });
      await eventually(
        () => farm.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
        'Hill Farm — Farm Sitter',
        'the farm switcher names the farm in use',
      );
      await expectNoHorizontalScroll(page, 'the sitter’s home');

      // marks the goats' reminder Done
      await page.goto(`${stack.baseUrl}/reminders`);
      const main = page.getByRole('main');
      await reminderCard(main, 'Milk the goats')
        .getByRole('button', { name: 'Mark Milk the goats done', exact: true })
        .click();
      await expectToastAndDismiss(page, 'Reminder completed', 'The reminder has been marked as completed.');

      // no Delete for an animal in My Animals, no Edit on its profile (the role is known: the
      // switcher shows it); a note added to Clover is shown as theirs
      await page.goto(`${stack.baseUrl}/my-animals`);
      await expectVisible(main.getByText('Clover', { exact: true }));
      await expectVisible(page.getByLabel('Farm', { exact: true }));
      expect(await main.getByRole('button', { name: 'Delete Clover', exact: true }).count()).toBe(0);
      await page.goto(`${stack.baseUrl}/animal/${animalIds.Clover}`);
      await expectVisible(main.getByRole('button', { name: 'Add Entry', exact: true }));
      expect(await main.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
      await page.goto(`${stack.baseUrl}/animal/${animalIds.Clover}/note-entry`);
      await main.getByLabel('Title', { exact: true }).fill('Limping');
      await main.getByLabel('Note', { exact: true }).fill('Favouring the left foreleg.');
      await main.getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${animalIds.Clover}`);
      const history = main.getByRole('region', { name: 'Care History', exact: true });
      await expectVisible(careRow(history, 'Note: Limping').getByText('by Sam Sitter', { exact: true }));
      await expectNoSeriousA11yViolations(page, "the sitter's view of an animal");

      // the API refuses what the page does not offer
      const refused = await page.request.fetch(`${stack.baseUrl}/api/v1/animals/${animalIds.Clover}`, {
        method: 'DELETE',
        headers: { Origin: stack.baseUrl },
      });
      expect(refused.status()).toBe(403);
      expect(
        (await owner.api.get<{ name: string }[]>('/api/v1/animals')).map((animal) => animal.name).sort(),
      ).toEqual(['Clover', 'Daisy']);

      // the owner moves the sitter's last day on (a longer stay), then back to today
      const ownerPage = owner.page;
      await ownerPage.goto(`${stack.baseUrl}/account`);
      const lastDay = () => members(ownerPage).getByLabel('Access until for Sam Sitter', { exact: true });
      const saveDate = () => members(ownerPage).getByRole('button', { name: 'Save Date', exact: true });
      const sitterUntil = async () =>
        (
          await owner.api.get<{ members: { name: string; accessUntil: string | null }[] }>(
            '/api/v1/farm/members',
          )
        ).members.find((member) => member.name === 'Sam Sitter')?.accessUntil;
      await lastDay().fill(addDays(today, 3));
      await saveDate().click();
      await expectToastAndDismiss(ownerPage, `Sam Sitter's access ends after ${usDate(addDays(today, 3))}`);
      expect(await sitterUntil()).toBe(addDays(today, 3));
      await lastDay().fill(today);
      await saveDate().click();
      await expectToastAndDismiss(ownerPage, `Sam Sitter's access ends after ${usDate(today)}`);
      expect(await sitterUntil()).toBe(today);
    });

    it("ends the sitter's access once their last day has passed on the farm's calendar", async () => {
      // the farm moves across the date line: its today is the sitter's last day plus one
      await owner.api.call('PATCH', '/api/v1/farm/settings', { timeZone: aDayAhead });
      const { page } = sitter;
      await eventually(
        async () =>
          (await page.request.fetch(`${stack.baseUrl}/api/v1/animals/${animalIds.Clover}`)).status(),
        404,
        "the sitter's access to Hill Farm ends",
        20_000,
      );
      // the app notices the farm changed under it, forgets Hill Farm's pages and starts at home
      await page.goto(`${stack.baseUrl}/my-animals`);
      await expectPath(page, '/home');
      // back on a farm of their own: nothing of Hill Farm's on the page or in the switcher
      await page.goto(`${stack.baseUrl}/my-animals`);
      await expectVisible(
        page
          .getByRole('main')
          .getByText(/no animals/i)
          .first(),
      );
      expect(await page.getByRole('main').getByText('Clover').count()).toBe(0);
      expect(await page.getByLabel('Farm', { exact: true }).count()).toBe(0);

      // the owner still sees them, as a past sitter they can invite again (issue 23)
      const ownerPage = owner.page;
      await ownerPage.goto(`${stack.baseUrl}/account`);
      const past = members(ownerPage).getByRole('list', { name: 'Past farm sitters', exact: true });
      await expectVisible(past.getByText(`Access ended ${usDate(today)}`, { exact: true }));
      expect(
        await members(ownerPage).getByRole('list', { name: 'Members' }).getByText('Sam Sitter').count(),
      ).toBe(0);
      await past.getByRole('button', { name: 'Invite Sam Sitter again', exact: true }).click();
      await expectVisible(past.getByLabel('Access Until (optional)', { exact: true }));
      await expectVisible(past.getByRole('button', { name: 'Send Invitation', exact: true }));
      expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      await past.getByRole('button', { name: 'Cancel', exact: true }).click();
      await owner.api.call('PATCH', '/api/v1/farm/settings', { timeZone: farmZone });
    });

    it('lets a partner accept with their account and switch farms; removal ends it at once', async () => {
      const partnerEmail = newEmail(`partner-${backend}`);
      const partner = await openPage(browser(), { viewport: phone });
      try {
        await signUpAndConfirm(partner.page, stack, partnerEmail);
        await owner.api.post('/api/v1/farm/invitations', { email: partnerEmail, role: 'member' });
        // the owner's Farm Members, open while the partner accepts (issue 24)
        await owner.page.goto(`${stack.baseUrl}/account`);
        const invitations = members(owner.page).getByRole('list', { name: 'Invitations', exact: true });
        const people = members(owner.page).getByRole('list', { name: 'Members', exact: true });
        await expectVisible(invitations.getByText(partnerEmail, { exact: true }));
        await owner.page.evaluate(() => Object.assign(window, { notReloaded: true }));

        const invitation = await stack.waitForEmail(partnerEmail);
        await partner.page.goto(invitation.link!);
        await partner.page.getByRole('button', { name: 'Accept Invitation', exact: true }).click();
        await expectPath(partner.page, '/home');

        // back to the owner's window: the accepted invitation is now a member, without a reload
        await owner.page.evaluate(() => window.dispatchEvent(new Event('focus')));
        await expectVisible(people.getByText(partnerEmail, { exact: true }));
        await eventually(
          () => invitations.getByText(partnerEmail, { exact: true }).count(),
          0,
          "the accepted invitation leaves 'Invitations'",
        );
        expect(await owner.page.evaluate(() => 'notReloaded' in window)).toBe(true);
        const farm = partner.page.getByLabel('Farm', { exact: true });
        await eventually(
          () => farm.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
          'Hill Farm — Member',
          'the partner works in Hill Farm',
        );
        // a member may delete and edit
        await partner.page.goto(`${stack.baseUrl}/my-animals`);
        await expectVisible(
          partner.page.getByRole('main').getByRole('button', { name: 'Delete Daisy', exact: true }),
        );

        // their own farm from the switcher: none of Hill Farm's animals
        const own = await farm.evaluate(
          (select: HTMLSelectElement) =>
            [...select.options].find((option) => option.selected === false)?.value,
        );
        await farm.selectOption(own!);
        await expectPath(partner.page, '/home');
        await partner.page.goto(`${stack.baseUrl}/my-animals`);
        await expectVisible(
          partner.page
            .getByRole('main')
            .getByText(/no animals/i)
            .first(),
        );
        await partner.page.getByLabel('Farm', { exact: true }).selectOption({ label: 'Hill Farm — Member' });
        await expectPath(partner.page, '/home');

        // the owner removes them: their very next request is refused Hill Farm's records
        const { page } = owner;
        await page.goto(`${stack.baseUrl}/account`);
        const row = members(page).getByRole('listitem').filter({ hasText: partnerEmail });
        await row.getByRole('button', { name: 'Remove', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
        await expectToastAndDismiss(page, `${partnerEmail} was removed from the farm`);
        const after = await partner.page.request.fetch(`${stack.baseUrl}/api/v1/animals/${animalIds.Daisy}`);
        expect(after.status()).toBe(404);
        // the app notices, forgets Hill Farm's pages, and starts again on their own farm
        await partner.page.goto(`${stack.baseUrl}/my-animals`);
        await expectPath(partner.page, '/home');
        await partner.page.goto(`${stack.baseUrl}/my-animals`);
        await expectVisible(
          partner.page
            .getByRole('main')
            .getByText(/no animals/i)
            .first(),
        );
        expect(await partner.page.getByLabel('Farm', { exact: true }).count()).toBe(0);
      } finally {
        await partner.context.close();
      }
    });
  });
});
