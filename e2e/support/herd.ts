// Helpers for the herd journey (groups and animals): finding cards and details as they read on
// screen, a real photo to upload, and checks that an image actually arrived.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { eventually, expectToast } from './checks';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A group's card on My Herd: a link whose name starts with the group's name and its count, e.g.
 * 'Goats (2) Our milking does'. Without `count`, any count matches.
 */
export function groupCard(page: Page, name: string, count?: number): Locator {
  const shownCount = count === undefined ? '\\d+' : String(count);
  return page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^${escapeRegExp(name)} \\(${shownCount}\\)`) });
}

/** An animal's card (on My Animals or a group's animal list): the article named by the animal. */
export const animalCard = (page: Page, name: string): Locator =>
  page.getByRole('main').getByRole('article', { name, exact: true });

/** The value next to a label in a definition list (profile details, group animal cards). */
export const detailValue = (scope: Locator | Page, label: string): Locator =>
  scope
    .locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Waits until the detail next to `label` reads `value`. */
export async function expectDetail(scope: Locator | Page, label: string, value: string) {
  await eventually(
    async () => (await detailValue(scope, label).first().textContent())?.trim(),
    value,
    `the detail '${label}'`,
  );
}

/** Waits until the <img> has loaded a real picture (complete, with a natural width above 0). */
export async function expectImageLoaded(image: Locator, what: string) {
  await image.first().waitFor({ state: 'attached' });
  await image.first().scrollIntoViewIfNeeded();
  await eventually(
    () =>
      image
        .first()
        .evaluate(
          (element) =>
            (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
        ),
    true,
    `${what} should load (complete with naturalWidth > 0)`,
  );
}

/** The selected option's text of a <select>. */
export const selectedOptionText = (select: Locator): Promise<string | undefined> =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? undefined);

/** The id in the page's path at segment `index` (/group/{id} → index 1). */
export function idInPath(page: Page, index = 1): string {
  const id = new URL(page.url()).pathname.split('/').filter(Boolean)[index];
  if (!id) throw new Error(`no id at segment ${index} of ${page.url()}`);
  return id;
}

/** An id that no farm has. */
export const unknownId = () => randomUUID();

/** A small real JPEG (a green field with a brown square) in a temp directory; remove() deletes it. */
export async function makeJpeg(): Promise<{ path: string; remove: () => void }> {
  const directory = mkdtempSync(join(tmpdir(), 'paddock-e2e-photo-'));
  const path = join(directory, 'clover.jpg');
  const square = await sharp({
    create: { width: 120, height: 120, channels: 3, background: { r: 120, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 160, b: 70 } } })
    .composite([{ input: square, left: 100, top: 60 }])
    .jpeg({ quality: 80 })
    .toFile(path);
  return { path, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/**
 * Checks the toast, then closes every toast with its × as a person would: on a phone they sit over
 * the top of the page (the '+ Add Animal' button, the header) for 6 s.
 */
export async function expectToastAndDismiss(page: Page, title: string, description?: string) {
  await expectToast(page, title, description);
  const dismiss = page.getByRole('status').getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}
