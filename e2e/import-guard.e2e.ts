// The spreadsheet import holds (issue 23): My Animals → 'Import Animals' refuses, at once and with
// a clear message, a 1.5 KB .xlsx that declares a cell at XFD1048576 (unguarded, the reader ran
// past a minute and 2 GB), a CSV of more rows than an import takes, and a CSV too big to read; the
// file is read in a worker that 'Cancel' stops; and a normal workbook of 3 animals still imports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { BrowserContext, Page, Route } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import { farmApi } from './support/care';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { startStack, type Stack } from './support/stack';

const tooLarge =
  'This spreadsheet is too large to import: Paddock reads at most 1,000 animals and 100 columns.';

/** A whole .xlsx of a few hundred bytes whose one sheet declares, and holds, a cell at XFD1048576. */
function farCellWorkbook(): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type}.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Animals" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0"?><worksheet xmlns="${main}"><dimension ref="A1:XFD1048576"/><sheetData>` +
        `<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>` +
        `<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`,
    ),
  });
}

describe.skipIf(!browserAvailable)('the spreadsheet import guard', () => {
  const browser = sharedBrowser();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  let folder = '';

  beforeAll(async () => {
    stack = await startStack('pglite');
    // no service worker: it would answer for the reader's script before the test's route does
    ({ context, page } = await openPage(browser(), { viewport: phone, serviceWorkers: 'block' }));
    await signUpAndConfirm(page, stack, newEmail('import-guard'));
    folder = mkdtempSync(join(tmpdir(), 'paddock-import-guard-'));
  });
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    await context?.close();
    await stack?.stop();
  });

  const fileInput = () => page.getByLabel('Spreadsheet file', { exact: true });
  const refusal = (message: string) => page.getByRole('alert').filter({ hasText: message });

  it('refuses a workbook declaring a cell at XFD1048576 at once, and imports a normal one', async () => {
    const bomb = join(folder, 'herd.xlsx');
    const bytes = farCellWorkbook();
    expect(bytes.length).toBeLessThan(1536);
    writeFileSync(bomb, bytes);
    await page.goto(`${stack.baseUrl}/my-animals`);
    await page.getByRole('main').getByRole('link', { name: 'Import Animals', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'Import Animals', exact: true }));
    await fileInput().setInputFiles(bomb);
    await expectVisible(refusal(tooLarge));
    await expect(page.getByRole('region', { name: 'Preview', exact: true }).count()).resolves.toBe(0);

    const flock = join(folder, 'flock.xlsx');
    await writeXlsxFile([
      ['Name', 'Species', 'Sex', 'Group'],
      ['Pepper', 'Chicken', 'Hen', 'Layers'],
      ['Salt', 'Chicken', 'Hen', 'Layers'],
      ['Clover', 'Goat', 'Doe', 'Milkers'],
    ]).toFile(flock);
    await fileInput().setInputFiles(flock);
    const preview = page.getByRole('region', { name: 'Preview', exact: true });
    await expectVisible(preview.getByText('3 ready to import', { exact: false }));
    await expect(refusal(tooLarge).count()).resolves.toBe(0);
    await preview.getByRole('button', { name: 'Import 3 animals', exact: true }).click();
    await expectToastAndDismiss(page, 'Imported 3 animals');
    await expectPath(page, '/my-animals');
    const animals = await farmApi(page, stack.baseUrl).get<{ name: string }[]>('/api/v1/animals');
    expect(animals.map((animal) => animal.name).sort()).toEqual(['Clover', 'Pepper', 'Salt']);
  });

  it('refuses a CSV of more rows than an import takes, and one too big to read', async () => {
    await page.goto(`${stack.baseUrl}/animals/import`);
    const long = join(folder, 'long.csv');
    const rows = Array.from({ length: 1500 }, (_, index) => `Hen ${index + 1},Chicken\r\n`);
    writeFileSync(long, `Name,Species\r\n${rows.join('')}`);
    await fileInput().setInputFiles(long);
    await expectVisible(refusal(tooLarge));

    await page.goto(`${stack.baseUrl}/animals/import`);
    const big = join(folder, 'big.csv');
    writeFileSync(big, `Name,Notes\r\nHen,${'x'.repeat(3 * 1024 * 1024)}\r\n`);
    await fileInput().setInputFiles(big);
    await expectVisible(refusal(tooLarge));

    // just under the row limit, the preview says to split the file
    await page.goto(`${stack.baseUrl}/animals/import`);
    const full = join(folder, 'full.csv');
    writeFileSync(full, `Name,Species\r\n${rows.slice(0, 1001).join('')}`);
    await fileInput().setInputFiles(full);
    await expectVisible(page.getByText('Import at most 1000 animals at a time: split the file.'));
  });

  it("stops reading on 'Cancel'", async () => {
    await page.goto(`${stack.baseUrl}/animals/import`);
    // hold the reader's script, so that the file is still being read when 'Cancel' is pressed
    const held: Route[] = [];
    await context.route(/spreadsheet\.worker-[\w-]+\.js$/, (route) => void held.push(route));
    const csv = join(folder, 'small.csv');
    // a hen the herd does not have yet (Pepper came in above: the preview would show her as a problem)
    writeFileSync(csv, 'Name,Species\r\nPaprika,Chicken\r\n');
    await fileInput().setInputFiles(csv);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expectVisible(cancel);
    await expectVisible(page.getByText('Reading...', { exact: true }));
    await page.setViewportSize(narrowPhone);
    await expectNoSeriousA11yViolations(page, 'the import page while it reads');
    await expectNoHorizontalScroll(page, 'the import page while it reads');
    await page.setViewportSize(phone);
    await cancel.click();
    await expectVisible(refusal('Reading stopped. Choose the file again, or another one.'));
    await expect(cancel.count()).resolves.toBe(0);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const route of held) await route.continue().catch(() => undefined);

    // the same file again reads now
    await fileInput().setInputFiles(csv);
    await expectVisible(
      page
        .getByRole('region', { name: 'Preview', exact: true })
        .getByText('1 ready to import', { exact: false }),
    );
  });
});
