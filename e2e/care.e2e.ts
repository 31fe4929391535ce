// Journey 5: care entries and reminders. A farm with a group of four goats (set up through the
// API) gives three of them a medication with a next-dose reminder from the group's Add Entry menu,
// finds the reminders on the calendar, the list and My Herd and marks one done, weighs the whole
// group, adds a repeating feeding reminder and marks it done in two tabs at once (one next
// occurrence, not two), adds a note, edits and deletes entries (one animal's and a group's batch),
// meets 'Care entry not found', and every care page is checked with axe and for sideways scrolling.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import {
  addDays,
  careRow,
  careRowTitles,
  expectCareRows,
  expectReminderTitles,
  farmApi,
  longDate,
  reminderCard,
  shortDate,
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
  expectToast,
  expectVisible,
} from './support/checks';
import { expectDetail, expectToastAndDismiss, selectedOptionText, unknownId } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

/** The goats, by name (the app lists a batch's animals by name, too). */
const goats = ['Clover', 'Hazel', 'Pepper', 'Willow'] as const;
type Goat = (typeof goats)[number];
const startWeights: Record<Goat, number> = { Clover: 55, Hazel: 52, Pepper: 60, Willow: 57 };
const weighIn: Record<Goat, { typed: string; shown: string }> = {
  Clover: { typed: '61.2', shown: '61.2 lbs' },
  Hazel: { typed: '64.7', shown: '64.7 lbs' },
  Pepper: { typed: '58.5', shown: '58.5 lbs' },
  Willow: { typed: '70', shown: '70 lbs' },
};
/** Hazel is left out of the medication. */
const medicated: Goat[] = ['Clover', 'Pepper', 'Willow'];
const noAnimalsMessage = 'Please select at least one animal to include in the medical entry.';

