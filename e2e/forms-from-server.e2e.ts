// Journey: a form is drawn from the server's answer, not from the device's older copy. A farmer
// opens Paddock on the phone, which kept what it read last time; meanwhile their partner changed
// the goat and the group on the laptop. The phone's edit form must show the partner's changes (and
// so not put the old values back on Save), and a group's batch must list the animal the partner
// added. Offline, the copy is what there is (offline.e2e.ts). Each step holds the server's answer
// for a moment, as a slow barn signal would: the copy is on screen first, and the form must wait;
// on a signal that does not answer at all, the form makes do with the copy after a few seconds.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, narrowPhone, openPage, sharedBrowser } from './support/browser';
import { farmApi, type FarmApi } from './support/care';
import { expectVisible } from './support/checks';
import { watchDeviceCopy, workerInCharge } from './support/device-copy';
import { expectToastAndDismiss } from './support/herd';
import { newEmail, signUpAndConfirm } from './support/journeys';
import { backends, startStack, type Stack } from './support/stack';

type ApiAnimal = { id: string; name: string; breed: string | null; groups: { id: string }[] };

describe.skipIf(!browserAvailable)('forms drawn from the server, not the device’s copy', () => {
  const browser = sharedBrowser();

  describe.each(backends)('on %s', (backend) => {
    let stack: Stack;
    let context: BrowserContext;
    let page: Page;
    let api: FarmApi;
    let deviceCopyWritten: () => Promise<void>;
    let goats = '';
    let kids = '';
    let clover = '';

    beforeAll(async () => {
      stack = await startStack(backend);
      ({ context, page } = await openPage(browser(), { viewport: narrowPhone }));
      deviceCopyWritten = await watchDeviceCopy(page);
      await signUpAndConfirm(page, stack, newEmail(`forms-${backend}`));
      api = farmApi(page, stack.baseUrl);
      ({ id: goats } = await api.post<{ id: string }>('/api/v1/groups', { name: 'Goats' }));
      ({ id: kids } = await api.post<{ id: string }>('/api/v1/groups', { name: "Kids' pen" }));
      ({ id: clover } = await api.post<{ id: string }>('/api/v1/animals', {
        name: 'Clover',
        breed: 'Nubian',
        groupIds: [goats],
      }));
    });
    afterAll(async () => {
      await context?.close();
      await stack?.stop();
    });

    const main = () => page.getByRole('main');
    const goto = (path: string) => page.goto(`${stack.baseUrl}${path}`);
    /**
     * Opens `path` afresh (the device's copy restored) with the server's answer to `read` late;
     * `meanwhile` runs as soon as the page is loaded (a farmer typing straight away).
     */
    async function openWithLateAnswer(path: string, read: string, meanwhile?: () => Promise<void>) {
      const late = `${stack.baseUrl}${read}`;
      await page.route(late, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      try {
        const answered = page.waitForResponse(late);
        await goto(path);
        await meanwhile?.();
        await answered;
      } finally {
        await page.unroute(late);
      }
    }

    it("shows the partner's changes in the edit form, and Save keeps them", async () => {
      await goto(`/animal/${clover}/edit`);
      await expectVisible(main().getByRole('heading', { name: 'Edit Clover', exact: true }));
      expect(await main().getByLabel('Breed', { exact: true }).inputValue()).toBe('Nubian');
      await deviceCopyWritten();
      // on the laptop: a new breed, and the kids' pen too
      await api.call('PATCH', `/api/v1/animals/${clover}`, { breed: 'Saanen', groupIds: [goats, kids] });

      await openWithLateAnswer(`/animal/${clover}/edit`, `/api/v1/animals/${clover}`);
      await expectVisible(main().getByRole('heading', { name: 'Edit Clover', exact: true }));
      expect(await main().getByLabel('Breed', { exact: true }).inputValue()).toBe('Saanen');
      expect(await main().getByRole('checkbox', { name: "Kids' pen", exact: true }).isChecked()).toBe(true);
      await main().getByLabel('Name', { exact: true }).fill('Clover Belle');
      await main().getByRole('button', { name: 'Update Animal', exact: true }).click();
      await expectToastAndDismiss(page, 'Animal updated');
      const saved = await api.get<ApiAnimal>(`/api/v1/animals/${clover}`);
      expect([saved.name, saved.breed, saved.groups.map((group) => group.id).sort()]).toEqual([
        'Clover Belle',
        'Saanen',
        [goats, kids].sort(),
      ]);
    });

    it("lists the animal the partner added to the group in the group's batch", async () => {
      await goto(`/group/${goats}/note-entry`);
      await expectVisible(main().getByText('1 of 1 included', { exact: true }));
      await deviceCopyWritten();
      await api.post('/api/v1/animals', { name: 'Daisy', groupIds: [goats] });

      await openWithLateAnswer(`/group/${goats}/note-entry`, `/api/v1/groups/${goats}/animals`);
      await expectVisible(main().getByText('2 of 2 included', { exact: true }));
      expect(await main().getByRole('checkbox', { name: 'Daisy', exact: true }).isChecked()).toBe(true);
    });

    it('keeps what was typed with no signal when the signal comes back and the form is asked again', async () => {
      const breed = () => main().getByLabel('Breed', { exact: true });
      await goto(`/animal/${clover}/edit`);
      await expectVisible(breed());
      await workerInCharge(page); // with no signal, the app's code comes from the service worker
      await expectVisible(breed());
      await deviceCopyWritten();
      await context.setOffline(true);
      try {
        await page.reload();
        await breed().fill('Alpine');
        const asked = page.waitForResponse(`${stack.baseUrl}/api/v1/animals/${clover}`);
        await context.setOffline(false);
        await asked;
      } finally {
        await context.setOffline(false);
      }
      await page.waitForTimeout(500); // the answer's render, had it taken the form away
      expect(await breed().inputValue()).toBe('Alpine');
    });

    it('makes do with the copy when the signal is too weak to answer within a few seconds', async () => {
      await goto(`/group/${goats}/note-entry`);
      await expectVisible(main().getByText('2 of 2 included', { exact: true }));
      await deviceCopyWritten();
      const read = `${stack.baseUrl}/api/v1/groups/${goats}/animals`;
      const held: Route[] = [];
      await page.route(read, (route) => void held.push(route));
      try {
        const opened = Date.now();
        await goto(`/group/${goats}/note-entry`);
        await expectVisible(main().getByText('2 of 2 included', { exact: true }), 10_000);
        expect(held.length, 'the server was asked, and has not answered').toBe(1);
        expect(Date.now() - opened, 'the form waited for the server first').toBeGreaterThan(3_000);
      } finally {
        await page.unroute(read);
        for (const route of held) await route.continue().catch(() => {});
      }
    });

    it("shows the partner's change in the edit forms of a group, a reminder, a note, money and a medicine, and keeps what is typed", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const { id: reminder } = await api.post<{ id: string }>('/api/v1/reminders', {
        title: 'Trim hooves',
        type: 'general',
        dueDate: today,
        groupId: goats,
      });
      const { entries } = await api.post<{ entries: { id: string }[] }>('/api/v1/care-entries', {
        type: 'note',
        dateRecorded: today,
        title: 'Lame',
        noteContent: 'Front left.',
        animalIds: [clover],
      });
      const note = entries[0]!.id;
      const { id: feed } = await api.post<{ id: string }>('/api/v1/money', {
        kind: 'expense',
        amount: 24.5,
        category: 'Feed',
        note: 'Two bags',
      });
      const { id: wormer } = await api.post<{ id: string }>('/api/v1/medicines', {
        name: 'Wormer',
        unit: 'mL',
      });
      /** each form: the laptop's change and the field that shows it, and a field typed into at once */
      type Form = { path: string; read: string; change: object; field: string; value: string };
      const forms: (Form & { typed: [label: string, text: string] })[] = [
        {
          path: `/group/${goats}/edit`,
          read: `/api/v1/groups/${goats}`,
          change: { description: 'The milking string.' },
          field: 'Description',
          value: 'The milking string.',
          typed: ['Group Name', 'Goats and kids'],
        },
        {
          path: `/reminders/${reminder}/edit`,
          read: `/api/v1/reminders/${reminder}`,
          change: { title: 'Trim hooves and check teeth' },
          field: 'Title',
          value: 'Trim hooves and check teeth',
          typed: ['Time of day (optional)', '18:00'],
        },
        {
          path: `/animal/${clover}/edit-note/${note}`,
          read: `/api/v1/care-entries/${note}`,
          change: { noteContent: 'Front left, better today.' },
          field: 'Note',
          value: 'Front left, better today.',
          typed: ['Title', 'Lame, front left'],
        },
        {
          path: `/money/${feed}/edit`,
          read: `/api/v1/money/${feed}`,
          change: { note: 'Two bags of layer pellets' },
          field: 'Note (optional)',
          value: 'Two bags of layer pellets',
          typed: ['Quantity (optional)', '2'],
        },
        {
          path: `/medicines/${wormer}/edit`,
          read: `/api/v1/medicines/${wormer}`,
          change: { name: 'Wormer (Valbazen)' },
          field: 'Name',
          value: 'Wormer (Valbazen)',
          typed: ['Notes', 'Keep it cool.'],
        },
      ];
      const field = (label: string) => main().getByLabel(label, { exact: true });
      for (const form of forms) {
        const [typedField, typed] = form.typed;
        await goto(form.path);
        await expectVisible(field(form.field));
        await deviceCopyWritten();
        await api.call('PATCH', form.read, form.change);
        // the farmer types as soon as the field is there: what they typed must not be lost when the
        // server's answer comes (a form drawn from the copy, then drawn again, lost it)
        await openWithLateAnswer(form.path, form.read, () => field(typedField).fill(typed));
        await page.waitForTimeout(500); // the answer's render, had it drawn the form again
        expect(await field(form.field).inputValue(), form.path).toBe(form.value);
        expect(await field(typedField).inputValue(), `${form.path}: typed`).toBe(typed);
      }
    });
  });
});
