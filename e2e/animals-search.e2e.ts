// Finding one animal among 30 on a phone: a farm of 22 banded hens, goats and a lamb in no group is
// seeded through the API; the farmer finds a hen by her band, filters by group and sex, sorts by age,
// and a reload and the Back button keep the choice. Then Edit Animal's Cancel and Delete, and a
// 60-character name that must not make My Animals or the profile scroll sideways at 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, phone, sharedBrowser } from './support/browser';
import {
  eventually,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectPath,
  expectVisible,
} from './support/checks';
import { animalCard, expectToastAndDismiss, idInPath } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

const longName = 'Buttercup Marigold Featherstone of the Willow Creek MeadowsX';
const longBreed = 'Anglo-Nubian×Saanen-crossbreed-heritage-dairy-programme-line';
const longTag = 'UK-0123456-7890123-WILLOWCREEK-0000000000000000';

describe.skipIf(!browserAvailable)('finding an animal among 30', () => {
  const browser = sharedBrowser();

  // The steps below are one journey: each `it` continues where the previous one stopped.
  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    const ids = { hens: '', goats: '', hen17: '', billy: '', longNamed: '' };

    /** The farm's API with the page's own session cookie (state changes carry the Origin). */
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await page.request.fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { Origin: stack.baseUrl },
        ...(body === undefined ? {} : { data: body }),
      });
      if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return (response.status() === 204 ? undefined : await response.json()) as T;
    };

    beforeAll(async () => {
      expect(longName).toHaveLength(60);
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: phone }));
      await signUpAndConfirm(page, stack, newEmail(`search-${backend}`));

      const species = await call<{ id: string; name: string }[]>('GET', '/api/v1/species');
      const speciesId = (name: string) => species.find((item) => item.name === name)!.id;
      const group = async (name: string) =>
        (await call<{ id: string }>('POST', '/api/v1/groups', { name })).id;
      ids.hens = await group('Laying Hens');
      ids.goats = await group('Goats');
      const temporary = await group('Lambing Pen');
      const add = async (body: Record<string, unknown>) =>
        (await call<{ id: string }>('POST', '/api/v1/animals', body)).id;
      const requests: Promise<string>[] = [];
      for (let number = 1; number <= 22; number++) {
        requests.push(
          add({
            name: `Hen ${number}`,
            tagId: `BAND-${String(number).padStart(2, '0')}`,
            breed: number % 2 ? 'Buff Orpington' : 'Leghorn',
            sex: 'female',
            speciesId: speciesId('Chicken'),
            birthDate: `2025-0${1 + (number % 6)}-1${number % 10}`,
            groupIds: [ids.hens],
          }),
        );
      }
      requests.push(
        add({
          name: 'Rooster',
          tagId: 'BAND-99',
          sex: 'male',
          speciesId: speciesId('Chicken'),
          groupIds: [ids.hens],
        }),
      );
      const goat = (name: string, extra: Record<string, unknown>) =>
        add({ name, speciesId: speciesId('Goat'), groupIds: [ids.goats], ...extra });
      requests.push(goat('Daisy', { sex: 'female', birthDate: '2021-04-01', weight: 61, weightUnit: 'kg' }));
      requests.push(goat('Billy', { sex: 'male', birthDate: '2024-02-10', weight: 150, weightUnit: 'lbs' }));
      requests.push(goat('Old Tom', { sex: 'male', birthDate: '2018-05-05', weight: 70, weightUnit: 'kg' }));
      requests.push(goat('Kid', { sex: 'male' }));
      const longNamed = goat(longName, {
        sex: 'female',
        breed: longBreed,
        tagId: longTag,
        birthDate: '2023-06-01',
      });
      requests.push(longNamed);
      requests.push(
        add({ name: 'Puddles', sex: 'female', speciesId: speciesId('Duck'), groupIds: [ids.hens] }),
      );
      requests.push(add({ name: 'Lonely Lamb', speciesId: speciesId('Sheep'), groupIds: [temporary] }));
      await Promise.all(requests);
      ids.longNamed = await longNamed;
      await call('DELETE', `/api/v1/groups/${temporary}`); // the lamb is left in no group
    }, 120_000);
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    const cardNames = () =>
      main()
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent?.trim() ?? ''));
    /** Waits until the animal cards are these, top to bottom. */
    const expectCards = (names: string[], what: string) =>
      eventually(async () => JSON.stringify(await cardNames()), JSON.stringify(names), what);
    /** The count above the list, e.g. '30 animals'. */
    const expectCount = (text: string) =>
      expectVisible(
        main()
          .getByRole('status')
          .filter({ hasText: new RegExp(`^${text}$`) }),
      );
    const searchBox = () => main().getByRole('searchbox', { name: 'Search', exact: true });
    const select = (label: string) => main().getByLabel(label, { exact: true });
    const selectedLabel = (label: string) =>
      select(label).evaluate((element) => {
        const chosen = element as HTMLSelectElement;
        return chosen.options[chosen.selectedIndex]?.text ?? '';
      });
    const query = () => Object.fromEntries(new URL(page.url()).searchParams);

    it('lists all 30 in natural name order, Hen 2 before Hen 10', async () => {
      await goto('/my-animals');
      await expectVisible(main().getByRole('heading', { name: 'My Animals (30)', exact: true }));
      await expectCount('30 animals');
      const names = await cardNames();
      expect(names).toHaveLength(30);
      expect(names.slice(0, 3)).toEqual(['Billy', longName, 'Daisy']);
      expect(names.indexOf('Hen 2')).toBeLessThan(names.indexOf('Hen 10'));
      expect(names.filter((name) => name.startsWith('Hen '))).toEqual(
        Array.from({ length: 22 }, (_, index) => `Hen ${index + 1}`),
      );
      await expectNoSeriousA11yViolations(page, '/my-animals with 30 animals');
    });

    it('finds Hen 17 by her band, in any case', async () => {
      await searchBox().fill('band-17');
      await expectCards(['Hen 17'], 'the search for band-17');
      await expectCount('1 animal');
      await expectVisible(animalCard(page, 'Hen 17').getByText('Tag: BAND-17', { exact: true }));
      expect(query()).toEqual({ q: 'band-17' });
      await searchBox().fill('orping');
      await eventually(async () => (await cardNames()).length, 11, 'the 11 Buff Orpingtons');
      await searchBox().fill('');
      await eventually(async () => (await cardNames()).length, 30, 'all 30 again');
      expect(query()).toEqual({});
    });

    it('filters by group and sex, sorts by age, and keeps it all over a reload', async () => {
      await select('Group').selectOption({ label: 'Goats' });
      await expectCards(['Billy', longName, 'Daisy', 'Kid', 'Old Tom'], 'the goats');
      await select('Sex').selectOption({ label: 'Male' });
      await expectCards(['Billy', 'Kid', 'Old Tom'], 'the male goats');
      await select('Sort by').selectOption({ label: 'Age (youngest first)' });
      await expectCards(['Billy', 'Old Tom', 'Kid'], 'youngest first, no birth date last');
      await expectVisible(main().getByRole('heading', { name: 'My Animals', exact: true }));
      expect(query()).toEqual({ group: ids.goats, sex: 'male', sort: 'youngest' });

      await page.reload();
      await expectCards(['Billy', 'Old Tom', 'Kid'], 'the same list after a reload');
      expect(await selectedLabel('Group')).toBe('Goats');
      expect(await selectedLabel('Sex')).toBe('Male');
      expect(await selectedLabel('Sort by')).toBe('Age (youngest first)');

      await select('Sort by').selectOption({ label: 'Weight (heaviest first)' });
      // 70 kg > 150 lbs (68 kg): weights compare across units
      await expectCards(['Old Tom', 'Billy', 'Kid'], 'heaviest first');
      await expectVisible(animalCard(page, 'Billy').getByText('Weight: 150 lbs', { exact: true }));
    });

    it('keeps the choice when Back comes from a profile', async () => {
      await animalCard(page, 'Billy').getByRole('link', { name: 'View Profile', exact: true }).click();
      await eventually(() => new URL(page.url()).pathname.startsWith('/animal/'), true, 'opens the profile');
      ids.billy = idInPath(page);
      await expectVisible(main().getByRole('heading', { level: 2, name: 'Billy', exact: true }));
      await page.goBack();
      await expectPath(page, '/my-animals');
      await expectCards(['Old Tom', 'Billy', 'Kid'], 'the same list after Back');
      expect(query()).toEqual({ group: ids.goats, sex: 'male', sort: 'heaviest' });
      expect(await selectedLabel('Sort by')).toBe('Weight (heaviest first)');
    });

    it("shows animals in no group, and 'No animals match' with Clear filters", async () => {
      await select('Sex').selectOption({ label: 'Any sex' });
      await select('Group').selectOption({ label: 'No group' });
      await expectCards(['Lonely Lamb'], 'the animal in no group');
      await searchBox().fill('100%');
      await expectVisible(main().getByRole('heading', { name: 'No animals match', exact: true }));
      await expectCount('0 animals');
      await main().getByRole('button', { name: 'Clear filters', exact: true }).last().click();
      await eventually(async () => (await cardNames()).length, 30, 'all 30 after Clear filters');
      expect(await searchBox().inputValue()).toBe('');
      expect(await selectedLabel('Group')).toBe('All groups');
      expect(query()).toEqual({ sort: 'heaviest' }); // the order is not a filter
    });

    it("Edit Animal's Cancel goes back without saving", async () => {
      await searchBox().fill('BAND-17');
      await expectCards(['Hen 17'], 'Hen 17');
      await animalCard(page, 'Hen 17').getByRole('link', { name: 'View Profile', exact: true }).click();
      await eventually(() => new URL(page.url()).pathname.startsWith('/animal/'), true, 'opens the profile');
      ids.hen17 = idInPath(page);
      await main().getByRole('link', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}/edit`);
      // Birth dates: four-digit years from 1900 to the farm's today, no later.
      const birthDate = main().getByLabel('Birth Date', { exact: true });
      expect(await birthDate.getAttribute('min')).toBe('1900-01-01');
      const today = await call<{ timeZone: string }>('GET', '/api/v1/profile').then(({ timeZone }) =>
        new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()),
      );
      expect(await birthDate.getAttribute('max')).toBe(today);
      await main().getByLabel('Name', { exact: true }).fill('Henrietta');
      // typing is not lost silently: Back and a link ask first, and 'Cancel' in the question stays
      const question = page.getByRole('dialog', { name: 'Unsaved changes' });
      await main().getByRole('button', { name: 'Back', exact: true }).click();
      await expectVisible(question.getByText('You have unsaved changes. Leave this page?', { exact: true }));
      await question.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}/edit`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Herd' }).click();
      await expectVisible(question);
      await question.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}/edit`);
      expect(await main().getByLabel('Name', { exact: true }).inputValue(), 'the typing is still there').toBe(
        'Henrietta',
      );
      // the form's own Cancel discards on purpose, without a question
      await main().getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}`);
      expect(await question.isVisible()).toBe(false);
      await expectVisible(main().getByRole('heading', { level: 2, name: 'Hen 17', exact: true }));
      const saved = await call<{ name: string }>('GET', `/api/v1/animals/${ids.hen17}`);
      expect(saved.name).toBe('Hen 17');
    });

    it("Edit Animal's Delete asks with SPEC's words, then goes to My Animals", async () => {
      await main().getByRole('link', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}/edit`);
      await main().getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Hen 17?' });
      await expectVisible(
        dialog.getByText('Are you sure you want to delete this animal? This action cannot be undone.', {
          exact: true,
        }),
      );
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, `/animal/${ids.hen17}/edit`);
      await main().getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectPath(page, '/my-animals');
      await expectToastAndDismiss(page, 'Animal deleted successfully');
      await expectVisible(main().getByRole('heading', { name: 'My Animals (29)', exact: true }));
      expect(await cardNames()).not.toContain('Hen 17');
    });

    it('shows a 60-character name, long breed and tag without a sideways scroll at 360 px', async () => {
      await page.setViewportSize(narrowPhone);
      try {
        await goto('/my-animals?q=featherstone');
        await expectCards([longName], 'the long-named goat');
        const card = animalCard(page, longName);
        await expectVisible(card.getByText(`Tag: ${longTag}`, { exact: true }));
        await expectNoHorizontalScroll(page, '/my-animals (60-character name)');
        await goto('/my-animals');
        await eventually(async () => (await cardNames()).length, 29, 'the whole list');
        await expectNoHorizontalScroll(page, '/my-animals (whole list)');
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(width.scroll).toBeLessThanOrEqual(width.client);

        for (const path of [
          `/animal/${ids.longNamed}`,
          `/animal/${ids.longNamed}/edit`,
          `/group/${ids.goats}/animals`,
          '/add-animal',
        ]) {
          await goto(path);
          await expectVisible(main().getByRole('heading', { level: 2 }).first());
          if (path === `/animal/${ids.longNamed}`) {
            await expectVisible(main().getByRole('heading', { level: 2, name: longName, exact: true }));
          }
          await expectNoHorizontalScroll(page, `${path} (60-character name)`);
        }
      } finally {
        await page.setViewportSize(phone);
      }
    });

    it("puts the animal's name, age and 'Add Entry' above the fold on a 390×844 phone", async () => {
      await goto(`/animal/${ids.billy}`);
      const name = main().getByRole('heading', { level: 2, name: 'Billy', exact: true });
      await expectVisible(name);
      await expectVisible(main().getByText(/ · \d+ yrs?/));
      const addEntry = main().getByRole('button', { name: 'Add Entry', exact: true });
      await expectVisible(addEntry);
      const box = await addEntry.boundingBox();
      expect(box, 'Add Entry has a box').not.toBeNull();
      expect(box!.y + box!.height, 'Add Entry is above the fold').toBeLessThanOrEqual(phone.height);
      await expectNoSeriousA11yViolations(page, '/animal/:id');
    });
  });
});
