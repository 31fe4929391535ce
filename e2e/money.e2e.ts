// The farm's money (issue 28 items 3-5) on a 390 px phone: a flock of three hens whose 24 eggs
// were collected today. From My Herd's 'Money', 'Add Expense' records a bag of feed bought for the
// flock and 'Add Income' the eggs sold; with the flock chosen, the Money page reads the cost per
// dozen eggs ($12.00 over 2 dozen: $6.00) and shows the months as a table too; the flock's 'Feed'
// shows the bag. A farm sitter has no 'Money' on My Herd, is told the page is members only, and the
// API refuses them. Checked with axe, and at 360 px for no sideways scroll.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { farmApi, type FarmApi } from './support/care';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('money: feed bought, eggs sold, the cost per dozen', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let layers = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`money-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const species = await api.get<{ id: string; name: string }[]>('/api/v1/species');
      const chicken = species.find((each) => each.name === 'Chicken')!.id;
      ({ id: layers } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Layers' }));
      for (const name of ['Hen 1', 'Hen 2', 'Hen 3'])
        await api.post('/api/v1/animals', { name, sex: 'female', speciesId: chicken, groupIds: [layers] });
      await api.post('/api/v1/egg-collections', { groupId: layers, eggs: 24 });
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');

    it('records feed bought for the flock and eggs sold, and reads the cost per dozen', async () => {
      await page.goto(`${stack.baseUrl}/home`);
      await main().getByRole('link', { name: 'Money', exact: true }).click();
      await expectPath(page, '/money');

      await main().getByRole('link', { name: 'Add Expense' }).click();
      await expectPath(page, '/money/new');
      const expense = main().getByRole('form', { name: 'Add Expense' });
      await expense.getByLabel('Amount (USD)').fill('12');
      await expense.getByLabel('Category').selectOption('Feed');
      await expense.getByLabel('Group (optional)').selectOption({ label: 'Layers' });
      await expense.getByLabel('Quantity (optional)').fill('1');
      await expense.getByLabel('Unit (optional)').fill('bag, 50 lb');
      await expectNoSeriousA11yViolations(page);
      await expense.getByRole('button', { name: 'Add Expense' }).click();
      await expectToastAndDismiss(page, 'Expense added');
      await expectPath(page, '/money');

      await main().getByRole('link', { name: 'Add Income' }).click();
      const income = main().getByRole('form', { name: 'Add Income' });
      // bad input is named on its field
      await income.getByLabel('Amount (USD)').fill('9.999');
      await income.getByRole('button', { name: 'Add Income' }).click();
      await expectVisible(income.getByText('Amount can have at most 2 decimal places'));
      await income.getByLabel('Amount (USD)').fill('9');
      await income.getByLabel('Category').selectOption('Eggs');
      await income.getByLabel('Group (optional)').selectOption({ label: 'Layers' });
      await income.getByRole('button', { name: 'Add Income' }).click();
      await expectToastAndDismiss(page, 'Income added');
      await expectPath(page, '/money');

      // the flock's own figures: $12.00 of feed over 24 eggs, 2 dozen
      await main().getByLabel('Group', { exact: true }).selectOption({ label: 'Layers' });
      const totals = main().getByRole('region', { name: 'Totals' });
      await expectVisible(totals.getByText('Cost per dozen eggs (24 eggs)'));
      await expectVisible(totals.getByText('$6.00'));
      await expectVisible(totals.getByText('$9.00'));
      await expectVisible(totals.getByText('-$3.00'));
      const entries = main().getByRole('region', { name: 'Entries' });
      await expectVisible(entries.getByText('Layers · 1 bag, 50 lb'));
      // the months as a table
      const byMonth = main().getByRole('region', { name: 'By month' });
      await byMonth.getByRole('button', { name: 'Table' }).click();
      await expectVisible(byMonth.getByRole('table').getByText('$12.00'));
      await expectNoSeriousA11yViolations(page);

      // the flock's Feed: the bag, and its cost per hen per day
      await page.goto(`${stack.baseUrl}/group/${layers}`);
      await main().getByRole('link', { name: 'Feed', exact: true }).click();
      await expectPath(page, `/group/${layers}/feed`);
      await expectVisible(main().getByText('Cost per animal per day (3 animals, 1 days)'));
      await expectVisible(main().getByText('$4.00'));
      await expectVisible(main().getByText('1 bag, 50 lb'));

      await page.setViewportSize(narrowPhone);
      await page.goto(`${stack.baseUrl}/money`);
      await expectVisible(main().getByRole('region', { name: 'Totals' }));
      await expectNoHorizontalScroll(page);
      await page.setViewportSize(phone);
    });

    it('shows a farm sitter no money', async () => {
      const { context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`money-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      try {
        const sitterMain = sitter.getByRole('main');
        await sitter.goto(`${stack.baseUrl}/home`);
        await expectVisible(sitterMain.getByRole('link', { name: 'Medicine Cabinet' }));
        expect(await sitterMain.getByRole('link', { name: 'Money', exact: true }).count()).toBe(0);
        await sitter.goto(`${stack.baseUrl}/money`);
        await expectVisible(sitterMain.getByRole('heading', { name: 'Members only' }));
        await sitter.goto(`${stack.baseUrl}/group/${layers}`);
        await expectVisible(sitterMain.getByRole('link', { name: 'Production' }));
        expect(await sitterMain.getByRole('link', { name: 'Feed', exact: true }).count()).toBe(0);
        const refused = await sitter.request.get(`${stack.baseUrl}/api/v1/money`);
        expect(refused.status()).toBe(403);
      } finally {
        await sitterContext.close();
      }
    });
  });
});
