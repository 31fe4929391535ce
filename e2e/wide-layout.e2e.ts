// The same season's farm on a laptop and on a small phone. From 1024 px the width is used: My
// Animals fills the page, its filters read in full, and it has a 'Table' view (sortable by column
// header, remembered after a reload). Below 1024 px nothing changes: cards, no sideways scroll.
// On the phone, names one taps (in a group's log, the pedigree, group chips) are at least 24×24 px
// (WCAG 2.2 AA, target size), and Home's reminders show their group's name in full.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, narrowPhone, openPage, sharedBrowser } from './support/browser';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectVisible,
} from './support/checks';
import { farmApi } from './support/care';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { longNames, seedSeason, type Season } from './support/season';
import { backends, startStack, type Stack } from './support/stack';

/** The element's box on screen (fails when it has none). */
async function boxOf(locator: Locator) {
  await expectVisible(locator);
  const box = await locator.first().boundingBox();
  expect(box, 'the element is on screen').not.toBeNull();
  return box!;
}

async function expectTapTarget(locator: Locator, what: string) {
  const box = await boxOf(locator);
  expect(box.width, `${what}: target width`).toBeGreaterThanOrEqual(24);
  expect(box.height, `${what}: target height`).toBeGreaterThanOrEqual(24);
}

