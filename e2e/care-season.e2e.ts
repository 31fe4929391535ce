// Journey: care entries at herd size (issue 9). A farm with goats (set up through the API) opens
// care forms whose fields start empty, SPEC's values as placeholders and the latest weight as a
// hint; picks an earlier medication and gets its dosage and unit; finds an animal's own entry in
// the group's log; corrects one goat's weight in a group weigh-in from the group; reads a long note
// with 'More'; switches the farm to kg on the Account page and reads a converted history; and
// leaves a half-filled form by Back and by a link and is asked first (and not after saving).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, careRow, expectCareRows, farmApi, todayIn, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

/** A note longer than 50 characters with a date where the cut would fall. */
const longNote = 'Second dose of the dewormer given, next on 12/11/2026 in the barn with Hazel watching.';

describe.skipIf(!browserAvailable)('care at herd size', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let groupId = '';
    const ids = { clover: '', hazel: '' };
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`care-season-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: groupId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' }));
      ids.clover = (
        await api.post<{ id: string }>('/api/v1/animals', { name: 'Clover', groupIds: [groupId] })
      ).id;
      ids.hazel = (
        await api.post<{ id: string }>('/api/v1/animals', { name: 'Hazel', groupIds: [groupId] })
      ).id;
      // the season so far: a weigh-in of the group, Clover's own dewormer and a long note
      await api.post('/api/v1/care-entries', {
        type: 'weight',
        groupId,
        dateRecorded: addDays(today, -7),
        weights: [
          { animalId: ids.clover, weightValue: 61.2 },
          { animalId: ids.hazel, weightValue: 52 },
        ],
      });
      await api.post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [ids.clover],
        dateRecorded: addDays(today, -3),
        medicationName: 'Ivermectin',
        dosage: 1.5,
        dosageUnit: 'cc',
      });
      await api.post('/api/v1/care-entries', {
        type: 'note',
        animalIds: [ids.clover],
        dateRecorded: addDays(today, -2),
        title: 'Dewormer',
        noteContent: longNote,
      });
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const groupLog = () => main().getByRole('region', { name: "Goats' Log", exact: true });
    const careHistory = () => main().getByRole('region', { name: 'Care History', exact: true });
    const dialog = () => page.getByRole('dialog', { name: 'Unsaved changes' });

    it('starts care forms empty, SPEC’s values as placeholders, the latest weight as a hint', async () => {
      await goto(`/animal/${ids.clover}/weight-entry`);
      const weight = main().getByLabel('Weight (lbs)', { exact: true });
      await expectVisible(weight);
      expect(await weight.inputValue(), 'no weight pre-filled').toBe('');
      expect(await weight.getAttribute('placeholder')).toBe('75.00');
      await expectVisible(main().getByText('Last: 61.2 lbs', { exact: true }));
      // the hint is the field's description
      expect(await weight.evaluate((input) => input.getAttribute('aria-describedby'))).toBeTruthy();

      await goto(`/animal/${ids.clover}/medical-entry`);
      const medication = main().getByLabel('Medication', { exact: true });
      await expectVisible(medication);
      expect(await medication.inputValue()).toBe('');
      expect(await medication.getAttribute('placeholder')).toBe('Heartworm');
      expect(await main().getByLabel('Dosage', { exact: true }).inputValue()).toBe('');
      expect(await main().getByLabel('Dosage', { exact: true }).getAttribute('placeholder')).toBe('2.0');
      expect(await main().getByLabel('Unit', { exact: true }).inputValue()).toBe('');
      // one animal: one reminder, not 'a reminder for each animal'
      await expectVisible(main().getByText('Optional: a reminder on this day', { exact: true }));
      expect(
        await main()
          .getByText(/for each animal/)
          .count(),
      ).toBe(0);
      await expectNoSeriousA11yViolations(page, 'the medication form');
      await expectNoHorizontalScroll(page, 'the medication form');

      // a group's new weigh-in: each animal's field empty, with its last weight as the hint and no
      // placeholder ('75.00' in every box read as a value)
      await goto(`/group/${groupId}/weight-entry`);
      const hazel = main().getByLabel('Hazel weight (lbs)', { exact: true });
      await expectVisible(hazel);
      expect(await hazel.inputValue()).toBe('');
      await expectVisible(main().getByText('Last: 52 lbs', { exact: true }));
      await expectVisible(main().getByText('Last: 61.2 lbs', { exact: true }));
      const boxes = main().getByLabel(/ weight \(lbs\)$/);
      expect(await boxes.count()).toBeGreaterThan(1);
      for (const box of await boxes.all()) {
        expect(await box.inputValue()).toBe('');
        expect(await box.getAttribute('placeholder')).toBeNull();
      }
      await expectVisible(
        main().getByText('Optional: one reminder on this day for all the animals included', { exact: true }),
      );
    });

    it('suggests an earlier medication and fills its last dosage and unit', async () => {
      await goto(`/animal/${ids.hazel}/medical-entry`);
      const medication = main().getByLabel('Medication', { exact: true });
      await expectVisible(medication);
      const listId = await medication.getAttribute('list');
      expect(listId).toBeTruthy();
      await eventually(
        () =>
          page
            .locator(`datalist[id="${listId}"] option`)
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).join(',')),
        'Ivermectin',
        "the farm's earlier medications are suggested",
      );
      await medication.fill('Ivermectin');
      await eventually(() => main().getByLabel('Dosage', { exact: true }).inputValue(), '1.5', 'the dosage');
      expect(await main().getByLabel('Unit', { exact: true }).inputValue()).toBe('cc');
      // a dosage typed by hand is never replaced by a later pick
      await main().getByLabel('Dosage', { exact: true }).fill('2.5');
      await medication.fill('');
      await medication.fill('Ivermectin');
      expect(await main().getByLabel('Dosage', { exact: true }).inputValue()).toBe('2.5');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();

      await expectPath(page, `/animal/${ids.hazel}`);
      await expectToastAndDismiss(page, 'Entry added');
      await expectCareRows(
        careHistory(),
        ['Medication: Ivermectin 2.5 cc', 'Weight: Weight check'],
        "Hazel's history",
      );
    });

    it("shows the group's animals' own entries in its log, each marked with its animal", async () => {
      await goto(`/group/${groupId}`);
      await expectCareRows(
        groupLog(),
        [
          'Medication: Ivermectin 2.5 cc',
          'Note: Dewormer',
          'Medication: Ivermectin 1.5 cc',
          'Weight: Weight check',
        ],
        'the log: own entries and the batch, newest first',
      );
      await expectVisible(
        careRow(groupLog(), 'Medication: Ivermectin 1.5 cc').getByText("Clover's own entry"),
      );
      await expectVisible(
        careRow(groupLog(), 'Medication: Ivermectin 2.5 cc').getByText("Hazel's own entry"),
      );
      const batch = careRow(groupLog(), 'Weight: Weight check');
      await expectVisible(batch.getByText('Applied to 2 animal(s)', { exact: true }));
    });

    it("corrects one goat's weight in the group's weigh-in from the group", async () => {
      await goto(`/group/${groupId}`);
      await careRow(groupLog(), 'Weight: Weight check')
        .getByRole('link', { name: /^Edit / })
        .click();
      await eventually(
        () => new URL(page.url()).pathname.startsWith(`/group/${groupId}/edit-weight/`),
        true,
        'opens the batch',
      );
      const weights = main().getByRole('group', { name: 'Weights (lbs)' });
      await expectVisible(weights);
      expect(await weights.getByLabel('Clover', { exact: true }).inputValue()).toBe('61.2');
      expect(await weights.getByLabel('Hazel', { exact: true }).inputValue()).toBe('52');
      await weights.getByLabel('Hazel', { exact: true }).fill('53.4');
      await main().getByRole('button', { name: 'Update Entry', exact: true }).click();

      await expectPath(page, `/group/${groupId}`);
      await expectToastAndDismiss(page, 'Entry updated');
      await expectVisible(
        careRow(groupLog(), 'Weight: Weight check').getByText('Clover 61.2 lbs, Hazel 53.4 lbs', {
          exact: true,
        }),
      );
      // after a save, Back does not reopen the saved form
      await page.goBack();
      await eventually(
        () => new URL(page.url()).pathname.includes('/edit-weight/'),
        false,
        'Back after a save leaves the form behind',
      );
      await goto(`/animal/${ids.hazel}`);
      await expectVisible(
        careRow(careHistory(), 'Weight: Weight check').getByText('53.4 lbs', { exact: true }),
      );
    });

    it("reads a long note with 'More' and 'Less', cut before the date", async () => {
      await goto(`/animal/${ids.clover}`);
      const row = careRow(careHistory(), 'Note: Dewormer');
      await expectVisible(row.getByText('Second dose of the dewormer given, next on...', { exact: true }));
      const more = row.getByRole('button', { name: 'More', exact: true });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.focus();
      await page.keyboard.press('Enter');
      await expectVisible(row.getByText(longNote, { exact: true }));
      const less = row.getByRole('button', { name: 'Less', exact: true });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      await less.click();
      await expectVisible(row.getByText('Second dose of the dewormer given, next on...', { exact: true }));
    });

    it('switches the farm to kg and reads every weight converted, the recorded unit kept', async () => {
      await goto('/account');
      await page.getByRole('button', { name: 'Edit Farm Settings', exact: true }).click();
      await page.getByLabel('Weight Unit', { exact: true }).selectOption('kg');
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToastAndDismiss(page, 'Farm settings updated');

      await goto(`/animal/${ids.clover}`);
      // 61.2 lbs × 0.45359237 = 27.76 kg
      await expectVisible(
        careRow(careHistory(), 'Weight: Weight check').getByText('27.8 kg (recorded as 61.2 lbs)', {
          exact: true,
        }),
      );
      expect(await careHistory().getByText(/ lbs$/).count(), 'no weight shown in pounds').toBe(0);
      await goto(`/group/${groupId}`);
      await expectVisible(
        careRow(groupLog(), 'Weight: Weight check').getByText(
          'Clover 27.8 kg, Hazel 24.2 kg (recorded in lbs)',
          {
            exact: true,
          },
        ),
      );
      // a new weight is entered in kg, the last one hinted in kg
      await goto(`/animal/${ids.hazel}/weight-entry`);
      await expectVisible(main().getByLabel('Weight (kg)', { exact: true }));
      await expectVisible(main().getByText('Last: 24.2 kg', { exact: true }));
    });

    it('asks before a half-filled form is left by Back or a link, and keeps what was typed', async () => {
      await goto(`/animal/${ids.clover}`);
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await main().getByRole('link', { name: 'Notes', exact: true }).click();
      await expectPath(page, `/animal/${ids.clover}/note-entry`);
      const title = main().getByLabel('Title', { exact: true });
      await title.fill('Hoof trim');

      // the page's Back: asked; Cancel stays with the text
      await main().getByRole('button', { name: 'Back', exact: true }).click();
      await expectVisible(dialog().getByText('You have unsaved changes. Leave this page?', { exact: true }));
      await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog().waitFor({ state: 'hidden' });
      await expectPath(page, `/animal/${ids.clover}/note-entry`);
      expect(await title.inputValue()).toBe('Hoof trim');

      // a link of the app: asked too
      await page.getByRole('link', { name: 'Reminders', exact: true }).filter({ visible: true }).click();
      await expectVisible(dialog());
      await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/animal/${ids.clover}/note-entry`);

      // a reload or a closed tab: the browser's own question
      const asked = await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(asked, 'beforeunload is cancelled while the form is dirty').toBe(true);

      // the browser's Back: asked; Leave goes back
      await page.goBack();
      await expectVisible(dialog());
      await expectPath(page, `/animal/${ids.clover}/note-entry`);
      await dialog().getByRole('button', { name: 'Leave', exact: true }).click();
      await expectPath(page, `/animal/${ids.clover}`);

      // an untouched form is left without a question
      await goto(`/animal/${ids.clover}/note-entry`);
      await expectVisible(main().getByLabel('Title', { exact: true }));
      await page.getByRole('link', { name: 'Reminders', exact: true }).filter({ visible: true }).click();
      await expectPath(page, '/reminders');
      expect(await dialog().isVisible()).toBe(false);
    });
  });
});
