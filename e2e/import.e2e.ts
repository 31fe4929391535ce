// Import loses nothing (issue 24, item 6): a small CSV with two different hens sharing a tag, a row
// with no name, a Notes column, a weight with 'Weighed on', a column Paddock does not read, and an
// animal the herd already has. The preview shows each as a problem on its row, lists the column
// not imported, and counts what the import will do; the tag and the name are fixed in the preview,
// the herd's animal skipped on purpose — and everything imported is there: the note, and a dated
// weighing from which the daily gain counts. Checked with axe, and for sideways scrolling at 360 px.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn, type FarmApi } from './support/care';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('import loses nothing', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let folder = '';
    let today = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`import-${backend}`));
      api = farmApi(page, stack.baseUrl);
      today = todayIn((await api.get<{ timeZone: string }>('/api/v1/profile')).timeZone);
      const { id: milkers } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Milkers' });
      await api.post('/api/v1/animals', { name: 'Clover', tagId: 'UK-1', groupIds: [milkers] });
      folder = mkdtempSync(join(tmpdir(), 'paddock-import-'));
    });
    afterAll(async () => {
      if (folder) rmSync(folder, { recursive: true, force: true });
      await context?.close();
      await stack?.stop();
    });

    it('shows every problem on its row, fixes or skips each, and imports the notes and dated weighings too', async () => {
      const csv = join(folder, 'flock.csv');
      writeFileSync(
        csv,
        '\uFEFFName,Tag,Species,Sex,Weight,Weighed on,Notes,Colour,Group\r\n' +
          `Hen 1,H-1,Chicken,Hen,2.1,${addDays(today, -10)},Lays brown eggs,Red,Layers\r\n` +
          'Hen 2,H-1,Chicken,Hen,2.3,,,Red,Layers\r\n' +
          ',H-3,Chicken,Hen,,,,Black,Layers\r\n' +
          'Clover,UK-1,Goat,Doe,,,,White,Milkers\r\n',
      );
      await page.goto(`${stack.baseUrl}/my-animals`);
      await page.getByRole('main').getByRole('link', { name: 'Import Animals', exact: true }).click();
      await page.getByLabel('Spreadsheet file', { exact: true }).setInputFiles(csv);

      const columns = page.getByRole('region', { name: 'Columns', exact: true });
      await expectVisible(columns.getByText('Not imported: Colour.', { exact: true }));
      const preview = page.getByRole('region', { name: 'Preview', exact: true });
      await expectVisible(
        preview.getByText('0 ready to import, 4 with problems to fix or skip.', { exact: false }),
      );
      const row = (line: number) => preview.getByRole('group', { name: `Row ${line}`, exact: true });
      // the row's item: the one holding its group of fields ('has' looks inside each item)
      const problemsOf = (line: number) =>
        preview
          .getByRole('listitem')
          .filter({ has: page.getByRole('group', { name: `Row ${line}`, exact: true }) });
      // two different hens sharing a tag: both rows say so, neither is merged into the other
      await expectVisible(problemsOf(2).getByText('The same tag as row 3', { exact: true }));
      await expectVisible(problemsOf(3).getByText('The same tag as row 2', { exact: true }));
      await expectVisible(problemsOf(4).getByText('Name is required', { exact: true }));
      await expectVisible(
        problemsOf(5).getByText('Already in your herd: Clover (tag UK-1)', { exact: true }),
      );
      const importButton = preview.getByRole('button', { name: /^Import \d+ animals?$/ });
      expect(await importButton.isDisabled()).toBe(true);

      await page.setViewportSize(narrowPhone);
      await expectNoSeriousA11yViolations(page, 'the import preview with problems');
      await expectNoHorizontalScroll(page, 'the import preview with problems');
      await page.setViewportSize(phone);

      // fixed in the preview: the second hen's tag, the nameless hen's name; the herd's goat skipped
      await row(3).getByLabel('Tag', { exact: true }).fill('H-2');
      await row(4).getByLabel('Name', { exact: true }).fill('Pip');
      await row(5).getByLabel('Skip', { exact: true }).check();
      await expectVisible(
        preview.getByText('3 ready to import, 1 skipped. With them: 1 note and 2 weighings.', {
          exact: false,
        }),
      );
      expect(
        await preview
          .getByRole('listitem')
          .filter({ hasText: /same tag|required|Already/ })
          .count(),
      ).toBe(0);

      await preview.getByRole('button', { name: 'Import 3 animals', exact: true }).click();
      await expectToastAndDismiss(
        page,
        'Imported 3 animals',
        'With 1 note and 2 weighings. 1 row skipped, as you chose.',
      );
      await expectPath(page, '/my-animals');

      const animals = await api.get<{ id: string; name: string; tagId: string | null }[]>('/api/v1/animals');
      expect(animals.map((animal) => [animal.name, animal.tagId]).sort()).toEqual([
        ['Clover', 'UK-1'],
        ['Hen 1', 'H-1'],
        ['Hen 2', 'H-2'],
        ['Pip', 'H-3'],
      ]);
      const idOf = (name: string) => animals.find((animal) => animal.name === name)!.id;
      type Weights = { points: { dateRecorded: string; weightValue: number }[] };
      const weights = async (name: string) =>
        (await api.get<Weights>(`/api/v1/animals/${idOf(name)}/weights`)).points.map((point) => [
          point.dateRecorded,
          point.weightValue,
        ]);
      expect(await weights('Hen 1')).toEqual([[addDays(today, -10), 2.1]]);
      expect(await weights('Hen 2')).toEqual([[today, 2.3]]); // no 'Weighed on': the import's day

      // weighed again today: the daily gain counts from the imported weighing
      await api.post('/api/v1/care-entries', {
        type: 'weight',
        dateRecorded: today,
        weights: [{ animalId: idOf('Hen 1'), weightValue: 3.1 }],
      });
      await page.goto(`${stack.baseUrl}/animal/${idOf('Hen 1')}`);
      const main = page.getByRole('main');
      const weightCard = main.getByRole('region', { name: 'Weight', exact: true });
      await expectVisible(weightCard.getByText('Average daily gain', { exact: true }));
      await expectVisible(weightCard.getByText('+0.1 lbs/day', { exact: true }).first());
      const history = main.getByRole('region', { name: 'Care History', exact: true });
      await expectVisible(history.getByText('Lays brown eggs', { exact: false }));
    });
  });
});
