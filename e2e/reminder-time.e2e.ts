// Journey (issue 29): a reminder's time of day, on a 360 px phone. A farmer adds a reminder at 18:00
// through 'Time of day (optional)' and sees '18:00' after its date on the list; its edit form holds
// the time; a treatment's next dose gets a time beside its date and its reminder shows it too.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, sharedBrowser } from './support/browser';
import {
  addDays,
  farmApi,
  reminderCard,
  todayIn,
  usDate,
  type ApiReminder,
  type FarmApi,
} from './support/care';
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

type TimedReminder = ApiReminder & { dueTime: string | null };

describe.skipIf(!browserAvailable)('a reminder’s time of day', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let daisyId = '';
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: narrowPhone }));
      await signUpAndConfirm(page, stack, newEmail(`reminder-time-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
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
    const list = () => main().getByRole('region', { name: 'Every reminder, soonest first', exact: true });
    const reminders = async () => (await api.get<{ items: TimedReminder[] }>('/api/v1/reminders')).items;
    async function showList() {
      await goto('/reminders');
      const listButton = main().getByRole('button', { name: 'List', exact: true });
      await listButton.click();
      await eventually(() => listButton.getAttribute('aria-pressed'), 'true', 'List is chosen');
    }

    it('adds a reminder at 18:00 and shows 18:00 after its date on the list and in its edit form', async () => {
      const day = addDays(today, 2);
      await goto(`/reminders/new?animalId=${daisyId}`);
      await main().getByLabel('Title', { exact: true }).fill('Penicillin');
      await main().getByLabel('Due date', { exact: true }).fill(day);
      const time = main().getByLabel('Time of day (optional)', { exact: true });
      expect(await time.getAttribute('type')).toBe('time');
      await time.fill('18:00');
      await expectNoSeriousA11yViolations(page, 'the reminder form with a time');
      await main().getByRole('button', { name: 'Add Reminder', exact: true }).click();
      await expectToastAndDismiss(page, 'Reminder added', `Due ${usDate(day)}.`);

      await showList();
      const card = reminderCard(list(), 'Penicillin');
      await expectVisible(card.getByText(`Due ${usDate(day)} · 18:00`, { exact: true }));
      await expectNoHorizontalScroll(page, 'the Reminders list with a time');
      const [saved] = (await reminders()).filter((reminder) => reminder.title === 'Penicillin');
      expect(saved!.dueTime).toBe('18:00');

      await card.getByRole('link', { name: 'Edit Penicillin', exact: true }).click();
      await expectPath(page, `/reminders/${saved!.id}/edit`);
      await eventually(
        () => main().getByLabel('Time of day (optional)', { exact: true }).inputValue(),
        '18:00',
        'the edit form holds the time',
      );
    });

    it('gives a treatment’s next dose a time beside its date; its reminder shows it', async () => {
      const doseDay = addDays(today, 7);
      await goto(`/animal/${daisyId}/medical-entry`);
      await main().getByLabel('Medication', { exact: true }).fill('Oxytetracycline');
      await main().getByLabel('Dosage', { exact: true }).fill('5');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByLabel('Date', { exact: true }).fill(today);
      await main().getByLabel('Next dose reminder', { exact: true }).fill(doseDay);
      await main().getByLabel('Time of day (optional)', { exact: true }).fill('07:30');
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${daisyId}`);
      await expectToastAndDismiss(page, 'Entry added');

      await showList();
      await expectVisible(
        reminderCard(list(), 'Oxytetracycline').getByText(`Due ${usDate(doseDay)} · 07:30`, { exact: true }),
      );
    });
  });
});