describe.skipIf(!browserAvailable)('the app on a laptop and on a small phone', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let season: Season;
    let kidId = '';

    const main = () => page.getByRole('main');
    const open = async (path: string) => {
      await page.goto(`${stack.baseUrl}${path}`);
      await expectVisible(main());
      await page.waitForFunction(
        () => !document.querySelector('main [role="status"]')?.textContent?.includes('Loading'),
      );
    };
    const animalsTable = () => main().getByRole('table', { name: 'Animals', exact: true });
    /** the names in the table's rows, top to bottom */
    const tableNames = () =>
      animalsTable()
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('th, td')?.textContent?.trim() ?? ''));

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: desktop }));
      await signUpAndConfirm(page, stack, newEmail(`wide-${backend}`));
      const api = farmApi(page, stack.baseUrl);
      season = await seedSeason(api.call, { timeZone: 'Pacific/Auckland' });
      // a kid of Clover's: a pedigree with a name to tap
      const kid = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Sprout',
        damId: season.goatIds[1],
        sire: 'Billy',
        sex: 'female',
        groupIds: [season.groups.goats],
      });
      kidId = kid.id;
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    it('uses the width of a 1280 px laptop on My Animals, with its filters in full', async () => {
      await page.setViewportSize(desktop);
      await open('/my-animals');
      const mainBox = await boxOf(main());
      expect(mainBox.width, 'the main content at 1280 px').toBeGreaterThan(900);
      const form = main().getByRole('search', { name: 'Find animals' });
      await expectVisible(form.getByLabel('Group', { exact: true }));
      // each filter shows its chosen option whole ('All groups', not 'All grou')
      const cut = await form.locator('select').evaluateAll((selects) =>
        (selects as HTMLSelectElement[])
          .map((select) => {
            const style = getComputedStyle(select);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = style.font;
            const text = select.selectedOptions[0]?.textContent ?? '';
            const needed =
              context.measureText(text).width +
              parseFloat(style.paddingLeft) +
              parseFloat(style.paddingRight) +
              16; // the arrow
            return { text, needed, has: select.clientWidth };
          })
          .filter(({ needed, has }) => needed > has),
      );
      expect(cut, 'filters whose choice is cut').toEqual([]);
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    });

    it("sets Reminders' month beside the chosen day's reminders at 1280 px, and stacks them at 360 px", async () => {
      await page.setViewportSize(desktop);
      await open('/reminders');
      const calendar = await boxOf(main().getByRole('region', { name: 'Calendar', exact: true }));
      const day = await boxOf(main().locator('#day-heading'));
      expect(day.x, "the day's reminders to the right of the month").toBeGreaterThan(
        calendar.x + calendar.width,
      );
      expect(day.y).toBeLessThan(calendar.y + calendar.height);
      await page.setViewportSize(narrowPhone);
      await open('/reminders');
      const phoneCalendar = await boxOf(main().getByRole('region', { name: 'Calendar', exact: true }));
      const phoneDay = await boxOf(main().locator('#day-heading'));
      expect(phoneDay.y, 'below the month on a phone').toBeGreaterThan(
        phoneCalendar.y + phoneCalendar.height,
      );
      await page.setViewportSize(desktop);
    });

    it('sets the Medicine Cabinet two medicines a row at 1280 px, one under the other at 360 px', async () => {
      const api = farmApi(page, stack.baseUrl);
      for (const name of ['Wide Wormer', 'Wide Vaccine'])
        await api.post('/api/v1/medicines', { name, unit: 'mL' });
      const cards = () => main().getByRole('article');
      await page.setViewportSize(desktop);
      await open('/medicines');
      const [first, second] = [await boxOf(cards().nth(0)), await boxOf(cards().nth(1))];
      expect(second.x, 'the second beside the first').toBeGreaterThan(first.x + first.width);
      expect(second.y).toBe(first.y);
      await page.setViewportSize(narrowPhone);
      await open('/medicines');
      const [phoneFirst, phoneSecond] = [await boxOf(cards().nth(0)), await boxOf(cards().nth(1))];
      expect(phoneSecond.y, 'under the first on a phone').toBeGreaterThan(phoneFirst.y + phoneFirst.height);
      await page.setViewportSize(desktop);
    });

    it("shows My Animals as a table with the columns, sorted by a header's button", async () => {
      await page.setViewportSize(desktop);
      await open('/my-animals');
      const toggle = main().getByRole('group', { name: 'Show animals as', exact: true });
      await toggle.getByRole('button', { name: 'Table', exact: true }).click();
      await expectVisible(animalsTable());
      const headers = await animalsTable().getByRole('columnheader').allTextContents();
      // then, for those whose role may, the delete buttons' column
      expect(headers.map((text) => text.trim())).toEqual([
        'Name',
        'Tag',
        'Species',
        'Sex',
        'Age',
        'Weight',
        'Groups',
        'Status',
        'Actions',
      ]);
      await eventually(async () => (await tableNames()).length, season.animals.length + 1, 'one row each');
      const byName = await tableNames();
      expect(byName.slice(0, 3)).toEqual([longNames.goat, 'Clover', 'Daisy']);

      // by weight, heaviest first on a second press: the horses (kg) lead
      const weightHeader = animalsTable().getByRole('columnheader', { name: 'Weight' });
      await weightHeader.getByRole('button', { name: 'Weight', exact: true }).click();
      await eventually(() => weightHeader.getAttribute('aria-sort'), 'ascending', 'sorted by weight');
      const lightest = await tableNames();
      expect(lightest).not.toEqual(byName);
      await weightHeader.getByRole('button', { name: 'Weight', exact: true }).click();
      await eventually(() => weightHeader.getAttribute('aria-sort'), 'descending', 'heaviest first');
      const heaviest = await tableNames();
      expect(heaviest[0]).toBe('Duke');
      expect(await animalsTable().getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
        'none',
      );

      // by name again: back to the natural order
      await animalsTable().getByRole('button', { name: 'Name', exact: true }).click();
      await eventually(async () => (await tableNames()).join('|'), byName.join('|'), 'by name');
      // a row's name opens the profile
      await expectVisible(animalsTable().getByRole('link', { name: 'Clover', exact: true }));
      await expectNoSeriousA11yViolations(page, '/my-animals (table, 1280 px)');
    });

    it('remembers the table after a reload, and keeps cards on a phone', async () => {
      await page.setViewportSize(desktop);
      await page.reload();
      await expectVisible(animalsTable());
      expect(
        await main()
          .getByRole('group', { name: 'Show animals as' })
          .getByRole('button', { name: 'Table', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      await page.setViewportSize(narrowPhone);
      await open('/my-animals');
      await expectVisible(main().getByRole('article').filter({ hasText: 'Clover' }));
      expect(await animalsTable().count(), 'no table on a phone').toBe(0);
      expect(await main().getByRole('group', { name: 'Show animals as' }).isVisible()).toBe(false);
      await expectNoHorizontalScroll(page, '/my-animals');
      const mainBox = await boxOf(main());
      expect(mainBox.width).toBeLessThanOrEqual(narrowPhone.width);
    });

    it('gives names in a group log, the pedigree and group chips a 24×24 px target', async () => {
      await page.setViewportSize(narrowPhone);
      await open(`/group/${season.groups.hens}`);
      const log = main().getByRole('region', { name: /Log$/ });
      await expectTapTarget(log.getByRole('link', { name: 'Hen 10', exact: true }), "a log's animal name");

      await open(`/animal/${kidId}`);
      const pedigree = main().getByRole('region', { name: 'Pedigree', exact: true });
      await expectTapTarget(pedigree.getByRole('link', { name: 'Clover', exact: true }), 'the pedigree dam');
      await expectTapTarget(main().getByRole('link', { name: 'Dairy Goats', exact: true }), 'a group chip');

      await open(`/animal/${season.goatIds[1]}`);
      const offspring = main().getByRole('region', { name: 'Offspring', exact: true });
      await expectTapTarget(offspring.getByRole('link', { name: 'Sprout', exact: true }), 'an offspring');
    });

    it("shows Home's reminder group names in full at 360 px", async () => {
      await page.setViewportSize(narrowPhone);
      await open('/home');
      const upcoming = main().getByTestId('upcoming-reminder');
      await expectVisible(upcoming);
      const subjects = upcoming.getByRole('link', { name: /^Group: / });
      await expectVisible(subjects);
      const cut = await subjects.evaluateAll((links) =>
        links
          .flatMap((link) => [link, ...link.querySelectorAll('*')])
          // (a screen reader's 'Group: ' is a 1-px box by design)
          .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 0.5)
          .map((element) => element.textContent),
      );
      expect(cut, 'group names cut short').toEqual([]);
      await expectVisible(upcoming.getByText(longNames.horses, { exact: true }));
      await expectVisible(upcoming.getByText('Laying Hens', { exact: true }));
      await expectNoHorizontalScroll(page, '/home');
    });

    it("names a group's and My Animals' animals' link the same, and a group's page edits once", async () => {
      await page.setViewportSize(narrowPhone);
      await open(`/group/${season.groups.goats}/animals`);
      const card = main().getByRole('article').filter({ hasText: 'Clover' });
      await expectVisible(card.getByRole('link', { name: 'View Profile', exact: true }));
      expect(await main().getByText('See Info').count()).toBe(0);

      await open(`/group/${season.groups.goats}`);
      await expectVisible(main().getByRole('link', { name: 'Edit Group', exact: true }));
      const edits = main().getByRole('link', { name: /^Edit( Group)?$/ });
      expect(await edits.count(), 'one edit control').toBe(1);
    });
  });
});
