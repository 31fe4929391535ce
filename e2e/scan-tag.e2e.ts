// Tags in the barn (issue 30): a stick reader that types like a keyboard ('g103' and Enter) opens
// the animal tagged 'G-103'; a code no animal has offers 'Add Animal' with the tag filled in; and a
// phone pointed at a QR code opens the animal — Chromium's fake camera plays a video made here from
// a generated QR code (a tag, or a printed label's link), read by ZXing's WebAssembly served by Paddock itself (nothing from a CDN).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { encode } from 'uqr';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelPath } from '../src/shared/animals/label-code';
import { browserAvailable, chromePath, narrowPhone, openPage, sharedBrowser } from './support/browser';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { workerInCharge } from './support/device-copy';
import { newEmail, signIn, signUpAndConfirm } from './support/journeys';
import { farmApi } from './support/care';
import { everyBackend, startStack, type Stack } from './support/stack';

const require = createRequire(import.meta.url);
const width = 640;
const height = 480;

/**
 * A Y4M video (YUV 4:2:0) of a few identical frames of a code drawn black on white, centred: `dark`
 * says whether each of the code's `columns` × `rows` modules (quiet zone included) is black, each
 * module `moduleWidth` × `moduleHeight` px. Grey only, so U and V are flat 128.
 */
function codeVideo(code: {
  columns: number;
  rows: number;
  moduleWidth: number;
  moduleHeight: number;
  dark: (column: number, row: number) => boolean;
}): Buffer {
  const drawnWidth = code.columns * code.moduleWidth;
  const drawnHeight = code.rows * code.moduleHeight;
  const left = Math.floor((width - drawnWidth) / 2);
  const top = Math.floor((height - drawnHeight) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < drawnHeight; y++)
    for (let x = 0; x < drawnWidth; x++)
      if (code.dark(Math.floor(x / code.moduleWidth), Math.floor(y / code.moduleHeight)))
        luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: 5 }, () => frame),
  ]);
}

/** `text` as a QR code (uqr), with a quiet zone of 4 modules. */
function qrVideo(text: string): Buffer {
  const qr = encode(text, { border: 4, ecc: 'M' });
  const size = Math.floor(Math.min(width, height) / qr.size);
  return codeVideo({
    columns: qr.size,
    rows: qr.size,
    moduleWidth: size,
    moduleHeight: size,
    dark: (column, row) => qr.data[row]![column]!,
  });
}

/** `text` as a Code 128 barcode (ZXing's writer, the wasm from node_modules), with a quiet zone of 10 modules. */
async function code128Video(text: string): Promise<Buffer> {
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  });
  const { symbol, error } = await writeBarcode(text, { format: 'Code128' });
  if (!symbol || error) throw new Error(`Code 128 of ${text}: ${error}`);
  const quiet = 10;
  const columns = symbol.width + 2 * quiet;
  return codeVideo({
    columns,
    rows: 1,
    moduleWidth: Math.floor(width / columns),
    moduleHeight: 240,
    // ZXing's symbol: 0 is a black module; a 1D code's first row says it all
    dark: (column) => column >= quiet && column < quiet + symbol.width && symbol.data[column - quiet] === 0,
  });
}

