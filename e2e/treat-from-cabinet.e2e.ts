// Treating from the medicine cabinet (issue 27 items 3–4) on a 390 px phone, on both databases: a
// wormer dosed by weight is added with stock through the cabinet's forms; the goats' group
// medication form offers it first, fills unit, route, withdrawal and the lot, and shows six doses
// worked out from the six goats' latest weights; saving takes their sum from the lot. An expired lot
// chosen instead warns. A vaccine with a schedule, given to one goat without a reminder date, makes
// the reminder of its second dose. Checked with axe, and at 360 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn, type FarmApi } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
  printPagesIfFailed,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type ApiLot = { id: string; lotNumber: string | null; stock: number };
type ApiMedicine = { id: string; name: string; inStock: number; lots: ApiLot[] };

/** The goats and their latest weights in kg (an older weighing first, to be ignored). */
const herd = [
  { name: 'Goat 1', kg: 32 },
  { name: 'Goat 2', kg: 45.5 },
  { name: 'Goat 3', kg: 51 },
  { name: 'Goat 4', kg: 27.5 },
  { name: 'Goat 5', kg: 60 },
  { name: 'Goat 6', kg: 38 },
];

describe.skipIf(!browserAvailable)('treating a group from the cabinet, dose by weight', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let goats = '';
    const ids: string[] = [];

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`treat-${backend}`));
      api = farmApi(page, stack.baseUrl);
      await api.call('PATCH', '/api/v1/farm/settings', { weightUnit: 'kg' });
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' }));
      for (const goat of herd) {
        const { id } = await api.post<{ id: string }>('/api/v1/animals', {
          name: goat.name,
          groupIds: [goats],
        });
        ids.push(id);
      }
      // an older weigh-in, then the latest one the doses are worked out from
      for (const [days, factor] of [
        [-40, 0.8],
        [-6, 1],
      ] as const)
        await api.post('/api/v1/care-entries', {
          type: 'weight',
          groupId: goats,
          dateRecorded: addDays(today, days),
          weightUnit: 'kg',
          weights: herd.map((goat, index) => ({
            animalId: ids[index],
            weightValue: Math.round(goat.kg * factor * 100) / 100,
          })),
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
    const medicines = () => api.get<ApiMedicine[]>('/api/v1/medicines');

    it('adds a wormer dosed by weight, 1 mL per 10 kg, with a lot in stock and an expired one', async () => {
      await page.goto(`${stack.baseUrl}/medicines/new`);
      await main().getByLabel('Name', { exact: true }).fill('Goat Wormer');
      await main().getByLabel('Unit', { exact: true }).selectOption('mL');
      await main().getByLabel('Route', { exact: true }).selectOption('oral');
      await main().getByRole('button', { name: 'By weight', exact: true }).click();
      await main().getByLabel('Dose (mL)', { exact: true }).fill('1');
      await main().getByLabel('Per (kg)', { exact: true }).fill('10');
      await main().getByLabel('Meat (days)', { exact: true }).fill('14');
      await main().getByLabel('Milk (days)', { exact: true }).fill('3');
      await main().getByRole('button', { name: 'Add Medicine', exact: true }).click();
      await expectPath(page, '/medicines');
      await expectToastAndDismiss(page, 'Medicine added', 'Goat Wormer');
      const wormer = main().getByRole('article', { name: 'Goat Wormer' });
      for (const lot of [
        { quantity: '100', lotNumber: 'GW-NEW', expiresOn: addDays(today, 300) },
        { quantity: '30', lotNumber: 'GW-OLD', expiresOn: addDays(today, -5) },
      ]) {
        await wormer.getByRole('link', { name: 'Add Stock: Goat Wormer' }).click();
        await main().getByLabel('Quantity (mL)', { exact: true }).fill(lot.quantity);
        await main().getByLabel('Lot number', { exact: true }).fill(lot.lotNumber);
        await main().getByLabel('Expiry', { exact: true }).fill(lot.expiresOn);
        await main().getByRole('button', { name: 'Add Stock', exact: true }).click();
        await expectPath(page, '/medicines');
        await expectToastAndDismiss(page, 'Stock added', `Goat Wormer: ${lot.quantity} mL`);
      }
      await expectVisible(wormer.getByText('In stock: 100 mL'));
    });

    it('treats the six goats: six doses from their latest weights, and the lot falls by their sum', async () => {
      await page.goto(`${stack.baseUrl}/group/${goats}/medical-entry`);
      const cabinet = main().getByLabel('From the Medicine Cabinet', { exact: true });
      const value = await cabinet.locator('option', { hasText: 'Goat Wormer' }).getAttribute('value');
      await cabinet.selectOption(value);

      // the label fills the form (still editable), and the lot is the one that has not expired
      expect(await main().getByLabel('Medication', { exact: true }).inputValue()).toBe('Goat Wormer');
      expect(await main().getByLabel('Unit', { exact: true }).inputValue()).toBe('mL');
      expect(await main().getByLabel('Route', { exact: true }).inputValue()).toBe('oral');
      expect(await main().getByLabel('Meat withdrawal (days)', { exact: true }).inputValue()).toBe('14');
      expect(await main().getByLabel('Milk withdrawal (days)', { exact: true }).inputValue()).toBe('3');
      expect(await main().getByLabel('Batch/lot number', { exact: true }).inputValue()).toBe('GW-NEW');
      const lot = main().getByLabel('Take from lot', { exact: true });
      expect(await lot.locator('option:checked').innerText()).toContain('GW-NEW');

      // each goat's dose: 1 mL per 10 kg of its latest weight, shown with where it comes from
      const total = herd.reduce((sum, goat) => sum + goat.kg / 10, 0);
      for (const goat of herd) {
        const dose = main().getByLabel(`${goat.name} dose (mL)`, { exact: true });
        await eventually(() => dose.inputValue(), String(goat.kg / 10), `${goat.name}'s dose`);
        await expectVisible(
          main()
            .getByText(`from ${goat.kg} kg on ${shortDay(addDays(today, -6))}`)
            .first(),
        );
      }
      await expectVisible(main().getByText(`Takes ${round(total)} mL of the 100 mL in this lot`));

      // an expired lot chosen instead warns; back to the good one
      const old = await lot.locator('option', { hasText: 'GW-OLD' }).getAttribute('value');
      await lot.selectOption(old);
      await expectVisible(main().getByRole('alert').filter({ hasText: `This lot expired on` }));
      await expectNoSeriousA11yViolations(page, 'the medication form from the cabinet, an expired lot');
      const good = await lot.locator('option', { hasText: 'GW-NEW' }).getAttribute('value');
      await lot.selectOption(good);
      expect(await main().getByText('This lot expired on').count()).toBe(0);

      await page.setViewportSize(narrowPhone);
      await expectNoHorizontalScroll(page, 'treating from the cabinet at 360 px');
      await page.setViewportSize(desktop);
      await expectNoHorizontalScroll(page, 'treating from the cabinet at 1280 px');
      await page.setViewportSize(phone);

      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectToastAndDismiss(page, 'Entry added');
      await expectPath(page, `/group/${goats}`);
      await eventually(
        async () => {
          const [wormer] = await medicines();
          return wormer!.lots.find((one) => one.lotNumber === 'GW-NEW')!.stock;
        },
        round(100 - total),
        'the lot falls by the six doses',
      );
      // each goat's own dose, in its history
      const history = await api.get<{ items: { medicationName: string; dosage: number }[] }>(
        `/api/v1/animals/${ids[4]}/care-entries`,
      );
      expect(history.items[0]).toMatchObject({ medicationName: 'Goat Wormer', dosage: 6 });
    });

    it('gives a vaccine with a schedule to one goat and its second dose is reminded', async () => {
      const vaccine = await api.post<{ id: string }>('/api/v1/medicines', {
        name: 'CDT Vaccine',
        unit: 'mL',
        route: 'injection',
        dose: { kind: 'fixed', amount: 2 },
        schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
      });
      await api.post(`/api/v1/medicines/${vaccine.id}/lots`, { quantity: 50, lotNumber: 'CDT-1' });
      await page.goto(`${stack.baseUrl}/animal/${ids[0]}/medical-entry`);
      const cabinet = main().getByLabel('From the Medicine Cabinet', { exact: true });
      const value = await cabinet.locator('option', { hasText: 'CDT Vaccine' }).getAttribute('value');
      await cabinet.selectOption(value);
      expect(await main().getByLabel('Dosage', { exact: true }).inputValue()).toBe('2');
      await expectVisible(
        main().getByText('Schedule: 2 doses 21 days apart, then a booster every 12 months', { exact: false }),
      );
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectToastAndDismiss(page, 'Entry added');
      await eventually(
        async () =>
          (
            await api.get<{ items: { title: string; dueDate: string }[] }>(
              `/api/v1/reminders?animalId=${ids[0]}`,
            )
          ).items
            .map((reminder) => `${reminder.title} ${reminder.dueDate}`)
            .join('; '),
        `CDT Vaccine Reminder - Goat 1 ${addDays(today, 21)}`,
        'the second dose is reminded',
      );
      await page.goto(`${stack.baseUrl}/reminders`);
      await main().getByRole('button', { name: 'List', exact: true }).click();
      await expectVisible(main().getByText('CDT Vaccine', { exact: false }).first());
    });
  });
});

const round = (value: number) => Math.round(value * 1000) / 1000;
const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
