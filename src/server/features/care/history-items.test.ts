// An animal's history is its entries' JSON kept with their rows (migration 0041, decision 0053),
// with the animal's and the recorder's names spliced in at read. Every entry the history lists must
// stay exactly its own GET, whatever changed it: an edit, a batch's weights, the animal's rename, the
// recorder's, its group's deletion (a foreign key's SET NULL), an entry from the breeding record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Entry = { id: string; animalName: string; recordedBy: string | null; groupId: string | null };

describe.each(backends)("an animal's history as its entries' own pages on %s", (backend) => {
  let t: TestApp;
  let cookie: string;
  const today = () => dateInZone(new Date(), 'UTC');

  const send = (path: string, body?: unknown, method?: string) =>
    t.request(path, { cookie, body, ...(method ? { method } : {}) });
  const json = async (path: string, body?: unknown, method?: string) => {
    const response = await send(path, body, method);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  /** The animal's whole history, each entry held to its own GET. */
  async function historyAsEntries(animalId: string): Promise<Entry[]> {
    const page = await json(`/api/v1/animals/${animalId}/care-entries`);
    expect(page.nextOffset).toBeNull();
    for (const item of page.items) expect(item).toStrictEqual(await json(`/api/v1/care-entries/${item.id}`));
    return page.items;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('hazel@example.com'));
    await json('/api/v1/profile', { ownerName: 'Hazel "Hay" Brook' }, 'PATCH');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stays each entry’s own page through edits, renames and a deleted group', async () => {
    const group = await json('/api/v1/groups', { name: 'Does' });
    const [clover, daisy] = [
      await json('/api/v1/animals', { name: 'Clover', sex: 'female', groupIds: [group.id] }),
      await json('/api/v1/animals', { name: 'Daisy ✿ "the loud one"', groupIds: [group.id] }),
    ];
    const medical = await json('/api/v1/care-entries', {
      type: 'medical',
      groupId: group.id,
      animalIds: [clover.id, daisy.id],
      dateRecorded: addDays(today(), -3),
      medicationName: 'Oxytetracycline',
      dosage: 2.5,
      dosageUnit: 'mL',
      route: 'injection',
      lotNumber: 'LOT-7',
      givenBy: 'Dr. Ash',
      meatWithdrawalDays: 28,
      milkWithdrawalDays: 4,
    });
    await json('/api/v1/care-entries', {
      type: 'weight',
      groupId: group.id,
      dateRecorded: addDays(today(), -2),
      weights: [
        { animalId: clover.id, weightValue: 41.25, bodyCondition: 3 },
        { animalId: daisy.id, weightValue: 38 },
      ],
    });
    await json('/api/v1/care-entries', {
      type: 'note',
      animalIds: [clover.id],
      dateRecorded: today(),
      title: 'Limping',
      noteContent: 'Left fore, “slight”.\nWatch it.',
    });

    const first = await historyAsEntries(clover.id);
    expect(first.map((entry) => entry.animalName)).toEqual(['Clover', 'Clover', 'Clover']);
    expect(first.every((entry) => entry.recordedBy === 'Hazel "Hay" Brook')).toBe(true);
    expect(await historyAsEntries(daisy.id)).toHaveLength(2);

    // an edit of one entry, and of a whole batch
    const cloverDose = medical.entries.find((entry: { animalId: string }) => entry.animalId === clover.id);
    await json(`/api/v1/care-entries/${cloverDose.id}`, { dosage: 3, lotNumber: null }, 'PATCH');
    await json(
      `/api/v1/care-entries/${cloverDose.id}?scope=batch`,
      { dateRecorded: addDays(today(), -4) },
      'PATCH',
    );
    const edited = await historyAsEntries(clover.id);
    expect(edited.find((entry) => entry.id === cloverDose.id)).toMatchObject({
      dosage: 3,
      lotNumber: null,
      dateRecorded: addDays(today(), -4),
    });

    // the names, which are not kept with the entries
    await json(`/api/v1/animals/${clover.id}`, { name: 'Clover the Second' }, 'PATCH');
    await json('/api/v1/profile', { ownerName: 'Hazel Brook-Ward' }, 'PATCH');
    const renamed = await historyAsEntries(clover.id);
    expect(new Set(renamed.map((entry) => entry.animalName))).toEqual(new Set(['Clover the Second']));
    expect(new Set(renamed.map((entry) => entry.recordedBy))).toEqual(new Set(['Hazel Brook-Ward']));

    // a deleted group's entries stay, without their group
    expect((await send(`/api/v1/groups/${group.id}`, undefined, 'DELETE')).status).toBe(204);
    const ungrouped = await historyAsEntries(clover.id);
    expect(ungrouped).toHaveLength(3);
    expect(ungrouped.every((entry) => entry.groupId === null)).toBe(true);
    expect((await historyAsEntries(daisy.id)).every((entry) => entry.groupId === null)).toBe(true);
  });

  it('lists an animal without entries as an empty page, and another farm’s animal as not found', async () => {
    const pen = await json('/api/v1/groups', { name: 'Pen' });
    const quiet = await json('/api/v1/animals', { name: 'Quiet', groupIds: [pen.id] });
    expect(await json(`/api/v1/animals/${quiet.id}/care-entries`)).toEqual({ items: [], nextOffset: null });

    const other = await t.signUpAndConfirm('other-history@example.com');
    const response = await t.request(`/api/v1/animals/${quiet.id}/care-entries`, { cookie: other.cookie });
    expect(response.status).toBe(404);
  });
});
