// The farm's money (issue 28 items 3-5), through HTTP on both databases: entries are written,
// changed and deleted with their amounts exact to the cent; bad input is a 422 naming the field
// and writes nothing; another farm's group or animal is a 404; a Farm Sitter sees none of it; the
// cabinet's priced stock shows as a Medicine expense; the summary's cost per dozen and per litre
// come from known numbers; an animal's sale is written through the service alone; the list and the
// summary are a fixed number of statements whatever the history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import type { Page } from '../../../shared/schemas/care';
import {
  moneyEntrySchema,
  type GroupFeed,
  type MoneyEntry,
  type MoneySummary,
} from '../../../shared/schemas/money';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { queryRows } from '../../db/sql-text';
import { createMoneyRepo } from './money.repo';
import { createMoneyService } from './money.service';

describe.each(backends)('money on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let member: string;
  let today: string;
  const password = 'correct horse battery';

  const { call, ok, joinBySignUp } = apiCalls(() => t);
  const record = async (body: Record<string, unknown>, as = owner, status = 201) =>
    ok<MoneyEntry>(await call(as, 'POST', '/api/v1/money', body), status);
  const group = async (name: string, as = owner) =>
    (await ok<{ id: string }>(await call(as, 'POST', '/api/v1/groups', { name }), 201)).id;
  const animal = async (name: string, groupIds: string[], as = owner, sex = 'female') =>
    (await ok<{ id: string }>(await call(as, 'POST', '/api/v1/animals', { name, sex, groupIds }), 201)).id;
  const invalid = async (response: Response) => {
    const body = await ok<{ error: { fields: Record<string, string[]> } }>(response, 422);
    return Object.keys(body.error.fields);
  };
  const list = async (query = '', as = owner) =>
    ok<Page<MoneyEntry>>(await call(as, 'GET', `/api/v1/money${query}`));
  const summary = async (query: string, as = owner) =>
    ok<MoneySummary>(await call(as, 'GET', `/api/v1/money/summary${query}`));

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    sitter = await joinBySignUp(owner, { email: 'sam.sitter@example.com', name: 'Sam', password }, 'sitter');
    member = await joinBySignUp(owner, { email: 'mo.member@example.com', name: 'Mo', password }, 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages a long history of entries and priced lots newest first, each once, whatever the filter', async () => {
    // a farm of its own: 60 entries over 60 days, and 3 priced lots received among them
    const farmer = (await t.signUpAndConfirm('paula.pages@example.com', password)).cookie;
    const coop = await group('Coop', farmer);
    const start = '2025-01-01';
    for (let day = 0; day < 60; day++)
      await record(
        {
          kind: day % 3 === 0 ? 'income' : 'expense',
          amount: 100 + day,
          category: 'Eggs',
          occurredOn: addDays(start, day),
          ...(day % 2 === 0 ? { groupId: coop } : {}),
        },
        farmer,
      );
    const wormer = await ok<{ id: string }>(
      await call(farmer, 'POST', '/api/v1/medicines', { name: 'Wormer', unit: 'mL' }),
      201,
    );
    for (const [day, price] of [
      [5, 1.5],
      [30, 2.5],
      [58, 3.5],
    ] as const)
      await ok(
        await call(farmer, 'POST', `/api/v1/medicines/${wormer.id}/lots`, {
          quantity: 10,
          receivedOn: addDays(start, day),
          price,
        }),
        201,
      );
    const everyPage = async (query: string) => {
      const rows: MoneyEntry[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page = await list(`${query}${query ? '&' : '?'}offset=${offset}`, farmer);
        expect(page.items.length).toBeLessThanOrEqual(50);
        rows.push(...page.items);
        offset = page.nextOffset;
      }
      return rows;
    };
    const newestFirst = (rows: MoneyEntry[]) =>
      [...rows].sort(
        (a, b) => b.occurredOn.localeCompare(a.occurredOn) || b.createdAt.localeCompare(a.createdAt),
      );

    const all = await everyPage('');
    expect(all).toHaveLength(63);
    expect(new Set(all.map((row) => row.id)).size).toBe(63);
    expect(all).toEqual(newestFirst(all));
    expect(all.filter((row) => row.source === 'medicine').map((row) => row.amount)).toEqual([3.5, 2.5, 1.5]);
    // the first page ends where the second begins
    expect((await list('', farmer)).items.map((row) => row.id)).toEqual(
      all.slice(0, 50).map((row) => row.id),
    );

    const expenses = await everyPage('?kind=expense');
    expect(expenses.map((row) => row.id)).toEqual(
      all.filter((row) => row.kind === 'expense').map((row) => row.id),
    );
    const february = await everyPage('?from=2025-02-01&to=2025-02-28');
    expect(february.map((row) => row.id)).toEqual(
      all.filter((row) => row.occurredOn.startsWith('2025-02')).map((row) => row.id),
    );
    const coops = await everyPage(`?groupId=${coop}&kind=income`);
    expect(coops.map((row) => row.id)).toEqual(
      all.filter((row) => row.groupId === coop && row.kind === 'income').map((row) => row.id),
    );
    expect(coops.every((row) => row.groupName === 'Coop')).toBe(true);
  });

  it('records, reads, changes and deletes an entry, its amount exact to the cent', async () => {
    const flock = await group('Flock A');
    const feed = await record({
      kind: 'expense',
      amount: 19.99,
      category: 'Feed',
      groupId: flock,
      quantity: 4,
      quantityUnit: ' bags, 50 lb ',
      note: '  Layer pellets ',
    });
    expect(feed).toMatchObject({
      source: 'entry',
      kind: 'expense',
      occurredOn: today, // the farm's today by default
      amount: 19.99,
      category: 'Feed',
      groupId: flock,
      groupName: 'Flock A',
      animalId: null,
      quantity: 4,
      quantityUnit: 'bags, 50 lb',
      note: 'Layer pellets',
      animalSaleOf: null,
      medicineId: null,
      recordedBy: 'olive.owner@example.com', // no name given: the email
    });
    expect(await ok<MoneyEntry>(await call(owner, 'GET', `/api/v1/money/${feed.id}`))).toEqual(feed);
    // the list names who recorded each entry: the owner's, and one the member recorded
    const mine = await record({ kind: 'income', amount: 3, category: 'Eggs' }, member);
    expect(mine.recordedBy).toBe('Mo');
    const page = await list();
    expect(page.items.find((item) => item.id === feed.id)?.recordedBy).toBe('olive.owner@example.com');
    expect(page.items.find((item) => item.id === mine.id)?.recordedBy).toBe('Mo');
    await ok(await call(member, 'DELETE', `/api/v1/money/${mine.id}`), 204);
    // a member records and changes money too; the largest amount reads back exactly
    const changed = await ok<MoneyEntry>(
      await call(member, 'PATCH', `/api/v1/money/${feed.id}`, { amount: 9_999_999.99, note: null }),
    );
    expect(changed).toMatchObject({ amount: 9_999_999.99, note: null, quantity: 4 });
    const [stored] = await queryRows<{ amount: string }>(
      t.db,
      sql`select amount::text as amount from money_entries where id = ${feed.id}`,
    );
    expect(stored!.amount).toBe('9999999.99');

    // a retry of a create with its id is the stored entry, unchanged
    const id = crypto.randomUUID();
    const first = await record({ id, kind: 'income', amount: 0, category: 'Eggs', occurredOn: '2026-01-02' });
    const again = await record({ id, kind: 'income', amount: 5, category: 'Eggs' }, owner, 200);
    expect(again).toEqual(first);

    await ok(await call(owner, 'DELETE', `/api/v1/money/${feed.id}`), 204);
    await ok(await call(owner, 'GET', `/api/v1/money/${feed.id}`), 404);
    await ok(await call(owner, 'DELETE', `/api/v1/money/${feed.id}`), 404);
  });

  it('shows each entry with its group’s and animal’s names as they are now, and without a deleted one', async () => {
    const pen = await group('Pen 4');
    const ram = await animal('Ramsey', [pen], owner, 'male');
    const vet = await record({ kind: 'expense', amount: 80, category: 'Vet', groupId: pen, animalId: ram });
    // each field of the schema, no other (the list item is kept with the row; its names are not)
    expect(Object.keys(vet).sort()).toEqual(Object.keys(moneyEntrySchema.shape).sort());
    expect(vet).toMatchObject({ groupName: 'Pen 4', animalName: 'Ramsey' });

    await ok(await call(owner, 'PATCH', `/api/v1/groups/${pen}`, { name: 'Ram pen' }));
    await ok(await call(owner, 'PATCH', `/api/v1/animals/${ram}`, { name: 'Ramsey II' }));
    const renamed = (await list()).items.find((item) => item.id === vet.id);
    expect(renamed).toMatchObject({
      groupName: 'Ram pen',
      animalName: 'Ramsey II',
      updatedAt: vet.updatedAt,
    });

    await ok(await call(owner, 'DELETE', `/api/v1/animals/${ram}`), 204);
    await ok(await call(owner, 'DELETE', `/api/v1/groups/${pen}`), 204);
    const kept = await ok<MoneyEntry>(await call(owner, 'GET', `/api/v1/money/${vet.id}`));
    expect(kept).toMatchObject({
      groupId: null,
      groupName: null,
      animalId: null,
      animalName: null,
      amount: 80,
    });
    expect((await list()).items.find((item) => item.id === vet.id)).toEqual(kept);
    await ok(await call(owner, 'DELETE', `/api/v1/money/${vet.id}`), 204);
  });

  it('refuses bad input with a 422 naming the field, and writes nothing', async () => {
    const before = await list();
    const base = { kind: 'expense', amount: 10, category: 'Feed' };
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1.005 }, 'amount'],
      [{ amount: -1 }, 'amount'],
      [{ amount: 10_000_000.01 }, 'amount'],
      [{ amount: '10' }, 'amount'],
      [{ category: '  ' }, 'category'],
      [{ category: 'x'.repeat(41) }, 'category'],
      [{ kind: 'gift' }, 'kind'],
      [{ occurredOn: addDays(today, 2) }, 'occurredOn'],
      [{ occurredOn: '2026-02-30' }, 'occurredOn'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantityUnit: 'x'.repeat(41) }, 'quantityUnit'],
      [{ note: 'x'.repeat(501) }, 'note'],
      [{ groupId: 'not-an-id' }, 'groupId'],
      [{ extra: 1 }, ''],
    ];
    for (const [change, field] of cases) {
      const fields = await invalid(await call(owner, 'POST', '/api/v1/money', { ...base, ...change }));
      if (field) expect(fields, JSON.stringify(change)).toContain(field);
    }
    // a custom category of the farm's own is fine
    expect((await record({ ...base, category: 'Fencing' })).category).toBe('Fencing');
    const entry = (await list()).items[0]!;
    expect(await invalid(await call(owner, 'PATCH', `/api/v1/money/${entry.id}`, { amount: 0.001 }))).toEqual(
      ['amount'],
    );
    expect((await list()).items.length).toBe(before.items.length + 1);
    // the period of a summary ends after it starts
    expect(
      await invalid(await call(owner, 'GET', '/api/v1/money/summary?from=2026-02-01&to=2026-01-01')),
    ).toEqual(['to']);
  });

  it('answers another farm’s group, animal or entry with a 404', async () => {
    const theirs = await group('Their flock', other);
    const theirHen = await animal('Their hen', [theirs], other);
    const mine = await record({ kind: 'expense', amount: 3, category: 'Vet' });
    await ok(
      await call(owner, 'POST', '/api/v1/money', {
        kind: 'expense',
        amount: 1,
        category: 'Feed',
        groupId: theirs,
      }),
      404,
    );
    await ok(
      await call(owner, 'POST', '/api/v1/money', {
        kind: 'expense',
        amount: 1,
        category: 'Vet',
        animalId: theirHen,
      }),
      404,
    );
    await ok(await call(owner, 'PATCH', `/api/v1/money/${mine.id}`, { groupId: theirs }), 404);
    await ok(await call(other, 'GET', `/api/v1/money/${mine.id}`), 404);
    await ok(await call(other, 'PATCH', `/api/v1/money/${mine.id}`, { amount: 1 }), 404);
    await ok(await call(other, 'DELETE', `/api/v1/money/${mine.id}`), 404);
    await ok(await call(owner, 'GET', `/api/v1/groups/${theirs}/feed`), 404);
    await ok(await call(owner, 'GET', `/api/v1/money/summary?groupId=${theirs}`), 404);
    expect((await list('', other)).items.map((entry) => entry.id)).not.toContain(mine.id);
    expect((await ok<MoneyEntry>(await call(owner, 'GET', `/api/v1/money/${mine.id}`))).amount).toBe(3);
  });

  it('shows a Farm Sitter none of it', async () => {
    const flock = await group('Sitter flock');
    const entry = await record({ kind: 'expense', amount: 3, category: 'Bedding', groupId: flock });
    for (const [method, path, body] of [
      ['GET', '/api/v1/money', undefined],
      ['GET', '/api/v1/money/summary', undefined],
      ['GET', `/api/v1/money/${entry.id}`, undefined],
      ['POST', '/api/v1/money', { kind: 'expense', amount: 1, category: 'Feed' }],
      ['PATCH', `/api/v1/money/${entry.id}`, { amount: 1 }],
      ['DELETE', `/api/v1/money/${entry.id}`, undefined],
      ['GET', `/api/v1/groups/${flock}/feed`, undefined],
    ] as const)
      await ok(await call(sitter, method, path, body), 403);
  });

  it('works out the cost per dozen eggs and per litre of milk, and a group’s feed per animal per day', async () => {
    // a farm of its own, so that the farm-wide figures are known too
    const farmer = (await t.signUpAndConfirm('fern.farmer@example.com', password)).cookie;
    await ok(await call(farmer, 'PATCH', '/api/v1/farm/settings', { milkUnit: 'L', currency: 'EUR' }));
    const flock = await group('Layers', farmer);
    const goats = await group('Goats', farmer);
    for (const name of ['Hen 1', 'Hen 2', 'Hen 3']) await animal(name, [flock], farmer);
    const doe = await animal('Clover', [goats], farmer);
    const as = async (body: Record<string, unknown>) => record(body, farmer);
    await as({ kind: 'expense', occurredOn: '2025-01-01', amount: 30, category: 'Feed', groupId: flock });
    await as({ kind: 'expense', occurredOn: '2025-02-15', amount: 6, category: 'feed', groupId: flock });
    await as({ kind: 'income', occurredOn: '2025-02-20', amount: 25.5, category: 'Eggs', groupId: flock });
    await as({ kind: 'expense', occurredOn: '2025-01-10', amount: 50, category: 'Feed', groupId: goats });
    await as({ kind: 'expense', occurredOn: '2024-12-31', amount: 1000, category: 'Equipment' }); // before the period
    // 130 eggs, 10 thrown away: 120 saleable, 10 dozen
    for (const [collectedOn, eggs, discarded] of [
      ['2025-01-05', 70, 10],
      ['2025-02-05', 60, 0],
    ] as const)
      await ok(
        await call(farmer, 'POST', '/api/v1/egg-collections', {
          groupId: flock,
          collectedOn,
          eggs,
          discarded,
        }),
        201,
      );
    // 25 L milked, 5 L thrown away: 20 L saleable
    for (const [milkedOn, amount, discarded] of [
      ['2025-01-11', 10, 0],
      ['2025-01-12', 15, 5],
    ] as const)
      await ok(
        await call(farmer, 'POST', '/api/v1/milk-records', {
          milkedOn,
          milking: 'once',
          unit: 'L',
          groupId: goats,
          records: [{ animalId: doe, amount, discarded }],
        }),
        201,
      );
    // the cabinet's stock with a price is a Medicine expense of the farm (not of a group)
    const wormer = await ok<{ id: string }>(
      await call(farmer, 'POST', '/api/v1/medicines', { name: 'Wormer', unit: 'mL' }),
      201,
    );
    const lot = await ok<{ id: string }>(
      await call(farmer, 'POST', `/api/v1/medicines/${wormer.id}/lots`, {
        quantity: 250,
        lotNumber: 'L-7',
        receivedOn: '2025-03-03',
        price: 19.99,
      }),
      201,
    );
    await ok(await call(farmer, 'POST', `/api/v1/medicines/${wormer.id}/lots`, { quantity: 5 }), 201); // no price

    const period = '?from=2025-01-01&to=2025-12-31';
    const layers = await summary(`${period}&groupId=${flock}`, farmer);
    expect(layers).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      groupId: flock,
      currency: 'EUR',
      totals: { income: 25.5, expenses: 36, net: -10.5 },
      byGroup: [{ groupId: flock, groupName: 'Layers', income: 25.5, expenses: 36 }],
      // 36.00 / (120 / 12)
      eggs: { eggs: 120, costPerDozen: 3.6 },
      milk: null,
    });
    expect(layers.byMonth).toHaveLength(12);
    expect(layers.byMonth.slice(0, 3)).toEqual([
      { month: '2025-01', income: 0, expenses: 30 },
      { month: '2025-02', income: 25.5, expenses: 6 },
      { month: '2025-03', income: 0, expenses: 0 },
    ]);
    // categories as typed ('feed' and 'Feed' apart), largest first
    expect(layers.byCategory).toEqual([
      { kind: 'expense', category: 'Feed', amount: 30 },
      { kind: 'income', category: 'Eggs', amount: 25.5 },
      { kind: 'expense', category: 'feed', amount: 6 },
    ]);

    // 50.00 / 20 L
    const herd = await summary(`${period}&groupId=${goats}`, farmer);
    expect(herd).toMatchObject({ eggs: null, milk: { amount: 20, unit: 'L', costPerUnit: 2.5 } });

    const farm = await summary(period, farmer);
    expect(farm.totals).toEqual({ income: 25.5, expenses: 36 + 50 + 19.99, net: 25.5 - 105.99 });
    expect(farm.byGroup).toEqual([
      { groupId: goats, groupName: 'Goats', income: 0, expenses: 50 },
      { groupId: flock, groupName: 'Layers', income: 25.5, expenses: 36 },
      { groupId: null, groupName: null, income: 0, expenses: 19.99 },
    ]);
    // the farm's figures divide all of its expenses: 105.99 / 10 dozen, 105.99 / 20 L
    expect(farm.eggs).toEqual({ eggs: 120, costPerDozen: 10.6 });
    expect(farm.milk).toEqual({ amount: 20, unit: 'L', costPerUnit: 5.3 });

    // the list shows the lot, read-only, dated the day its stock was received
    const money = await list('?kind=expense', farmer);
    const medicine = money.items.find((entry) => entry.source === 'medicine')!;
    expect(medicine).toMatchObject({
      id: lot.id,
      kind: 'expense',
      occurredOn: '2025-03-03',
      amount: 19.99,
      category: 'Medicine',
      quantity: 250,
      quantityUnit: 'mL',
      note: 'Wormer, lot L-7',
      medicineId: wormer.id,
    });
    // its JSON is built at read (an entry's is kept): the same fields as an entry's
    expect(Object.keys(medicine).sort()).toEqual(Object.keys(moneyEntrySchema.shape).sort());
    expect(money.items.filter((entry) => entry.source === 'medicine')).toHaveLength(1);
    await ok(await call(farmer, 'GET', `/api/v1/money/${lot.id}`), 404);
    await ok(await call(farmer, 'PATCH', `/api/v1/money/${lot.id}`, { amount: 1 }), 404);
    expect((await list(`?groupId=${flock}`, farmer)).items.map((entry) => entry.amount)).toEqual([
      25.5, 6, 30,
    ]);
    expect((await list('?from=2025-02-01&to=2025-02-28', farmer)).items.map((entry) => entry.amount)).toEqual(
      [25.5, 6],
    );

    // the flock's feed: 36.00 over the 60 days from the first purchase (Jan 1 to Mar 1), 3 hens
    const feed = await ok<GroupFeed>(
      await call(farmer, 'GET', `/api/v1/groups/${flock}/feed?from=2025-01-01&to=2025-03-01`),
    );
    expect(feed).toMatchObject({
      groupId: flock,
      currency: 'EUR',
      animals: 3,
      days: 60,
      total: 36,
      costPerAnimalPerDay: 0.2,
      byMonth: [
        { month: '2025-01', amount: 30 },
        { month: '2025-02', amount: 6 },
        { month: '2025-03', amount: 0 },
      ],
    });
    expect(feed.purchases.map((purchase) => [purchase.occurredOn, purchase.amount])).toEqual([
      ['2025-02-15', 6],
      ['2025-01-01', 30],
    ]);
  });

  it('keeps the farm’s currency in Farm Settings and the profile', async () => {
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { currency: 'GBP' }));
    expect((await ok<{ currency: string }>(await call(owner, 'GET', '/api/v1/profile'))).currency).toBe(
      'GBP',
    );
    expect((await summary('')).currency).toBe('GBP');
    expect(await invalid(await call(owner, 'PATCH', '/api/v1/farm/settings', { currency: 'JPY' }))).toEqual([
      'currency',
    ]);
    await ok(await call(member, 'PATCH', '/api/v1/farm/settings', { currency: 'USD' }), 403);
  });

  it('writes an animal’s sale as income through the service alone, and changes it only there', async () => {
    const seller = await t.signUpAndConfirm('sid.seller@example.com', password);
    const goats = await group('Sale goats', seller.cookie);
    const kid = await animal('Kid', [goats], seller.cookie);
    const farmId = (await ok<{ current: string }>(await call(seller.cookie, 'GET', '/api/v1/farms'))).current;
    const money = createMoneyService({
      repo: createMoneyRepo(t.db),
      profiles: { today: () => Promise.resolve(today) },
    });
    const sell = (amount: number | null, occurredOn = '2025-11-20') =>
      t.db.transaction((tx) =>
        money.saleIncome(tx, farmId, { animalId: kid, occurredOn, amount, note: 'To Ann' }),
      );

    await sell(150);
    await sell(175.25, '2025-11-21'); // changed: replaced, never a second row
    const [sale, ...rest] = (await list('', seller.cookie)).items;
    expect(rest).toEqual([]);
    expect(sale).toMatchObject({
      kind: 'income',
      occurredOn: '2025-11-21',
      amount: 175.25,
      category: 'Animal sale',
      animalId: kid,
      animalName: 'Kid',
      animalSaleOf: kid,
      note: 'To Ann',
    });
    await ok(await call(seller.cookie, 'PATCH', `/api/v1/money/${sale!.id}`, { amount: 1 }), 409);
    await ok(await call(seller.cookie, 'DELETE', `/api/v1/money/${sale!.id}`), 409);
    // returned to the herd: the income goes
    await sell(null);
    expect((await list('', seller.cookie)).items).toEqual([]);
    // deleting a sold animal keeps the money the farm was paid
    await sell(80);
    await ok(await call(seller.cookie, 'DELETE', `/api/v1/animals/${kid}`), 204);
    expect((await list('', seller.cookie)).items).toMatchObject([
      { amount: 80, animalId: null, animalSaleOf: null, category: 'Animal sale' },
    ]);
  });

  it('lists and sums in a fixed number of statements whatever the history', async () => {
    const small = await t.signUpAndConfirm('sue.small@example.com', password);
    const large = await t.signUpAndConfirm('lars.large@example.com', password);
    await record({ kind: 'expense', occurredOn: '2025-03-01', amount: 4, category: 'Feed' }, small.cookie);
    const flock = await group('Big flock', large.cookie);
    for (let day = 0; day < 60; day++)
      await record(
        {
          kind: day % 3 ? 'expense' : 'income',
          occurredOn: addDays('2025-01-01', day * 5),
          amount: 1 + day,
          category: day % 2 ? 'Feed' : 'Eggs',
          groupId: flock,
        },
        large.cookie,
      );
    const cost = async (cookie: string, path: string) =>
      (await t.statementsOf(async () => ok(await call(cookie, 'GET', path)))).length;
    for (const path of ['/api/v1/money', '/api/v1/money?kind=expense&from=2025-01-01']) {
      expect(await cost(small.cookie, path)).toBe(1);
      expect(await cost(large.cookie, path)).toBe(1);
    }
    const summaries = [
      await cost(small.cookie, '/api/v1/money/summary?from=2021-01-01&to=2025-12-31'),
      await cost(large.cookie, '/api/v1/money/summary?from=2021-01-01&to=2025-12-31'),
    ];
    // the figures, after the farm's today (which the profile service may already hold)
    expect(summaries[0]).toBe(summaries[1]);
    expect(summaries[0]).toBeLessThanOrEqual(2);
    expect(
      await t.statementsOf(async () =>
        ok(await call(large.cookie, 'GET', '/api/v1/money/summary?from=2021-01-01&to=2025-12-31')),
      ),
    ).toEqual([]); // asked again with nothing changed: the remembered answer (decision 0062)
  });
});
