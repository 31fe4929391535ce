// Growth (issue 11): a kid weighed four times — three weighings set up through the API, the fourth
// through the Weight form with a body condition score — shows its 'Weight' card: the average daily
// gain since the last weighing and over the whole record, a chart whose label summarises it, and
// the same points as a table. Its group's 'Weights' page lists every animal's latest weight (one
// never weighed, one with a very long name) and charts them together. Checked with axe, and for
// sideways scrolling at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, desktop, openPage, phone, sharedBrowser } from './support/browser';
import { addDays, farmApi, todayIn, usDate, type FarmApi } from './support/care';
import {
  expectHeaderTitle,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { expectToastAndDismiss, selectedOptionText } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const longName = 'Sir Reginald Fluffington-Smythe the Third of Meadowbrook Hollow';

describe.skipIf(!browserAvailable)('growth: weights, daily gain and charts', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let today = '';
    let groupId = '';
    const ids = { pip: '', bean: '', sir: '' };

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`growth-${backend}`));
      api = farmApi(page, stack.baseUrl);
      const profile = await api.get<{ timeZone: string }>('/api/v1/profile');
      today = todayIn(profile.timeZone);
      ({ id: groupId } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Kids' }));
      for (const [key, name] of [
        ['pip', 'Pip'],
        ['bean', 'Bean'],
        ['sir', longName],
      ] as const)
        ids[key] = (await api.post<{ id: string }>('/api/v1/animals', { name, groupIds: [groupId] })).id;
      // Pip: 8, 11 and 15 lbs, thirty, twenty and ten days ago; Bean once; Sir never
      for (const [daysAgo, weightValue] of [
        [30, 8],
        [20, 11],
        [10, 15],
      ] as const)
        await api.post('/api/v1/care-entries', {
          type: 'weight',
          dateRecorded: addDays(today, -daysAgo),
          weights: [{ animalId: ids.pip, weightValue }],
        });
      await api.post('/api/v1/care-entries', {
        type: 'weight',
        dateRecorded: addDays(today, -5),
        weights: [{ animalId: ids.bean, weightValue: 12.5 }],
      });
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const weightCard = () => main().getByRole('region', { name: 'Weight', exact: true });

    it('weighs the kid a fourth time with a body condition score', async () => {
      await goto(`/animal/${ids.pip}/weight-entry`);
      await expectHeaderTitle(page, 'Weight');
      await main().getByLabel('Weight (lbs)', { exact: true }).fill('17');
      const score = main().getByLabel('Body condition score', { exact: true });
      expect(await selectedOptionText(score), 'not scored unless chosen').toBe('Not scored');
      await score.selectOption({ label: '3 – Ideal' });
      await main().getByRole('button', { name: 'Add Entry', exact: true }).click();
      await expectPath(page, `/animal/${ids.pip}`);
      await expectToastAndDismiss(page, 'Entry added');
      const history = main().getByRole('region', { name: 'Care History', exact: true });
      await expectVisible(history.getByText('17 lbs · Body condition 3 / 5', { exact: true }));
    });

    it("shows the kid's daily gain, chart and table on its profile", async () => {
      const card = weightCard();
      await expectVisible(card.getByText('Average daily gain', { exact: true }));
      // (17 − 15) / 10 days, and (17 − 8) / 30 days
      await expectVisible(card.getByText('+0.2 lbs/day', { exact: true }));
      await expectVisible(card.getByText('+0.3 lbs/day', { exact: true }));
      const chart = card.getByRole('img', {
        name: `Weight of Pip: 4 days weighed from ${usDate(addDays(today, -30))} to ${usDate(today)}, 8 lbs to 17 lbs.`,
        exact: true,
      });
      await expectVisible(chart);
      expect(await chart.locator('circle').count(), 'a dot per day weighed').toBe(4);

      await card.getByText('Show as table', { exact: true }).click();
      const rows = card.getByRole('row');
      await expectVisible(rows.last());
      expect(await rows.allInnerTexts()).toEqual([
        'Date\tWeight\tBody condition',
        `${usDate(addDays(today, -30))}\t8 lbs\t—`,
        `${usDate(addDays(today, -20))}\t11 lbs\t—`,
        `${usDate(addDays(today, -10))}\t15 lbs\t—`,
        `${usDate(today)}\t17 lbs\t3 / 5`,
      ]);
      await expectNoSeriousA11yViolations(page, 'an animal profile with weights');
      await expectNoHorizontalScroll(page, 'an animal profile with weights');
    });

    it('says so when an animal has one weighing, or none', async () => {
      await goto(`/animal/${ids.bean}`);
      await expectVisible(
        weightCard().getByText('Weigh on another day to see the daily gain.', { exact: true }),
      );
      await expectVisible(weightCard().getByRole('img', { name: /^Weight of Bean: one day weighed/ }));
      await goto(`/animal/${ids.sir}`);
      await expectVisible(
        weightCard().getByText('No weighings yet: record a weight to start the chart.', { exact: true }),
      );
      expect(await weightCard().getByRole('img').count()).toBe(0);
      await expectNoHorizontalScroll(page, 'an animal profile with a long name and no weights');
    });

    it("charts the group's weights on its Weights page", async () => {
      await goto(`/group/${groupId}`);
      await main().getByRole('link', { name: 'Weights', exact: true }).click();
      await expectPath(page, `/group/${groupId}/weights`);
      await expectHeaderTitle(page, "Kids' Weights");
      const section = main().getByRole('region', { name: 'Weights', exact: true });
      await expectVisible(
        section.getByRole('img', { name: /^Weights of 2 of the 3 animals in Kids, in lbs, over time\./ }),
      );
      const latest = section.getByRole('table', { name: 'Latest weights' });
      const rows = latest.getByRole('row');
      await expectVisible(rows.last());
      // by name, naturally ordered: Bean, Pip, Sir…
      const cells = await rows.evaluateAll((elements) =>
        elements.map((row) =>
          [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | '),
        ),
      );
      expect(cells).toEqual([
        'Animal | Latest | Daily gain',
        `Bean | 12.5 lbs${usDate(addDays(today, -5))} | —`,
        `Pip | 17 lbs${usDate(today)} | +0.2 lbs/day`,
        `${longName} | Not weighed | —`,
      ]);
      await latest.getByRole('link', { name: 'Pip', exact: true }).click();
      await expectPath(page, `/animal/${ids.pip}`);
      await page.goBack();
      await expectPath(page, `/group/${groupId}/weights`);

      await expectNoSeriousA11yViolations(page, "a group's Weights page");
      await expectNoHorizontalScroll(page, "a group's Weights page");
      await page.setViewportSize(desktop);
      await expectNoSeriousA11yViolations(page, "a group's Weights page on a laptop");
      await page.setViewportSize(phone);
    });
  });
});
