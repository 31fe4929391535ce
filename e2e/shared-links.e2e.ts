// Access outlives removal (issue 23), as an owner sees it: two of the farm's health records are
// shared by link; Account → 'Shared Links' on a narrow phone lists both with who made each, and
// 'Revoke' (after a confirmation) ends one: the vet's copy of that link then opens nothing, the
// other still opens its record. axe-clean, no sideways scroll. (A removed member's links ending is
// tried through the API: src/server/features/records/shared-links.test.ts.)
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, sharedBrowser } from './support/browser';
import { farmApi, type FarmApi } from './support/care';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectVisible } from './support/checks';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

describe.skipIf(!browserAvailable)('shared links', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let owner: { context: BrowserContext; page: Page; api: FarmApi };
    let visitor: BrowserContext | undefined;
    const links: Record<string, string> = {};

    beforeAll(async () => {
      stack = await startStack(backend);
      const opened = await openPage(browser(), { viewport: narrowPhone });
      await signUpAndConfirm(opened.page, stack, newEmail(`links-owner-${backend}`));
      owner = { ...opened, api: farmApi(opened.page, stack.baseUrl) };
      await owner.api.call('PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm' });
      await owner.api.call('PATCH', '/api/v1/profile', { ownerName: 'Olive Owner' });
      const { id: groupId } = await owner.api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' });
      for (const name of ['Clover', 'Daisy']) {
        const { id } = await owner.api.post<{ id: string }>('/api/v1/animals', { name, groupIds: [groupId] });
        links[name] = (await owner.api.post<{ url: string }>(`/api/v1/animals/${id}/record/share`, {})).url;
      }
    });
    afterAll(async () => {
      await visitor?.close();
      await owner?.context.close();
      await stack?.stop();
    });

    const section = (page: Page) => page.getByRole('region', { name: 'Shared Links', exact: true });

    it('lists every live link of the farm for the owner, and revokes one after a confirmation', async () => {
      const { page } = owner;
      await page.goto(`${stack.baseUrl}/account`);
      const list = section(page).getByRole('list', { name: 'Shared links', exact: true });
      await expectVisible(list.getByText('Clover', { exact: true }));
      await expectVisible(list.getByText('Daisy', { exact: true }));
      expect(await list.getByText(/^Shared by Olive Owner since \d\d\/\d\d\/\d\d$/).count()).toBe(2);
      await expectNoSeriousA11yViolations(page, 'the Shared Links section');
      await expectNoHorizontalScroll(page, 'the Account page with shared links');

      await section(page)
        .getByRole('button', { name: 'Revoke the link to Clover’s health record', exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText('Revoke the link to Clover’s record?', { exact: true }));
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expectToastAndDismiss(page, 'Clover’s link revoked', 'It no longer opens the record.');
      await expectVisible(list.getByText('Daisy', { exact: true }));
      expect(await list.getByText('Clover', { exact: true }).count()).toBe(0);

      ({ context: visitor } = await openPage(browser(), { viewport: narrowPhone }));
      const vet = await visitor.newPage();
      await vet.goto(links.Clover!);
      await expectVisible(vet.getByText('This link does not open a record', { exact: true }));
      await vet.goto(links.Daisy!);
      await expectVisible(vet.getByRole('article', { name: 'Daisy', exact: true }));
      await vet.close();
    });
  });
});
