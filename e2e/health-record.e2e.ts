// Health record (issue 11): from a goat's profile, 'Health Record' shows her identity, weights,
// medicines with route, lot and withdrawal, notes, and her milk per lactation (issue 26); print hides the app around it. 'Share'
// shows a link once; a visitor with no account opens it read-only (noindex), and after 'Revoke'
// the same link opens nothing. Checked with axe, and for sideways scrolling at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, shortDate, todayIn, usDate, type FarmApi } from './support/care';
import {
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const goatName = 'Clementine Buttercup of the Hollow';

describe.skipIf(!browserAvailable)('health record: printed for the vet, shared by a link, revoked', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let visitor: BrowserContext | undefined;
    let api: FarmApi;
    let goatId = '';
    let link = '';
    let ownerEmail = '';
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      ownerEmail = newEmail(`record-${backend}`);
      await signUpAndConfirm(page, stack, ownerEmail);
      api = farmApi(page, stack.baseUrl);
      await api.call('PATCH', '/api/v1/farm/settings', { farmName: 'Hollow Creek Farm' });
      await api.call('PATCH', '/api/v1/profile', { ownerName: 'Olive Grant' });
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      const { id: groupId } = await api.post<{ id: string }>('/api/v1/groups', {
        name: 'Secret Paddock Group',
      });
      ({ id: goatId } = await api.post<{ id: string }>('/api/v1/animals', {
        name: goatName,
        sex: 'female',
        tagId: 'UK-4471',
        dam: 'Bramble',
        sire: 'Duke',
        birthDate: addDays(today, -400),
        groupIds: [groupId],
      }));
      await api.post('/api/v1/animals', { name: 'Other Goat Never Shared', groupIds: [groupId] });
      for (const [daysAgo, weightValue] of [
        [60, 50],
        [30, 55],
      ] as const)
        await api.post('/api/v1/care-entries', {
          type: 'weight',
          dateRecorded: addDays(today, -daysAgo),
          weights: [{ animalId: goatId, weightValue }],
        });
      await api.post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [goatId],
        dateRecorded: addDays(today, -5),
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        route: 'injection',
        lotNumber: 'PEN-0042',
        givenBy: 'Dr. Lee',
        meatWithdrawalDays: 10,
      });
      await api.post('/api/v1/care-entries', {
        type: 'note',
        animalIds: [goatId],
        dateRecorded: addDays(today, -2),
        title: 'Limping',
        noteContent: 'Left hind, after the rain',
      });
      // her milk before her kidding 20 days ago, and after it (half a pound thrown away)
      const milked = (daysAgo: number, milking: string, amount: number, discarded = 0) =>
        api.post('/api/v1/milk-records', {
          milkedOn: addDays(today, -daysAgo),
          milking,
          records: [{ animalId: goatId, amount, discarded }],
        });
      await milked(25, 'once', 2);
      await api.post(`/api/v1/animals/${goatId}/births`, {
        bornOn: addDays(today, -20),
        offspring: [{ name: 'Kid Never Shared' }],
      });
      await milked(3, 'morning', 3);
      await milked(3, 'evening', 2.5, 0.5);
    });
    afterAll(async () => {
      await visitor?.close();
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');

    it('opens the record from the profile, with everything a vet asks for', async () => {
      await page.goto(`${stack.baseUrl}/animal/${goatId}`);
      await main().getByRole('link', { name: 'Health Record', exact: true }).click();
      await expectPath(page, `/animal/${goatId}/record`);
      await expectHeaderTitle(page, `Health Record: ${goatName}`);
      const record = main().getByRole('article', { name: goatName, exact: true });
      for (const heading of ['Identity', 'Weights', 'Medications', 'Notes', 'Milk'])
        await expectVisible(record.getByRole('heading', { name: heading, exact: true }));
      // at the top: whose animal, when printed, and what is not safe today (10 days from 5 days ago)
      await expectVisible(record.getByText('Hollow Creek Farm', { exact: true }));
      await expectVisible(record.getByText(`Owner: Olive Grant · ${ownerEmail}`, { exact: true }));
      await expectVisible(record.getByText(`Printed from Paddock on ${usDate(today)}`, { exact: true }));
      await expectVisible(
        record.getByText(`Not safe for meat until ${shortDate(addDays(today, 5))}`, { exact: true }),
      );
      await expectVisible(record.getByText('UK-4471', { exact: true }));
      await expectVisible(record.getByText('Bramble', { exact: true }));
      await expectVisible(record.getByRole('img', { name: /^Weight of / }));
      await expectVisible(
        record.getByText('Injection · Lot PEN-0042 · Given by Dr. Lee · Withdrawal: meat 10 days', {
          exact: true,
        }),
      );
      await expectVisible(record.getByText('Limping', { exact: true }));
      // her milk per lactation, in the farm's unit: before her first recorded birth, and since it
      const milk = record.getByRole('table', { name: 'Milk per lactation', exact: true });
      await expectVisible(milk.getByRole('rowheader', { name: /^Before first recorded birth/ }));
      await expectVisible(
        milk.getByRole('rowheader', { name: new RegExp(`^Birth ${usDate(addDays(today, -20))}`) }),
      );
      await expectVisible(milk.getByRole('cell', { name: '5.5 lbs', exact: true }));
      await expectVisible(milk.getByRole('cell', { name: '0.5 lbs', exact: true }));

      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the health record');
      await expectNoHorizontalScroll(page, 'the health record');
      await page.setViewportSize(desktop);
      await expectNoSeriousA11yViolations(page, 'the health record, desktop');

      // on paper: the record alone, without the app's header, navigation, buttons or share panel
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      expect(await main().getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
      expect(await main().getByRole('heading', { name: 'Share', exact: true }).isVisible()).toBe(false);
      await expectVisible(record.getByRole('heading', { name: 'Medications', exact: true }));
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize(phone);
    });

    it("prints on A4 with identity, chart and medications on the first page (Chromium's PDF)", async () => {
      // Chromium lays the PDF out at the paper's width in print media: 210 × 297 mm is 794 × 1123
      // CSS px with no margins. Laid out the same way on screen, the medications must end above
      // the first page's bottom; the PDF itself must be at most two pages.
      const a4 = { width: 794, height: 1123 };
      await page.setViewportSize(a4);
      await page.emulateMedia({ media: 'print' });
      const record = main().getByRole('article', { name: goatName, exact: true });
      const bottomOf = async (name: string) => {
        const box = await record.getByRole('region', { name, exact: true }).boundingBox();
        const scrolled = await page.evaluate(() => window.scrollY);
        return (box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0) + scrolled;
      };
      for (const section of ['Identity', 'Weights', 'Medications'])
        expect(await bottomOf(section), `${section} ends on the first page`).toBeLessThanOrEqual(a4.height);
      const pdf = await page.pdf({ format: 'A4', margin: { top: '0', bottom: '0', left: '0', right: '0' } });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(pages.length).toBeLessThanOrEqual(2);
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize(phone);
    });

    it('shares it: a visitor without an account reads it, and nothing else of the farm', async () => {
      await main().getByRole('button', { name: 'Share', exact: true }).click();
      const field = main().getByLabel('Share link', { exact: true });
      await expectVisible(field);
      link = await field.inputValue();
      expect(link).toMatch(new RegExp(`^${stack.baseUrl}/record/[A-Za-z0-9_-]{43}$`));

      ({ context: visitor } = await openPage(browser(), { viewport: phone }));
      const stranger = await visitor.newPage();
      const response = await stranger.goto(link);
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      const record = stranger.getByRole('article', { name: goatName, exact: true });
      await expectVisible(
        record.getByText('Injection · Lot PEN-0042 · Given by Dr. Lee · Withdrawal: meat 10 days'),
      );
      // the same paper as the farm's: whose animal it is, and its withdrawal today
      await expectVisible(record.getByText(`Owner: Olive Grant · ${ownerEmail}`, { exact: true }));
      await expectVisible(record.getByText(`Not safe for meat until ${shortDate(addDays(today, 5))}`));
      const text = await stranger.locator('body').innerText();
      await expectVisible(record.getByRole('table', { name: 'Milk per lactation', exact: true }));
      for (const secret of [
        'Secret Paddock Group',
        'Other Goat Never Shared',
        'Kid Never Shared',
        'Edit',
        'Delete',
        'Revoke',
      ])
        expect(text, `the shared page shows '${secret}'`).not.toContain(secret);
      await stranger.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(stranger, 'the shared record');
      await expectNoHorizontalScroll(stranger, 'the shared record');
      // no connection is not a revoked link: it says so, and Try Again opens the record
      const offline = await visitor.newPage();
      await offline.route('**/api/public/records/**', (route) => route.abort('internetdisconnected'));
      await offline.goto(link);
      await expectVisible(offline.getByText('Could not load the record', { exact: true }));
      expect(await offline.getByText('This link does not open a record').count()).toBe(0);
      await offline.unroute('**/api/public/records/**');
      await offline.getByRole('button', { name: 'Try Again', exact: true }).click();
      await expectVisible(offline.getByRole('article', { name: goatName, exact: true }));
      await offline.close();
      // the link opens no other page of the app
      await stranger.goto(`${stack.baseUrl}/home`);
      await expectPath(stranger, '/auth');
    });

    it('revokes it: the same link then opens nothing', async () => {
      await main().getByRole('button', { name: 'Revoke', exact: true }).click();
      await expectToastAndDismiss(page, 'Link revoked', 'The link no longer opens this record.');
      await expectVisible(main().getByRole('button', { name: 'Share', exact: true }));
      const stranger = await visitor!.newPage();
      await stranger.goto(link);
      await expectVisible(stranger.getByText('This link does not open a record', { exact: true }));
      expect(await stranger.getByRole('article').count()).toBe(0);
    });
  });
});
