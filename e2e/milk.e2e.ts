// Milk in the barn (issue 26) on a 390 px phone. A farm of three does and a buck (set up through the
// API), Daisy under a 5-day milk withdrawal. Bella's kids are recorded with Record Birth 45 days
// ago; then 'Record Milk' from the group page takes the three does' morning milk at once: the form
// says 'Discard: Daisy is not safe for milk until …' before saving, with all her milk as discarded,
// and Daisy's milk is stored and shown as discarded. Bella's profile shows 'Day 45 in milk', her
// 7-day average and lactation total; one doe's milking from her own page, edited and deleted from
// her records; a milking made offline waits ('Waiting to sync') and is stored once; the owner's
// change of the milk unit shows every amount converted; a farm sitter records milk and may change
// only their own. Checked with axe and for sideways scrolling at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, shortDate, todayIn, usDate, type FarmApi } from './support/care';
import {
  eventually,
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { watchDeviceCopy } from './support/device-copy';
import { expectDetail, expectToastAndDismiss } from './support/herd';
import { joinByInvitation, newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type ApiMilkRecord = {
  id: string;
  animalName: string;
  milking: string;
  amount: number;
  unit: string;
  discarded: number;
  saleable: number;
  recordedBy: string | null;
};

const does = ['Daisy', 'Bella', 'Clover'] as const;

describe.skipIf(!browserAvailable)('milk: recorded by the doe or the group, withdrawal first', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let deviceCopyWritten: () => Promise<void>;
    let today = '';
    let milkers = '';
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      deviceCopyWritten = await watchDeviceCopy(page);
      await signUpAndConfirm(page, stack, newEmail(`milk-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: milkers } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Milkers' }));
      for (const name of does)
        ({ id: ids[name] = '' } = await api.post<{ id: string }>('/api/v1/animals', {
          name,
          sex: 'female',
          groupIds: [milkers],
        }));
      ({ id: ids.Duke = '' } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Duke',
        sex: 'male',
        groupIds: [milkers],
      }));
      // Daisy's mastitis treatment: not safe for milk until the fifth day after today
      await api.post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [ids.Daisy],
        dateRecorded: today,
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        milkWithdrawalDays: 5,
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
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const milkCard = () => main().getByRole('region', { name: 'Milk', exact: true });
    const discard = () => `Discard: Daisy is not safe for milk until ${shortDate(addDays(today, 5))}`;
    const recordsOf = async (name: string) =>
      (await api.get<{ items: ApiMilkRecord[] }>(`/api/v1/milk-records?animalId=${ids[name]}`)).items;

    async function checkLayout(where: string) {
      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, where);
      await expectNoHorizontalScroll(page, where);
      await page.setViewportSize(phone);
    }

    it("records Bella's kids 45 days ago with Record Birth", async () => {
      await goto(`/animal/${ids.Bella}`);
      await main().getByRole('link', { name: 'Record Birth', exact: true }).click();
      await expectPath(page, `/animal/${ids.Bella}/birth`);
      await main().getByLabel('Birth Date', { exact: true }).fill(addDays(today, -45));
      const kid = main().getByRole('group', { name: 'Newborn 1', exact: true });
      await kid.getByLabel('Name', { exact: true }).fill('Bluebell');
      await kid.getByLabel('Sex', { exact: true }).selectOption({ label: 'Female' });
      await main().getByRole('button', { name: 'Save Birth', exact: true }).click();
      await expectPath(page, `/animal/${ids.Bella}`);
      await expectToastAndDismiss(page, 'Birth recorded', 'Bluebell');
    });

    it("milks the three does from the group page: Daisy's milk is to be discarded", async () => {
      await goto(`/group/${milkers}`);
      await main().getByRole('link', { name: 'Record Milk', exact: true }).click();
      await expectPath(page, `/group/${milkers}/milk`);
      await expectHeaderTitle(page, 'Milk: Milkers');
      // one field per female animal, named after her; none for the buck
      for (const name of does) await expectVisible(main().getByLabel(`${name} (lbs)`, { exact: true }));
      expect(await main().getByLabel('Duke (lbs)', { exact: true }).count()).toBe(0);
      expect(await main().getByLabel('Date', { exact: true }).inputValue()).toBe(today);

      // withdrawal first: said before anything is saved, next to her, all her milk discarded
      await expectVisible(main().getByText(discard(), { exact: true }));
      await main().getByRole('button', { name: 'Morning', exact: true }).click();
      expect(
        await main().getByRole('button', { name: 'Morning', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await main().getByLabel('Daisy (lbs)', { exact: true }).fill('3.5');
      expect(await main().getByLabel('Daisy discarded (lbs)', { exact: true }).inputValue()).toBe('3.5');
      await main().getByLabel('Bella (lbs)', { exact: true }).fill('4.25');
      await main().getByLabel('Clover (lbs)', { exact: true }).fill('2');
      expect(await main().getByLabel('Bella discarded (lbs)', { exact: true }).count()).toBe(0);
      await checkLayout('the group milk form with a withdrawal');

      await main().getByRole('button', { name: 'Save Milk', exact: true }).click();
      await expectPath(page, `/group/${milkers}`);
      await expectToastAndDismiss(page, 'Milk recorded', discard());

      const daisy = await recordsOf('Daisy');
      expect(
        daisy.map(({ amount, discarded, saleable, milking }) => ({ amount, discarded, saleable, milking })),
      ).toEqual([{ amount: 3.5, discarded: 3.5, saleable: 0, milking: 'morning' }]);
      expect((await recordsOf('Bella')).map(({ amount, discarded }) => ({ amount, discarded }))).toEqual([
        { amount: 4.25, discarded: 0 },
      ]);
      expect((await recordsOf('Clover')).map(({ amount }) => amount)).toEqual([2]);
    });

    it("says a group's blank form needs an amount, and skips blank does", async () => {
      await goto(`/group/${milkers}/milk`);
      await expectVisible(main().getByLabel('Bella (lbs)', { exact: true }));
      await main().getByRole('button', { name: 'Save Milk', exact: true }).click();
      await expectVisible(main().getByRole('alert').getByText('Enter at least one amount', { exact: true }));
      await main().getByRole('link', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/group/${milkers}`);
    });

    it("shows Bella's days in milk, last milking, 7-day average and lactation on her profile", async () => {
      await goto(`/animal/${ids.Bella}`);
      await expectVisible(milkCard());
      await expectDetail(milkCard(), 'Days in milk', 'Day 45 in milk');
      await expectDetail(milkCard(), 'Last milking', `${usDate(today)} Morning · 4.25 lbs`);
      await expectDetail(milkCard(), '7-day average', '0.61 lbs a day');
      await expectDetail(milkCard(), 'This lactation', '4.25 lbs saleable');

      await milkCard().getByRole('link', { name: 'Milk records', exact: true }).click();
      await expectPath(page, `/animal/${ids.Bella}/milk-records`);
      await expectHeaderTitle(page, "Bella's Milk");
      const totals = main().getByRole('region', { name: 'Milk', exact: true });
      await expectDetail(totals, 'Today', '4.25 lbs saleable');
      await totals.getByText('Show as table', { exact: true }).click();
      const lastDay = totals.getByRole('table').getByRole('row').last();
      await expectVisible(lastDay.getByRole('cell').first()); // the table is drawn after the click
      expect(await lastDay.getByRole('cell').allTextContents()).toEqual(['4.25 lbs', '0 lbs', '4.25 lbs']);
      await checkLayout("a doe's milk page");
    });

    it("shows Daisy's milk as discarded, and no birth recorded", async () => {
      await goto(`/animal/${ids.Daisy}/milk-records`);
      const section = main().getByRole('region', { name: 'Milk', exact: true });
      await expectVisible(section.getByText('3.5 lbs discarded', { exact: true }).first());
      const records = main().getByRole('region', { name: 'Milk Records', exact: true });
      await expectVisible(records.getByText('All discarded', { exact: true }));
      await expectDetail(section, 'Days in milk', 'No birth recorded');
      await expectDetail(section, 'This lactation', '0 lbs saleable, 3.5 lbs discarded');
    });

    it("shows the does' milk on the group's Production page, and no eggs for a herd with no hens", async () => {
      await goto(`/group/${milkers}`);
      await main().getByRole('link', { name: 'Production', exact: true }).click();
      await expectPath(page, `/group/${milkers}/production`);
      const section = main().getByRole('region', { name: 'Milk', exact: true });
      await expectDetail(
        section.getByRole('listitem').filter({ hasText: 'Bella' }),
        'Days in milk',
        'Day 45 in milk',
      );
      await expectVisible(main().getByRole('region', { name: 'Milk Records', exact: true }));
      expect(await main().getByRole('region', { name: 'Eggs', exact: true }).count(), 'no eggs card').toBe(0);
      expect(await main().getByRole('link', { name: 'Collect Eggs', exact: true }).count()).toBe(0);
      await checkLayout("a herd's Production page");
    });

    it("records one doe's evening milk from her page, then edits and deletes it", async () => {
      await goto(`/animal/${ids.Duke}`);
      await expectVisible(main().getByRole('heading', { name: 'Duke', exact: true }));
      expect(await main().getByRole('link', { name: 'Record Milk', exact: true }).count()).toBe(0);

      await goto(`/animal/${ids.Clover}`);
      await main().getByRole('link', { name: 'Record Milk', exact: true }).click();
      await expectPath(page, `/animal/${ids.Clover}/milk`);
      await expectHeaderTitle(page, 'Milk: Clover');
      await main().getByRole('button', { name: 'Save Milk', exact: true }).click();
      await expectVisible(main().getByText('Enter the amount', { exact: true }));
      await main().getByLabel('Amount (lbs)', { exact: true }).fill('2.75');
      await main().getByRole('button', { name: 'Evening', exact: true }).click();
      await main().getByLabel('Note', { exact: true }).fill('Kicked the pail');
      await checkLayout("one doe's milk form");
      await main().getByRole('button', { name: 'Save Milk', exact: true }).click();
      await expectPath(page, `/animal/${ids.Clover}`);
      await expectToastAndDismiss(page, 'Milk recorded');
      await expectDetail(milkCard(), 'Last milking', `${usDate(today)} Evening · 2.75 lbs`);

      await goto(`/animal/${ids.Clover}/milk-records`);
      const edit = main().getByRole('button', { name: `Edit Clover, Evening ${usDate(today)}`, exact: true });
      await edit.click();
      const dialog = page.getByRole('dialog', { name: 'Edit Milk Record' });
      await dialog.getByLabel('Amount (lbs)', { exact: true }).fill('3');
      await checkLayout('the milk record edit dialog');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToastAndDismiss(page, 'Milk record updated');
      await expectVisible(main().getByText('Kicked the pail', { exact: true }));
      await expectDetail(main(), 'Last milking', `${usDate(today)} Evening · 3 lbs`);

      await main()
        .getByRole('button', { name: `Delete Clover, Evening ${usDate(today)}`, exact: true })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete milk record' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToastAndDismiss(page, 'Milk record deleted');
      await eventually(async () => (await recordsOf('Clover')).length, 1, "Clover's morning milk stays");
    });

    it('records milk offline: it waits on the device and is stored once', async () => {
      await goto(`/animal/${ids.Clover}`);
      await expectVisible(milkCard());
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await deviceCopyWritten();
      await context.setOffline(true);
      try {
        await goto(`/animal/${ids.Clover}/milk`);
        await expectVisible(main().getByText(/You are offline: the withdrawal check waits/));
        await main().getByLabel('Amount (lbs)', { exact: true }).fill('1.5');
        await main().getByRole('button', { name: 'Once a day', exact: true }).click();
        await main().getByRole('button', { name: 'Save Milk', exact: true }).click();
        await expectPath(page, `/animal/${ids.Clover}`);
        await expectToast(page, 'Milk recorded', 'Saved on this device');
        const waiting = milkCard().getByRole('list', { name: 'Waiting to sync' });
        await expectVisible(waiting.getByText('Milk 1.5 lbs, Once a day · Clover', { exact: true }));
        await checkLayout('a profile with milk waiting to sync');
        expect((await recordsOf('Clover')).length, 'nothing has reached the server').toBe(1);
      } finally {
        await context.setOffline(false);
      }
      const banner = page.getByRole('region', { name: 'Sync', exact: true });
      await eventually(() => banner.count(), 0, 'the milking is sent once back online', 30_000);
      const clover = await recordsOf('Clover');
      expect(clover.filter((record) => record.milking === 'once').map((record) => record.amount)).toEqual([
        1.5,
      ]);
    });

    it('shows every amount in kg once the owner changes the milk unit', async () => {
      await goto('/account');
      await main().getByRole('button', { name: 'Edit Farm Settings', exact: true }).click();
      await main().getByLabel('Milk Unit', { exact: true }).selectOption('kg');
      await main().getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectToast(page, 'Farm settings updated');

      // 4.25 lbs is 1.93 kg; entered from now on in kg
      await goto(`/animal/${ids.Bella}`);
      await expectDetail(milkCard(), 'This lactation', '1.93 kg saleable');
      await goto(`/animal/${ids.Bella}/milk-records`);
      await expectDetail(main(), 'Today', '1.93 kg saleable');
      const records = main().getByRole('region', { name: 'Milk Records', exact: true });
      await expectVisible(records.getByText('1.93 kg', { exact: true }));
      await goto(`/animal/${ids.Bella}/milk`);
      await expectVisible(main().getByLabel('Amount (kg)', { exact: true }));
    });

    it('shows ten records at first and more on asking, so a season of them does not bury the page', async () => {
      for (let ago = 1; ago <= 12; ago++)
        await api.post('/api/v1/milk-records', {
          milkedOn: addDays(today, -ago),
          milking: 'morning',
          records: [{ animalId: ids.Clover, amount: 1.25 }],
        });
      const total = (await recordsOf('Clover')).length;
      expect(total).toBeGreaterThan(12);
      await goto(`/animal/${ids.Clover}/milk-records`);
      const rows = main().getByRole('region', { name: 'Milk Records', exact: true }).getByRole('listitem');
      await eventually(() => rows.count(), 10, 'the ten newest at first');
      await main().getByRole('button', { name: 'Show more', exact: true }).click();
      await eventually(() => rows.count(), Math.min(total, 20), 'ten more on asking');
    });

    describe('a farm sitter', () => {
      let sitterContext: BrowserContext;
      let sitter: Page;

      beforeAll(async () => {
        ({ context: sitterContext, page: sitter } = await joinByInvitation(browser(), stack, api, {
          email: newEmail(`milk-sitter-${backend}`),
          role: 'sitter',
          name: 'Sam Sitter',
        }));
      });
      afterAll(async () => {
        await sitterContext?.close();
      });

      it('records the evening milk and may change only their own records', async () => {
        await sitter.goto(`${stack.baseUrl}/group/${milkers}`);
        await sitter.getByRole('main').getByRole('link', { name: 'Record Milk', exact: true }).click();
        await expectPath(sitter, `/group/${milkers}/milk`);
        const form = sitter.getByRole('main');
        await form.getByRole('button', { name: 'Evening', exact: true }).click();
        await form.getByLabel('Bella (kg)', { exact: true }).fill('1.8');
        await form.getByRole('button', { name: 'Save Milk', exact: true }).click();
        await expectPath(sitter, `/group/${milkers}`);
        await expectToast(sitter, 'Milk recorded');

        await sitter.goto(`${stack.baseUrl}/animal/${ids.Bella}/milk-records`);
        const list = sitter.getByRole('main');
        await expectVisible(list.getByText('by Sam Sitter', { exact: false }).first());
        await expectVisible(
          list.getByRole('button', { name: `Edit Bella, Evening ${usDate(today)}`, exact: true }),
        );
        expect(
          await list
            .getByRole('button', { name: `Edit Bella, Morning ${usDate(today)}`, exact: true })
            .count(),
          "the owner's record is not the sitter's to change",
        ).toBe(0);
        await sitter.setViewportSize(desktop);
        await expectNoSeriousA11yViolations(sitter, "a farm sitter's milk records, desktop");
        await sitter.setViewportSize(phone);
        const bella = await recordsOf('Bella');
        expect(bella.find((record) => record.milking === 'evening')?.recordedBy).toBe('Sam Sitter');
      });
    });
  });
});
