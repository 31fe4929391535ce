// Print Labels (issue 30): the owner prints labels for a group of 15 ewes from the group's page —
// printed to a PDF by Chromium itself (the print CSS: the paper, no margin, the sheets only), of the
// expected number of pages and paper size, whose QR codes, read from the rendered pages
// (poppler's pdftoppm, then ZXing), are the short links of exactly those ewes. A link opens the
// animal for the farm's member, sends a signed-out visitor to sign in, and tells a member of another
// farm 'Not an animal of this farm' without naming the animal. My Animals prints what its filter
// found. Checked at 360 and 1280 px and with axe.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animalIdOfLabelLink } from '../src/shared/animals/label-code';
import { browserAvailable, desktop, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { newEmail, password, signUpAndConfirm } from './support/journeys';
import { farmApi } from './support/care';
import { backends, startStack, type Stack } from './support/stack';

const require = createRequire(import.meta.url);

/** poppler's tools (Debian's poppler-utils; .ci/run installs them) */
const poppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!poppler) {
  const problem = 'No pdftoppm: the printed labels cannot be read back (apt-get install -y poppler-utils).';
  if (process.env.CI === 'true') throw new Error(`${problem} CI must not pass without them.`);
  console.warn(`${problem} Print Labels' journey is skipped.`);
}

/** The PDF's page count and first page's size in points, as pdfinfo reads them. */
function pdfInfo(file: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) ?? [];
  return { pages, width: Math.round(Number(width)), height: Math.round(Number(height)) };
}