describe.skipIf(!browserAvailable)('care entries and reminders', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let groupId = '';
    const animalIds = {} as Record<Goat, string>;
    /** the farm's today (its time zone comes from the browser() at sign-up) and the dose's day */
    let today = '';
    let doseDay = '';
    /** what the edit pages of the accessibility checks open */
    const edits = { animalNote: '', groupMedical: '' };

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`care-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string; weightUnit: string }>('/api/v1/profile');
      expect(profile.timeZone, "the farm's zone is the browser()'s").toBe('America/Chicago');
      expect(profile.weightUnit).toBe('lbs');
      today = todayIn(profile.timeZone);
      doseDay = addDays(today, 3);
      ({ id: groupId } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Goats',
        description: 'The milking string.',
        color: 'rgba(34,197,94,1)',
      }));
      for (const name of goats) {
        const animal = await api.post<{ id: string }>('/api/v1/animals', {
          name,
          weight: startWeights[name],
          groupIds: [groupId],
        });
        animalIds[name] = animal.id;
      }
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const groupLog = () => main().getByRole('region', { name: "Goats' Log", exact: true });
    const careHistory = () => main().getByRole('region', { name: 'Care History', exact: true });
    const submit = (name: 'Add Entry' | 'Update Entry') =>
      main().getByRole('button', { name, exact: true }).click();

    /** Opens the 'Add Entry' menu of the group or animal page shown and picks `item`. */
    async function addEntry(item: 'Medication' | 'Weight' | 'Notes') {
      const menu = main().getByRole('button', { name: 'Add Entry', exact: true });
      await menu.click();
      await eventually(() => menu.getAttribute('aria-expanded'), 'true', 'the Add Entry menu opens');
      await main().getByRole('link', { name: item, exact: true }).click();
    }

    const activeReminders = async () => (await api.get<{ items: ApiReminder[] }>('/api/v1/reminders')).items;

    it("adds a medication for 3 of the group's 4 animals, with a next-dose reminder", async () => {
      await goto(`/group/${groupId}`);
      await expectVisible(main().getByRole('heading', { level: 2, name: 'Goats (4)', exact: true }));
      await expectVisible(groupLog().getByText('No care entries yet for this group', { exact: true }));
      await addEntry('Medication');

      await expectPath(page, `/group/${groupId}/medical-entry`);
      await expectHeaderTitle(page, 'Medication');
      await expectVisible(main().getByRole('heading', { name: 'Add Medication', exact: true }));
      // empty fields, SPEC's values as placeholders only (issue 9)
      const medication = main().getByLabel('Medication', { exact: true });
      expect(await medication.inputValue(), 'no medication pre-filled').toBe('');
      expect(await medication.getAttribute('placeholder')).toBe('Heartworm');
      const dosageField = main().getByLabel('Dosage', { exact: true });
      expect(await dosageField.inputValue()).toBe('');
      expect(await dosageField.getAttribute('placeholder')).toBe('2.0');
      expect(await main().getByLabel('Unit', { exact: true }).inputValue()).toBe('');
      await medication.fill('Heartworm');
      await dosageField.fill('2');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'mL' });
      expect(await selectedOptionText(main().getByLabel('Unit', { exact: true }))).toBe('mL');
      expect(await main().getByLabel('Date', { exact: true }).inputValue(), 'recorded today').toBe(today);
      const animals = main().getByRole('group', { name: 'Animals' });
      for (const name of goats)
        expect(await animals.getByRole('checkbox', { name, exact: true }).isChecked(), name).toBe(true);
      await expectVisible(animals.getByText('4 of 4 included', { exact: true }));

      // nobody included: the form says so and stays
      for (const name of goats) await animals.getByRole('checkbox', { name, exact: true }).uncheck();
      await expectVisible(animals.getByText('0 of 4 included', { exact: true }));
      await submit('Add Entry');
      await expectVisible(animals.getByRole('alert').getByText(noAnimalsMessage, { exact: true }));
      await expectToastAndDismiss(page, noAnimalsMessage);
      await expectPath(page, `/group/${groupId}/medical-entry`);
      await animals.getByRole('button', { name: 'Select all', exact: true }).click();
      await animals.getByRole('alert').waitFor({ state: 'detached' });
      await animals.getByRole('button', { name: 'Select none', exact: true }).click();
      await expectVisible(animals.getByText('0 of 4 included', { exact: true }));
      await animals.getByRole('button', { name: 'Select all', exact: true }).click();
      await expectVisible(animals.getByText('4 of 4 included', { exact: true }));

      await animals.getByRole('checkbox', { name: 'Hazel', exact: true }).uncheck();
      await expectVisible(animals.getByText('3 of 4 included', { exact: true }));
      await main().getByLabel('Next dose reminder', { exact: true }).fill(doseDay);
      await submit('Add Entry');

      await expectPath(page, `/group/${groupId}`);
      await expectToastAndDismiss(page, 'Entry added');
      await expectCareRows(groupLog(), ['Medication: Heartworm 2 mL'], 'the log: one row for the batch');
      const row = careRow(groupLog(), 'Medication: Heartworm 2 mL');
      await expectVisible(row.getByText('Applied to 3 animal(s)', { exact: true }));
      await expectVisible(row.getByText(medicated.join(', '), { exact: true }));
      await expectVisible(row.getByText(usDate(today), { exact: true }));
      // ONE reminder for the batch (issue 9), titled by the group, covering the three goats
      const reminders = main().getByRole('region', { name: 'Reminders', exact: true });
      await expectReminderTitles(reminders, ['Heartworm'], "the group's reminders");
      const batch = reminderCard(reminders, 'Heartworm');
      await expectVisible(batch.getByText(`Due ${usDate(doseDay)}`));
      await expectVisible(batch.getByText(/3 animals/));
      // on each treated goat's page, and not on Hazel's
      await goto(`/animal/${animalIds.Clover}`);
      await expectReminderTitles(
        main().getByRole('region', { name: 'Reminders', exact: true }),
        ['Heartworm'],
        "Clover's reminders",
      );
      const forHazel = await api.get<{ items: ApiReminder[] }>(
        `/api/v1/reminders?animalId=${animalIds.Hazel}`,
      );
      expect(forHazel.items, 'Hazel was not treated').toHaveLength(0);
    });

    it('finds the reminders on the calendar and the list, and marks one done', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reminders' }).click();
      await expectPath(page, '/reminders');
      await expectHeaderTitle(page, 'Reminders');
      await expectVisible(main().getByText('1 active reminder', { exact: true }));
      const calendarButton = main().getByRole('button', { name: 'Calendar', exact: true });
      const listButton = main().getByRole('button', { name: 'List', exact: true });
      expect(await calendarButton.getAttribute('aria-pressed'), 'the calendar comes first').toBe('true');
      expect(await listButton.getAttribute('aria-pressed')).toBe('false');

      // today is selected at first, and has nothing due
      await expectVisible(main().getByRole('heading', { name: `${longDate(today)} (today)`, exact: true }));
      await expectVisible(main().getByText('No reminders for this date', { exact: true }));
      const calendar = main().getByRole('region', { name: 'Calendar', exact: true });
      if (doseDay.slice(0, 7) !== today.slice(0, 7))
        await calendar.getByRole('button', { name: 'Next month', exact: true }).click();
      const day = calendar.getByRole('button', { name: `${longDate(doseDay)}, 1 reminder`, exact: true });
      await expectVisible(day);
      expect(await day.getAttribute('aria-pressed')).toBe('false');
      await day.click();
      await eventually(() => day.getAttribute('aria-pressed'), 'true', 'the dose day is selected');
      const dayList = main().getByRole('region', { name: longDate(doseDay), exact: true });
      await expectReminderTitles(dayList, ['Heartworm'], "the dose day's reminders");
      expect(await dayList.getByText(/Reminder/).count(), "a card's title drops the word 'Reminder'").toBe(0);

      await listButton.click();
      await eventually(() => listButton.getAttribute('aria-pressed'), 'true', 'List is chosen');
      const list = main().getByRole('region', { name: 'Every reminder, soonest first', exact: true });
      await expectReminderTitles(list, ['Heartworm'], 'the list');
      const goatsDose = reminderCard(list, 'Heartworm');
      await expectVisible(goatsDose.getByText('Medical', { exact: true }));
      await expectVisible(goatsDose.getByText(`Due ${usDate(doseDay)}`, { exact: true }));
      await expectVisible(goatsDose.getByRole('link', { name: 'Group: Goats', exact: true }));
      // Done once, for all three goats
      await goatsDose.getByRole('button', { name: 'Mark Heartworm done', exact: true }).click();
      await expectToastAndDismiss(page, 'Reminder completed', 'The reminder has been marked as completed.');
      await expectVisible(main().getByText('0 active reminders', { exact: true }));
      expect(await activeReminders()).toEqual([]);
      for (const name of medicated) {
        const own = await api.get<{ items: ApiReminder[] }>(`/api/v1/reminders?animalId=${animalIds[name]}`);
        expect(own.items, `${name}'s reminders after Done`).toHaveLength(0);
      }
    });

    it("shows the next three reminders on My Herd, each with a badge; 'View all' opens the list", async () => {
      // two more reminders, set up through the API: one due today, one later than the doses
      await api.post('/api/v1/reminders', {
        title: 'Trim hooves',
        type: 'general',
        dueDate: today,
        animalId: animalIds.Hazel,
      });
      await api.post('/api/v1/reminders', {
        title: 'Order hay',
        type: 'feeding',
        dueDate: addDays(today, 10),
        groupId,
      });
      await api.post('/api/v1/reminders', {
        title: 'Vaccinate',
        type: 'general',
        dueDate: addDays(today, 5),
        animalId: animalIds.Pepper,
      });
      await api.post('/api/v1/reminders', {
        title: 'Shear',
        type: 'routine',
        dueDate: addDays(today, 5),
        animalId: animalIds.Willow,
      });

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Herd' }).click();
      await expectPath(page, '/home');
      const upcoming = main().getByRole('region', { name: 'Upcoming Reminders', exact: true });
      const items = upcoming.getByRole('listitem');
      await eventually(() => items.count(), 3, 'at most three reminders on My Herd');
      const texts = await items.evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
      expect(texts[0], 'soonest first: due today').toMatch(/^Trim hooves.*Hazel.*General.*Today/);
      // same day, in the order they were made (a stable order), each with its subject and badge
      expect(texts[1]).toMatch(new RegExp(`^Vaccinate.*Pepper.*General.*${shortDate(addDays(today, 5))}`));
      expect(texts[2]).toMatch(new RegExp(`^Shear.*Willow.*Routine care.*${shortDate(addDays(today, 5))}`));
      expect(await upcoming.getByText('Order hay').count(), 'the fourth waits').toBe(0);
      // a row opens its animal
      await upcoming
        .getByRole('link', { name: /Pepper/ })
        .first()
        .click();
      await expectPath(page, `/animal/${animalIds.Pepper}`);
      await page.goBack();
      await expectPath(page, '/home');
      await upcoming.getByRole('link', { name: 'View all', exact: true }).click();
      await expectPath(page, '/reminders');
      await expectVisible(main().getByText('4 active reminders', { exact: true }));
    });

    it("weighs the whole group: each animal's profile shows its new weight", async () => {
      await goto(`/group/${groupId}`);
      await addEntry('Weight');
      await expectPath(page, `/group/${groupId}/weight-entry`);
      await expectHeaderTitle(page, 'Weight');
      await expectVisible(main().getByRole('heading', { name: 'Add Weight', exact: true }));
      for (const name of goats) {
        const input = main().getByLabel(`${name} weight (lbs)`, { exact: true });
        expect(await input.inputValue(), `${name}: no weight pre-filled`).toBe('');
        expect(await input.getAttribute('placeholder'), `${name}: no value-like placeholder`).toBeNull();
        await input.fill(weighIn[name].typed);
      }
      await submit('Add Entry');

      await expectPath(page, `/group/${groupId}`);
      await expectToastAndDismiss(page, 'Entry added');
      await expectCareRows(
        groupLog(),
        ['Weight: Weight check', 'Medication: Heartworm 2 mL'],
        'the log, newest first',
      );
      const row = careRow(groupLog(), 'Weight: Weight check');
      await expectVisible(row.getByText('Applied to 4 animal(s)', { exact: true }));
      await expectVisible(row.getByText(goats.join(', '), { exact: true }));
      await expectVisible(row.getByText(/^Clover 61\.2 lbs, Hazel 64\.7 lbs, /));

      for (const name of goats) {
        await goto(`/animal/${animalIds[name]}`);
        await expectVisible(main().getByRole('heading', { level: 2, name, exact: true }));
        await expectDetail(main(), 'Weight', weighIn[name].shown);
        const weight = careRow(careHistory(), 'Weight: Weight check');
        await expectVisible(weight.getByText(weighIn[name].shown, { exact: true }));
      }
    });

    it('adds a feeding reminder for the whole group that repeats every day', async () => {
      await goto(`/group/${groupId}`);
      const reminders = main().getByRole('region', { name: 'Reminders', exact: true });
      await reminders.getByRole('link', { name: '+ Add Reminder', exact: true }).click();
      await expectPath(page, `/reminders/new?groupId=${groupId}`);
      await expectHeaderTitle(page, 'New Reminder');
      await expectVisible(main().getByRole('heading', { name: 'Add New Reminder', exact: true }));
      expect(await main().getByRole('radio', { name: 'A whole group', exact: true }).isChecked()).toBe(true);
      expect(await selectedOptionText(main().getByLabel('Group', { exact: true }))).toBe('Goats (4)');
      expect(await main().getByLabel('Due date', { exact: true }).inputValue(), 'due today').toBe(today);

      await main().getByLabel('Title', { exact: true }).fill('Feed the goats');
      await main().getByLabel('Type', { exact: true }).selectOption({ label: 'Feeding' });
      await main().getByRole('checkbox', { name: 'Repeats', exact: true }).check();
      await main().getByLabel('Every', { exact: true }).fill('1');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'days' });
      await expectVisible(
        main().getByText('Every day, counted from the day you mark it done.', { exact: true }),
      );
      await main().getByRole('button', { name: 'Add Reminder', exact: true }).click();

      await expectPath(page, `/group/${groupId}`);
      await expectToastAndDismiss(page, 'Reminder added', `Due ${usDate(today)}.`);
      const card = reminderCard(reminders, 'Feed the goats');
      await expectVisible(card);
      await expectVisible(card.getByText('Feeding', { exact: true }));
      await expectVisible(card.getByText('Every day', { exact: true }));
      await expectVisible(card.getByText(`Due ${usDate(today)}`, { exact: true }));
      await expectVisible(card.getByRole('link', { name: 'Group: Goats', exact: true }));
    });

    it('marks the repeating reminder done in two tabs at once: one next occurrence, due tomorrow', async () => {
      const tomorrow = addDays(today, 1);
      const second = await context.newPage();
      second.on('pageerror', (error) =>
        console.error(`[browser()] uncaught error on ${second.url()}: ${error.message}`),
      );
      try {
        const feedCard = (tab: Page) =>
          reminderCard(
            tab.getByRole('main').getByRole('region', { name: 'Every reminder, soonest first' }),
            'Feed the goats',
          );
        // The second tab was opened last and stays in front, so that nothing makes it refetch (as
        // with two windows side by side); the first acts from the background (a little slower).
        for (const tab of [page, second]) {
          await tab.goto(`${stack.baseUrl}/reminders`);
          await tab.getByRole('main').getByRole('button', { name: 'List', exact: true }).click();
          await expectVisible(feedCard(tab).getByText(`Due ${usDate(today)}`, { exact: true }));
        }

        await feedCard(page).getByRole('button', { name: 'Mark Feed the goats done', exact: true }).click();
        await expectToastAndDismiss(page, 'Reminder completed', 'The reminder has been marked as completed.');
        // the first tab shows the next one, due tomorrow
        await expectVisible(feedCard(page).getByText(`Due ${usDate(tomorrow)}`, { exact: true }));
        expect(await feedCard(page).count()).toBe(1);

        // the second tab still shows today's (stale) one: Done there too
        expect(await feedCard(second).count()).toBe(1);
        await expectVisible(feedCard(second).getByText(`Due ${usDate(today)}`, { exact: true }));
        await feedCard(second).getByRole('button', { name: 'Mark Feed the goats done', exact: true }).click();
        await expectToast(second, 'Reminder completed', 'The reminder has been marked as completed.');

        await second.reload();
        await second.getByRole('main').getByRole('button', { name: 'List', exact: true }).click();
        await expectVisible(feedCard(second).getByText(`Due ${usDate(tomorrow)}`, { exact: true }));
        expect(await feedCard(second).count(), "exactly one 'Feed the goats' after both").toBe(1);
        await expectVisible(feedCard(second).getByText('Every day', { exact: true }));

        const feeding = (await activeReminders()).filter((reminder) => reminder.title === 'Feed the goats');
        expect(feeding).toHaveLength(1);
        expect(feeding[0]).toMatchObject({
          dueDate: tomorrow,
          type: 'feeding',
          groupId,
          animalId: null,
          repeatEvery: 1,
          repeatUnit: 'day',
          completed: false,
        });
      } finally {
        await second.close();
      }
    });

    it("adds a note from an animal's profile: it heads the Care History", async () => {
      await goto(`/animal/${animalIds.Pepper}`);
      await expectCareRows(
        careHistory(),
        ['Weight: Weight check', 'Medication: Heartworm 2 mL'],
        "Pepper's history before the note",
      );
      await addEntry('Notes');
      await expectPath(page, `/animal/${animalIds.Pepper}/note-entry`);
      await expectHeaderTitle(page, 'Note');
      await expectVisible(main().getByRole('heading', { name: 'Add Note', exact: true }));
      await expectVisible(main().getByText('Pepper', { exact: true }));
      expect(await main().getByRole('checkbox').count(), 'no animal picker for one animal').toBe(0);
      await main().getByLabel('Title', { exact: true }).fill('Limping');
      await main().getByLabel('Note', { exact: true }).fill('Favouring the left foreleg after the rain.');
      await submit('Add Entry');

      await expectPath(page, `/animal/${animalIds.Pepper}`);
      await expectToastAndDismiss(page, 'Entry added');
      await expectCareRows(
        careHistory(),
        ['Note: Limping', 'Weight: Weight check', 'Medication: Heartworm 2 mL'],
        "Pepper's history, newest first",
      );
      const note = careRow(careHistory(), 'Note: Limping');
      await expectVisible(note.getByText('Favouring the left foreleg after the rain.', { exact: true }));
      edits.animalNote = (await note.getByRole('link', { name: /^Edit / }).getAttribute('href')) ?? '';
      expect(edits.animalNote).toMatch(new RegExp(`^/animal/${animalIds.Pepper}/edit-note/[0-9a-f-]{36}$`));
      // the group's log shows its animals' own entries too, each marked with its animal (issue 9)
      await goto(`/group/${groupId}`);
      await expectCareRows(
        groupLog(),
        ['Note: Limping', 'Weight: Weight check', 'Medication: Heartworm 2 mL'],
        "the group's log with Pepper's own note",
      );
      await expectVisible(careRow(groupLog(), 'Note: Limping').getByText("Pepper's own entry"));
    });

    it("edits and deletes one animal's entry from its Care History", async () => {
      await goto(`/animal/${animalIds.Clover}`);
      const which = `Heartworm 2 mL, ${usDate(today)}`;
      await careHistory()
        .getByRole('link', { name: `Edit ${which}`, exact: true })
        .click();
      await eventually(
        () => new URL(page.url()).pathname.startsWith(`/animal/${animalIds.Clover}/edit-medical/`),
        true,
        'opens the edit page',
      );
      await expectHeaderTitle(page, 'Edit Medication');
      await expectVisible(main().getByRole('heading', { name: 'Edit Medication', exact: true }));
      expect(await main().getByLabel('Medication', { exact: true }).inputValue()).toBe('Heartworm');
      const dosage = main().getByLabel('Dosage', { exact: true });
      expect(Number(await dosage.inputValue())).toBe(2);
      expect(await main().getByLabel('Next dose reminder').count(), 'no reminder on an edit').toBe(0);
      await dosage.fill('3.5');
      await submit('Update Entry');

      await expectPath(page, `/animal/${animalIds.Clover}`);
      await expectToastAndDismiss(page, 'Entry updated');
      await expectCareRows(
        careHistory(),
        ['Weight: Weight check', 'Medication: Heartworm 3.5 mL'],
        "Clover's history after the edit",
      );

      // Delete: Cancel first, then for real
      const dialog = page.getByRole('dialog', { name: 'Delete entry' });
      const deleteButton = careHistory().getByRole('button', {
        name: `Delete Heartworm 3.5 mL, ${usDate(today)}`,
        exact: true,
      });
      await deleteButton.click();
      await expectVisible(dialog.getByText('Are you sure you want to delete this entry?', { exact: true }));
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await careRowTitles(careHistory())).toHaveLength(2);
      await deleteButton.click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToastAndDismiss(page, 'Entry deleted');
      await expectCareRows(careHistory(), ['Weight: Weight check'], "Clover's history after the delete");

      // the group's batch keeps its other animals
      await goto(`/group/${groupId}`);
      const medical = careRow(groupLog(), 'Medication: Heartworm 2 mL');
      await expectVisible(medical.getByText('Applied to 2 animal(s)', { exact: true }));
      await expectVisible(medical.getByText('Pepper, Willow', { exact: true }));
    });

    it("deletes a batch from the group's log: every animal loses it", async () => {
      await goto(`/group/${groupId}`);
      await expectCareRows(
        groupLog(),
        ['Note: Limping', 'Weight: Weight check', 'Medication: Heartworm 2 mL'],
        'the log before the delete',
      );
      // the log as the server has it, not the device's copy from before Clover's entry was deleted
      // (its batch's link would name that entry)
      await expectVisible(
        careRow(groupLog(), 'Medication: Heartworm 2 mL').getByText('Applied to 2 animal(s)', {
          exact: true,
        }),
      );
      edits.groupMedical =
        (await careRow(groupLog(), 'Medication: Heartworm 2 mL')
          .getByRole('link', { name: /^Edit / })
          .getAttribute('href')) ?? '';
      await careRow(groupLog(), 'Weight: Weight check')
        .getByRole('button', { name: `Delete Weight check, ${usDate(today)}`, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Delete entry' });
      await expectVisible(
        dialog.getByText(
          'Are you sure you want to delete this entry? It was applied to 4 animal(s); all of them lose it.',
          { exact: true },
        ),
      );
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToastAndDismiss(page, 'Entry deleted');
      await expectCareRows(
        groupLog(),
        ['Note: Limping', 'Medication: Heartworm 2 mL'],
        'the log after the delete',
      );

      await goto(`/animal/${animalIds.Hazel}`);
      await expectVisible(careHistory().getByText('No care entries yet.', { exact: true }));
      await goto(`/animal/${animalIds.Pepper}`);
      await expectCareRows(
        careHistory(),
        ['Note: Limping', 'Medication: Heartworm 2 mL'],
        "Pepper's history without the weight",
      );
    });

    it("says 'Care entry not found' for an entry that does not exist", async () => {
      await goto(`/animal/${animalIds.Clover}/edit-medical/${unknownId()}`);
      await expectVisible(main().getByRole('heading', { name: 'Care entry not found', exact: true }));
      await main().getByRole('button', { name: 'Go Back', exact: true }).click();
      await expectPath(page, `/animal/${animalIds.Clover}`);

      await goto(`/group/${groupId}/edit-weight/${unknownId()}`);
      await expectVisible(main().getByRole('heading', { name: 'Care entry not found', exact: true }));
      // another animal's entry is not this one's either
      await goto(edits.animalNote.replace(animalIds.Pepper, animalIds.Clover));
      await expectVisible(main().getByRole('heading', { name: 'Care entry not found', exact: true }));
    });

    it("reads a long Care History a page at a time: 'Show more' adds the older entries, none twice", async () => {
      const { id } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Old Timer',
        groupIds: [groupId],
      });
      const total = 60;
      for (let index = 0; index < total; index++)
        await api.post('/api/v1/care-entries', {
          type: 'note',
          animalIds: [id],
          dateRecorded: addDays(today, -index),
          title: `Visit ${index}`,
          noteContent: 'Checked over.',
        });
      await goto(`/animal/${id}`);
      const titles = () => careRowTitles(careHistory());
      await expectVisible(careRow(careHistory(), 'Note: Visit 0'));
      const first = await titles();
      expect(first.length, 'a page, not the whole history').toBeLessThan(total);
      const more = main().getByRole('button', { name: 'Show more', exact: true });
      while ((await titles()).length < total) {
        const shown = (await titles()).length;
        await more.click();
        await eventually(async () => (await titles()).length > shown, true, 'older entries on asking');
      }
      const all = await titles();
      expect(all, 'newest first, each once').toEqual(
        Array.from({ length: total }, (_, index) => `Note: Visit ${index}`),
      );
      expect(await more.count(), 'no Show more at the end').toBe(0);
    });

    // `ready` is what the page shows once loaded; `list` switches /reminders to its list.
    const pages: { name: string; path: () => string; ready: string; list?: boolean }[] = [
      { name: 'group medication form', path: () => `/group/${groupId}/medical-entry`, ready: 'Clover' },
      {
        name: 'group weight form',
        path: () => `/group/${groupId}/weight-entry`,
        ready: 'Clover weight (lbs)',
      },
      { name: 'animal note form', path: () => `/animal/${animalIds.Pepper}/note-entry`, ready: 'Title' },
      { name: 'animal edit form', path: () => edits.animalNote, ready: 'Title' },
      { name: 'group edit form', path: () => edits.groupMedical, ready: 'Dosage' },
      { name: 'reminders calendar', path: () => '/reminders', ready: 'Calendar' },
      {
        name: 'reminders list',
        path: () => '/reminders',
        ready: 'Every reminder, soonest first',
        list: true,
      },
      { name: 'new reminder', path: () => '/reminders/new', ready: 'Title' },
      { name: 'group page with its log', path: () => `/group/${groupId}`, ready: "Goats' Log" },
      {
        name: 'animal profile with its history',
        path: () => `/animal/${animalIds.Pepper}`,
        ready: 'Care History',
      },
    ];

    async function openChecked({ path, ready, list }: (typeof pages)[number]) {
      await goto(path());
      // the Reminders page remembers List or Calendar: choose the one to check
      if (ready === 'Calendar') await main().getByRole('button', { name: 'Calendar', exact: true }).click();
      if (list) await main().getByRole('button', { name: 'List', exact: true }).click();
      await expectVisible(
        main()
          .getByLabel(ready, { exact: true })
          .or(main().getByRole('region', { name: ready, exact: true })),
      );
      if (ready === "Goats' Log" || ready === 'Care History')
        await expectVisible(main().getByTestId('care-entry'));
      if (path().startsWith('/reminders') && !path().endsWith('/new'))
        await expectVisible(main().getByTestId('reminder-item'));
    }

    it.each(pages.map((checked) => [checked.name, checked] as const))(
      'the %s is accessible at 390 px and fits 360 px',
      async (_name, checked) => {
        expect(checked.path(), 'set by the steps above').not.toBe('');
        await openChecked(checked);
        await expectNoSeriousA11yViolations(page, checked.name);
        await expectNoHorizontalScroll(page, checked.name);
      },
    );

    it('preselects a group added elsewhere after the device kept its list: a reminder for it, an animal in it', async () => {
      // the device's copy of the groups, written as the page is left: Goats only
      await goto('/home');
      await expectVisible(main().getByText('The milking string.', { exact: true }));
      await goto('/reminders');
      // a group added on another device (the laptop) after that copy
      const { id: pen } = await api.post<{ id: string }>('/api/v1/groups', { name: "Kids' pen" });
      await goto(`/group/${pen}`);
      await main()
        .getByRole('region', { name: 'Reminders', exact: true })
        .getByRole('link', { name: '+ Add Reminder', exact: true })
        .click();
      await expectPath(page, `/reminders/new?groupId=${pen}`);
      await expectVisible(main().getByRole('heading', { name: 'Add New Reminder', exact: true }));
      expect(await main().getByRole('radio', { name: 'A whole group', exact: true }).isChecked()).toBe(true);
      expect(await selectedOptionText(main().getByLabel('Group', { exact: true }))).toBe("Kids' pen (0)");
      await goto('/home');
      await goto(`/group/${pen}/add-animal`);
      await expectVisible(main().getByRole('heading', { name: "New animal in Kids' pen", exact: true }));
      expect(await main().getByRole('checkbox', { name: "Kids' pen", exact: true }).isChecked()).toBe(true);
    });

    it('/reminders is accessible at 1280 px, as a calendar and as a list', async () => {
      await page.setViewportSize(desktop);
      try {
        for (const checked of pages.filter(({ path }) => path() === '/reminders')) {
          await openChecked(checked);
          await expectNoSeriousA11yViolations(page, `${checked.name} at 1280 px`);
        }
      } finally {
        await page.setViewportSize(phone);
      }
    });
  });
});
