// Withdrawal (issue 11): a medical entry keeps its medicine record (route, lot, who gave it) and its
// meat, milk and egg withdrawal periods; each animal carries the last day of each, kept by the
// database through every write (create, a group's batch, edit, delete), the same as the shared rule
// computes; My Animals filters to animals still under withdrawal on the farm's today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { withdrawalEnds } from '../../../shared/care/withdrawal';
import type { Animal, AnimalListItem } from '../../../shared/schemas/animals';
import type { CareEntry } from '../../../shared/schemas/care';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('withdrawal on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let today: string;
  let barn: string;
  const post = (path: string, body: unknown, as = cookie) => t.request(path, { cookie: as, body });
  const get = async <T>(path: string, as = cookie): Promise<T> => {
    const response = await t.request(path, { cookie: as });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const animal = async (name: string, groupIds = [barn]): Promise<Animal> => {
    const response = await post('/api/v1/animals', { name, groupIds });
    expect(response.status).toBe(201);
    return response.json();
  };
  const treat = (animalIds: string[], dateRecorded: string, extra: Record<string, unknown> = {}) =>
    post('/api/v1/care-entries', {
      type: 'medical',
      animalIds,
      dateRecorded,
      medicationName: 'Oxytetracycline',
      dosage: 5,
      dosageUnit: 'mL',
      ...extra,
    });
  const history = async (id: string) =>
    (await get<{ items: CareEntry[] }>(`/api/v1/animals/${id}/care-entries`)).items;
  const listed = async (path = '/api/v1/animals') => get<AnimalListItem[]>(path);

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('withdrawal@example.com'));
    const profile = await get<{ timeZone: string }>('/api/v1/profile');
    today = dateInZone(new Date(), profile.timeZone);
    barn = (await (await post('/api/v1/groups', { name: 'Barn' })).json()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the medicine record and each animal's last days, as the shared rule computes them", async () => {
    const doe = await animal('Clover');
    expect(doe.withdrawal).toBeNull();
    const given = await treat([doe.id], '2026-03-01', {
      route: 'injection',
      lotNumber: '  LOT-2291A ',
      givenBy: 'Dr. Amara Okonkwo-Lindqvist',
      meatWithdrawalDays: 28,
      milkWithdrawalDays: 4,
      eggWithdrawalDays: null,
    });
    expect(given.status).toBe(201);
    const [entry] = (await given.json()).entries as CareEntry[];
    expect(entry).toMatchObject({
      route: 'injection',
      lotNumber: 'LOT-2291A',
      givenBy: 'Dr. Amara Okonkwo-Lindqvist',
      meatWithdrawalDays: 28,
      milkWithdrawalDays: 4,
      eggWithdrawalDays: null,
    });
    // a later, shorter meat period does not shorten the first; a 0-day period is none
    await treat([doe.id], '2026-03-10', {
      meatWithdrawalDays: 3,
      milkWithdrawalDays: 0,
      eggWithdrawalDays: 7,
    });

    const entries = await history(doe.id);
    expect(entries[1]).toMatchObject({ route: 'injection', lotNumber: 'LOT-2291A', meatWithdrawalDays: 28 });
    const expected = { meat: '2026-03-29', milk: '2026-03-05', eggs: '2026-03-17' };
    expect(withdrawalEnds(entries)).toEqual(expected);
    expect((await get<Animal>(`/api/v1/animals/${doe.id}`)).withdrawal).toEqual(expected);
    expect((await listed()).find((item) => item.id === doe.id)!.withdrawal).toEqual(expected);

    // an edit and a delete move the last days; the other entries still count
    const first = entries[1]!;
    const edited = await t.request(`/api/v1/care-entries/${first.id}`, {
      cookie,
      method: 'PATCH',
      body: { meatWithdrawalDays: 0, route: 'oral', lotNumber: '' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json())[0]).toMatchObject({ route: 'oral', lotNumber: null, meatWithdrawalDays: 0 });
    expect((await get<Animal>(`/api/v1/animals/${doe.id}`)).withdrawal).toEqual({
      meat: '2026-03-13',
      milk: '2026-03-05',
      eggs: '2026-03-17',
    });
    const second = entries[0]!;
    expect((await t.request(`/api/v1/care-entries/${second.id}`, { cookie, method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await get<Animal>(`/api/v1/animals/${doe.id}`)).withdrawal).toEqual({
      meat: null,
      milk: '2026-03-05',
      eggs: null,
    });
    // a date moved on moves the last day with it
    await t.request(`/api/v1/care-entries/${first.id}`, {
      cookie,
      method: 'PATCH',
      body: { dateRecorded: '2026-03-03' },
    });
    expect((await get<Animal>(`/api/v1/animals/${doe.id}`)).withdrawal!.milk).toBe('2026-03-07');
  });

  it("marks every animal of a group's treatment, and filters My Animals to those still under withdrawal", async () => {
    const coop = await (await post('/api/v1/groups', { name: 'Laying Hens' })).json();
    const hens = [];
    for (const name of ['Hen 1', 'Hen 2', 'Hen 10']) hens.push(await animal(name, [coop.id]));
    const rooster = await animal('Rooster', [coop.id]);
    const oldTimer = await animal('Old treatment');
    expect(oldTimer.withdrawal).toBeNull();
    await treat([oldTimer.id], addDays(today, -30), { eggWithdrawalDays: 7 });

    const flock = await treat(
      hens.map((hen) => hen.id),
      today,
      { groupId: coop.id, eggWithdrawalDays: 7, route: 'oral' },
    );
    expect(flock.status).toBe(201);
    const inCoop = await listed(`/api/v1/groups/${coop.id}/animals`);
    expect(inCoop.map((item) => [item.name, item.withdrawal?.eggs ?? null])).toEqual([
      ['Hen 1', addDays(today, 7)],
      ['Hen 2', addDays(today, 7)],
      ['Hen 10', addDays(today, 7)],
      ['Rooster', null],
    ]);
    expect(rooster.withdrawal).toBeNull();

    const under = await listed('/api/v1/animals?withdrawal=active');
    expect(under.map((item) => item.name)).toEqual(['Hen 1', 'Hen 2', 'Hen 10']);
    // with the other filters: one statement, whatever they are
    let hensUnder: { name: string }[] = [];
    const statements = await t.statementsOf(
      async () => (hensUnder = await listed(`/api/v1/animals?withdrawal=active&q=hen%201&group=${coop.id}`)),
    );
    expect(statements).toHaveLength(1);
    expect(hensUnder.map((item) => item.name)).toEqual(['Hen 1', 'Hen 10']);

    // the last day still counts; the day after does not (the treatment moved back 7 days)
    const lastDay = await history(hens[0]!.id);
    await t.request(`/api/v1/care-entries/${lastDay[0]!.id}?scope=batch`, {
      cookie,
      method: 'PATCH',
      body: { dateRecorded: addDays(today, -7) },
    });
    expect((await listed('/api/v1/animals?withdrawal=active')).map((item) => item.name)).toEqual([
      'Hen 1',
      'Hen 2',
      'Hen 10',
    ]);
    await t.request(`/api/v1/care-entries/${lastDay[0]!.id}?scope=batch`, {
      cookie,
      method: 'PATCH',
      body: { dateRecorded: addDays(today, -8) },
    });
    expect(await listed('/api/v1/animals?withdrawal=active')).toEqual([]);

    // an animal deleted with its treatments leaves nothing behind
    expect((await t.request(`/api/v1/animals/${hens[2]!.id}`, { cookie, method: 'DELETE' })).status).toBe(
      204,
    );
  });

  it('refuses a bad route, period or lot number, or a medicine record on another kind of entry, and writes nothing', async () => {
    const goat = await animal('Refused');
    const bad: [Record<string, unknown>, string][] = [
      [{ route: 'intravenous' }, 'route'],
      [{ meatWithdrawalDays: -1 }, 'meatWithdrawalDays'],
      [{ milkWithdrawalDays: 1000 }, 'milkWithdrawalDays'],
      [{ eggWithdrawalDays: 2.5 }, 'eggWithdrawalDays'],
      [{ meatWithdrawalDays: '7' }, 'meatWithdrawalDays'],
      [{ lotNumber: 'x'.repeat(61) }, 'lotNumber'],
      [{ givenBy: 'x'.repeat(101) }, 'givenBy'],
    ];
    for (const [extra, field] of bad) {
      const response = await treat([goat.id], today, extra);
      expect(response.status, JSON.stringify(extra)).toBe(422);
      expect(Object.keys((await response.json()).error.fields)).toEqual([field]);
    }
    const refusedNote = await post('/api/v1/care-entries', {
      type: 'note',
      animalIds: [goat.id],
      dateRecorded: today,
      title: 'Note',
      noteContent: '.',
      meatWithdrawalDays: 7,
    });
    expect(refusedNote.status).toBe(422);
    expect(await history(goat.id)).toEqual([]);

    const note = (
      await (
        await post('/api/v1/care-entries', {
          type: 'note',
          animalIds: [goat.id],
          dateRecorded: today,
          title: 'Note',
          noteContent: '.',
        })
      ).json()
    ).entries[0] as CareEntry;
    const onNote = await t.request(`/api/v1/care-entries/${note.id}`, {
      cookie,
      method: 'PATCH',
      body: { eggWithdrawalDays: 7 },
    });
    expect(onNote.status).toBe(422);
    expect((await onNote.json()).error.fields).toHaveProperty('eggWithdrawalDays');
    expect((await t.request('/api/v1/animals?withdrawal=yes', { cookie })).status).toBe(422);
  });

  it("never shows one farm's withdrawals to another", async () => {
    const mine = await animal('Private ewe');
    await treat([mine.id], today, { meatWithdrawalDays: 14 });
    const other = (await t.signUpAndConfirm('withdrawal-other@example.com')).cookie;
    expect(await get<AnimalListItem[]>('/api/v1/animals?withdrawal=active', other)).toEqual([]);
    expect((await t.request(`/api/v1/animals/${mine.id}`, { cookie: other })).status).toBe(404);
  });
});