/** Each page of the PDF rendered at 200 dpi, and the texts of the QR codes ZXing reads on it. */
async function qrCodesByPage(file: string): Promise<string[][]> {
  const folder = mkdtempSync(join(tmpdir(), 'paddock-labels-'));
  try {
    execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', file, join(folder, 'page')]);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    });
    const pages = readdirSync(folder)
      .filter((name) => name.endsWith('.png'))
      .sort();
    const found: string[][] = [];
    for (const name of pages) {
      const results = await readBarcodes(new Uint8Array(readFileSync(join(folder, name))), {
        formats: ['QRCode'],
        maxNumberOfSymbols: 50,
      });
      found.push(results.filter((result) => result.isValid).map((result) => result.text));
    }
    return found;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.skipIf(!browserAvailable || !poppler)('Print Labels', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    const email = newEmail(`labels-${backend}`);
    const ewes: { id: string; name: string }[] = [];
    let groupId = '';
    let links: string[] = [];

    const call = <T>(method: string, path: string, body?: unknown) =>
      farmApi(page, stack.baseUrl).call<T>(method, path, body);

    const printToPdf = async (name: string) => {
      const file = join(mkdtempSync(join(tmpdir(), 'paddock-pdf-')), `${name}.pdf`);
      await page.emulateMedia({ media: 'print' });
      try {
        writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      } finally {
        await page.emulateMedia({ media: null });
      }
      return file;
    };

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, email);
      groupId = (await call<{ id: string }>('POST', '/api/v1/groups', { name: 'Ewes' })).id;
      for (let i = 1; i <= 15; i++) {
        const name =
          i === 7
            ? 'Marigold Featherstone of the Willow Creek Heritage Flock'
            : `Ewe ${String(i).padStart(2, '0')}`;
        const { id } = await call<{ id: string }>('POST', '/api/v1/animals', {
          name,
          tagId: `UK0-${100 + i}`,
          groupIds: [groupId],
        });
        ewes.push({ id, name });
      }
      const rams = (await call<{ id: string }>('POST', '/api/v1/groups', { name: 'Rams' })).id;
      await call('POST', '/api/v1/animals', { name: 'Rambo', tagId: 'R-1', groupIds: [rams] });
    }, 180_000);
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const status = () => main().getByRole('region', { name: 'Label settings' }).getByRole('status');

    it("prints a group's labels on A4, 2 × 7: two pages whose QR codes are its 15 animals' links", async () => {
      await page.goto(`${stack.baseUrl}/group/${groupId}`);
      await main().getByRole('link', { name: 'Print Labels' }).click();
      await expectPath(page, '/labels');
      await main().getByLabel('Paper').selectOption({ label: 'A4' });
      await main().getByLabel('Layout').selectOption({ label: '2 × 7 (14 a page)' });
      await expectVisible(status().getByText('15 labels on 2 pages', { exact: true }));
      // in name order: the long name is the 15th
      await expectVisible(
        main().getByRole('region', { name: 'Page 2 of 2' }).getByRole('article', { name: ewes[6]!.name }),
      );
      await expectNoSeriousA11yViolations(page, 'Print Labels');
      for (const size of [narrowPhone, desktop]) {
        await page.setViewportSize(size);
        await expectNoHorizontalScroll(page, `Print Labels at ${size.width} px`);
      }
      await page.setViewportSize(phone);

      const pdf = await printToPdf('a4-2x7');
      expect(pdfInfo(pdf)).toEqual({ pages: 2, width: 595, height: 842 }); // A4 in points
      const pages = await qrCodesByPage(pdf);
      rmSync(pdf, { force: true });
      expect(pages.map((codes) => codes.length)).toEqual([14, 1]);
      links = pages.flat();
      const ids = links.map((link) => animalIdOfLabelLink(link));
      expect(new Set(ids)).toEqual(new Set(ewes.map((ewe) => ewe.id)));
      for (const link of links) expect(link.startsWith(`${stack.baseUrl}/a/`)).toBe(true);
    });

    it('prints the same 15 on one US Letter page at 3 × 8, and remembers the choice', async () => {
      await main().getByLabel('Paper').selectOption({ label: 'US Letter' });
      await main().getByLabel('Layout').selectOption({ label: '3 × 8 (24 a page)' });
      await expectVisible(status().getByText('15 labels on 1 page', { exact: true }));
      const pdf = await printToPdf('letter-3x8');
      expect(pdfInfo(pdf)).toEqual({ pages: 1, width: 612, height: 792 }); // Letter in points
      const [codes] = await qrCodesByPage(pdf);
      rmSync(pdf, { force: true });
      expect(new Set(codes)).toEqual(new Set(links));
      await page.reload();
      await expect(main().getByLabel('Paper').inputValue()).resolves.toBe('letter');
      await expect(main().getByLabel('Layout').inputValue()).resolves.toBe('3x8');
    });

    it("opens a label's link as the animal's page for the farm's member", async () => {
      const link = links.find((text) => animalIdOfLabelLink(text) === ewes[6]!.id)!;
      await page.goto(link);
      await expectPath(page, `/animal/${ewes[6]!.id}`);
      await expectVisible(page.getByRole('heading', { name: ewes[6]!.name }));
    });

    it('sends a signed-out visitor to sign in first, then to the animal', async () => {
      const visitor = await openPage(browser(), { viewport: narrowPhone });
      try {
        const link = links.find((text) => animalIdOfLabelLink(text) === ewes[0]!.id)!;
        await visitor.page.goto(link);
        await expectPath(visitor.page, '/auth');
        expect(await visitor.page.locator('body').innerText()).not.toContain('Ewe 01');
        await visitor.page.getByLabel('Email', { exact: true }).fill(email);
        await visitor.page.getByLabel('Password', { exact: true }).fill(password);
        await visitor.page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expectPath(visitor.page, `/animal/${ewes[0]!.id}`);
      } finally {
        await visitor.context.close();
      }
    });

    it("tells a member of another farm 'Not an animal of this farm', naming nothing", async () => {
      const other = await openPage(browser(), { viewport: narrowPhone });
      try {
        await signUpAndConfirm(other.page, stack, newEmail(`labels-other-${backend}`));
        const link = links.find((text) => animalIdOfLabelLink(text) === ewes[6]!.id)!;
        await other.page.goto(link);
        await expectVisible(other.page.getByRole('heading', { name: 'Not an animal of this farm' }));
        const text = await other.page.locator('body').innerText();
        expect(text).not.toContain('Marigold');
        expect(text).not.toContain('UK0-107');
        await expectNoSeriousA11yViolations(other.page, 'Not an animal of this farm');
        // a label link typed or scanned into Scan Tag says the same
        await other.page.getByRole('link', { name: 'Scan Tag' }).last().click();
        await other.page.getByLabel('Tag or electronic ID').fill(link);
        await other.page.keyboard.press('Enter');
        await expectVisible(other.page.getByRole('heading', { name: 'Not an animal of this farm' }));
      } finally {
        await other.context.close();
      }
    });

    it("prints what My Animals' filter found", async () => {
      await page.goto(`${stack.baseUrl}/my-animals?q=Ramb`);
      await expectVisible(main().getByText('1 animal', { exact: true }));
      await main().getByRole('link', { name: 'Print Labels' }).click();
      await expectPath(page, '/labels');
      expect(new URL(page.url()).searchParams.get('q')).toBe('Ramb');
      await expectVisible(status().getByText('1 label on 1 page', { exact: true }));
      const label = main().getByRole('article', { name: 'Rambo' });
      await expectVisible(label.getByText('Tag R-1'));
      await expect(main().getByRole('article').count()).resolves.toBe(1);
    });
  });
});
