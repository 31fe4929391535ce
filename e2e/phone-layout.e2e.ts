// A season on a real farm, on a phone: 31 animals in three groups, twelve weeks of records, a
// 60-character animal name, a 60-character group name, a 59-character email, a long breed and tag,
// a farm zone (Auckland) unlike the browser's (Chicago). Every page of the app, opened on that
// farm, must be accessible (axe, at 390 px) and never scroll sideways at 360 px; the animal profile
// shows its name in the header and 'Add Entry' above the fold of a 390×844 phone.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage, phone, sharedBrowser } from './support/browser';
import {
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectVisible,
} from './support/checks';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { farmApi } from './support/care';
import { longNames, seedSeason, type Season } from './support/season';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('a season on a phone: every page at 360 px with long values', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let season: Season;

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`season-${backend}`));
      season = await seedSeason(farmApi(page, stack.baseUrl).call, { timeZone: 'Pacific/Auckland' });
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const pages = () => {
      const { groups, longNamedId, goatWeighInEntryId, noteEntryId, goatIds } = season;
      return [
        '/home',
        '/my-animals',
        `/animal/${longNamedId}`,
        `/animal/${longNamedId}/edit`,
        `/animal/${longNamedId}/medical-entry`,
        `/animal/${longNamedId}/weight-entry`,
        `/animal/${longNamedId}/breeding`,
        `/animal/${longNamedId}/birth`,
        `/animal/${longNamedId}/record`,
        `/animal/${goatIds[1]}/edit-note/${noteEntryId}`,
        `/animal/${goatIds[1]}`,
        `/group/${groups.horses}`,
        `/group/${groups.horses}/animals`,
        `/group/${groups.horses}/edit`,
        `/group/${groups.hens}`,
        `/group/${groups.hens}/medical-entry`,
        `/group/${groups.goats}/weight-entry`,
        `/group/${groups.goats}/weights`,
        `/group/${groups.goats}/edit-weight/${goatWeighInEntryId}`,
        `/group/${groups.hens}/collect-eggs`,
        `/group/${groups.hens}/production`,
        '/collect-eggs',
        '/production',
        '/add-animal',
        '/reminders',
        '/reminders/new',
        '/account',
      ];
    };

    it('opens every page of the seeded farm accessibly, without a sideways scroll at 360 px', async () => {
      // every page is checked, then every problem is reported at once
      const problems: string[] = [];
      for (const path of pages()) {
        await page.setViewportSize(phone);
        await page.goto(`${stack.baseUrl}${path}`);
        // the page has loaded its data: its main landmark holds no 'Loading...' any more
        await expectVisible(page.getByRole('main'));
        await page.waitForFunction(
          () => !document.querySelector('main [role="status"]')?.textContent?.includes('Loading'),
        );
        for (const check of [expectNoSeriousA11yViolations, expectNoHorizontalScroll]) {
          try {
            await check(page, path);
          } catch (error) {
            problems.push(String(error instanceof Error ? error.message : error).split('\n')[0]!);
          }
        }
      }
      expect(problems).toEqual([]);
      // 27 pages, each with axe: about a minute alone on 2 cores, more beside the other suites
    }, 240_000);

    it("puts the animal's name in the header and 'Add Entry' above the fold", async () => {
      await page.setViewportSize(phone);
      await page.goto(`${stack.baseUrl}/animal/${season.longNamedId}`);
      await expectHeaderTitle(page, longNames.goat);
      const addEntry = page.getByRole('button', { name: 'Add Entry', exact: true });
      await expectVisible(addEntry);
      const box = await addEntry.boundingBox();
      expect(box, "'Add Entry' is on screen").not.toBeNull();
      expect(box!.y + box!.height, "'Add Entry' above the fold of a 390×844 phone").toBeLessThanOrEqual(
        phone.height,
      );
    });

    it('shows the long email in full on the account page, wrapped rather than cut', async () => {
      await page.goto(`${stack.baseUrl}/account`);
      await expectVisible(page.getByText(longNames.email, { exact: true }));
    });
  });
});
