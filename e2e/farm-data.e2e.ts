// The farm's data where the farmer already is (issue 12). Calendar feed: Account → 'Calendar
// Feed' → 'Create Calendar Link' shows a private address once, with 'Copy'; a calendar app (no
// cookie) reads the farm's reminders from it as all-day events; 'Revoke' ends it. Export: 'Export
// Data' → 'Download CSV' saves a ZIP of spreadsheets, 'Download JSON' one document. Daily email:
// turned on, the morning's email arrives (a real SMTP server) with an unsubscribe link that works
// signed out. Import: My Animals → 'Import Animals' reads a CSV and an .xlsx, previews each row's
// problems, imports the valid rows, and a second import of the same file adds nothing. Checked with axe, and for sideways scrolling at 360 px.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { strFromU8, unzipSync } from 'fflate';
import nodeIcal from 'node-ical';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn } from './support/care';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectToast,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { embeddedBackend, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('farm data: calendar feed and export', () => {
  const browser = sharedBrowser();

  describe.each(embeddedBackend)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let due = '';
    let link = '';
    let email = '';
    let api: ReturnType<typeof farmApi>;

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
      email = newEmail(`calendar-${backend}-with-a-rather-long-address`);
      await signUpAndConfirm(page, stack, email);
      api = farmApi(page, stack.baseUrl);
      const { timeZone } = await api.get<{ timeZone: string }>('/api/v1/profile');
      due = addDays(todayIn(timeZone), 3);
      const { id: groupId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Laying Hens' });
      await api.post('/api/v1/reminders', {
        title: 'Clean the coop',
        type: 'routine',
        dueDate: due,
        groupId,
      });
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const section = () => page.getByRole('region', { name: 'Calendar Feed', exact: true });
    /** what a calendar app gets from the address: no cookie, no browser */
    const subscribe = (url: string) => fetch(url);

    it('creates a private link, shown once with Copy, that a calendar app reads', async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await expectVisible(section().getByRole('heading', { name: 'Calendar Feed', exact: true }));
      await section().getByRole('button', { name: 'Create Calendar Link', exact: true }).click();
      const field = section().getByLabel('Calendar link', { exact: true });
      await expectVisible(field);
      link = await field.inputValue();
      expect(link).toMatch(new RegExp(`^${stack.baseUrl}/api/v1/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      await section().getByRole('button', { name: 'Copy', exact: true }).click();
      await expectVisible(section().getByRole('button', { name: 'Copied', exact: true }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      const response = await subscribe(link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const events = Object.values(nodeIcal.sync.parseICS(await response.text())).filter(
        (item): item is nodeIcal.VEvent => item?.type === 'VEVENT',
      );
      expect(events.map((event) => event.summary)).toEqual(['Clean the coop — Laying Hens']);
      const start = events[0]!.start as Date & { dateOnly?: boolean };
      expect(start.dateOnly).toBe(true);
      const day = [start.getFullYear(), start.getMonth() + 1, start.getDate()]; // node-ical: local midnight
      expect(day.map((part) => String(part).padStart(2, '0')).join('-')).toBe(due);

      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the account page with a calendar link');
      await expectNoHorizontalScroll(page, 'the account page with a calendar link');
      await page.setViewportSize(desktop);
      await expectNoHorizontalScroll(page, 'the account page on a desktop');
      await page.setViewportSize(phone);

      // after a reload the link is not shown again: only that one is live
      await page.reload();
      await expectVisible(section().getByText(/Your reminders have been in a calendar feed since/));
      expect(await section().getByLabel('Calendar link', { exact: true }).count()).toBe(0);
    });

    it('revokes it: the calendar app then gets nothing', async () => {
      await section().getByRole('button', { name: 'Revoke', exact: true }).click();
      await expectToastAndDismiss(
        page,
        'Calendar link revoked',
        'Calendars can no longer read your reminders.',
      );
      await expectVisible(section().getByRole('button', { name: 'Create Calendar Link', exact: true }));
      expect((await subscribe(link)).status).toBe(404);
    });

    it('downloads the farm as a ZIP of spreadsheets and as one JSON document', async () => {
      const exportData = page.getByRole('region', { name: 'Export Data', exact: true });
      const [zipDownload] = await Promise.all([
        page.waitForEvent('download'),
        exportData.getByRole('link', { name: 'Download CSV', exact: true }).click(),
      ]);
      expect(zipDownload.suggestedFilename()).toMatch(/^paddock-farm-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(readFileSync(await zipDownload.path()));
      expect(Object.keys(files).sort()).toEqual([
        'animals.csv',
        'breedings.csv',
        'care-entries.csv',
        'groups.csv',
        'medicines.csv',
        'money.csv',
        'production.csv',
        'reminders.csv',
      ]);
      const reminders = strFromU8(files['reminders.csv']!);
      expect(reminders).toContain('Clean the coop');
      expect(strFromU8(files['groups.csv']!)).toContain('Laying Hens');

      const [jsonDownload] = await Promise.all([
        page.waitForEvent('download'),
        exportData.getByRole('link', { name: 'Download JSON', exact: true }).click(),
      ]);
      const document = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8')) as {
        format: string;
        tables: { groups: { name: string }[] };
      };
      expect(document.format).toBe('paddock-export');
      expect(document.tables.groups.map((group) => group.name)).toEqual(['Laying Hens']);

      // moved into a new account: the same file imported into its empty farm
      const { context: newcomer, page: other } = await openPage(browser(), { viewport: phone });
      try {
        await signUpAndConfirm(other, stack, newEmail(`import-${backend}`));
        await other.goto(`${stack.baseUrl}/account`);
        await other.getByLabel('Paddock JSON file', { exact: true }).setInputFiles(await jsonDownload.path());
        await expectToast(other, 'Farm imported');
        await other.goto(`${stack.baseUrl}/home`);
        await expectVisible(other.getByRole('main').getByText('Laying Hens', { exact: true }).first());
        await expectVisible(other.getByRole('main').getByText('Clean the coop', { exact: true }).first());
      } finally {
        await newcomer.close();
      }
    });

    it('sends the morning email once turned on, and unsubscribes by its link without signing in', async () => {
      // a zone where it is now between 08:00 and 22:00, so that this morning's email is owed
      const zone = [
        'UTC',
        'Asia/Tokyo',
        'America/New_York',
        'Pacific/Auckland',
        'Asia/Kolkata',
        'America/Los_Angeles',
      ]
        .map((timeZone) => ({
          timeZone,
          hour: Number(
            new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(
              new Date(),
            ),
          ),
        }))
        .find(({ hour }) => hour >= 8 && hour < 22)!.timeZone;
      await api.call('PATCH', '/api/v1/farm/settings', { timeZone: zone });
      const { id: groupId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      await api.post('/api/v1/reminders', {
        title: 'Milk the goats',
        type: 'routine',
        dueDate: todayIn(zone),
        groupId,
      });

      await page.goto(`${stack.baseUrl}/account`);
      const daily = page.getByRole('region', { name: 'Daily reminder email', exact: true });
      const box = daily.getByLabel(/Email me each morning/);
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await expectToastAndDismiss(page, 'Daily reminder email on');
      const morning = await stack.waitForEmail(email, 30_000);
      expect(morning.subject).toBe('Paddock: 1 reminder — 1 due today');
      // one title per reminder: 'Milk the goats' already names the Goats
      expect(morning.text).toContain('Milk the goats (due today)');
      const unsubscribe = /https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]{43}/.exec(morning.text)?.[0];
      expect(unsubscribe).toBeDefined();

      const { context: stranger, page: signedOut } = await openPage(browser(), { viewport: narrowPhone });
      try {
        const response = await signedOut.goto(unsubscribe!);
        expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
        await expectNoSeriousA11yViolations(signedOut, 'the unsubscribe page');
        await expectNoHorizontalScroll(signedOut, 'the unsubscribe page');
        await signedOut.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
        await expectVisible(signedOut.getByText(/You are unsubscribed/));
      } finally {
        await stranger.close();
      }
      // the page shows the device's copy first, then the server's answer: off
      await page.reload();
      await eventually(
        () =>
          page
            .getByRole('region', { name: 'Daily reminder email', exact: true })
            .getByLabel(/Email me each morning/)
            .isChecked(),
        false,
        'the daily email is off after the unsubscribe',
      );
    });

    it('imports a herd from a CSV and an .xlsx with a preview, and the same file twice adds nothing', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'paddock-import-'));
      try {
        const csv = join(folder, 'my herd.csv');
        writeFileSync(
          csv,
          '\uFEFFAnimal Name,Ear Tag,Species,Gender,Date of Birth,Weight,Pen\r\n' +
            'Buttercup Mae of the Long Meadow,T-101,Goat,Doe,2023-04-01,61.5,Milkers\r\n' +
            'Hazel,T-102,Goat,doe,4/2/2023,58,Milkers\r\n' +
            ',T-103,Goat,Doe,,,Milkers\r\n' +
            'Bramble,T-104,Sheep,unicorn,2024-01-01,,\r\n',
        );
        await page.goto(`${stack.baseUrl}/my-animals`);
        await page.getByRole('main').getByRole('link', { name: 'Import Animals', exact: true }).click();
        await expectVisible(page.getByRole('heading', { name: 'Import Animals', exact: true }));
        await page.getByLabel('Spreadsheet file', { exact: true }).setInputFiles(csv);
        const preview = page.getByRole('region', { name: 'Preview', exact: true });
        await expectVisible(
          preview.getByText('2 ready to import, 2 with problems to fix or skip.', { exact: false }),
        );
        await expectVisible(preview.getByText('Name is required', { exact: true }));
        await expectVisible(
          preview.getByText("Sex 'unicorn' is not Female, Male, Castrated Male or Spayed Female", {
            exact: true,
          }),
        );
        expect(await page.getByLabel('Birth Date', { exact: true }).inputValue()).toBe('4'); // 'Date of Birth'
        await page.setViewportSize(narrowPhone);
        await expectNoSeriousA11yViolations(page, 'the import preview');
        await expectNoHorizontalScroll(page, 'the import preview');
        await page.setViewportSize(phone);

        // rows with problems are left out only on purpose
        await preview.getByRole('button', { name: 'Skip Rows with Problems', exact: true }).click();
        await expectVisible(preview.getByText('2 ready to import, 2 skipped.', { exact: false }));
        await preview.getByRole('button', { name: 'Import 2 animals', exact: true }).click();
        await expectToastAndDismiss(
          page,
          'Imported 2 animals',
          'With 2 weighings. 2 rows skipped, as you chose.',
        );
        await expectPath(page, '/my-animals');
        await expectVisible(page.getByRole('main').getByText('Buttercup Mae of the Long Meadow').first());
        const animals = await api.get<{ name: string }[]>('/api/v1/animals');
        expect(animals.map((animal) => animal.name).sort()).toEqual([
          'Buttercup Mae of the Long Meadow',
          'Hazel',
        ]);

        // the same file again: nothing twice, and the preview says so before anything is sent
        await page.goto(`${stack.baseUrl}/animals/import`);
        await page.getByLabel('Spreadsheet file', { exact: true }).setInputFiles(csv);
        await expectVisible(
          page.getByText('0 ready to import, 4 with problems to fix or skip.', { exact: false }),
        );
        await expectVisible(
          page.getByText('Already in your herd: Buttercup Mae of the Long Meadow (tag T-101)', {
            exact: true,
          }),
        );
        expect(await page.getByRole('button', { name: 'Import 0 animals', exact: true }).isDisabled()).toBe(
          true,
        );

        // an Excel workbook, with a real date cell and a new group
        const xlsx = join(folder, 'flock.xlsx');
        await writeXlsxFile([
          ['Name', 'Species', 'Sex', 'Birth Date', 'Group'],
          [
            'Pepper',
            'Chicken',
            'Hen',
            { value: new Date(Date.UTC(2025, 4, 2)), format: 'yyyy-mm-dd' },
            'Layers',
          ],
          [
            'Salt',
            'Chicken',
            'Hen',
            { value: new Date(Date.UTC(2025, 4, 3)), format: 'yyyy-mm-dd' },
            'Layers',
          ],
        ]).toFile(xlsx);
        await page.goto(`${stack.baseUrl}/animals/import`);
        await page.getByLabel('Spreadsheet file', { exact: true }).setInputFiles(xlsx);
        await page.getByRole('button', { name: 'Import 2 animals', exact: true }).click();
        await expectToastAndDismiss(page, 'Imported 2 animals');
        const flock = await api.get<{ name: string; birthDate: string | null }[]>('/api/v1/animals');
        expect(flock.find((animal) => animal.name === 'Pepper')?.birthDate).toBe('2025-05-02');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
