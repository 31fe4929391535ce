// An animal leaves the herd (issue 28 items 1, decision 0043), through HTTP on both databases: sold
// with a price, it keeps its records and pedigree links but leaves My Animals (unless past animals
// are asked for, which show how it left), its groups' lists and counts, and its open reminders end
// (its own go, a batch's loses it, a group's stay, done ones stay); 'Return to Herd' puts it back in
// the groups it left. Dates before its birth or its last record, in the future, a price on a death
// or another farm's animal are refused, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import type { Animal, AnimalListItem } from '../../../shared/schemas/animals';
import type { CareEntry, Page } from '../../../shared/schemas/care';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('an animal leaving the herd on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let today: string;
  let goats: string;
  let milkers: string;
  const password = 'correct horse battery';
  const { call, ok, joinBySignUp } = apiCalls(() => t);

  const invalid = async (response: Response) =>
    (await ok<{ error: { fields: Record<string, string[]> } }>(response, 422)).error.fields;
  const addAnimal = async (body: Record<string, unknown>) =>
    ok<Animal>(await call(owner, 'POST', '/api/v1/animals', body), 201);
  const names = (items: { name: string }[]) => items.map((item) => item.name).sort();
  const reminderTitles = async (query = '') =>
    (await ok<{ items: { title: string }[] }>(await call(owner, 'GET', `/api/v1/reminders${query}`))).items
      .map((reminder) => reminder.title)
      .sort();

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    goats = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Goats' }), 201))
      .id;
    milkers = (
      await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Milkers' }), 201)
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a goat with a price: records and pedigree stay, the lists and counts leave her, past animals show her', async () => {
    const clover = await addAnimal({
      name: 'Clover',
      sex: 'female',
      birthDate: '2023-04-01',
      groupIds: [goats, milkers],
    });
    const kid = await addAnimal({ name: 'Clover’s kid', damId: clover.id, groupIds: [goats] });
    await ok(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'note',
        animalIds: [clover.id],
        dateRecorded: addDays(today, -3),
        title: 'Hoof trim',
        noteContent: 'All four',
      }),
      201,
    );

    const sold = await ok<Animal>(
      await call(owner, 'POST', `/api/v1/animals/${clover.id}/exit`, {
        kind: 'sold',
        date: addDays(today, -1),
        note: '  To the Millers ',
        price: 350.5,
      }),
    );
    expect(sold.exit).toEqual({
      kind: 'sold',
      date: addDays(today, -1),
      note: 'To the Millers',
      price: 350.5,
    });
    expect(sold.groups).toEqual([]);
    // a Farm Sitter sees how she left, not the money (found in the browser journey)
    const sitter = await joinBySignUp(
      owner,
      { email: 'sam.sitter@example.com', name: 'Sam', password },
      'sitter',
    );
    expect((await ok<Animal>(await call(sitter, 'GET', `/api/v1/animals/${clover.id}`))).exit).toEqual({
      kind: 'sold',
      date: addDays(today, -1),
      note: 'To the Millers',
      price: null,
    });
    // the sale is the farm's income on the Money page
    const incomeOf = async () =>
      (
        await ok<{ items: { kind: string; amount: number; category: string; animalId: string | null }[] }>(
          await call(owner, 'GET', '/api/v1/money'),
        )
      ).items.filter((item) => item.animalId === clover.id);
    expect(await incomeOf()).toMatchObject([{ kind: 'income', amount: 350.5, category: 'Animal sale' }]);

    // out of My Animals, its groups' lists and counts
    const herd = await ok<AnimalListItem[]>(await call(owner, 'GET', '/api/v1/animals'));
    expect(names(herd)).toEqual(['Clover’s kid']);
    expect(
      names(await ok<AnimalListItem[]>(await call(owner, 'GET', `/api/v1/groups/${goats}/animals`))),
    ).toEqual(['Clover’s kid']);
    const groups = await ok<{ id: string; animalCount: number }[]>(
      await call(owner, 'GET', '/api/v1/groups'),
    );
    expect(groups.find((group) => group.id === milkers)!.animalCount).toBe(0);
    // a search leaves her out too; 'Include past animals' shows her, with how she left
    expect(names(await ok<AnimalListItem[]>(await call(owner, 'GET', '/api/v1/animals?q=clo')))).toEqual([
      'Clover’s kid',
    ]);
    const past = await ok<AnimalListItem[]>(await call(owner, 'GET', '/api/v1/animals?past=true'));
    expect(past.find((item) => item.name === 'Clover')!.exit).toEqual({
      kind: 'sold',
      date: addDays(today, -1),
    });
    expect(past.find((item) => item.name === 'Clover’s kid')!.exit ?? null).toBeNull();

    // her records and her kid's link to her stay
    const history = await ok<Page<CareEntry>>(
      await call(owner, 'GET', `/api/v1/animals/${clover.id}/care-entries`),
    );
    expect(history.items.map((entry) => entry.title)).toEqual(['Hoof trim']);
    const kidNow = await ok<Animal>(await call(owner, 'GET', `/api/v1/animals/${kid.id}`));
    expect(kidNow).toMatchObject({ damId: clover.id, dam: 'Clover' });

    // a past animal joins no group but by 'Return to Herd'
    expect(
      await invalid(await call(owner, 'PATCH', `/api/v1/animals/${clover.id}`, { groupIds: [goats] })),
    ).toEqual({
      groupIds: ['It has left the herd: Return to Herd to put it in a group'],
    });
    await ok(await call(owner, 'PATCH', `/api/v1/animals/${clover.id}`, { breed: 'Nubian', groupIds: [] }));

    // Return to Herd: back in both groups, in the lists, the exit gone
    const back = await ok<Animal>(await call(owner, 'POST', `/api/v1/animals/${clover.id}/return`));
    expect(back.exit).toBeNull();
    expect(await incomeOf()).toEqual([]);
    expect(back.groups.map((group) => group.name).sort()).toEqual(['Goats', 'Milkers']);
    expect(names(await ok<AnimalListItem[]>(await call(owner, 'GET', '/api/v1/animals')))).toEqual([
      'Clover',
      'Clover’s kid',
    ]);
    expect((await call(owner, 'POST', `/api/v1/animals/${clover.id}/return`)).status).toBe(409);
  });

  it('ends the open reminders of an animal that died: its own, its part of a batch; a group’s and done ones stay', async () => {
    const hen = await addAnimal({ name: 'Hen 4', groupIds: [goats] });
    const hen5 = await addAnimal({ name: 'Hen 5', groupIds: [goats] });
    const remind = async (body: Record<string, unknown>) =>
      ok<{ id: string }>(
        await call(owner, 'POST', '/api/v1/reminders', {
          type: 'general',
          dueDate: addDays(today, 5),
          ...body,
        }),
        201,
      );
    await remind({ title: 'Trim Hen 4', animalId: hen.id });
    const done = await remind({ title: 'Check Hen 4', animalId: hen.id });
    await ok(await call(owner, 'POST', `/api/v1/reminders/${done.id}/complete`, {}));
    await remind({ title: 'Clean the coop', groupId: goats });
    // a batch's one reminder over both hens
    await ok(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        groupId: goats,
        animalIds: [hen.id, hen5.id],
        dateRecorded: today,
        medicationName: 'Wormer',
        dosage: 1,
        dosageUnit: 'mL',
        nextDueDate: addDays(today, 14),
      }),
      201,
    );

    await ok(
      await call(owner, 'POST', `/api/v1/animals/${hen.id}/exit`, { kind: 'died', date: today, note: 'Fox' }),
    );
    expect(await reminderTitles(`?animalId=${hen.id}`)).not.toContain('Trim Hen 4');
    const open = await reminderTitles();
    expect(open).toContain('Clean the coop');
    expect(open).toContain('Wormer Reminder - Goats');
    expect(open).not.toContain('Trim Hen 4');
    // the batch's reminder now covers Hen 5 alone
    expect(await reminderTitles(`?animalId=${hen5.id}`)).toContain('Wormer Reminder - Goats');
    // the done one is history: still there
    const kept = await ok<{ title: string; completed: boolean }>(
      await call(owner, 'GET', `/api/v1/reminders/${done.id}`),
    );
    expect(kept).toMatchObject({ title: 'Check Hen 4', completed: true });
  });

  it('refuses a day before birth or the last record, in the future, a price on a death, or another farm’s animal', async () => {
    const pepper = await addAnimal({
      name: 'Pepper',
      sex: 'female',
      birthDate: addDays(today, -100),
      groupIds: [goats],
    });
    await ok(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'note',
        animalIds: [pepper.id],
        dateRecorded: addDays(today, -10),
        title: 'Cough',
        noteContent: 'Mild',
      }),
      201,
    );
    const exit = (body: Record<string, unknown>, as = owner) =>
      call(as, 'POST', `/api/v1/animals/${pepper.id}/exit`, { kind: 'died', date: today, ...body });
    expect((await invalid(await exit({ date: addDays(today, -200) }))).date).toEqual([
      `The date cannot be before its birth (${addDays(today, -100)})`,
    ]);
    expect((await invalid(await exit({ date: addDays(today, -20) }))).date).toEqual([
      `The date cannot be before its last record (${addDays(today, -10)})`,
    ]);
    expect((await invalid(await exit({ date: addDays(today, 3) }))).date).toBeDefined();
    // a milking is a record too (found looking at a seeded farm: sold the day before her last milking)
    await ok(
      await call(owner, 'POST', '/api/v1/milk-records', {
        milking: 'morning',
        unit: 'L',
        milkedOn: addDays(today, -2),
        records: [{ animalId: pepper.id, amount: 1.5 }],
      }),
      201,
    );
    expect((await invalid(await exit({ date: addDays(today, -5) }))).date).toEqual([
      `The date cannot be before its last record (${addDays(today, -2)})`,
    ]);
    expect((await invalid(await exit({ price: 100 }))).price).toEqual(['Only a sale has a price']);
    expect((await invalid(await exit({ kind: 'escaped' }))).kind).toBeDefined();
    expect((await invalid(await exit({ kind: 'sold', price: 12.345 }))).price).toEqual([
      'Price can have at most 2 decimal places',
    ]);
    expect((await exit({}, other)).status).toBe(404);
    expect((await call(other, 'POST', `/api/v1/animals/${pepper.id}/return`)).status).toBe(404);
    // nothing written
    const still = await ok<Animal>(await call(owner, 'GET', `/api/v1/animals/${pepper.id}`));
    expect(still.exit).toBeNull();
    expect(still.groups.map((group) => group.name)).toEqual(['Goats']);
  });
});
