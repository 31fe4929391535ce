// A lot's page (issue 27) on a 390 px phone: the owner adds a medicine and stocks a lot, opens the
// lot from the cabinet and reads what it is and its history ('Received +50 mL'); 'Edit lot' refuses
// a price of three decimals on its field, then saves a new expiry; disposing of some lowers the
// stock and tops the history with 'Disposed −10 mL' and its note. A farm sitter opens the same
// page and reads the history, with no control to edit the lot or move its stock. Checked with axe,
// and at 360 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn, usDate, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type ApiLot = { id: string; lotNumber: string | null; expiresOn: string | null; stock: number };
type ApiMedicine = { id: string; name: string; lots: ApiLot[] };

describe.skipIf(!browserAvailable)("a lot's page: its details, history and edit", () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let lotPath = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`lot-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const details = () => main().getByRole('definition');
    const history = () => main().getByRole('list', { name: 'Lot history' });
    const lotOnServer = async () => (await api.get<ApiMedicine[]>('/api/v1/medicines'))[0]!.lots[0]!;

    it('adds a medicine with a lot and opens the lot from the cabinet', async () => {
      await page.goto(`${stack.baseUrl}/medicines/new`);
      await main().getByLabel('Name', { exact: true }).fill('Penicillin');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByRole('button', { name: 'Add Medicine', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Medicine added', 'Penicillin');

      const card = main().getByRole('article', { name: 'Penicillin' });
      await card.getByRole('link', { name: 'Add Stock: Penicillin' }).click();
      await main().getByLabel('Quantity (mL)', { exact: true }).fill('50');
      await main().getByLabel('Lot number', { exact: true }).fill('P-100');
      await main().getByLabel('Expiry', { exact: true }).fill(addDays(today, 90));
      await main().getByLabel('Supplier', { exact: true }).fill('Farm Vet');
      await main().getByLabel('Price (optional)', { exact: true }).fill('12.5');
      await main().getByRole('button', { name: 'Add Stock', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Stock added', 'Penicillin: 50 mL');

      await card.getByRole('link', { name: 'Lot P-100', exact: true }).click();
      const lot = await lotOnServer();
      lotPath = `/medicines/${(await api.get<ApiMedicine[]>('/api/v1/medicines'))[0]!.id}/lots/${lot.id}`;
      await expectPath(page, lotPath);
      await expectVisible(main().getByRole('heading', { name: 'Penicillin' }));
      await expectVisible(main().getByText('Lot P-100', { exact: true }));
      for (const text of ['P-100', usDate(addDays(today, 90)), 'Farm Vet', '12.50', '50 mL'])
        await expectVisible(details().getByText(text, { exact: true }));
      await expectVisible(history().getByRole('listitem').first().getByText('Received'));
      await expectVisible(history().getByRole('listitem').first().getByText('+50 mL'));
      await expectNoSeriousA11yViolations(page, "a lot's page");
    });

    it('edits the lot: a bad price is refused on its field, a new expiry is saved', async () => {
      await main().getByRole('button', { name: 'Edit lot', exact: true }).click();
      const form = main().getByRole('form', { name: 'Edit lot' });
      expect(await form.getByLabel('Lot number', { exact: true }).inputValue()).toBe('P-100');
      expect(await form.getByLabel('Price (optional)', { exact: true }).inputValue()).toBe('12.5');
      const price = form.getByLabel('Price (optional)', { exact: true });
      await price.fill('12.505');
      await form.getByRole('button', { name: 'Save Lot', exact: true }).click();
      await expectVisible(form.getByText('Price can have at most 2 decimal places'));
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousA11yViolations(page, 'Edit lot with its error');
      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, 'Edit lot at 360 px');
      await page.setViewportSize(phone);

      const expiry = addDays(today, 30);
      await price.fill('12.5');
      await form.getByLabel('Expiry', { exact: true }).fill(expiry);
      await form.getByRole('button', { name: 'Save Lot', exact: true }).click();
      await expectToastAndDismiss(page, 'Lot saved');
      await expectVisible(details().getByText(usDate(expiry), { exact: true }));
      await eventually(async () => (await lotOnServer()).expiresOn, expiry, 'the expiry on the server');
      // the stock did not move: an edit is never a movement
      expect(await history().getByRole('listitem').count()).toBe(1);
    });

    it('disposes of some: the stock falls and the history says so, newest first', async () => {
      await main().getByRole('button', { name: 'Dispose', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Dispose lot P-100' });
      await dialog.getByLabel('Quantity (mL)', { exact: true }).fill('10');
      await dialog.getByLabel('Note', { exact: true }).fill('Broken vial');
      await dialog.getByRole('button', { name: 'Dispose', exact: true }).click();
      await expectToastAndDismiss(page, 'Stock disposed of');
      await expectVisible(details().getByText('40 mL', { exact: true }));
      const newest = history().getByRole('listitem').first();
      await expectVisible(newest.getByText('Disposed'));
      await expectVisible(newest.getByText('−10 mL'));
      await expectVisible(newest.getByText('Broken vial'));
      expect(await history().getByRole('listitem').count()).toBe(2);
      expect((await lotOnServer()).stock).toBe(40);

      await page.setViewportSize(desktop);
      await expectNoHorizontalScroll(page, "a lot's page at 1280 px");
      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, "a lot's page at 360 px");
      await page.setViewportSize(phone);
    });

    it('shows a farm sitter the history with no control to change the lot', async () => {
      const { context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`lot-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      try {
        const sitterMain = sitter.getByRole('main');
        await sitter.goto(`${stack.baseUrl}/medicines`);
        await sitterMain
          .getByRole('article', { name: 'Penicillin' })
          .getByRole('link', { name: 'Lot P-100', exact: true })
          .click();
        await expectPath(sitter, lotPath);
        await expectVisible(sitterMain.getByRole('heading', { name: 'Penicillin' }));
        const sitterHistory = sitterMain.getByRole('list', { name: 'Lot history' });
        await expectVisible(sitterHistory.getByText('Broken vial'));
        expect(await sitterHistory.getByRole('listitem').count()).toBe(2);
        for (const name of ['Edit lot', 'Dispose', 'Correct'])
          expect(await sitterMain.getByRole('button', { name }).count(), name).toBe(0);
        await expectNoSeriousA11yViolations(sitter, "a farm sitter's lot page");
      } finally {
        await sitterContext.close();
      }
    });
  });
});
