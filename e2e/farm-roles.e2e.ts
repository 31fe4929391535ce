// Farm sharing (issue 14), the farm sitter's view on a 390 px phone. An owner's farm (a group, two
// goats, a medication and a reminder due today, set up through the API) invites a sitter by email;
// the sitter signs up through the invitation's link (the API the invitation page calls) and opens
// the farm: the herd and the animals are there, with no way to add, edit or delete them, their
// groups, entries or reminders, and no share link; 'Done' (with 'Undo') and a note work, and the
// note reads 'by Sam Sitter'; 'Done' on a medication reminder offers 'Record Dose', and the dose
// they record shows its withdrawal (issue 24). The server refuses what the hidden buttons would
// have sent, and the owner still has every control. Checked with axe.
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, phone, sharedBrowser } from './support/browser';
import {
  addDays,
  careRow,
  expectCareRows,
  farmApi,
  shortDate,
  todayIn,
  type ApiReminder,
  type FarmApi,
} from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss, groupCard } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const sitterName = 'Sam Sitter';
const reminderTitle = 'Refill the water trough';

describe.skipIf(!browserAvailable)('farm roles: what a farm sitter sees and may do', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let ownerContext: BrowserContext;
    let owner: Page;
    let sitterContext: BrowserContext;
    let sitter: Page;
    let ownerApi: FarmApi;
    let groupId = '';
    let cloverId = '';
    let pepperId = '';
    let dewormerId = '';
    let today = '';
    /** every answer the sitter's pages were refused: the UI must never ask for what the role may not */
    const refused: string[] = [];

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context: ownerContext, page: owner } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(owner, stack, newEmail(`roles-owner-${backend}`));
      ownerApi = farmApi(owner, stack.baseUrl);
      const profile = await ownerApi.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: groupId } = await ownerApi.post<{ id: string }>('/api/v1/groups', { name: 'Goat Shed' }));
      ({ id: cloverId } = await ownerApi.post<{ id: string }>('/api/v1/animals', {
        name: 'Clover',
        sex: 'female',
        groupIds: [groupId],
      }));
      ({ id: pepperId } = await ownerApi.post<{ id: string }>('/api/v1/animals', {
        name: 'Pepper',
        sex: 'female',
        groupIds: [groupId],
      }));
      const dewormer = await ownerApi.post<{ entries: { id: string }[] }>('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [cloverId],
        dateRecorded: today,
        medicationName: 'Dewormer',
        dosage: 2,
        dosageUnit: 'mL',
      });
      dewormerId = dewormer.entries[0]!.id;
      // Pepper's next dose is due today: the sitter gives it
      await ownerApi.post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [pepperId],
        dateRecorded: addDays(today, -14),
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        route: 'injection',
        meatWithdrawalDays: 10,
        nextDueDate: today,
      });
      await ownerApi.post('/api/v1/reminders', {
        title: reminderTitle,
        type: 'routine',
        dueDate: today,
        animalId: cloverId,
      });

      // the owner invites a farm sitter, who signs up through the email's link
      ({ context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, ownerApi, {
        email: newEmail(`roles-sitter-${backend}`),
        role: 'sitter',
        name: sitterName,
      }));
      expect((await sitterContext.cookies(stack.baseUrl)).length).toBeGreaterThan(0);
      const farms = await farmApi(sitter, stack.baseUrl).get<{
        current: string;
        farms: { id: string; role: string }[];
      }>('/api/v1/farms');
      expect(farms.farms.find((farm) => farm.id === farms.current)?.role).toBe('sitter');

      sitter.on('response', (response: Response) => {
        if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
      });
    });
    afterAll(async () => {
      await sitterContext?.close();
      await ownerContext?.close();
      await stack?.stop();
    });

    const main = (page: Page) => page.getByRole('main');
    /** Opens a page and waits until its reads (the role among them) have settled. */
    async function open(page: Page, path: string) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    /**
     * No control on the page (now settled) that changes the herd: Edit, Delete, Add…, Record…, Share
     * ('Record Milk' aside: a sitter does the rounds and milks).
     */
    async function expectNoChangeControls(where: string) {
      const controls = main(sitter).getByRole('link').or(main(sitter).getByRole('button'));
      // a control's name: its label, else its text (icon buttons have only a label)
      const names = (
        await controls.evaluateAll((found) =>
          found.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
        )
      )
        .map((name) => name.trim())
        .filter((name) =>
          /^(\+|Edit|Delete|Add (Group|Animal|Reminder|New)|Import|Record(?! Milk)|Share|Revoke)/.test(name),
        );
      expect(names, `controls a farm sitter may not use, on ${where}`).toEqual([]);
    }

    it('shows the herd and the animals, with nothing to add, edit or delete', async () => {
      await open(sitter, '/home');
      await expectVisible(groupCard(sitter, 'Goat Shed', 2));
      await expectVisible(main(sitter).getByText(reminderTitle, { exact: true }));
      await expectNoChangeControls('My Herd');
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's My Herd");

      await open(sitter, `/group/${groupId}`);
      await expectVisible(
        main(sitter).getByRole('heading', { level: 2, name: 'Goat Shed (2)', exact: true }),
      );
      await expectVisible(main(sitter).getByRole('link', { name: 'Weights', exact: true }));
      await expectNoChangeControls('the group');

      await open(sitter, `/group/${groupId}/animals`);
      await expectVisible(main(sitter).getByRole('article', { name: 'Clover', exact: true }));
      await expectVisible(main(sitter).getByRole('article', { name: 'Pepper', exact: true }));
      await expectNoChangeControls("the group's animals");

      await open(sitter, '/my-animals');
      await expectVisible(main(sitter).getByRole('article', { name: 'Clover', exact: true }));
      await expectVisible(main(sitter).getByRole('article', { name: 'Pepper', exact: true }));
      expect(await main(sitter).getByRole('button', { name: 'Delete Clover', exact: true }).count()).toBe(0);
      await expectNoChangeControls('My Animals');

      await open(sitter, `/animal/${cloverId}`);
      await expectVisible(main(sitter).getByRole('heading', { level: 2, name: 'Clover', exact: true }));
      const history = main(sitter).getByRole('region', { name: 'Care History', exact: true });
      await expectCareRows(history, ['Medication: Dewormer 2 mL'], "Clover's history");
      await expectVisible(main(sitter).getByRole('link', { name: 'Health Record', exact: true }));
      await expectNoChangeControls("Clover's profile");
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's animal profile");
      await expectNoHorizontalScroll(sitter, "a farm sitter's animal profile");

      // the health record reads, without the share panel (a link reaches outside the farm)
      await open(sitter, `/animal/${cloverId}/record`);
      await expectVisible(main(sitter).getByRole('article', { name: 'Clover', exact: true }));
      expect(await main(sitter).getByRole('heading', { name: 'Share', exact: true }).count()).toBe(0);
      await expectNoChangeControls("Clover's health record");
    });

    it("lists reminders without 'New Reminder' or 'Edit', and 'Done' works", async () => {
      await open(sitter, '/reminders?view=list');
      const list = main(sitter).getByRole('region', { name: 'Every reminder, soonest first', exact: true });
      const card = list.getByTestId('reminder-item').filter({ hasText: reminderTitle });
      await expectVisible(card);
      expect(await card.getByRole('link').filter({ hasText: 'Edit' }).count()).toBe(0);
      await expectNoChangeControls('Reminders');
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's Reminders");

      // 'Undo' brings it back
      await card.getByRole('button', { name: `Mark ${reminderTitle} done`, exact: true }).click();
      await expectToast(sitter, 'Reminder completed');
      await eventually(() => card.count(), 0, 'the done reminder leaves the list');
      await sitter.getByRole('status').getByRole('button', { name: 'Undo', exact: true }).click();
      await expectVisible(card);
      await card.getByRole('button', { name: `Mark ${reminderTitle} done`, exact: true }).click();
      await expectToastAndDismiss(sitter, 'Reminder completed');
      await eventually(() => card.count(), 0, 'the done reminder leaves the list');
      const active = await ownerApi.get<{ items: ApiReminder[] }>('/api/v1/reminders');
      expect(active.items.map((reminder) => reminder.title)).not.toContain(reminderTitle);
    });

    it("offers 'Record Dose' after 'Done' on a medication reminder; the dose shows its withdrawal", async () => {
      await open(sitter, '/reminders?view=list');
      const list = main(sitter).getByRole('region', { name: 'Every reminder, soonest first', exact: true });
      const card = list.getByTestId('reminder-item').filter({ hasText: 'Penicillin' });
      await expectVisible(card);
      await card.getByRole('button', { name: /^Mark Penicillin/ }).click();
      await expectToast(sitter, 'Reminder completed');
      await sitter.getByRole('status').getByRole('button', { name: 'Record Dose', exact: true }).click();

      // the medication form, filled from the dose the reminder follows; no next-dose reminder
      await eventually(
        () => new URL(sitter.url()).pathname,
        `/animal/${pepperId}/medical-entry`,
        'Record Dose',
      );
      const form = main(sitter);
      await eventually(
        () => form.getByLabel('Medication', { exact: true }).inputValue(),
        'Penicillin',
        'the medication is filled in',
      );
      // the dose, route and withdrawal come with the farm's medications, a moment after the name
      await eventually(
        () => form.getByLabel('Dosage', { exact: true }).inputValue(),
        '5',
        'the dose is filled from the last use',
      );
      expect(await form.getByLabel('Unit', { exact: true }).inputValue()).toBe('mL');
      expect(await form.getByLabel('Meat withdrawal (days)', { exact: true }).inputValue()).toBe('10');
      expect(await form.getByLabel('Date', { exact: true }).inputValue()).toBe(today);
      expect(await form.getByLabel('Next dose reminder', { exact: true }).count()).toBe(0);
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's Record Dose");
      await expectNoHorizontalScroll(sitter, "a farm sitter's Record Dose");
      await form.getByRole('button', { name: 'Add Entry', exact: true }).click();

      await expectPath(sitter, `/animal/${pepperId}`);
      await expectToastAndDismiss(sitter, 'Entry added');
      await expectVisible(
        main(sitter).getByText(`Not safe for meat until ${shortDate(addDays(today, 10))}`, { exact: true }),
      );
      const history = main(sitter).getByRole('region', { name: 'Care History', exact: true });
      await expectVisible(careRow(history, 'Medication: Penicillin 5 mL').first());
      await expectVisible(history.getByText(`by ${sitterName}`, { exact: true }));
      // a dose given is not another person's record to change: no Edit or Delete
      expect(await history.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
      expect(await history.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    });

    it("adds a note (a medication offered too: a dose they give), shown 'by Sam Sitter'", async () => {
      await open(sitter, `/animal/${cloverId}`);
      const menu = main(sitter).getByRole('button', { name: 'Add Entry', exact: true });
      await menu.click();
      await eventually(() => menu.getAttribute('aria-expanded'), 'true', 'the Add Entry menu opens');
      await expectVisible(main(sitter).getByRole('link', { name: 'Weight', exact: true }));
      await expectVisible(main(sitter).getByRole('link', { name: 'Medication', exact: true }));
      await main(sitter).getByRole('link', { name: 'Notes', exact: true }).click();
      await expectPath(sitter, `/animal/${cloverId}/note-entry`);
      await main(sitter).getByLabel('Title', { exact: true }).fill('Fed hay');
      await main(sitter).getByLabel('Note', { exact: true }).fill('Two flakes in the evening.');
      await main(sitter).getByRole('button', { name: 'Add Entry', exact: true }).click();

      await expectPath(sitter, `/animal/${cloverId}`);
      await expectToastAndDismiss(sitter, 'Entry added');
      const history = main(sitter).getByRole('region', { name: 'Care History', exact: true });
      await expectCareRows(history, ['Note: Fed hay', 'Medication: Dewormer 2 mL'], "Clover's history");
      await expectVisible(careRow(history, 'Note: Fed hay').getByText(`by ${sitterName}`, { exact: true }));
      await sitter.waitForLoadState('networkidle');
      await expectNoChangeControls("Clover's profile after the note");
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's animal profile with a note");
    });

    it('shows a short message instead of a form the role may not send', async () => {
      for (const path of [
        `/animal/${cloverId}/edit`,
        `/animal/${cloverId}/edit-medical/${dewormerId}`,
        '/reminders/new',
      ]) {
        await open(sitter, path);
        await expectVisible(main(sitter).getByRole('heading', { name: 'Members only', exact: true }));
        expect(
          await main(sitter)
            .getByRole('button', { name: /^(Save|Add|Update)/ })
            .count(),
        ).toBe(0);
      }
      await expectNoSeriousA11yViolations(sitter, 'the members-only message');
    });

    it('is refused by the server what the hidden controls would send', async () => {
      const request = (method: string, path: string, data?: unknown) =>
        sitter.request.fetch(`${stack.baseUrl}${path}`, {
          method,
          headers: { Origin: stack.baseUrl },
          ...(data === undefined ? {} : { data }),
        });
      const remove = await request('DELETE', `/api/v1/animals/${pepperId}`);
      expect(remove.status()).toBe(403);
      expect(((await remove.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
      // a dose, yes; its next dose's reminder is a member's to make, and another's entry theirs
      const medication = await request('POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [pepperId],
        dateRecorded: today,
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        nextDueDate: addDays(today, 7),
      });
      expect(medication.status()).toBe(403);
      expect((await request('DELETE', `/api/v1/care-entries/${dewormerId}`)).status()).toBe(403);
      expect((await request('PATCH', `/api/v1/care-entries/${dewormerId}`, { dosage: 9 })).status()).toBe(
        403,
      );
      // Pepper is still there
      expect((await ownerApi.get<{ id: string }>(`/api/v1/animals/${pepperId}`)).id).toBe(pepperId);
      // and no page of the sitter's asked for anything it was refused
      expect(refused).toEqual([]);
    });

    it('keeps every control for the owner, and shows who recorded the note', async () => {
      await open(owner, `/animal/${cloverId}`);
      await expectVisible(main(owner).getByRole('link', { name: 'Edit', exact: true }));
      const history = main(owner).getByRole('region', { name: 'Care History', exact: true });
      const note = careRow(history, 'Note: Fed hay');
      await expectVisible(note.getByText(`by ${sitterName}`, { exact: true }));
      await expectVisible(note.getByRole('link', { name: /^Edit Fed hay/ }));
      await expectVisible(note.getByRole('button', { name: /^Delete Fed hay/ }));
      await expectVisible(main(owner).getByRole('link', { name: 'Record Breeding', exact: true }));
      await expectVisible(main(owner).getByRole('link', { name: '+ Add Reminder', exact: true }));

      await open(owner, '/my-animals');
      await expectVisible(main(owner).getByRole('button', { name: 'Delete Clover', exact: true }));
      await expectVisible(main(owner).getByRole('link', { name: '+ Add Animal', exact: true }));

      await open(owner, `/group/${groupId}`);
      await expectVisible(main(owner).getByRole('link', { name: 'Edit Group', exact: true }));
      await open(owner, '/reminders');
      await expectVisible(main(owner).getByRole('link', { name: '+ New Reminder', exact: true }));
    });
  });
});
