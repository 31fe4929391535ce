// Withdrawal (issue 11): a flock treated from its group's Medication form with a 7-day egg
// withdrawal, a route, a lot number and who gave it. Every hen shows 'Not safe for eggs until …' on
// its card in the group's list and on My Animals (whose 'Under withdrawal only' filter finds the
// hens and not the goat), and on its profile, where its history reads the medicine record; the
// badge still shows on the last day and is gone the day after — the browser's clock is moved, not
// the code. Checked with axe, and for sideways scrolling at 360 px. Then the owner makes the farm
// organic: a goat's 14-day meat withdrawal is kept as 28 days, and its history says 'organic ×2'.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, shortDate, todayIn, type FarmApi } from './support/care';
import {
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { animalCard, expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const hens = ['Henrietta', 'Hen 2', 'Lady Marmalade Featherstonehaugh of the Lower Orchard Coop'];

describe.skipIf(!browserAvailable)('withdrawal: a flock treated, badges until the last day', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let coopId = '';
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`withdrawal-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: coopId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Laying Hens' }));
      const { id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      for (const name of hens)
        ids[name] = (await api.post<{ id: string }>('/api/v1/animals', { name, groupIds: [coopId] })).id;
      ids.Clover = (
        await api.post<{ id: string }>('/api/v1/animals', { name: 'Clover', groupIds: [goats] })
      ).id;
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const badge = () => `Not safe for eggs until ${shortDate(addDays(today, 7))}`;
    /** The browser's clock at noon of a farm date (the farm's zone is within ±11 h of UTC here). */
    const clockAt = (date: string) => page.clock.setFixedTime(new Date(`${date}T12:00:00Z`));

    it("treats the flock from the group's Medication form with a 7-day egg withdrawal", async () => {
      await goto(`/group/${coopId}/medical-entry`);
      await expectHeaderTitle(page, 'Medication');
      await main().getByLabel('Medication', { exact: true }).fill('Amprolium');
      await main().getByLabel('Dosage', { exact: true }).fill('1.5');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'mL' });
      await main().getByLabel('Route', { exact: true }).selectOption({ label: 'Oral' });
      await main().getByLabel('Batch/lot number', { exact: true }).fill('AMP-2291');
      await main().getByLabel('Given by', { exact: true }).fill('Maggie');
      await main().getByLabel('Egg withdrawal (days)', { exact: true }).fill('7');
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the medication form with its medicine record');
      await expectNoHorizontalScroll(page, 'the medication form with its medicine record');
      await page.setViewportSize(phone);
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/group/${coopId}`);
      await expectToastAndDismiss(page, 'Entry added');
    });

    it("marks every hen in the group's list and on My Animals, whose filter finds them", async () => {
      await goto(`/group/${coopId}/animals`);
      for (const name of hens)
        await expectVisible(animalCard(page, name).getByText(badge(), { exact: true }));

      await goto('/my-animals');
      await expectVisible(animalCard(page, 'Clover'));
      expect(
        await animalCard(page, 'Clover')
          .getByText(/Not safe for/)
          .count(),
        'the goat was not treated',
      ).toBe(0);
      await main().getByLabel('Under withdrawal only', { exact: true }).check();
      await expectVisible(main().getByRole('status').getByText('3 animals', { exact: true }));
      await animalCard(page, 'Clover').waitFor({ state: 'detached' });
      for (const name of hens)
        await expectVisible(animalCard(page, name).getByText(badge(), { exact: true }));
      expect(new URL(page.url()).searchParams.get('withdrawal')).toBe('active');
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'My Animals under withdrawal');
      await expectNoHorizontalScroll(page, 'My Animals under withdrawal');
      await page.setViewportSize(desktop);
      await expectNoSeriousA11yViolations(page, 'My Animals under withdrawal, desktop');
      await page.setViewportSize(phone);
    });

    it("shows the badge and the medicine record on a hen's profile", async () => {
      await goto(`/animal/${ids.Henrietta}`);
      await expectVisible(main().getByText(badge(), { exact: true }));
      const history = main().getByRole('region', { name: 'Care History', exact: true });
      // the record is longer than a row shows at first (50 characters, SPEC): 'More' opens it
      await history.getByRole('button', { name: 'More' }).click();
      await expectVisible(
        history.getByText('Oral · Lot AMP-2291 · Given by Maggie · Withdrawal: eggs 7 days', { exact: true }),
      );
      await expectNoSeriousA11yViolations(page, 'a profile under withdrawal');
    });

    it('doubles a treatment once the owner makes the farm organic (decision 0040)', async () => {
      await goto('/account');
      await main().getByRole('button', { name: 'Edit Farm Settings', exact: true }).click();
      await main().getByLabel('Organic: double withdrawal periods', { exact: true }).check();
      await main().getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToastAndDismiss(page, 'Farm settings updated');

      await goto(`/animal/${ids.Clover}/medical-entry`);
      await main().getByLabel('Medication', { exact: true }).fill('Penicillin');
      await main().getByLabel('Dosage', { exact: true }).fill('3');
      await main().getByLabel('Unit', { exact: true }).selectOption({ label: 'mL' });
      await main().getByLabel('Meat withdrawal (days)', { exact: true }).fill('14');
      await expectVisible(
        main().getByText('Organic farm: withdrawal periods are doubled (at least 48 hours)', { exact: true }),
      );
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectToastAndDismiss(page, 'Entry added');

      await goto(`/animal/${ids.Clover}`);
      await expectVisible(
        // the badge says so too (migration 0034)
        main().getByText(`Not safe for meat until ${shortDate(addDays(today, 28))} (organic)`, {
          exact: true,
        }),
      );
      const history = main().getByRole('region', { name: 'Care History', exact: true });
      await expectVisible(
        history.getByText('Withdrawal (organic ×2): meat 28 days (label 14)', { exact: true }),
      );
    });

    it('keeps the badge through the last day and drops it the day after', async () => {
      await clockAt(addDays(today, 7));
      await goto(`/animal/${ids.Henrietta}`);
      await expectVisible(main().getByRole('region', { name: 'Care History', exact: true }));
      await expectVisible(main().getByText(badge(), { exact: true }));

      await clockAt(addDays(today, 8));
      await goto(`/group/${coopId}/animals`);
      await expectVisible(animalCard(page, 'Henrietta'));
      for (const name of hens)
        expect(
          await animalCard(page, name)
            .getByText(/Not safe for/)
            .count(),
          `${name} after the last day`,
        ).toBe(0);
      await goto(`/animal/${ids.Henrietta}`);
      await expectVisible(main().getByRole('region', { name: 'Care History', exact: true }));
      expect(
        await main()
          .getByText(/Not safe for/)
          .count(),
      ).toBe(0);
    });
  });
});
