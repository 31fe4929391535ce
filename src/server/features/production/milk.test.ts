// Milk (issue 26), through HTTP on both databases: several does recorded at once, all or nothing;
// amounts kept as recorded and added up in the farm's milk unit, converted as src/shared/units/milk.ts
// does; days in milk from a doe's last recorded birth; a doe under a milk withdrawal has her milk
// discarded and the answer names her; a farm sitter records and changes their own; only an owner
// sets the farm's milk unit; another farm sees none of it; bad input is a 422 naming the field and
// writes nothing; the list and the Production answer are a fixed number of statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { pageSize, type Page } from '../../../shared/schemas/care';
import type {
  MilkProduction,
  MilkRecord,
  MilkRecordWritten,
  MilkRecordsWritten,
  MilkUnit,
  MilkWithdrawal,
} from '../../../shared/schemas/milk';
import { convertMilk, roundMilk } from '../../../shared/units/milk';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('milk on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let member: string;
  let today: string;
  let goat: string;
  let herd: string;
  const password = 'correct horse battery';

  const { call, ok, joinBySignUp } = apiCalls(() => t);
  const milk = async (body: Record<string, unknown>, as = owner, status = 201) =>
    ok<MilkRecordsWritten>(await call(as, 'POST', '/api/v1/milk-records', body), status);
  const patch = async (id: string, body: Record<string, unknown>, as = owner) =>
    ok<MilkRecordWritten>(await call(as, 'PATCH', `/api/v1/milk-records/${id}`, body));
  const list = async (query: string, as = owner) =>
    ok<Page<MilkRecord>>(await call(as, 'GET', `/api/v1/milk-records?${query}`, undefined));
  const production = async (query: string, as = owner) =>
    ok<MilkProduction>(await call(as, 'GET', `/api/v1/production/milk${query ? `?${query}` : ''}`));
  const group = async (name: string, as = owner) =>
    (await ok<{ id: string }>(await call(as, 'POST', '/api/v1/groups', { name }), 201)).id;
  /** an animal of `groupId` (every animal has a group), or of the farm's 'Herd' */
  const animal = async (name: string, sex: string | null, groupId = herd, as = owner) =>
    (
      await ok<{ id: string }>(
        await call(as, 'POST', '/api/v1/animals', {
          name,
          speciesId: goat,
          ...(sex && { sex }),
          groupIds: [groupId],
        }),
        201,
      )
    ).id;
  const invalid = async (response: Response) => {
    const body = await ok<{ error: { code: string; fields: Record<string, string[]> } }>(response, 422);
    return body.error.fields;
  };
  const setMilkUnit = async (milkUnit: MilkUnit) =>
    ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { milkUnit }));
  /** `amount` recorded in `from`, in `to`, as the farm's totals show it */
  const shown = (amount: number, from: MilkUnit, to: MilkUnit) => roundMilk(convertMilk(amount, from, to));

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    const species = await ok<{ id: string; name: string }[]>(await call(owner, 'GET', '/api/v1/species'));
    goat = species.find((one) => one.name === 'Goat')!.id;
    herd = await group('Herd');
    sitter = await joinBySignUp(owner, { email: 'sam.sitter@example.com', name: 'Sam', password }, 'sitter');
    member = await joinBySignUp(owner, { email: 'mo.member@example.com', name: 'Mo', password }, 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records three does at once from a group, in the farm’s unit and today by default', async () => {
    const dairy = await group('Dairy');
    const clover = await animal('Clover', 'female', dairy);
    const daisy = await animal('Daisy', 'female', dairy);
    const hazel = await animal('Hazel', 'female', dairy);
    await animal('Billy', 'male', dairy);

    const morning = await milk({
      milking: 'morning',
      groupId: dairy,
      records: [
        { animalId: clover, amount: 3.5, note: '  Strong ' },
        { animalId: daisy, amount: 2.25 },
        { animalId: hazel, amount: 4 },
      ],
    });
    expect(morning.withdrawal).toEqual([]);
    expect(morning.records.map((record) => [record.animalName, record.amount])).toEqual([
      ['Clover', 3.5],
      ['Daisy', 2.25],
      ['Hazel', 4],
    ]);
    expect(morning.records[0]).toMatchObject({
      animalId: clover,
      groupId: dairy,
      milkedOn: today, // the farm's today
      milking: 'morning',
      unit: 'lbs', // the farm's milk unit: a new farm's is lbs
      discarded: 0,
      saleable: 3.5,
      note: 'Strong',
      recordedBy: 'olive.owner@example.com', // no name given: the email
    });
    const evening = await milk({ milking: 'evening', records: [{ animalId: clover, amount: 3 }] });
    expect(evening.records[0]).toMatchObject({ groupId: null, milking: 'evening', amount: 3 });

    // the group's does, newest first: the evening's before the morning's
    const page = await list(`groupId=${dairy}`);
    expect(page.items).toHaveLength(4);
    expect(page.items[0]!.id).toBe(evening.records[0]!.id);
    expect(new Set(page.items.slice(1).map((item) => item.animalName))).toEqual(
      new Set(['Clover', 'Daisy', 'Hazel']),
    );
    expect(page.nextOffset).toBeNull();
    expect((await list(`animalId=${clover}`)).items.map((item) => [item.milking, item.amount])).toEqual([
      ['evening', 3],
      ['morning', 3.5],
    ]);
    expect((await list(`animalId=${clover}&to=${addDays(today, -1)}`)).items).toEqual([]);

    // a change keeps the fields not sent; a blank note clears it
    const id = morning.records[0]!.id;
    expect(await patch(id, { amount: 3.75, unit: 'kg' })).toMatchObject({
      amount: 3.75,
      unit: 'kg',
      note: 'Strong',
      milking: 'morning',
      saleable: 3.75,
      withdrawal: [],
    });
    expect(await patch(id, { note: ' ', milking: 'once' })).toMatchObject({
      note: null,
      milking: 'once',
      amount: 3.75,
    });
    expect((await call(owner, 'DELETE', `/api/v1/milk-records/${evening.records[0]!.id}`)).status).toBe(204);
    expect((await call(owner, 'DELETE', `/api/v1/milk-records/${evening.records[0]!.id}`)).status).toBe(404);
    expect((await list(`animalId=${clover}`)).items.map((item) => item.amount)).toEqual([3.75]);
  });

  it('repeats a milking sent twice with the same ids: the same records, 200 the second time', async () => {
    const doe = await animal('Retry Doe', 'female');
    const body = { milking: 'morning', records: [{ id: crypto.randomUUID(), animalId: doe, amount: 2 }] };
    const first = await milk(body);
    const again = await milk(body, owner, 200);
    expect(again.records).toEqual(first.records);
    expect((await list(`animalId=${doe}`)).items).toHaveLength(1);
    // the same id twice in one request is refused
    const twice = { id: crypto.randomUUID(), animalId: doe, amount: 1 };
    expect(
      await invalid(
        await call(owner, 'POST', '/api/v1/milk-records', { milking: 'evening', records: [twice, twice] }),
      ),
    ).toEqual({ 'records.1.id': ['Each record needs its own id'] });
  });

  it('refuses an animal that is not a female of the farm, naming it, and writes none of the batch', async () => {
    const pen = await group('Mixed Pen');
    const doe = await animal('Good Doe', 'female', pen);
    const buck = await animal('Buck', 'male', pen);
    const unknown = await animal('No Sex', null, pen);
    const theirs = await animal('Their Doe', 'female', await group('Their Herd', other), other);
    const fields = await invalid(
      await call(owner, 'POST', '/api/v1/milk-records', {
        milking: 'morning',
        groupId: pen,
        records: [
          { animalId: doe, amount: 2 },
          { animalId: buck, amount: 2 },
          { animalId: unknown, amount: 2 },
          { animalId: theirs, amount: 2 },
          { animalId: crypto.randomUUID(), amount: 2 },
        ],
      }),
    );
    expect(fields).toEqual({
      'records.1.animalId': ['Choose a female animal'],
      'records.2.animalId': ['Choose a female animal'],
      'records.3.animalId': ['Choose a female animal'],
      'records.4.animalId': ['Choose a female animal'],
    });
    expect((await list(`groupId=${pen}`)).items).toEqual([]);
  });

  it('discards the milk of a doe under a milk withdrawal, and names her', async () => {
    const herd = await group('Treated');
    const doe = await animal('Pepper', 'female', herd);
    const clean = await animal('Salt', 'female', herd);
    const dosed = addDays(today, -2);
    await ok(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [doe],
        dateRecorded: dosed,
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        milkWithdrawalDays: 4,
      }),
      201,
    );
    const until = addDays(dosed, 4);
    const expected: MilkWithdrawal[] = [{ animalId: doe, name: 'Pepper', until }];
    // before saving, for the form's 'Discard: Pepper is not safe for milk until …'
    expect(await ok(await call(owner, 'GET', `/api/v1/groups/${herd}/milk-withdrawal`))).toEqual(expected);
    expect(await ok(await call(owner, 'GET', `/api/v1/animals/${doe}/milk-withdrawal`))).toEqual(expected);
    expect(await ok(await call(owner, 'GET', `/api/v1/animals/${clean}/milk-withdrawal`))).toEqual([]);
    expect(
      await ok(await call(owner, 'GET', `/api/v1/animals/${doe}/milk-withdrawal?date=${addDays(until, 1)}`)),
    ).toEqual([]);
    expect(
      await ok(await call(owner, 'GET', `/api/v1/groups/${herd}/milk-withdrawal?date=${addDays(dosed, -1)}`)),
    ).toEqual([]);

    const both = await milk({
      milking: 'morning',
      groupId: herd,
      records: [
        { animalId: doe, amount: 2.5 },
        { animalId: clean, amount: 3 },
      ],
    });
    expect(both.withdrawal).toEqual(expected);
    expect(both.records.map((record) => [record.discarded, record.saleable])).toEqual([
      [2.5, 0],
      [0, 3],
    ]);
    // a part, said by the user
    const part = await milk({ milking: 'evening', records: [{ animalId: doe, amount: 2, discarded: 0.5 }] });
    expect(part.records[0]).toMatchObject({ discarded: 0.5, saleable: 1.5 });
    expect(part.withdrawal).toEqual(expected);
    // the day before the dose: nothing to discard; moved into the withdrawal: discarded as if recorded there
    const before = await milk({
      milking: 'morning',
      milkedOn: addDays(dosed, -1),
      records: [{ animalId: doe, amount: 1.5 }],
    });
    expect(before.records[0]).toMatchObject({ discarded: 0, saleable: 1.5 });
    expect(before.withdrawal).toEqual([]);
    expect(await patch(before.records[0]!.id, { milkedOn: dosed })).toMatchObject({
      discarded: 1.5,
      saleable: 0,
      withdrawal: expected,
    });
    // more than the amount: refused, on a record and on a change
    expect(
      await invalid(
        await call(owner, 'POST', '/api/v1/milk-records', {
          milking: 'morning',
          records: [{ animalId: clean, amount: 1, discarded: 1.5 }],
        }),
      ),
    ).toEqual({ 'records.0.discarded': ['Cannot be more than the amount (1)'] });
    expect(
      await invalid(
        await call(owner, 'PATCH', `/api/v1/milk-records/${part.records[0]!.id}`, { discarded: 3 }),
      ),
    ).toEqual({
      discarded: ['Cannot be more than the amount (2)'],
    });
    // a smaller amount cuts the part discarded to it
    expect(await patch(both.records[1]!.id, { discarded: 1 })).toMatchObject({ discarded: 1, saleable: 2 });
    expect(await patch(both.records[1]!.id, { amount: 0.5 })).toMatchObject({ discarded: 0.5, saleable: 0 });

    const summary = await production(`groupId=${herd}`);
    expect(summary.todayTotals).toEqual({ amount: 5, saleable: 1.5, discarded: 3.5 });
  });

  it('adds up in the farm’s milk unit: today, the week, and per doe her lactation since her last birth', async () => {
    const parlour = await group('Parlour');
    const willow = await animal('Willow', 'female', parlour);
    const juniper = await animal('Juniper', 'female', parlour);
    // Willow kidded ten days ago (Record Birth, from a breeding); Juniper five days ago, her kid since sold
    const bred = await ok<{ id: string }>(
      await call(owner, 'POST', `/api/v1/animals/${willow}/breedings`, {
        bredOn: addDays(today, -160),
        gestationDays: 150,
      }),
      201,
    );
    await ok(
      await call(owner, 'POST', `/api/v1/animals/${willow}/births`, {
        bornOn: addDays(today, -10),
        breedingId: bred.id,
        offspring: [{ name: 'Willow Kid' }],
      }),
      201,
    );
    const born = await ok<{ offspring: { id: string }[] }>(
      await call(owner, 'POST', `/api/v1/animals/${juniper}/births`, {
        bornOn: addDays(today, -5),
        offspring: [{ name: 'Juniper Kid' }],
      }),
      201,
    );
    // her first kid, two years ago, was added by hand with her as dam
    await ok(
      await call(owner, 'POST', '/api/v1/animals', {
        name: 'Juniper Yearling',
        groupIds: [herd],
        damId: juniper,
        birthDate: addDays(today, -700),
      }),
      201,
    );

    // Willow: twice before her kidding (one of them in the last 30 days), then 3 lbs every morning
    // for ten days, and a litre tonight
    for (const ago of [40, 20])
      await milk({
        milking: 'once',
        milkedOn: addDays(today, -ago),
        records: [{ animalId: willow, amount: 2 }],
      });
    for (let day = 9; day >= 0; day--)
      await milk({
        milking: 'morning',
        milkedOn: addDays(today, -day),
        records: [{ animalId: willow, amount: 3 }],
      });
    await milk({
      milking: 'evening',
      unit: 'L',
      groupId: parlour,
      records: [{ animalId: willow, amount: 1, discarded: 0.5 }],
    });
    // Juniper: 1.5 kg this morning, 0.5 of it thrown away
    await milk({
      milking: 'morning',
      unit: 'kg',
      records: [{ animalId: juniper, amount: 1.5, discarded: 0.5 }],
    });

    const lbs = await production(`groupId=${parlour}`);
    const litre = convertMilk(1, 'L', 'lbs');
    const halfLitre = convertMilk(0.5, 'L', 'lbs');
    const kilos = convertMilk(1.5, 'kg', 'lbs');
    const halfKilo = convertMilk(0.5, 'kg', 'lbs');
    expect(lbs).toMatchObject({ groupId: parlour, animalId: null, today, unit: 'lbs' });
    const todayAmount = roundMilk(3 + litre + kilos);
    const todayDiscarded = roundMilk(halfLitre + halfKilo);
    expect(lbs.todayTotals).toEqual({
      amount: todayAmount,
      saleable: roundMilk(todayAmount - todayDiscarded),
      discarded: todayDiscarded,
    });
    // the week runs from Monday to today
    const weekFrom = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const weekDays = Math.min(10, Math.round((Date.parse(today) - Date.parse(weekFrom)) / 86_400_000) + 1);
    expect(lbs.week).toEqual({
      from: weekFrom,
      amount: roundMilk(3 * weekDays + litre + kilos),
      saleable: roundMilk(roundMilk(3 * weekDays + litre + kilos) - todayDiscarded),
      discarded: todayDiscarded,
    });
    // the kids have no milk: only the does, by name
    expect(lbs.does.map((doe) => doe.name)).toEqual(['Juniper', 'Willow']);
    const [june, will] = lbs.does as [MilkProduction['does'][0], MilkProduction['does'][0]];
    expect(will).toMatchObject({
      animalId: willow,
      lastMilking: { milkedOn: today, milking: 'evening', amount: roundMilk(litre) },
      average7: roundMilk((7 * 3 + litre) / 7),
      lactationStart: addDays(today, -10),
      daysInMilk: 10,
      // the once-a-day milkings before her kidding are not in this lactation
      lactation: {
        amount: roundMilk(30 + litre),
        saleable: roundMilk(roundMilk(30 + litre) - roundMilk(halfLitre)),
        discarded: roundMilk(halfLitre),
      },
    });
    expect(will.byDay).toHaveLength(30);
    expect(will.byDay[0]!.date).toBe(addDays(today, -29));
    expect(will.byDay.at(-1)).toEqual({
      date: today,
      amount: roundMilk(3 + litre),
      saleable: roundMilk(roundMilk(3 + litre) - roundMilk(halfLitre)),
      discarded: roundMilk(halfLitre),
    });
    // her last 30 days, the one before her kidding among them
    expect(will.byDay.filter((day) => day.amount > 0)).toHaveLength(11);
    expect(will.byDay.find((day) => day.date === addDays(today, -20))).toEqual({
      date: addDays(today, -20),
      amount: 2,
      saleable: 2,
      discarded: 0,
    });
    expect(june).toMatchObject({
      lastMilking: { milkedOn: today, milking: 'morning', amount: roundMilk(kilos) },
      average7: roundMilk(kilos / 7),
      lactationStart: addDays(today, -5),
      daysInMilk: 5,
    });

    // the kid sold (deleted): the breeding-less birth is gone, the one before it counts again
    await ok(await call(owner, 'DELETE', `/api/v1/animals/${born.offspring[0]!.id}`), 204);
    expect((await production(`animalId=${juniper}`)).does[0]).toMatchObject({
      lactationStart: addDays(today, -700),
      daysInMilk: 700,
    });

    // the farm switches to kilograms: every total follows, records keep what was written
    await setMilkUnit('kg');
    const kg = await production(`animalId=${juniper}`);
    expect(kg).toMatchObject({ animalId: juniper, groupId: null, unit: 'kg' });
    expect(kg.todayTotals).toEqual({ amount: 1.5, saleable: 1, discarded: 0.5 });
    expect(kg.does.map((doe) => doe.name)).toEqual(['Juniper']);
    expect((await production(`groupId=${parlour}`)).does[1]!.lastMilking).toEqual({
      milkedOn: today,
      milking: 'evening',
      amount: shown(1, 'L', 'kg'),
    });
    const willowsLast = (await list(`animalId=${willow}`)).items[0]!;
    expect(willowsLast).toMatchObject({ amount: 1, unit: 'L', discarded: 0.5 });
    // and a record without a unit is now in kilograms
    const kept = await milk({ milking: 'evening', records: [{ animalId: juniper, amount: 1 }] });
    expect(kept.records[0]!.unit).toBe('kg');
    await setMilkUnit('lbs');

    // a doe never milked, in a group of her own: nothing to show
    const empty = await group('Dry Pen');
    await animal('Dry Doe', 'female', empty);
    expect(await production(`groupId=${empty}`)).toMatchObject({
      todayTotals: { amount: 0, saleable: 0, discarded: 0 },
      does: [],
    });
  });

  it('lets only an owner set the farm’s milk unit', async () => {
    for (const cookie of [member, sitter]) {
      const refused = await call(cookie, 'PATCH', '/api/v1/farm/settings', { milkUnit: 'gal' });
      expect(refused.status).toBe(403);
    }
    expect(await ok(await call(owner, 'GET', '/api/v1/profile'))).toMatchObject({ milkUnit: 'lbs' });
    expect(await setMilkUnit('gal')).toMatchObject({ milkUnit: 'gal' });
    // everyone on the farm reads it
    expect(await ok(await call(sitter, 'GET', '/api/v1/profile'))).toMatchObject({ milkUnit: 'gal' });
    expect((await production('', member)).unit).toBe('gal');
    expect(await invalid(await call(owner, 'PATCH', '/api/v1/farm/settings', { milkUnit: 'pint' }))).toEqual({
      milkUnit: ['Choose lbs, kg, L or gal'],
    });
    await setMilkUnit('lbs');
  });

  it('lets a farm sitter milk, and change or delete only what they recorded', async () => {
    const doe = await animal('Sitter Doe', 'female');
    const owners = await milk({ milking: 'morning', records: [{ animalId: doe, amount: 2 }] });
    const theirs = await milk({ milking: 'evening', records: [{ animalId: doe, amount: 1.5 }] }, sitter);
    const id = theirs.records[0]!.id;
    expect(theirs.records[0]!.recordedBy).toBe('Sam');
    expect((await patch(id, { amount: 1.75 }, sitter)).amount).toBe(1.75);
    const ownersId = owners.records[0]!.id;
    expect((await call(sitter, 'PATCH', `/api/v1/milk-records/${ownersId}`, { amount: 1 })).status).toBe(403);
    expect((await call(sitter, 'DELETE', `/api/v1/milk-records/${ownersId}`)).status).toBe(403);
    expect((await production(`animalId=${doe}`, sitter)).todayTotals.amount).toBe(3.75);
    expect((await call(sitter, 'DELETE', `/api/v1/milk-records/${id}`)).status).toBe(204);
    // a member changes anyone's
    expect((await patch(ownersId, { amount: 2.5 }, member)).amount).toBe(2.5);
    expect((await list(`animalId=${doe}`)).items.map((item) => item.amount)).toEqual([2.5]);
  });

  it('keeps a deleted group’s records with no group, and takes a deleted doe’s with her', async () => {
    const pen = await group('Old Pen');
    const doe = await animal('Moving Doe', 'female', pen);
    const gone = await animal('Gone Doe', 'female', pen);
    const kept = await milk({
      milking: 'morning',
      groupId: pen,
      records: [
        { animalId: doe, amount: 2 },
        { animalId: gone, amount: 1 },
      ],
    });
    await ok(await call(owner, 'DELETE', `/api/v1/groups/${pen}`), 204);
    expect((await list(`animalId=${doe}`)).items[0]).toMatchObject({
      id: kept.records[0]!.id,
      groupId: null,
    });
    await ok(await call(owner, 'DELETE', `/api/v1/animals/${gone}`), 204);
    expect(
      (await call(owner, 'PATCH', `/api/v1/milk-records/${kept.records[1]!.id}`, { amount: 2 })).status,
    ).toBe(404);
  });

  it("answers another farm 404 for the farm's records, does and groups, and writes nothing", async () => {
    const pen = await group('Private Pen');
    const doe = await animal('Private Doe', 'female', pen);
    const mine = await milk({ milking: 'morning', groupId: pen, records: [{ animalId: doe, amount: 4 }] });
    const id = mine.records[0]!.id;
    expect((await call(other, 'PATCH', `/api/v1/milk-records/${id}`, { amount: 1 })).status).toBe(404);
    expect((await call(other, 'DELETE', `/api/v1/milk-records/${id}`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/production/milk?groupId=${pen}`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/production/milk?animalId=${doe}`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/groups/${pen}/milk-withdrawal`)).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/animals/${doe}/milk-withdrawal`)).status).toBe(404);
    const theirDoe = await animal('Their Own', 'female', await group('Their Own Herd', other), other);
    expect(
      Object.keys(
        await invalid(
          await call(other, 'POST', '/api/v1/milk-records', {
            milking: 'morning',
            groupId: pen,
            records: [{ animalId: theirDoe, amount: 1 }],
          }),
        ),
      ),
    ).toEqual(['groupId']);
    expect((await list(`animalId=${doe}`, other)).items).toEqual([]);
    expect((await list(`groupId=${pen}`, other)).items).toEqual([]);
    expect((await production('', other)).does).toEqual([]);
    expect((await list(`animalId=${doe}`)).items.map((item) => item.amount)).toEqual([4]);
  });

  it('refuses bad input with a 422 naming the field, and writes nothing', async () => {
    const doe = await animal('Strict Doe', 'female');
    const stored = await milk({ milking: 'morning', records: [{ animalId: doe, amount: 2 }] });
    const one = (record: Record<string, unknown>) => [{ animalId: doe, amount: 1, ...record }];
    const cases: [Record<string, unknown>, string[]][] = [
      [{ milking: 'morning', records: one({ amount: 0 }) }, ['records.0.amount']],
      [{ milking: 'morning', records: one({ amount: 1000.01 }) }, ['records.0.amount']],
      [{ milking: 'morning', records: one({ amount: 1.234 }) }, ['records.0.amount']],
      [{ milking: 'morning', records: one({ amount: '2' }) }, ['records.0.amount']],
      [{ milking: 'morning', records: one({ discarded: -1 }) }, ['records.0.discarded']],
      [{ milking: 'morning', records: one({ animalId: 'not-a-uuid' }) }, ['records.0.animalId']],
      [{ milking: 'morning', records: one({ note: 'bad \u0000 text' }) }, ['records.0.note']],
      [{ milking: 'morning', records: [] }, ['records']],
      [{ milking: 'noon', records: one({}) }, ['milking']],
      [{ records: one({}) }, ['milking']],
      [{ milking: 'morning', unit: 'pint', records: one({}) }, ['unit']],
      [{ milking: 'morning', milkedOn: '2026-02-30', records: one({}) }, ['milkedOn']],
      [{ milking: 'morning', milkedOn: addDays(today, 1), records: one({}) }, ['milkedOn']],
      [{ milking: 'morning', groupId: crypto.randomUUID(), records: one({}) }, ['groupId']],
      [{ milking: 'morning', records: one({}), extra: 1 }, ['_']],
    ];
    for (const [body, fields] of cases) {
      const response = await call(owner, 'POST', '/api/v1/milk-records', body);
      expect(Object.keys(await invalid(response)), JSON.stringify(body)).toEqual(fields);
    }
    const path = `/api/v1/milk-records/${stored.records[0]!.id}`;
    expect(Object.keys(await invalid(await call(owner, 'PATCH', path, { amount: 0 })))).toEqual(['amount']);
    expect(Object.keys(await invalid(await call(owner, 'PATCH', path, { unit: 'cup' })))).toEqual(['unit']);
    expect(
      Object.keys(await invalid(await call(owner, 'PATCH', path, { milkedOn: addDays(today, 1) }))),
    ).toEqual(['milkedOn']);
    expect(Object.keys(await invalid(await call(owner, 'PATCH', path, { animalId: doe })))).toEqual(['_']);
    expect((await call(owner, 'GET', '/api/v1/milk-records?from=2026-13-01')).status).toBe(422);
    expect((await call(owner, 'GET', '/api/v1/milk-records?animalId=nope')).status).toBe(422);
    expect((await call(owner, 'GET', '/api/v1/production/milk?groupId=nope')).status).toBe(422);
    expect((await call(owner, 'GET', `/api/v1/animals/${doe}/milk-withdrawal?date=soon`)).status).toBe(422);
    expect((await call(owner, 'GET', '/api/v1/production/milk?animalId=' + crypto.randomUUID())).status).toBe(
      404,
    );
    expect((await list(`animalId=${doe}`)).items).toEqual([
      expect.objectContaining({ amount: 2, milkedOn: today, milking: 'morning' }),
    ]);
  });

  it('answers Production and the list in a fixed number of statements, whatever the history', async () => {
    const small = await group('Small Parlour');
    const large = await group('Large Parlour');
    const first = await animal('First Freshener', 'female', small);
    const old = await animal('Old Milker', 'female', large);
    const kid = await animal('Her Kid', 'female', large);
    await ok(
      await call(owner, 'PATCH', `/api/v1/animals/${kid}`, { damId: old, birthDate: addDays(today, -90) }),
    );
    await milk({ milking: 'once', records: [{ animalId: first, amount: 1 }] });
    for (let day = 0; day < 60; day++)
      await milk({
        milking: day % 2 ? 'morning' : 'evening',
        milkedOn: addDays(today, -day * 5),
        unit: day % 3 ? 'lbs' : 'L',
        records: [{ animalId: old, amount: 2 + (day % 4) }],
      });
    const cost = async (path: string) => {
      const statements = await t.statementsOf(async () => ok(await call(owner, 'GET', path)));
      return statements.length;
    };
    const summaries = [
      await cost(`/api/v1/production/milk?groupId=${small}`),
      await cost(`/api/v1/production/milk?groupId=${large}`),
      await cost(`/api/v1/production/milk?animalId=${old}`),
    ];
    // the amounts, after the farm's settings (which the profile service may already hold)
    expect(summaries[0]).toBeLessThanOrEqual(2);
    expect(new Set(summaries).size).toBe(1);
    expect(await cost('/api/v1/production/milk')).toBeLessThanOrEqual(2);
    const lists = [
      await cost(`/api/v1/milk-records?groupId=${small}`),
      await cost(`/api/v1/milk-records?groupId=${large}`),
      await cost(`/api/v1/milk-records?animalId=${old}`),
      await cost('/api/v1/milk-records'),
    ];
    expect(lists).toEqual([1, 1, 1, 1]);
    const page = await list(`animalId=${old}&offset=0`);
    expect(page).toMatchObject({ nextOffset: pageSize });
    expect(page.items).toHaveLength(pageSize);
    const rest = await list(`animalId=${old}&offset=${pageSize}`);
    expect(rest).toMatchObject({ nextOffset: null });
    expect(rest.items).toHaveLength(60 - pageSize);
    // the two pages are the animal's 60 records once each, newest first
    const both = [...page.items, ...rest.items];
    expect(new Set(both.map((record) => record.id)).size).toBe(60);
    const days = both.map((record) => record.milkedOn);
    expect(days).toEqual([...days].sort().reverse());
    expect((await production(`animalId=${old}`)).does[0]).toMatchObject({
      lactationStart: addDays(today, -90),
      daysInMilk: 90,
    });
  });
});
