// An animal leaves the herd (issue 28 items 1–2) on a 390 px phone, on both databases: Clover is
// sold from her page with a price and a note; her banner says so, the Money page shows the sale as
// income, and she leaves My Animals and the Goats' lists until 'Include past animals' shows her
// 'Sold {Mon D}'. A hen dies and leaves the Flock. Daisy, under a meat withdrawal, is sold only
// after the warning's 'Record anyway' ('Go back' first returns to the form). 'Return to Herd' puts
// Clover back and takes her income away. A Farm Sitter sees a past animal's banner but no control
// to change it, nor 'Leaving the herd' on an animal in the herd. Checked with axe, and at 360 and
// 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import { farmApi, shortDate, todayIn, usDate, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { animalCard, expectToastAndDismiss } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type ApiMoney = { items: { kind: string; category: string; amount: number; animalSaleOf: string | null }[] };
type ApiAnimal = { withdrawal: { meat: string | null } | null; exit: { kind: string } | null };

describe.skipIf(!browserAvailable)('an animal leaves the herd: sold, died, and back again', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let goats = '';
    let flock = '';
    const ids = { clover: '', daisy: '', hen: '' };

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`exit-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      const species = await api.get<{ id: string; name: string }[]>('/api/v1/species');
      const speciesId = (name: string) => species.find((each) => each.name === name)!.id;
      ({ id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' }));
      ({ id: flock } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Flock' }));
      const add = async (name: string, kind: string, groupId: string) =>
        (
          await api.post<{ id: string }>('/api/v1/animals', {
            name,
            sex: 'female',
            speciesId: speciesId(kind),
            groupIds: [groupId],
          })
        ).id;
      ids.clover = await add('Clover', 'Goat', goats);
      ids.daisy = await add('Daisy', 'Goat', goats);
      ids.hen = await add('Hen 4', 'Chicken', flock);
      // Daisy is not safe for meat for 30 days from today
      await api.post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [ids.daisy],
        dateRecorded: today,
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        meatWithdrawalDays: 30,
      });
    });
    afterEach(async ({ task }) => {
      await printPagesIfFailed(task, browser());
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const dialog = () => page.getByRole('dialog');
    const banner = () => main().getByRole('status').filter({ hasText: 'No longer in the herd' });
    const sales = async () =>
      (await api.get<ApiMoney>('/api/v1/money')).items
        .filter((entry) => entry.kind === 'income' && entry.category === 'Animal sale')
        .map((entry) => `${entry.amount} ${entry.animalSaleOf}`)
        .join('; ');
    /** the names of the animal cards on a list page, once the list has loaded */
    const cardNames = async (path: string, expected: string, what: string) => {
      await page.goto(`${stack.baseUrl}${path}`);
      await eventually(
        async () =>
          (await main().getByRole('article').getByRole('heading').allInnerTexts()).sort().join(', '),
        expected,
        what,
      );
    };
    const openMark = async (id: string, kind: string) => {
      await page.goto(`${stack.baseUrl}/animal/${id}`);
      const card = main().getByRole('region', { name: 'Leaving the herd', exact: true });
      await card.getByRole('button', { name: `Mark as ${kind}`, exact: true }).click();
      await expectVisible(dialog().getByRole('heading', { name: `Mark as ${kind}`, exact: true }));
    };

    it('sells Clover with a price and a note: her banner says so, and the sale is income', async () => {
      await openMark(ids.clover, 'Sold');
      expect(await dialog().getByLabel('Date', { exact: true }).inputValue()).toBe(today);
      await dialog().getByLabel('Price (USD, optional)', { exact: true }).fill('350.50');
      await dialog().getByLabel('Note (buyer, terms)', { exact: true }).fill('To the Millers');
      await expectNoSeriousA11yViolations(page, "the 'Mark as Sold' dialog");
      await dialog().getByRole('button', { name: 'Mark as Sold', exact: true }).click();
      await expectToastAndDismiss(page, 'Clover: sold', 'Its records are kept.');
      await expectVisible(banner().getByText(`Sold ${usDate(today)} for $350.50`, { exact: true }));
      await expectVisible(banner().getByText('To the Millers', { exact: true }));
      await expectVisible(banner().getByRole('button', { name: 'Return to Herd', exact: true }));
      await expectVisible(banner().getByRole('button', { name: 'Change', exact: true }));
      expect(await main().getByRole('heading', { name: 'Leaving the herd' }).count()).toBe(0);

      await eventually(sales, `350.5 ${ids.clover}`, "the sale's income, through the API");
      await page.goto(`${stack.baseUrl}/money`);
      const entries = main().getByRole('region', { name: 'Entries' });
      await expectVisible(entries.getByText('Animal sale', { exact: false }));
      await expectVisible(entries.getByText('+$350.50', { exact: true }));
    });

    it('Clover leaves My Animals and the Goats; "Include past animals" shows her as sold', async () => {
      await cardNames('/my-animals', 'Daisy, Hen 4', 'My Animals without Clover');
      await cardNames(`/group/${goats}/animals`, 'Daisy', "the Goats' animals without Clover");
      await page.goto(`${stack.baseUrl}/group/${goats}`);
      await expectVisible(main().getByRole('heading', { name: 'Goats (1)', exact: true }));

      await page.goto(`${stack.baseUrl}/my-animals`);
      await main().getByRole('checkbox', { name: 'Include past animals', exact: true }).check();
      const clover = animalCard(page, 'Clover');
      await expectVisible(clover.getByText(`Sold ${shortDate(today)}`, { exact: true }));
      await expectVisible(animalCard(page, 'Daisy'));
      await expectNoSeriousA11yViolations(page, 'My Animals with past animals');
    });

    it('marks Hen 4 as died with a note: she leaves the Flock', async () => {
      await openMark(ids.hen, 'Died');
      expect(await dialog().getByLabel('Price (USD, optional)').count(), 'no price for a death').toBe(0);
      await dialog().getByLabel('Note (cause)', { exact: true }).fill('Fox');
      await dialog().getByRole('button', { name: 'Mark as Died', exact: true }).click();
      await expectToastAndDismiss(page, 'Hen 4: died');
      await expectVisible(banner().getByText(`Died ${usDate(today)}`, { exact: true }));
      await expectVisible(banner().getByText('Fox', { exact: true }));
      await page.goto(`${stack.baseUrl}/group/${flock}/animals`);
      await expectVisible(main().getByText('No animals in this group yet.', { exact: true }));
      await page.goto(`${stack.baseUrl}/group/${flock}`);
      await expectVisible(main().getByRole('heading', { name: 'Flock (0)', exact: true }));
    });

    it('warns before selling Daisy while she is not safe for meat; "Record anyway" sells her', async () => {
      const until = (await api.get<ApiAnimal>(`/api/v1/animals/${ids.daisy}`)).withdrawal!.meat!;
      const warning = `Not safe for meat until ${shortDate(until)} — record anyway?`;
      await openMark(ids.daisy, 'Sold');
      await dialog().getByLabel('Price (USD, optional)', { exact: true }).fill('200');
      await dialog().getByRole('button', { name: 'Mark as Sold', exact: true }).click();
      await expectVisible(dialog().getByText(warning, { exact: true }));
      await expectNoSeriousA11yViolations(page, "the withdrawal's warning");

      // 'Go back' returns to the form, as it was; nothing is saved
      await dialog().getByRole('button', { name: 'Go back', exact: true }).click();
      await expectVisible(dialog().getByRole('button', { name: 'Mark as Sold', exact: true }));
      expect(await dialog().getByLabel('Price (USD, optional)', { exact: true }).inputValue()).toBe('200');
      expect((await api.get<ApiAnimal>(`/api/v1/animals/${ids.daisy}`)).exit).toBeNull();

      await dialog().getByRole('button', { name: 'Mark as Sold', exact: true }).click();
      await expectVisible(dialog().getByText(warning, { exact: true }));
      await dialog().getByRole('button', { name: 'Record anyway', exact: true }).click();
      await expectToastAndDismiss(page, 'Daisy: sold');
      await expectVisible(banner().getByText(`Sold ${usDate(today)} for $200.00`, { exact: true }));
      expect((await api.get<ApiAnimal>(`/api/v1/animals/${ids.daisy}`)).exit?.kind).toBe('sold');
    });

    it("a past animal's page does not scroll sideways at 360 px, nor at 1280 px", async () => {
      await page.goto(`${stack.baseUrl}/animal/${ids.clover}`);
      await expectVisible(banner());
      await expectNoHorizontalScroll(page, "a past animal's page at 360 px");
      await page.setViewportSize(desktop);
      try {
        await expectVisible(banner());
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(width.scroll, "a past animal's page scrolls sideways at 1280 px").toBeLessThanOrEqual(
          width.client,
        );
      } finally {
        await page.setViewportSize(phone);
      }
    });

    it('"Return to Herd" puts Clover back in My Animals and the Goats, and takes her income away', async () => {
      await page.goto(`${stack.baseUrl}/animal/${ids.clover}`);
      await banner().getByRole('button', { name: 'Return to Herd', exact: true }).click();
      await expectToastAndDismiss(page, 'Clover is back in the herd');
      await expectVisible(main().getByRole('heading', { name: 'Leaving the herd', exact: true }));
      expect(await banner().count()).toBe(0);
      await eventually(sales, `200 ${ids.daisy}`, "only Daisy's sale is left, through the API");

      await cardNames('/my-animals', 'Clover', 'My Animals with Clover back (Daisy sold, Hen 4 died)');
      await cardNames(`/group/${goats}/animals`, 'Clover', "the Goats' animals with Clover back");
    });

    it("a Farm Sitter sees a past animal's banner but cannot change it, nor mark one as gone", async () => {
      const sitter = await joinByInvitation(browser(), stack, api, {
        email: newEmail(`exit-sitter-${backend}`),
        role: 'sitter',
        name: 'Sam Sitter',
      });
      try {
        const view = sitter.page.getByRole('main');
        await sitter.page.goto(`${stack.baseUrl}/animal/${ids.daisy}`);
        const pastBanner = view.getByRole('status').filter({ hasText: 'No longer in the herd' });
        // how she left (a sale's price is the owner's business, but the decisions do not hide it)
        await expectVisible(pastBanner.getByText(new RegExp(`^Sold ${usDate(today)}`)));
        expect(await view.getByRole('button', { name: 'Return to Herd' }).count()).toBe(0);
        expect(await view.getByRole('button', { name: 'Change', exact: true }).count()).toBe(0);

        await sitter.page.goto(`${stack.baseUrl}/animal/${ids.clover}`);
        await expectVisible(view.getByRole('heading', { name: 'Clover', exact: true }));
        await expectVisible(view.getByRole('heading', { name: 'Care History', exact: true }));
        expect(await view.getByRole('heading', { name: 'Leaving the herd' }).count()).toBe(0);
        expect(await view.getByRole('button', { name: /^Mark as / }).count()).toBe(0);
      } finally {
        await sitter.context.close();
      }
    });
  });
});
