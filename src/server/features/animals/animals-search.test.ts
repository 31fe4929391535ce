// GET /api/v1/animals with a search, filters and an order: all done in SQL, in one statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNaturally } from '../../../shared/animals/natural-sort';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Listed = { id: string; name: string };

describe.each(backends)('animal search, filters and order on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let hens: { id: string };
  let goats: { id: string };
  let chicken: { id: string };
  let goat: { id: string };
  let other: { cookie: string; group: { id: string } };

  const add = async (body: Record<string, unknown>, as = cookie) => {
    const response = await t.request('/api/v1/animals', { cookie: as, body });
    expect(response.status).toBe(201);
    return (await response.json()) as Listed;
  };
  const list = async (query: string, as = cookie) => {
    const response = await t.request(`/api/v1/animals${query}`, { cookie: as });
    expect(response.status).toBe(200);
    return (await response.json()) as Listed[];
  };
  const names = async (query: string) => (await list(query)).map((animal) => animal.name);

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('flock@example.com'));
    hens = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Hens' } })).json();
    goats = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Goats' } })).json();
    const species = (await (await t.request('/api/v1/species', { cookie })).json()) as {
      id: string;
      name: string;
    }[];
    chicken = species.find((item) => item.name === 'Chicken')!;
    goat = species.find((item) => item.name === 'Goat')!;

    const hen = (name: string, extra: Record<string, unknown> = {}) =>
      add({ name, speciesId: chicken.id, sex: 'female', groupIds: [hens.id], ...extra });
    await hen('Hen 10', { tagId: 'BAND-10', birthDate: '2025-03-01', weight: 2.5, weightUnit: 'kg' });
    await hen('Hen 2', { tagId: 'band-02', breed: 'Buff Orpington', birthDate: '2024-05-01' });
    await hen('Hen 1', { tagId: '100% Leghorn', breed: 'Leghorn', weight: 4, weightUnit: 'lbs' });
    await hen('hen 3', { tagId: 'A_1', birthDate: '2026-01-10', weight: 1.9, weightUnit: 'kg' });
    await add({
      name: 'Goat B',
      speciesId: goat.id,
      sex: 'male',
      breed: 'Nubian',
      birthDate: '2020-02-02',
      weight: 150,
      weightUnit: 'lbs',
      groupIds: [goats.id],
    });
    await add({
      name: 'Goat a',
      speciesId: goat.id,
      sex: 'female',
      breed: 'Nubian',
      weight: 60,
      weightUnit: 'kg', // 132.3 lbs: lighter than Goat B's 150 lbs though the number is smaller
      groupIds: [goats.id, hens.id],
    });
    // An animal left in no group (its group was deleted).
    const stray = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Strays' } })).json();
    await add({ name: 'Rooster', speciesId: chicken.id, sex: 'male', groupIds: [stray.id] });
    expect((await t.request(`/api/v1/groups/${stray.id}`, { method: 'DELETE', cookie })).status).toBe(204);

    const neighbour = await t.signUpAndConfirm('neighbour@example.com');
    const group = await (
      await t.request('/api/v1/groups', { cookie: neighbour.cookie, body: { name: 'Their hens' } })
    ).json();
    other = { cookie: neighbour.cookie, group };
    await add({ name: 'Hen 4', speciesId: chicken.id, groupIds: [group.id] }, neighbour.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists names in natural order, the same order as the shared naturalSortKey rule', async () => {
    const all = await names('');
    expect(all).toEqual(['Goat a', 'Goat B', 'Hen 1', 'Hen 2', 'hen 3', 'Hen 10', 'Rooster']);
    expect(await names('?sort=name')).toEqual(all);
    expect([...all].reverse().sort(compareNaturally)).toEqual(all);
  });

  it('orders awkward names exactly as compareNaturally does', async () => {
    const fresh = await t.signUpAndConfirm('names@example.com');
    const pen = await (
      await t.request('/api/v1/groups', { cookie: fresh.cookie, body: { name: 'Pen' } })
    ).json();
    const awkward = [
      'Hen 1',
      'Hen 10',
      'Hen 2',
      'hen 3',
      'Goat B',
      'Goat a',
      'A10b2',
      'A2b10',
      '7 Kids',
      '10 Kids',
      'Kid-1',
      'Kid 1',
      'Chip 123456789012345678901234',
      'Chip 99',
      'Zed',
      'Ábel',
    ];
    for (const name of awkward) await add({ name, groupIds: [pen.id] }, fresh.cookie);
    const listed = (await list('?sort=name', fresh.cookie)).map((animal) => animal.name);
    expect(listed).toEqual([...awkward].sort(compareNaturally));
    expect(listed.slice(0, 2)).toEqual(['7 Kids', '10 Kids']);
  });

  it('searches name, tag ID and breed, in any case, anywhere in the text', async () => {
    expect(await names('?q=band-0')).toEqual(['Hen 2']);
    expect(await names('?q=BAND')).toEqual(['Hen 2', 'Hen 10']);
    expect(await names('?q=orping')).toEqual(['Hen 2']);
    expect(await names('?q=goat')).toEqual(['Goat a', 'Goat B']);
    expect(await names('?q=NUBIAN')).toEqual(['Goat a', 'Goat B']);
    expect(await names('?q=%20%20leghorn%20')).toEqual(['Hen 1']); // trimmed
    expect(await names('?q=nothing-like-it')).toEqual([]);
    expect(await names('?q=')).toHaveLength(7);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect(await names('?q=%25')).toEqual(['Hen 1']); // '%' matches only the tag holding one
    expect(await names('?q=100%25')).toEqual(['Hen 1']);
    expect(await names('?q=_')).toEqual(['hen 3']); // '_' is not "any character"
    expect(await names('?q=A_')).toEqual(['hen 3']);
    expect(await names('?q=%5C')).toEqual([]); // a backslash is no escape either
    expect(await names('?q=Hen%25')).toEqual([]);
  });

  it('filters by group, no group, species and sex, together with a search', async () => {
    expect(await names(`?group=${hens.id}`)).toEqual(['Goat a', 'Hen 1', 'Hen 2', 'hen 3', 'Hen 10']);
    expect(await names(`?group=${goats.id}`)).toEqual(['Goat a', 'Goat B']);
    expect(await names('?group=none')).toEqual(['Rooster']);
    expect(await names(`?species=${goat.id}`)).toEqual(['Goat a', 'Goat B']);
    expect(await names('?sex=male')).toEqual(['Goat B', 'Rooster']);
    expect(await names(`?species=${chicken.id}&sex=female`)).toEqual(['Hen 1', 'Hen 2', 'hen 3', 'Hen 10']);
    expect(await names(`?group=${hens.id}&sex=female&q=goat`)).toEqual(['Goat a']);
    expect(await names(`?group=${goats.id}&sex=castrated_male`)).toEqual([]);
  });

  it("filters another farm's group id to nothing, and never shows that farm's animals", async () => {
    expect(await list(`?group=${other.group.id}`)).toEqual([]);
    expect(await names('?q=Hen 4')).toEqual([]);
    expect(await names('?q=hen')).not.toContain('Hen 4');
    expect((await list(`?group=${hens.id}`, other.cookie)).map((animal) => animal.name)).toEqual([]);
    expect((await list('', other.cookie)).map((animal) => animal.name)).toEqual(['Hen 4']);
  });

  it('sorts by age, youngest or oldest first, with no birth date last either way', async () => {
    expect(await names('?sort=youngest')).toEqual([
      'hen 3',
      'Hen 10',
      'Hen 2',
      'Goat B',
      'Goat a',
      'Hen 1',
      'Rooster',
    ]);
    expect(await names('?sort=oldest')).toEqual([
      'Goat B',
      'Hen 2',
      'Hen 10',
      'hen 3',
      'Goat a',
      'Hen 1',
      'Rooster',
    ]);
  });

  it('sorts by latest weight across units (60 kg is heavier than 130 lbs, lighter than 150)', async () => {
    expect(await names('?sort=heaviest')).toEqual([
      'Goat B', // 150 lbs = 68.0 kg
      'Goat a', // 60 kg
      'Hen 10', // 2.5 kg
      'hen 3', // 1.9 kg
      'Hen 1', // 4 lbs = 1.8 kg
      'Hen 2',
      'Rooster',
    ]);
    expect(await names('?sort=lightest&group=' + hens.id)).toEqual([
      'Hen 1',
      'hen 3',
      'Hen 10',
      'Goat a',
      'Hen 2',
    ]);
  });

  it('answers 422 naming the field for a bad search, filter or order', async () => {
    const fields = async (query: string) => {
      const response = await t.request(`/api/v1/animals${query}`, { cookie });
      expect(response.status).toBe(422);
      return Object.keys(((await response.json()) as { error: { fields: object } }).error.fields);
    };
    expect(await fields('?sort=weight')).toEqual(['sort']);
    expect(await fields('?sort=')).toEqual(['sort']);
    expect(await fields('?group=hens')).toEqual(['group']);
    expect(await fields('?group=')).toEqual(['group']);
    expect(await fields('?species=goat')).toEqual(['species']);
    expect(await fields('?sex=hen')).toEqual(['sex']);
    expect(await fields(`?q=${'x'.repeat(101)}`)).toEqual(['q']);
    expect(await fields('?q=a&q=b')).toEqual(['q']);
    expect(await fields('?q=%00')).toEqual(['q']);
    expect(await fields(`?sort=age&group=${hens.id}&sex=x`)).toEqual(['sex', 'sort']);
  });

  it('runs ONE statement whatever the filters and order', async () => {
    const queries = [
      '',
      '?q=hen',
      `?group=${hens.id}&sex=female&species=${chicken.id}&q=%25&sort=heaviest`,
      '?group=none&sort=youngest',
      `?group=${other.group.id}&sort=oldest`,
    ];
    await list(''); // warm the session lookup
    for (const query of queries) {
      await list(query);
      expect(await t.computedStatementsOf(() => list(query)), query).toHaveLength(1);
    }
  });
});
