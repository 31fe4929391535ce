// Journey: reminders at flock size, on a 360 px phone. A farm with a flock of 22 hens (set up
// through the API) treats the flock once with a next-dose date through the UI → exactly one
// reminder, '22 animals', on the Reminders page and on a hen's page → Done → gone from every hen's
// page. Then a reminder is edited (title, date, animals, a fixed-schedule repeat), snoozed a week,
// and deleted after the confirm; the List/Calendar choice survives a reload; and on My Herd a
// reminder row opens its animal and Done works there, the same day's reminders in a stable order.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, sharedBrowser } from './support/browser';
import {
  addDays,
  expectReminderTitles,
  farmApi,
  reminderCard,
  todayIn,
  usDate,
  type ApiReminder,
  type FarmApi,
} from './support/care';
import {
  eventually,
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const henNames = Array.from({ length: 22 }, (_, index) => `Hen ${index + 1}`);

type DetailReminder = ApiReminder & { animalCount: number | null; animalIds: string[]; repeatFrom: string };

describe.skipIf(!browserAvailable)('reminders at flock size', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let flockId = '';
    let daisyId = '';
    const hens: string[] = [];
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: narrowPhone }));
      await signUpAndConfirm(page, stack, newEmail(`reminders-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: flockId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Laying Hens' }));
      for (const name of henNames) {
        hens.push((await api.post<{ id: string }>('/api/v1/animals', { name, groupIds: [flockId] })).id);
      }
      const goats = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      ({ id: daisyId } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Daisy',
        groupIds: [goats.id],
      }));
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const activeReminders = async () => (await api.get<{ items: ApiReminder[] }>('/api/v1/reminders')).items;
    const remindersOf = async (animalId: string) =>
      (await api.get<{ items: ApiReminder[] }>(`/api/v1/reminders?animalId=${animalId}`)).items;
    const list = () => main().getByRole('region', { name: 'Every reminder, soonest first', exact: true });
    const viewButton = (name: 'List' | 'Calendar') => main().getByRole('button', { name, exact: true });
    async function showList() {
      await goto('/reminders');
      await viewButton('List').click();
      await eventually(() => viewButton('List').getAttribute('aria-pressed'), 'true', 'List is chosen');
    }

    it('treats the flock of 22 once with a next dose: ONE reminder, 22 animals, on the list and on a hen', async () => {
      const doseDay = addDays(today, 14);
      await goto(`/group/${flockId}`);
      await expectVisible(main().getByRole('heading', { level: 2, name: 'Laying Hens (22)', exact: true }));
      const menu = main().getByRole('button', { name: 'Add Entry', exact: true });
      await menu.click();
      await main().getByRole('link', { name: 'Medication', exact: true }).click();
      await expectPath(page, `/group/${flockId}/medical-entry`);
      // every field the entry needs, whatever the form starts with
      await main().getByLabel('Medication', { exact: true }).fill('Dewormer');
      await main().getByLabel('Dosage', { exact: true }).fill('1');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByLabel('Date', { exact: true }).fill(today);
      await main().getByLabel('Next dose reminder', { exact: true }).fill(doseDay);
      const animals = main().getByRole('group', { name: 'Animals' });
      await expectVisible(animals.getByText('22 of 22 included', { exact: true }));
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/group/${flockId}`);
      await expectToastAndDismiss(page, 'Entry added');

      await showList();
      await expectReminderTitles(list(), ['Dewormer'], 'one reminder for the batch');
      await expectVisible(main().getByText('1 active reminder', { exact: true }));
      const card = reminderCard(list(), 'Dewormer');
      await expectVisible(card.getByRole('link', { name: 'Group: Laying Hens', exact: true }));
      await expectVisible(card.getByText('· 22 animals', { exact: true }));
      await expectVisible(card.getByText(`Due ${usDate(doseDay)}`, { exact: true }));
      await expectNoHorizontalScroll(page, 'the Reminders list at 360 px');

      await goto(`/animal/${hens[6]}`);
      const reminders = main().getByRole('region', { name: 'Reminders', exact: true });
      await expectReminderTitles(reminders, ['Dewormer'], "Hen 7's reminders");
      await expectVisible(reminderCard(reminders, 'Dewormer').getByText('· 22 animals'));
    });

    it("Done once on a hen's page completes it for the whole flock", async () => {
      const reminders = main().getByRole('region', { name: 'Reminders', exact: true });
      await reminders.getByRole('button', { name: 'Mark Dewormer done', exact: true }).click();
      await expectToastAndDismiss(page, 'Reminder completed', 'The reminder has been marked as completed.');
      await expectVisible(reminders.getByText('No Reminders', { exact: true }));
      // every hen's page reads GET /reminders?animalId=: none left for any of the 22; a few pages opened
      for (const [index, id] of hens.entries()) {
        expect(await remindersOf(id), `${henNames[index]} has none left`).toEqual([]);
      }
      for (const index of [0, 10, 21]) {
        await goto(`/animal/${hens[index]}`);
        await expectVisible(main().getByRole('heading', { level: 2, name: henNames[index], exact: true }));
        await expectVisible(
          main()
            .getByRole('region', { name: 'Reminders', exact: true })
            .getByText('No Reminders', { exact: true }),
        );
      }
      expect(await activeReminders()).toEqual([]);
    });

    it("edits a reminder's title, date, animals and repeat; a date ten years on is refused", async () => {
      // a second treatment of the flock, through the API this time
      await api.post('/api/v1/care-entries', {
        type: 'medical',
        groupId: flockId,
        animalIds: hens,
        dateRecorded: today,
        medicationName: 'Vitamins',
        dosage: 2,
        dosageUnit: 'mL',
        nextDueDate: addDays(today, 7),
      });
      await showList();
      await reminderCard(list(), 'Vitamins')
        .getByRole('link', { name: 'Edit Vitamins', exact: true })
        .click();
      await eventually(
        () => /^\/reminders\/[^/]+\/edit$/.test(new URL(page.url()).pathname),
        true,
        'Edit opens',
      );
      await expectHeaderTitle(page, 'Edit Reminder');
      const title = main().getByLabel('Title', { exact: true });
      expect(await title.inputValue()).toBe('Vitamins Reminder - Laying Hens');
      const due = main().getByLabel('Due date', { exact: true });
      expect(await due.inputValue()).toBe(addDays(today, 7));
      const animals = main().getByRole('group', { name: /^Animals/ });
      await expectVisible(animals.getByText('(22 animals)', { exact: true }));
      await expectNoHorizontalScroll(page, 'Edit Reminder at 360 px');
      await expectNoSeriousA11yViolations(page, 'Edit Reminder');

      // more than ten years ahead: refused on the field, nothing saved
      const farAway = `${Number(today.slice(0, 4)) + 11}${today.slice(4)}`;
      await due.fill(farAway);
      await main().getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectVisible(main().getByText('The due date must be within ten years', { exact: true }));

      const newDue = addDays(today, 5);
      await title.fill('Vitamins (second round) - Laying Hens');
      await due.fill(newDue);
      await animals.getByRole('checkbox', { name: 'Hen 22', exact: true }).uncheck();
      await expectVisible(animals.getByText('(21 animals)', { exact: true }));
      await main().getByRole('checkbox', { name: 'Repeats', exact: true }).check();
      await main().getByLabel('Every', { exact: true }).fill('8');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'weeks' });
      await main()
        .getByLabel('Repeat from', { exact: true })
        .selectOption({ label: 'Due date (fixed schedule)' });
      await expectVisible(
        main().getByText('Every 8 weeks, counted from its due date, whenever you mark it done.', {
          exact: true,
        }),
      );
      await main().getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToastAndDismiss(page, 'Reminder updated', `Due ${usDate(newDue)}.`);
      await expectPath(page, '/reminders');

      const card = reminderCard(list(), 'Vitamins (second round)');
      await expectVisible(card.getByText(`Due ${usDate(newDue)}`, { exact: true }));
      await expectVisible(card.getByText('· 21 animals', { exact: true }));
      await expectVisible(card.getByText('Every 8 weeks', { exact: true }));
      const [stored] = await activeReminders();
      const detail = await api.get<DetailReminder>(`/api/v1/reminders/${stored!.id}`);
      expect(detail).toMatchObject({
        title: 'Vitamins (second round) - Laying Hens',
        dueDate: newDue,
        repeatEvery: 8,
        repeatUnit: 'week',
        repeatFrom: 'due',
        animalCount: 21,
      });
      expect(detail.animalIds).not.toContain(hens[21]);
      expect(await remindersOf(hens[21]!), 'Hen 22 is no longer covered').toEqual([]);
    });

    it('snoozes the reminder a week', async () => {
      const before = (await activeReminders())[0]!;
      await reminderCard(list(), 'Vitamins (second round)')
        .getByRole('link', { name: 'Edit Vitamins (second round)', exact: true })
        .click();
      await expectHeaderTitle(page, 'Edit Reminder');
      await main().getByRole('button', { name: 'Snooze 1 week', exact: true }).click();
      const snoozed = addDays(before.dueDate, 7);
      await expectToastAndDismiss(page, 'Reminder snoozed', `Due ${usDate(snoozed)}.`);
      await expectPath(page, '/reminders');
      await expectVisible(
        reminderCard(list(), 'Vitamins (second round)').getByText(`Due ${usDate(snoozed)}`, {
          exact: true,
        }),
      );
      expect((await activeReminders())[0]!.dueDate).toBe(snoozed);
    });

    it('deletes the reminder after the confirm (Cancel keeps it)', async () => {
      const edit = () =>
        reminderCard(list(), 'Vitamins (second round)')
          .getByRole('link', { name: 'Edit Vitamins (second round)', exact: true })
          .click();
      await edit();
      await expectHeaderTitle(page, 'Edit Reminder');
      const dialog = page.getByRole('dialog', { name: 'Delete Reminder' });
      await main().getByRole('button', { name: 'Delete', exact: true }).click();
      await expectVisible(
        dialog.getByText('Are you sure you want to delete this reminder?', { exact: true }),
      );
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await activeReminders()).toHaveLength(1);

      await main().getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToastAndDismiss(page, 'Reminder deleted');
      await expectPath(page, '/reminders');
      await expectVisible(main().getByText('No Active Reminders', { exact: true }));
      expect(await activeReminders()).toEqual([]);
    });

    it('keeps the List/Calendar choice across a reload and the next visit', async () => {
      await goto('/reminders');
      await eventually(() => viewButton('List').getAttribute('aria-pressed'), 'true', 'List remembered');
      await viewButton('Calendar').click();
      await eventually(() => viewButton('Calendar').getAttribute('aria-pressed'), 'true', 'Calendar chosen');
      await page.reload();
      await eventually(
        () => viewButton('Calendar').getAttribute('aria-pressed'),
        'true',
        'Calendar after reload',
      );
      await viewButton('List').click();
      await page.reload();
      await eventually(() => viewButton('List').getAttribute('aria-pressed'), 'true', 'List after reload');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Herd' }).click();
      await expectPath(page, '/home');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reminders' }).click();
      await eventually(
        () => viewButton('List').getAttribute('aria-pressed'),
        'true',
        'List on the next visit',
      );
    });

    it('asks before a half-written reminder is left, and Cancel leaves without asking', async () => {
      await goto('/reminders');
      await main().getByRole('link', { name: '+ New Reminder', exact: true }).click();
      await expectPath(page, '/reminders/new');
      await main().getByLabel('Title', { exact: true }).fill('Worm the flock');
      const question = page.getByRole('dialog', { name: 'Unsaved changes' });
      await page.goBack(); // the browser's own Back
      await expectVisible(question.getByText('You have unsaved changes. Leave this page?', { exact: true }));
      await question.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, '/reminders/new');
      expect(await main().getByLabel('Title', { exact: true }).inputValue()).toBe('Worm the flock');
      await main().getByRole('button', { name: 'Back', exact: true }).click();
      await question.getByRole('button', { name: 'Leave', exact: true }).click();
      await expectPath(page, '/reminders');
      await main().getByRole('link', { name: '+ New Reminder', exact: true }).click();
      await main().getByLabel('Title', { exact: true }).fill('Worm the flock');
      await main().getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, '/reminders');
      expect(await question.isVisible()).toBe(false);
      expect((await activeReminders()).some((reminder) => reminder.title === 'Worm the flock')).toBe(false);
    });

    it('on My Herd, a reminder opens its animal, Done works, and the same day keeps its order', async () => {
      // three due today, made in this order; a label only where the title does not start with it
      for (const [title, type] of [
        ['Trim hooves', 'general'],
        ['Feeding check', 'feeding'],
        ['Clean the water trough', 'routine'],
      ] as const) {
        await api.post('/api/v1/reminders', { title, type, dueDate: today, animalId: daisyId });
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Herd' }).click();
      await expectPath(page, '/home');
      const upcoming = main().getByRole('region', { name: 'Upcoming Reminders', exact: true });
      const rows = upcoming.getByTestId('upcoming-reminder');
      await eventually(() => rows.count(), 3, 'three reminders');
      const titles = () =>
        rows.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
      expect(await titles(), 'the order they were made in').toEqual([
        'Trim hooves',
        'Feeding check',
        'Clean the water trough',
      ]);
      for (let reload = 0; reload < 2; reload++) {
        await page.reload();
        await eventually(() => rows.count(), 3, 'three reminders after a reload');
        expect(await titles(), 'the same order after a reload').toEqual([
          'Trim hooves',
          'Feeding check',
          'Clean the water trough',
        ]);
      }
      const trim = rows.filter({ hasText: 'Trim hooves' });
      await expectVisible(trim.getByText('General', { exact: true }));
      await expectVisible(trim.getByText('Today', { exact: true }));
      expect(
        await rows.filter({ hasText: 'Feeding check' }).getByText('Feeding', { exact: true }).count(),
      ).toBe(0);
      await expectNoHorizontalScroll(page, 'My Herd at 360 px');

      await trim.getByRole('link', { name: 'Animal: Daisy', exact: true }).click();
      await expectPath(page, `/animal/${daisyId}`);
      await page.goBack();
      await expectPath(page, '/home');
      await rows
        .filter({ hasText: 'Trim hooves' })
        .getByRole('button', { name: 'Mark Trim hooves done', exact: true })
        .click();
      await expectToastAndDismiss(page, 'Reminder completed', 'The reminder has been marked as completed.');
      await eventually(() => rows.count(), 2, 'the done one leaves My Herd');
      expect(await titles()).toEqual(['Feeding check', 'Clean the water trough']);
      expect((await activeReminders()).map((reminder) => reminder.title)).toEqual([
        'Feeding check',
        'Clean the water trough',
      ]);
    });
  });
});
