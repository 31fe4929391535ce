// Breeding and birth (issue 11): 'Record Breeding' gives the expected birth from the species'
// gestation (the farm's own once changed) and a reminder a week before; 'Record Birth' adds the
// newborns with dam, sire, the dam's species and groups and a first weighing, in one step, once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import type { Animal, AnimalFamily, Species } from '../../../shared/schemas/animals';
import type { Breeding } from '../../../shared/schemas/breeding';
import type { AnimalWeights } from '../../../shared/schemas/care';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type ReminderItem = { id: string; title: string; dueDate: string; animalId: string | null };

describe.each(backends)('breeding on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let barn: string;
  let dairy: string;
  let goat: Species;
  let doe: Animal;
  let buck: Animal;
  const today = dateInZone(new Date(), 'UTC');

  const send = (path: string, body: unknown, method = 'POST', as = cookie) =>
    t.request(path, { cookie: as, body, method });
  const get = async <T>(path: string, as = cookie): Promise<T> => {
    const response = await t.request(path, { cookie: as });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const created = async <T>(response: Response, status = 201): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const fieldsOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(422);
    return (await response.json()).error.fields as Record<string, string[]>;
  };
  const reminders = async () => (await get<{ items: ReminderItem[] }>('/api/v1/reminders')).items;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('doe-keeper@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('other-keeper@example.com'));
    barn = (await created<{ id: string }>(await send('/api/v1/groups', { name: 'Barn' }))).id;
    dairy = (await created<{ id: string }>(await send('/api/v1/groups', { name: 'Dairy' }))).id;
    goat = (await get<Species[]>('/api/v1/species')).find((item) => item.name === 'Goat')!;
    doe = await created<Animal>(
      await send('/api/v1/animals', {
        name: 'Daisy',
        sex: 'female',
        speciesId: goat.id,
        groupIds: [barn, dairy],
      }),
    );
    buck = await created<Animal>(
      await send('/api/v1/animals', { name: 'Duke', sex: 'male', speciesId: goat.id, groupIds: [barn] }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers each species’ gestation: the built-in defaults, none for a farm’s own species', async () => {
    const species = await get<Species[]>('/api/v1/species');
    const days = Object.fromEntries(species.map((item) => [item.name, item.gestationDays]));
    expect(days).toMatchObject({ Goat: 150, Sheep: 147, Pig: 114, Cattle: 283, Horse: 340, Rabbit: 31 });
    expect(days).toMatchObject({ Alpaca: 345, Llama: 350, Donkey: 365, Chicken: null });
    const emu = await created<Species>(await send('/api/v1/species', { name: 'Emu' }));
    expect(emu.gestationDays).toBeNull();
  });

  it('records a breeding: expected birth, a reminder a week before, once however often it is sent', async () => {
    const id = randomUUID();
    const bredOn = addDays(today, -10);
    const body = { id, bredOn, sireId: buck.id, gestationDays: 150, note: 'Hand mated' };
    const breeding = await created<Breeding>(await send(`/api/v1/animals/${doe.id}/breedings`, body));
    expect(breeding).toMatchObject({
      id,
      damId: doe.id,
      bredOn,
      sireId: buck.id,
      sire: 'Duke',
      gestationDays: 150,
      expectedOn: addDays(bredOn, 150),
      note: 'Hand mated',
      bornOn: null,
    });
    const again = await created<Breeding>(await send(`/api/v1/animals/${doe.id}/breedings`, body), 200);
    expect(again).toEqual(breeding);

    const mine = (await reminders()).filter((reminder) => reminder.animalId === doe.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: breeding.reminderId, dueDate: addDays(bredOn, 143) });
    expect(mine[0]!.title).toMatch(/^Birth expected [A-Z][a-z]{2} \d{1,2}, \d{4}: Daisy$/);

    expect(await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`)).toEqual([breeding]);
    // a sire's rename follows to the breeding, as to offspring
    await send(`/api/v1/animals/${buck.id}`, { name: 'Duke II' }, 'PATCH');
    expect((await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`))[0]!.sire).toBe('Duke II');
    await send(`/api/v1/animals/${buck.id}`, { name: 'Duke' }, 'PATCH');
  });

  it("keeps a changed gestation as the farm's for that species, and dates a late breeding's reminder today", async () => {
    const ewe = await created<Animal>(
      await send('/api/v1/animals', { name: 'Nanny', sex: 'female', speciesId: goat.id, groupIds: [barn] }),
    );
    const bredOn = addDays(today, -148);
    const breeding = await created<Breeding>(
      await send(`/api/v1/animals/${ewe.id}/breedings`, { bredOn, sire: 'Hired Buck', gestationDays: 152 }),
    );
    expect(breeding).toMatchObject({ sireId: null, sire: 'Hired Buck', expectedOn: addDays(bredOn, 152) });
    const reminder = (await reminders()).find((item) => item.id === breeding.reminderId);
    expect(reminder?.dueDate).toBe(today);
    expect((await get<Species[]>('/api/v1/species')).find((item) => item.id === goat.id)?.gestationDays).toBe(
      152,
    );
    // the other farm still has the default
    expect(
      (await get<Species[]>('/api/v1/species', other)).find((item) => item.id === goat.id)?.gestationDays,
    ).toBe(150);
    // a breeding of long ago, written for the record: no reminder for a birth already past
    const old = await created<Breeding>(
      await send(`/api/v1/animals/${ewe.id}/breedings`, { bredOn: addDays(today, -400), gestationDays: 150 }),
    );
    expect(old).toMatchObject({ expectedOn: addDays(today, -250), reminderId: null });
    expect((await reminders()).filter((item) => item.animalId === ewe.id)).toHaveLength(1);
  });

  it('refuses a future date, a bad gestation, the dam as her own sire and another farm’s sire', async () => {
    const url = `/api/v1/animals/${doe.id}/breedings`;
    expect(await fieldsOf(await send(url, { bredOn: addDays(today, 3), gestationDays: 150 }))).toHaveProperty(
      'bredOn',
    );
    expect(await fieldsOf(await send(url, { bredOn: today, gestationDays: 0 }))).toHaveProperty(
      'gestationDays',
    );
    expect(await fieldsOf(await send(url, { bredOn: today, gestationDays: 150.5 }))).toHaveProperty(
      'gestationDays',
    );
    expect(await fieldsOf(await send(url, { bredOn: today, gestationDays: 150, sireId: doe.id }))).toEqual({
      sireId: ['Choose another animal as the sire'],
    });
    const theirs = await created<{ id: string }>(
      await send('/api/v1/groups', { name: 'Pen' }, 'POST', other),
    );
    const theirBuck = await created<Animal>(
      await send('/api/v1/animals', { name: 'Their Buck', groupIds: [theirs.id] }, 'POST', other),
    );
    expect(
      await fieldsOf(await send(url, { bredOn: today, gestationDays: 150, sireId: theirBuck.id })),
    ).toEqual({
      sireId: ['Choose a sire from your animals'],
    });
    // their dam is not ours to breed, list or give birth to
    expect(
      (await send(`/api/v1/animals/${theirBuck.id}/breedings`, { bredOn: today, gestationDays: 150 })).status,
    ).toBe(404);
    expect((await t.request(`/api/v1/animals/${doe.id}/breedings`, { cookie: other })).status).toBe(404);
    const birth = await send(
      `/api/v1/animals/${doe.id}/births`,
      { bornOn: today, offspring: [{ name: 'X' }] },
      'POST',
      other,
    );
    expect(birth.status).toBe(404);
    expect((await get<Breeding[]>(url)).every((breeding) => breeding.bredOn !== addDays(today, 3))).toBe(
      true,
    );
  });

  it("records twins from the breeding: dam, sire, species, the dam's groups, birth weights; once", async () => {
    const [breeding] = await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`);
    const bornOn = today;
    const kids = [
      { id: randomUUID(), name: 'Twin Bean', sex: 'female', weight: 3.2 },
      { id: randomUUID(), name: 'Twin Pip', sex: 'male' },
    ];
    const body = { bornOn, breedingId: breeding!.id, weightUnit: 'kg', offspring: kids };
    const birth = await created<{ offspring: { id: string; name: string }[] }>(
      await send(`/api/v1/animals/${doe.id}/births`, body),
    );
    expect(birth.offspring).toEqual(kids.map(({ id, name }) => ({ id, name })));
    expect((await send(`/api/v1/animals/${doe.id}/births`, body)).status).toBe(201);

    const bean = await get<Animal>(`/api/v1/animals/${kids[0]!.id}`);
    expect(bean).toMatchObject({
      name: 'Twin Bean',
      sex: 'female',
      birthDate: bornOn,
      weight: 3.2,
      weightUnit: 'kg',
      speciesId: goat.id,
      damId: doe.id,
      dam: 'Daisy',
      sireId: buck.id,
      sire: 'Duke',
    });
    expect(bean.groups.map((group) => group.name).sort()).toEqual(['Barn', 'Dairy']);
    const { points } = await get<AnimalWeights>(`/api/v1/animals/${kids[0]!.id}/weights`);
    expect(points.map((point) => [point.dateRecorded, point.weightValue, point.weightUnit])).toEqual([
      [bornOn, 3.2, 'kg'],
    ]);
    expect((await get<AnimalWeights>(`/api/v1/animals/${kids[1]!.id}/weights`)).points).toEqual([]);

    const family = await get<AnimalFamily>(`/api/v1/animals/${doe.id}/family`);
    expect(family.offspring.map((child) => child.name)).toEqual(['Twin Bean', 'Twin Pip']);
    const names = (await get<{ name: string }[]>('/api/v1/animals')).map((animal) => animal.name);
    expect(names.filter((name) => name.startsWith('Twin'))).toHaveLength(2);

    // the breeding is over: born, and its reminder done
    const [ended] = await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`);
    expect(ended).toMatchObject({ id: breeding!.id, bornOn });
    expect((await reminders()).some((reminder) => reminder.id === breeding!.reminderId)).toBe(false);
  });

  it('refuses a birth before its breeding, an empty litter, a nameless newborn and a stranger’s breeding', async () => {
    const url = `/api/v1/animals/${doe.id}/births`;
    const [breeding] = await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`);
    const before = addDays(breeding!.bredOn, -1);
    expect(
      await fieldsOf(
        await send(url, { bornOn: before, breedingId: breeding!.id, offspring: [{ name: 'A' }] }),
      ),
    ).toEqual({
      bornOn: ['Birth date cannot be before the breeding'],
    });
    expect(await fieldsOf(await send(url, { bornOn: today, offspring: [] }))).toHaveProperty('offspring');
    const nameless = await fieldsOf(
      await send(url, { bornOn: today, offspring: [{ name: 'Kept' }, { name: ' ' }] }),
    );
    expect(Object.keys(nameless)[0]).toMatch(/^offspring/);
    const buckBreeding = await created<Breeding>(
      await send(`/api/v1/animals/${buck.id}/breedings`, { bredOn: today, gestationDays: 150 }),
    );
    expect(
      await fieldsOf(
        await send(url, { bornOn: today, breedingId: buckBreeding.id, offspring: [{ name: 'B' }] }),
      ),
    ).toEqual({ breedingId: ['Choose a breeding of this dam'] });
    const names = (await get<{ name: string }[]>('/api/v1/animals')).map((animal) => animal.name);
    expect(names).not.toContain('Kept');
    expect(names).not.toContain('A');
    expect(names).not.toContain('B');
  });

  it("deletes a breeding with its pending reminder; another farm's answers 404", async () => {
    const breeding = await created<Breeding>(
      await send(`/api/v1/animals/${doe.id}/breedings`, { bredOn: today, gestationDays: 150 }),
    );
    expect(
      (await t.request(`/api/v1/breedings/${breeding.id}`, { cookie: other, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await reminders()).some((reminder) => reminder.id === breeding.reminderId)).toBe(true);
    expect((await t.request(`/api/v1/breedings/${breeding.id}`, { cookie, method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await reminders()).some((reminder) => reminder.id === breeding.reminderId)).toBe(false);
    expect((await get<Breeding[]>(`/api/v1/animals/${doe.id}/breedings`)).map((b) => b.id)).not.toContain(
      breeding.id,
    );
    expect((await t.request(`/api/v1/breedings/${breeding.id}`, { cookie, method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it("answers a dam's breedings in one statement whatever their number", async () => {
    const statements = async () =>
      (await t.statementsOf(() => get(`/api/v1/animals/${doe.id}/breedings`))).length;
    const once = await statements();
    for (let i = 1; i <= 5; i++)
      await send(`/api/v1/animals/${doe.id}/breedings`, {
        bredOn: addDays(today, -i * 200),
        gestationDays: 150,
      });
    expect(await statements()).toBe(once);
  });
});