describe.skipIf(!browserAvailable)('Scan Tag', () => {
  const browser = sharedBrowser();

  describe.each(everyBackend)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    const email = newEmail(`scan-${backend}`);
    const ids = { bella: '', ginger: '', ewes: '' };

    const call = <T>(method: string, path: string, body?: unknown) =>
      farmApi(page, stack.baseUrl).call<T>(method, path, body);

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: narrowPhone }));
      await signUpAndConfirm(page, stack, email);
      ids.ewes = (await call<{ id: string }>('POST', '/api/v1/groups', { name: 'Ewes' })).id;
      ids.bella = (
        await call<{ id: string }>('POST', '/api/v1/animals', {
          name: 'Bella',
          tagId: 'G-103',
          electronicId: '982000123456789',
          groupIds: [ids.ewes],
        })
      ).id;
      ids.ginger = (
        await call<{ id: string }>('POST', '/api/v1/animals', {
          name: 'Ginger',
          tagId: 'G-104',
          groupIds: [ids.ewes],
        })
      ).id;
    }, 120_000);
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    it('opens Scan Tag from the header on a 360 px phone', async () => {
      await page.goto(`${stack.baseUrl}/home`);
      await page.getByRole('banner').getByRole('link', { name: 'Scan Tag' }).click();
      await expectPath(page, '/scan');
      await expectVisible(page.getByLabel('Tag or electronic ID'));
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    it('opens the animal a keyboard-wedge reader types, ignoring case and dashes', async () => {
      // the field has the focus: the reader types where the focus is, then Enter
      await page.keyboard.type('g103');
      await page.keyboard.press('Enter');
      await expectPath(page, `/animal/${ids.bella}`);
      await expectVisible(page.getByRole('heading', { name: 'Bella' }));
    });

    it('opens the animal by its Electronic ID as a stick reader types it', async () => {
      await page.goto(`${stack.baseUrl}/scan`);
      await page.getByLabel('Tag or electronic ID').fill('982 000123456789');
      await page.keyboard.press('Enter');
      await expectPath(page, `/animal/${ids.bella}`);
    });

    it('offers Add Animal with the tag filled in for a code no animal has', async () => {
      await page.goto(`${stack.baseUrl}/my-animals`);
      await page.getByRole('link', { name: 'Scan Tag' }).last().click();
      await expectPath(page, '/scan');
      await page.getByLabel('Tag or electronic ID').fill('B-999');
      await page.keyboard.press('Enter');
      await expectVisible(page.getByText('No animal has this tag.'));
      await page.getByRole('link', { name: 'Add Animal' }).click();
      await expectPath(page, '/add-animal');
      expect(await page.getByLabel('Tag ID').inputValue()).toBe('B-999');
    });

    it('finds an animal with no signal, from the herd on the device', async () => {
      // My Animals keeps the herd on the device
      await page.goto(`${stack.baseUrl}/my-animals`);
      // the app's code on the device too (an animal's page is a chunk of its own)
      await workerInCharge(page);
      await expectVisible(page.getByText('Ginger').first());
      await page.getByRole('banner').getByRole('link', { name: 'Scan Tag' }).click();
      await expectPath(page, '/scan');
      await context.setOffline(true);
      try {
        await page.getByLabel('Tag or electronic ID').fill('G 104');
        await page.keyboard.press('Enter');
        await expectPath(page, `/animal/${ids.ginger}`);
        await expectVisible(page.getByRole('heading', { name: 'Ginger' }));
      } finally {
        await context.setOffline(false);
      }
    });

    it.each([
      {
        kind: 'QR code',

        animal: 'Bella' as const,
        video: () => Promise.resolve(qrVideo('G-103')),
        // and again with no signal: the service worker kept the reader's wasm
        offline: true,
      },
      {
        // a printed label's QR code: its short link (decision 0047), as Print Labels draws it
        kind: 'printed label',

        animal: 'Ginger' as const,
        video: () => Promise.resolve(qrVideo(`${stack.baseUrl}${labelPath(ids.ginger)}`)),
      },
      {
        kind: 'Code 128 barcode',

        animal: 'Ginger' as const,
        video: () => code128Video('G-104'),
      },
    ])(
      'opens the animal whose $kind the camera sees, with ZXing served by Paddock',
      async ({ animal, video: make, offline = false }) => {
        const id = animal === 'Bella' ? ids.bella : ids.ginger;
        const folder = mkdtempSync(join(tmpdir(), 'paddock-camera-'));
        const video = join(folder, 'tag.y4m');
        writeFileSync(video, await make());
        let cameraBrowser: Browser | undefined;
        try {
          cameraBrowser = await chromium.launch({
            executablePath: chromePath,
            headless: true,
            args: [
              '--no-sandbox',
              '--disable-gpu',
              '--no-first-run',
              '--use-fake-ui-for-media-stream',
              '--use-fake-device-for-media-stream',
              `--use-file-for-fake-video-capture=${video}`,
            ],
          });
          const phone = await openPage(cameraBrowser, { viewport: narrowPhone });
          const requests: string[] = [];
          phone.page.on('request', (request) => requests.push(request.url()));
          await signIn(phone.page, stack, email);
          await phone.page.goto(`${stack.baseUrl}/scan`);
          // the service worker in charge of the page, so that it sees the wasm go by
          if (offline) await workerInCharge(phone.page);
          const native = await phone.page.evaluate(() => 'BarcodeDetector' in window);
          await phone.page.getByRole('button', { name: 'Use camera' }).click();
          await expectPath(phone.page, `/animal/${id}`, 30_000);
          await expectVisible(phone.page.getByRole('heading', { name: animal }));
          // nothing from elsewhere; without the browser's own detector, our own .wasm
          expect(requests.filter((url) => !url.startsWith(stack.baseUrl))).toEqual([]);
          if (!native)
            expect(requests.some((url) => /^.*\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);
          if (offline) {
            await phone.context.setOffline(true);
            await phone.page.goto(`${stack.baseUrl}/scan`);
            await phone.page.getByRole('button', { name: 'Use camera' }).click();
            await expectPath(phone.page, `/animal/${id}`, 30_000);
            await expectVisible(phone.page.getByRole('heading', { name: animal }));
          }
          await phone.context.close();
        } finally {
          await cameraBrowser?.close();
          rmSync(folder, { recursive: true, force: true });
        }
      },
      90_000,
    );
  });
});
