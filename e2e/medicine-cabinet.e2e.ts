// The medicine cabinet (issue 27) on a 390 px phone: from My Herd to 'Medicine Cabinet', empty at
// first; a wormer dosed by weight with a schedule is added (a schedule of two doses without the
// days apart is refused first, on its field); two lots are stocked, one expired, and the cabinet
// shows 'In stock' and 'Expired' apart; disposing of more than the lot holds is the server's 422 on
// the field, disposing of some lowers the stock below the level and 'Low stock' shows. A farm
// sitter sees the cabinet without a control to change it; the medication form links to it; the wormer is archived and found behind
// 'Show archived'. Checked with axe, and at 360 and 1280 px.
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

type ApiMedicine = { id: string; name: string; inStock: number; expiredStock: number; lowStock: boolean };

describe.skipIf(!browserAvailable)('the medicine cabinet: stock in lots, expiry, low stock', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let weightUnit = '';
    let goats = '';
    let nanny = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`cabinet-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string; weightUnit: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      weightUnit = profile.weightUnit;
      ({ id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' }));
      const species = await api.get<{ id: string; name: string }[]>('/api/v1/species');
      ({ id: nanny } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Nanny',
        sex: 'female',
        speciesId: species.find((each) => each.name === 'Goat')!.id,
        groupIds: [goats],
      }));
    });
    const others: BrowserContext[] = [];
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
      // a second person's context stays open until their page has been printed
      for (const other of others.splice(0)) await other.close();
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const wormer = () => main().getByRole('article', { name: 'Wormer' });
    const medicines = () => api.get<ApiMedicine[]>('/api/v1/medicines');
    const lotRow = (lotNumber: string) =>
      wormer()
        .getByRole('listitem')
        .filter({ hasText: `Lot ${lotNumber}:` });

    it('adds a wormer dosed by weight with a schedule, from My Herd', async () => {
      await page.goto(`${stack.baseUrl}/home`);
      await main().getByRole('link', { name: 'Medicine Cabinet', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectVisible(main().getByText('No medicines yet'));
      await expectNoSeriousA11yViolations(page, 'the empty cabinet');
      await main().getByRole('link', { name: 'Add Medicine', exact: true }).click();
      await expectPath(page, '/medicines/new');

      await main().getByLabel('Name', { exact: true }).fill('Wormer');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByLabel('Route', { exact: true }).selectOption('oral');
      await main().getByRole('button', { name: 'By weight', exact: true }).click();
      await main().getByLabel('Dose (mL)', { exact: true }).fill('1');
      await main().getByLabel(`Per (${weightUnit})`, { exact: true }).fill('10');
      await main().getByLabel('Maximum dose (mL, optional)', { exact: true }).fill('25');
      await main().getByLabel('Meat (days)', { exact: true }).fill('14');
      await main().getByLabel('Milk (days)', { exact: true }).fill('3');
      await main().getByLabel('Initial doses', { exact: true }).fill('2');
      await main().getByLabel('Low stock level (mL, optional)', { exact: true }).fill('50');
      await main().getByRole('button', { name: 'Add Medicine', exact: true }).click();
      // two doses need the days between them: said on that field, nothing sent
      const daysApart = main().getByLabel('Days apart', { exact: true });
      await expectVisible(main().getByText('Say how many days apart the doses are'));
      expect(await daysApart.getAttribute('aria-invalid')).toBe('true');
      expect(await medicines()).toEqual([]);

      await daysApart.fill('21');
      await main().getByLabel('Booster every (months, optional)', { exact: true }).fill('12');
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'Add Medicine by weight');
      await expectNoHorizontalScroll(page, 'Add Medicine by weight');
      await page.setViewportSize(phone);
      await main().getByRole('button', { name: 'Add Medicine', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Medicine added', 'Wormer');

      await expectVisible(wormer().getByText(`1 mL per 10 ${weightUnit}, at most 25 mL`));
      await expectVisible(wormer().getByText('2 doses 21 days apart, then a booster every 12 months'));
      await expectVisible(wormer().getByText('In stock: 0 mL'));
      await expectVisible(wormer().getByText('Low stock', { exact: true }));
    });

    it('stocks two lots, one expired, and shows them apart', async () => {
      const expiry = addDays(today, 200);
      const expired = addDays(today, -10);
      for (const lot of [
        { quantity: '60', lotNumber: 'A1', expiresOn: expiry, supplier: 'Farm Vet', price: '42.50' },
        { quantity: '20', lotNumber: 'OLD7', expiresOn: expired, supplier: '', price: '' },
      ]) {
        await wormer().getByRole('link', { name: 'Add Stock: Wormer' }).click();
        await expectVisible(main().getByRole('heading', { name: 'Add Stock' }));
        await main().getByLabel('Quantity (mL)', { exact: true }).fill(lot.quantity);
        await main().getByLabel('Lot number', { exact: true }).fill(lot.lotNumber);
        await main().getByLabel('Expiry', { exact: true }).fill(lot.expiresOn);
        await main().getByLabel('Supplier', { exact: true }).fill(lot.supplier);
        await main().getByLabel('Price (optional)', { exact: true }).fill(lot.price);
        await main().getByRole('button', { name: 'Add Stock', exact: true }).click();
        await expectPath(page, '/medicines');
        await expectToastAndDismiss(page, 'Stock added', `Wormer: ${lot.quantity} mL`);
      }

      await expectVisible(wormer().getByText('In stock: 60 mL'));
      await expectVisible(wormer().getByText('Expired: 20 mL'));
      await expectVisible(lotRow('A1').getByText(`Expires ${usDate(expiry)}`));
      await expectVisible(lotRow('OLD7').getByText(`Expired ${usDate(expired)}`));
      // the expired lot sits in its own part, not among the lots in hand
      expect(
        await main()
          .getByRole('region', { name: 'Wormer expired lots' })
          .getByText('Lot OLD7: 20 mL')
          .count(),
      ).toBe(1);
      expect(
        await main()
          .getByRole('list', { name: 'Wormer lots' })
          .getByText('Lot OLD7', { exact: false })
          .count(),
      ).toBe(0);
      expect(await wormer().getByText('Low stock', { exact: true }).count(), '60 mL is not below 50').toBe(0);
      const [saved] = await medicines();
      expect(saved).toMatchObject({ inStock: 60, expiredStock: 20, lowStock: false });

      await expectNoSeriousA11yViolations(page, 'the cabinet with lots');
      await page.setViewportSize(desktop);
      await expectNoHorizontalScroll(page, 'the cabinet at 1280 px');
      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, 'the cabinet at 360 px');
      await page.setViewportSize(phone);
    });

    it('disposes of some of a lot: too much is refused on the field, and the stock falls', async () => {
      await lotRow('A1').getByRole('button', { name: 'Dispose lot A1', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Dispose lot A1' });
      await expectVisible(dialog);
      const quantity = dialog.getByLabel('Quantity (mL)', { exact: true });
      await quantity.fill('100');
      await dialog.getByRole('button', { name: 'Dispose', exact: true }).click();
      await expectVisible(dialog.getByText('Only 60 mL in stock'));
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousA11yViolations(page, 'the Dispose dialog with its error');

      await quantity.fill('15');
      await dialog.getByLabel('Note', { exact: true }).fill('Spilled');
      await dialog.getByRole('button', { name: 'Dispose', exact: true }).click();
      await expectToastAndDismiss(page, 'Stock disposed of');
      await expectVisible(wormer().getByText('In stock: 45 mL'));
      await expectVisible(lotRow('A1').getByText('Lot A1: 45 mL'));
      await expectVisible(wormer().getByText('Low stock', { exact: true }));
      await eventually(async () => (await medicines())[0]?.inStock, 45, 'the stock on the server');

      // a correction is signed: a count found 5 mL short takes 5 off
      await lotRow('A1').getByRole('button', { name: 'Correct lot A1', exact: true }).click();
      const correct = page.getByRole('dialog', { name: 'Correct lot A1' });
      await correct.getByLabel('Quantity (mL)', { exact: true }).fill('-5');
      await correct.getByRole('button', { name: 'Correct', exact: true }).click();
      await expectToastAndDismiss(page, 'Stock corrected');
      await expectVisible(wormer().getByText('In stock: 40 mL'));
    });

    it("is reached from the medication form's 'Medicine Cabinet' link", async () => {
      await page.goto(`${stack.baseUrl}/animal/${nanny}/medical-entry`);
      await main().getByRole('link', { name: 'Medicine Cabinet', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectVisible(wormer());
    });

    it('shows a farm sitter the cabinet with no control to change it', async () => {
      const { context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`cabinet-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      others.push(sitterContext);
      const sitterMain = sitter.getByRole('main');
      await sitter.goto(`${stack.baseUrl}/medicines`);
      const card = sitterMain.getByRole('article', { name: 'Wormer' });
      await expectVisible(card.getByText('In stock: 40 mL'));
      await expectVisible(card.getByText('Low stock', { exact: true }));
      for (const name of ['Add Medicine', 'Add Stock: Wormer', 'Edit Wormer'])
        expect(await sitterMain.getByRole('link', { name }).count(), name).toBe(0);
      for (const name of ['Dispose', 'Correct'])
        expect(await sitterMain.getByRole('button', { name }).count(), name).toBe(0);
      await expectNoSeriousA11yViolations(sitter, "a farm sitter's cabinet");
      await sitter.goto(`${stack.baseUrl}/medicines/new`);
      await expectVisible(sitterMain.getByRole('heading', { name: 'Members only' }));
    });

    it('archives the wormer: out of the cabinet, found behind Show archived', async () => {
      await page.goto(`${stack.baseUrl}/medicines`);
      await wormer().getByRole('link', { name: 'Edit Wormer' }).click();
      await expectVisible(main().getByRole('heading', { name: 'Edit Medicine' }));
      expect(await main().getByLabel(`Per (${weightUnit})`, { exact: true }).inputValue()).toBe('10');
      // it has stock records: the server keeps it (409) and says to archive it
      await main().getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete this medicine?' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expectToastAndDismiss(
        page,
        'Could not delete the medicine',
        'This medicine has stock records, which are kept: archive it instead of deleting it.',
      );
      expect((await medicines()).map((medicine) => medicine.name)).toEqual(['Wormer']);
      await main().getByRole('button', { name: 'Archive', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Archive this medicine?' });
      await question.getByRole('button', { name: 'Archive', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Medicine archived', 'Wormer');
      await expectVisible(main().getByText('No medicines yet'));
      await main().getByRole('button', { name: 'Show archived' }).click();
      await expectVisible(wormer().getByText('In stock: 40 mL'));
      expect(await api.get<ApiMedicine[]>('/api/v1/medicines?archived=true')).toMatchObject([
        { name: 'Wormer', inStock: 40 },
      ]);
    });
  });
});
