// Eggs (issue 26), through HTTP on both databases: collections add up by day, week and month,
// saleable and discarded apart; the lay rate counts the group's female chickens; eggs of a group
// with an animal under an egg withdrawal are discarded and the answer names it; a farm sitter
// records and changes their own; another farm sees none of it; bad input is a 422 naming the
// field and writes nothing; the Production answer is a fixed number of statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import type {
  EggCollection,
  EggCollectionWritten,
  EggProduction,
  EggWithdrawal,
} from '../../../shared/schemas/production';
import type { Page } from '../../../shared/schemas/care';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('eggs on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let today: string;
  let chicken: string;
  let goat: string;
  const password = 'correct horse battery';

  const { call, ok, joinBySignUp } = apiCalls(() => t);
  const collect = async (body: Record<string, unknown>, as = owner, status = 201) =>
    ok<EggCollectionWritten>(await call(as, 'POST', '/api/v1/egg-collections', body), status);
  const production = async (groupId?: string, as = owner) =>
    ok<EggProduction>(
      await call(as, 'GET', `/api/v1/production/eggs${groupId ? `?groupId=${groupId}` : ''}`),
    );
  const group = async (name: string, as = owner) =>
    (await ok<{ id: string }>(await call(as, 'POST', '/api/v1/groups', { name }), 201)).id;
  const animal = async (name: string, speciesId: string, sex: string, groupId: string) =>
    (
      await ok<{ id: string }>(
        await call(owner, 'POST', '/api/v1/animals', { name, speciesId, sex, groupIds: [groupId] }),
        201,
      )
    ).id;
  const invalid = async (response: Response) => {
    const body = await ok<{ error: { code: string; fields: Record<string, string[]> } }>(response, 422);
    return Object.keys(body.error.fields);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    const species = await ok<{ id: string; name: string }[]>(await call(owner, 'GET', '/api/v1/species'));
    chicken = species.find((one) => one.name === 'Chicken')!.id;
    goat = species.find((one) => one.name === 'Goat')!.id;
    // a farm sitter joins through an emailed link, signing up
    sitter = await joinBySignUp(owner, { email: 'sam.sitter@example.com', name: 'Sam', password }, 'sitter');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds up two collections a day, and gives the lay rate of the female chickens', async () => {
    const layers = await group('Layers');
    for (let n = 1; n <= 10; n++) await animal(`Hen ${n}`, chicken, 'female', layers);
    await animal('Rooster 1', chicken, 'male', layers);
    await animal('Rooster 2', chicken, 'male', layers);
    await animal('Clover', goat, 'female', layers); // a doe lays no eggs

    const morning = await collect({ groupId: layers, eggs: 8, cracked: 1, dirty: 2, note: '  Nest box 2 ' });
    expect(morning).toMatchObject({
      groupId: layers,
      groupName: 'Layers',
      collectedOn: today, // the farm's today by default
      eggs: 8,
      cracked: 1,
      dirty: 2,
      small: null,
      discarded: 0,
      saleable: 8,
      note: 'Nest box 2',
      recordedBy: 'olive.owner@example.com', // no name given: the email
      withdrawal: [],
    });
    const evening = await collect({ groupId: layers, collectedOn: today, eggs: 1 });
    // the six days before: 8 a day
    for (let day = 1; day <= 6; day++)
      await collect({ groupId: layers, collectedOn: addDays(today, -day), eggs: 8 });
    // 40 days ago: in the months, not in the 30 days
    await collect({ groupId: layers, collectedOn: addDays(today, -40), eggs: 5 });

    const eggs = await production(layers);
    expect(eggs).toMatchObject({
      groupId: layers,
      today,
      hens: 10,
      todayCounts: { eggs: 9, saleable: 9, discarded: 0 },
      // 57 eggs in 7 days from 10 hens; 57 in 30 days
      layRate: { last7: Math.round((57 / 70) * 1000) / 1000, last30: Math.round((57 / 300) * 1000) / 1000 },
    });
    expect(eggs.byDay).toHaveLength(30);
    expect(eggs.byDay.at(-1)).toEqual({ date: today, eggs: 9, saleable: 9, discarded: 0 });
    expect(eggs.byDay[0]!.date).toBe(addDays(today, -29));
    expect(eggs.byDay.reduce((sum, day) => sum + day.eggs, 0)).toBe(57);
    expect(eggs.byMonth).toHaveLength(12);
    expect(eggs.byMonth.at(-1)!.month).toBe(today.slice(0, 7));
    expect(eggs.byMonth.reduce((sum, month) => sum + month.eggs, 0)).toBe(62);
    // the week runs from Monday to today
    const monday = new Date(`${today}T00:00:00Z`);
    const weekFrom = addDays(today, -((monday.getUTCDay() + 6) % 7));
    const inWeek = eggs.byDay.filter((day) => day.date >= weekFrom).reduce((sum, day) => sum + day.eggs, 0);
    expect(eggs.week).toEqual({ from: weekFrom, eggs: inWeek, saleable: inWeek, discarded: 0 });

    // the list: newest first, the evening's before the morning's
    const page = await ok<Page<EggCollection>>(
      await call(owner, 'GET', `/api/v1/egg-collections?groupId=${layers}&from=${addDays(today, -1)}`),
    );
    expect(page.items.map((item) => [item.collectedOn, item.eggs])).toEqual([
      [today, 1],
      [today, 8],
      [addDays(today, -1), 8],
    ]);
    expect(page.nextOffset).toBeNull();

    // edit: the evening's count was 3; then delete the morning's
    const edited = await ok<EggCollectionWritten>(
      await call(owner, 'PATCH', `/api/v1/egg-collections/${evening.id}`, { eggs: 3, small: 1 }),
    );
    expect(edited).toMatchObject({ eggs: 3, small: 1, saleable: 3, withdrawal: [] });
    // a field not sent stays; a blank note clears it
    const kept = await ok<EggCollectionWritten>(
      await call(owner, 'PATCH', `/api/v1/egg-collections/${morning.id}`, { small: 0 }),
    );
    expect(kept).toMatchObject({ note: 'Nest box 2', cracked: 1, dirty: 2, small: 0 });
    expect(
      await ok<EggCollectionWritten>(
        await call(owner, 'PATCH', `/api/v1/egg-collections/${morning.id}`, { note: ' ', cracked: null }),
      ),
    ).toMatchObject({ note: null, cracked: null, dirty: 2 });
    expect((await production(layers)).todayCounts).toEqual({ eggs: 11, saleable: 11, discarded: 0 });
    expect((await call(owner, 'DELETE', `/api/v1/egg-collections/${morning.id}`)).status).toBe(204);
    expect((await call(owner, 'DELETE', `/api/v1/egg-collections/${morning.id}`)).status).toBe(404);
    expect((await production(layers)).todayCounts.eggs).toBe(3);

    // farm-wide: every group's eggs, every female chicken
    const farm = await production();
    expect(farm.groupId).toBeNull();
    expect(farm.hens).toBeGreaterThanOrEqual(10);
    expect(farm.todayCounts.eggs).toBeGreaterThanOrEqual(3);
  });

  it('repeats a collection sent twice with one id: one collection, 200 the second time', async () => {
    const coop = await group('Repeat Coop');
    const id = crypto.randomUUID();
    await collect({ id, groupId: coop, eggs: 4 });
    const again = await collect({ id, groupId: coop, eggs: 4 }, owner, 200);
    expect(again.id).toBe(id);
    expect((await production(coop)).todayCounts.eggs).toBe(4);
  });

  it('discards the eggs of a group with an animal under an egg withdrawal, and names it', async () => {
    const bantams = await group('Bantams');
    const hen = await animal('Hen 4', chicken, 'female', bantams);
    await animal('Hen 5', chicken, 'female', bantams);
    const dosed = addDays(today, -2);
    await ok(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [hen],
        dateRecorded: dosed,
        medicationName: 'Tylosin',
        dosage: 1,
        dosageUnit: 'mL',
        eggWithdrawalDays: 7,
      }),
      201,
    );
    const until = addDays(dosed, 7);
    const expected: EggWithdrawal[] = [{ animalId: hen, name: 'Hen 4', until }];
    // before saving, for the form's 'Discard: Hen 4 is not safe for eggs until …'
    expect(
      await ok<EggWithdrawal[]>(await call(owner, 'GET', `/api/v1/groups/${bantams}/egg-withdrawal`)),
    ).toEqual(expected);
    expect(
      await ok(
        await call(owner, 'GET', `/api/v1/groups/${bantams}/egg-withdrawal?date=${addDays(dosed, -1)}`),
      ),
    ).toEqual([]);

    const all = await collect({ groupId: bantams, eggs: 6 });
    expect(all).toMatchObject({ eggs: 6, discarded: 6, saleable: 0, withdrawal: expected });
    const part = await collect({ groupId: bantams, eggs: 5, discarded: 2 });
    expect(part).toMatchObject({ discarded: 2, saleable: 3, withdrawal: expected });
    // the day before the dose: nothing to discard
    const before = await collect({ groupId: bantams, eggs: 4, collectedOn: addDays(dosed, -1) });
    expect(before).toMatchObject({ discarded: 0, withdrawal: [] });
    // moved into the withdrawal: discarded as when recorded there
    const moved = await ok<EggCollectionWritten>(
      await call(owner, 'PATCH', `/api/v1/egg-collections/${before.id}`, { collectedOn: dosed }),
    );
    expect(moved).toMatchObject({ discarded: 4, saleable: 0, withdrawal: expected });

    const eggs = await production(bantams);
    expect(eggs.todayCounts).toEqual({ eggs: 11, saleable: 3, discarded: 8 });
    expect(eggs.byDay.find((day) => day.date === dosed)).toEqual({
      date: dosed,
      eggs: 4,
      saleable: 0,
      discarded: 4,
    });
    expect(eggs.hens).toBe(2);
  });

  it("keeps a deleted group's collections in the farm's history, with no group", async () => {
    const pen = await group('Old coop');
    const kept = await collect({ groupId: pen, collectedOn: today, eggs: 7 });
    const before = await production();
    await ok(await call(owner, 'DELETE', `/api/v1/groups/${pen}`), 204);
    const found = await ok<Page<EggCollection>>(await call(owner, 'GET', '/api/v1/egg-collections'));
    const row = found.items.find((item) => item.id === kept.id);
    expect(row).toMatchObject({ groupId: null, groupName: null, eggs: 7 });
    expect((await production()).todayCounts).toEqual(before.todayCounts);
    // still the farm's to correct or remove
    expect(
      (
        await ok<EggCollectionWritten>(
          await call(owner, 'PATCH', `/api/v1/egg-collections/${kept.id}`, { eggs: 6 }),
        )
      ).groupId,
    ).toBeNull();
    await ok(await call(owner, 'DELETE', `/api/v1/egg-collections/${kept.id}`), 204);
  });

  it('lists each collection as its write answered it, through an edit, renames and a deleted group', async () => {
    // the list joins each collection's kept JSON (migration 0042) with its group's and recorder's
    // names as they are now: held to the collection as a change answers it, read after it
    const listed = async (id: string) =>
      (await ok<Page<EggCollection>>(await call(owner, 'GET', '/api/v1/egg-collections'))).items.find(
        (item) => item.id === id,
      );
    const listedAsChanged = async (id: string, changes: Record<string, unknown> = {}) => {
      const { withdrawal: _, ...answer } = await ok<EggCollectionWritten>(
        await call(owner, 'PATCH', `/api/v1/egg-collections/${id}`, changes),
      );
      const row = await listed(id);
      expect(row).toStrictEqual(answer);
      return row!;
    };
    const coop = await group('Hen "house" 2');
    const { id } = await collect({
      groupId: coop,
      collectedOn: addDays(today, -1),
      eggs: 9,
      note: 'Two “double-yolk”',
    });
    expect(await listedAsChanged(id)).toMatchObject({
      groupName: 'Hen "house" 2',
      recordedBy: 'olive.owner@example.com',
    });
    expect(
      await listedAsChanged(id, { eggs: 11, cracked: 1, dirty: 2, small: null, discarded: 3, note: null }),
    ).toMatchObject({ eggs: 11, saleable: 8, note: null });

    await ok(await call(owner, 'PATCH', `/api/v1/groups/${coop}`, { name: 'Coop by the orchard' }));
    await ok(await call(owner, 'PATCH', '/api/v1/profile', { ownerName: 'Olive Owner-Smith' }));
    expect(await listed(id)).toMatchObject({
      groupName: 'Coop by the orchard',
      recordedBy: 'Olive Owner-Smith',
    });
    await listedAsChanged(id);

    await ok(await call(owner, 'DELETE', `/api/v1/groups/${coop}`), 204);
    expect(await listed(id)).toMatchObject({ groupId: null, groupName: null });
    await listedAsChanged(id);
    await ok(await call(owner, 'PATCH', '/api/v1/profile', { ownerName: null }));
    await ok(await call(owner, 'DELETE', `/api/v1/egg-collections/${id}`), 204);
  });

  it('lets a farm sitter record, and change or delete only what they recorded', async () => {
    const coop = await group('Sitter Coop');
    const owners = await collect({ groupId: coop, eggs: 7 });
    const theirs = await collect({ groupId: coop, eggs: 5 }, sitter);
    expect(theirs.recordedBy).toBe('Sam');
    expect(
      (
        await ok<EggCollectionWritten>(
          await call(sitter, 'PATCH', `/api/v1/egg-collections/${theirs.id}`, { eggs: 6 }),
        )
      ).eggs,
    ).toBe(6);
    expect((await call(sitter, 'PATCH', `/api/v1/egg-collections/${owners.id}`, { eggs: 1 })).status).toBe(
      403,
    );
    expect((await call(sitter, 'DELETE', `/api/v1/egg-collections/${owners.id}`)).status).toBe(403);
    expect((await production(coop, sitter)).todayCounts.eggs).toBe(13);
    expect((await call(sitter, 'DELETE', `/api/v1/egg-collections/${theirs.id}`)).status).toBe(204);
    // a member's record is the owner's to change too
    expect((await call(owner, 'PATCH', `/api/v1/egg-collections/${owners.id}`, { eggs: 8 })).status).toBe(
      200,
    );
    expect((await production(coop)).todayCounts.eggs).toBe(8);
  });

  it("answers another farm 404 for the farm's collections and groups, and writes nothing", async () => {
    const coop = await group('Private Coop');
    const mine = await collect({ groupId: coop, eggs: 12 });
    expect((await call(other, 'PATCH', `/api/v1/egg-collections/${mine.id}`, { eggs: 0 })).status).toBe(404);
    expect((await call(other, 'DELETE', `/api/v1/egg-collections/${mine.id}`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/production/eggs?groupId=${coop}`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/groups/${coop}/egg-withdrawal`)).status).toBe(404);
    expect(
      await invalid(await call(other, 'POST', '/api/v1/egg-collections', { groupId: coop, eggs: 1 })),
    ).toEqual(['groupId']);
    const theirs = await ok<Page<EggCollection>>(
      await call(other, 'GET', `/api/v1/egg-collections?groupId=${coop}`),
    );
    expect(theirs.items).toEqual([]);
    expect((await production(undefined, other)).todayCounts.eggs).toBe(0);
    const still = await ok<Page<EggCollection>>(
      await call(owner, 'GET', `/api/v1/egg-collections?groupId=${coop}`),
    );
    expect(still.items.map((item) => item.eggs)).toEqual([12]);
  });

  it('refuses bad input with a 422 naming the field, and writes nothing', async () => {
    const coop = await group('Strict Coop');
    const stored = await collect({ groupId: coop, eggs: 10 });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ groupId: coop, eggs: 10_001 }, ['eggs']],
      [{ groupId: coop, eggs: -1 }, ['eggs']],
      [{ groupId: coop, eggs: 1.5 }, ['eggs']],
      [{ groupId: coop, eggs: '12' }, ['eggs']],
      [{ groupId: coop }, ['eggs']],
      [{ eggs: 3 }, ['groupId']],
      [{ groupId: 'not-a-uuid', eggs: 3 }, ['groupId']],
      [{ groupId: crypto.randomUUID(), eggs: 3 }, ['groupId']],
      [{ groupId: coop, eggs: 3, cracked: 4 }, ['cracked']],
      [{ groupId: coop, eggs: 3, dirty: 4, small: 5 }, ['dirty', 'small']],
      [{ groupId: coop, eggs: 3, discarded: 4 }, ['discarded']],
      [{ groupId: coop, eggs: 3, collectedOn: '2026-02-30' }, ['collectedOn']],
      [{ groupId: coop, eggs: 3, collectedOn: '1899-12-31' }, ['collectedOn']],
      [{ groupId: coop, eggs: 3, collectedOn: addDays(today, 1) }, ['collectedOn']],
      [{ groupId: coop, eggs: 3, note: 'bad \u0000 text' }, ['note']],
    ];
    for (const [body, fields] of cases) {
      expect(
        await invalid(await call(owner, 'POST', '/api/v1/egg-collections', body)),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    const path = `/api/v1/egg-collections/${stored.id}`;
    expect(await invalid(await call(owner, 'PATCH', path, { cracked: 11 }))).toEqual(['cracked']);
    expect(await invalid(await call(owner, 'PATCH', path, { eggs: 2, cracked: 3 }))).toEqual(['cracked']);
    expect(await invalid(await call(owner, 'PATCH', path, { eggs: 10_001 }))).toEqual(['eggs']);
    expect(await invalid(await call(owner, 'PATCH', path, { collectedOn: addDays(today, 1) }))).toEqual([
      'collectedOn',
    ]);
    expect((await call(owner, 'GET', '/api/v1/egg-collections?from=2026-13-01')).status).toBe(422);
    expect((await call(owner, 'GET', '/api/v1/production/eggs?groupId=nope')).status).toBe(422);
    const page = await ok<Page<EggCollection>>(
      await call(owner, 'GET', `/api/v1/egg-collections?groupId=${coop}`),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ eggs: 10, cracked: null, collectedOn: today });
  });

  it('answers Production and the list in a fixed number of statements, whatever the history', async () => {
    const small = await group('Small History');
    const large = await group('Large History');
    await collect({ groupId: small, eggs: 1 });
    for (let day = 0; day < 40; day++)
      await collect({ groupId: large, collectedOn: addDays(today, -day * 9), eggs: 3 + (day % 4) });
    const cost = async (path: string) => {
      const statements = await t.statementsOf(async () => ok(await call(owner, 'GET', path)));
      return statements.length;
    };
    const production = [
      await cost(`/api/v1/production/eggs?groupId=${small}`),
      await cost(`/api/v1/production/eggs?groupId=${large}`),
    ];
    // the counts, after the farm's today (which the profile service may already hold)
    expect(production[0]).toBe(production[1]);
    expect(production[0]).toBeLessThanOrEqual(2);
    const lists = [
      await cost(`/api/v1/egg-collections?groupId=${small}`),
      await cost(`/api/v1/egg-collections?groupId=${large}`),
      await cost('/api/v1/egg-collections'),
    ];
    expect(lists).toEqual([1, 1, 1]);
    expect(await cost('/api/v1/production/eggs')).toBeLessThanOrEqual(2);
  });
});
