// Growth (issue 11): an animal's weighings and a group's, for their charts, with a body condition
// score beside a weight — farm-scoped, one statement whatever the history, and bad scores refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnimalWeights, GroupWeights } from '../../../shared/schemas/care';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('growth on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let barn: string;
  const post = (path: string, body: unknown, as = cookie) => t.request(path, { cookie: as, body });
  const get = async <T>(path: string, as = cookie): Promise<T> => {
    const response = await t.request(path, { cookie: as });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const weigh = (
    animalId: string,
    dateRecorded: string,
    weightValue: number,
    extra: { bodyCondition?: number | null; weightUnit?: 'kg' | 'lbs'; groupId?: string } = {},
  ) =>
    post('/api/v1/care-entries', {
      type: 'weight',
      dateRecorded,
      groupId: extra.groupId,
      weightUnit: extra.weightUnit,
      weights: [{ animalId, weightValue, bodyCondition: extra.bodyCondition }],
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('growth@example.com'));
    barn = (await (await post('/api/v1/groups', { name: 'Barn' })).json()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers an animal's weighings oldest first, with the unit and score each was recorded with", async () => {
    const kid = await (await post('/api/v1/animals', { name: 'Pip', groupIds: [barn] })).json();
    expect(await get<AnimalWeights>(`/api/v1/animals/${kid.id}/weights`)).toEqual({ points: [] });

    expect((await weigh(kid.id, '2026-03-10', 12.5, { bodyCondition: 3 })).status).toBe(201);
    expect((await weigh(kid.id, '2026-02-01', 8)).status).toBe(201);
    expect((await weigh(kid.id, '2026-04-01', 7.2, { weightUnit: 'kg', bodyCondition: 4 })).status).toBe(201);
    await post('/api/v1/care-entries', {
      type: 'note',
      animalIds: [kid.id],
      dateRecorded: '2026-03-01',
      title: 'Not a weight',
      noteContent: '.',
    });

    const { points } = await get<AnimalWeights>(`/api/v1/animals/${kid.id}/weights`);
    expect(
      points.map(({ dateRecorded, weightValue, weightUnit, bodyCondition }) => ({
        dateRecorded,
        weightValue,
        weightUnit,
        bodyCondition,
      })),
    ).toEqual([
      { dateRecorded: '2026-02-01', weightValue: 8, weightUnit: 'lbs', bodyCondition: null },
      { dateRecorded: '2026-03-10', weightValue: 12.5, weightUnit: 'lbs', bodyCondition: 3 },
      { dateRecorded: '2026-04-01', weightValue: 7.2, weightUnit: 'kg', bodyCondition: 4 },
    ]);

    // the score is on the entry, in its history, and can be changed or cleared there
    const history = await get<{ items: { id: string; bodyCondition: number | null }[] }>(
      `/api/v1/animals/${kid.id}/care-entries`,
    );
    const latest = history.items.find((item) => item.id === points[2]!.entryId)!;
    expect(latest.bodyCondition).toBe(4);
    const changed = await t.request(`/api/v1/care-entries/${latest.id}`, {
      cookie,
      method: 'PATCH',
      body: { bodyCondition: 2 },
    });
    expect(changed.status).toBe(200);
    expect((await changed.json())[0].bodyCondition).toBe(2);
    const cleared = await t.request(`/api/v1/care-entries/${latest.id}`, {
      cookie,
      method: 'PATCH',
      body: { bodyCondition: null },
    });
    expect((await cleared.json())[0].bodyCondition).toBeNull();
  });

  it('refuses a score outside 1–5, or on an entry that is not a weight, and writes nothing', async () => {
    const doe = await (await post('/api/v1/animals', { name: 'Doe', groupIds: [barn] })).json();
    for (const bodyCondition of [0, 6, 2.5, '3']) {
      const response = await weigh(doe.id, '2026-05-01', 40, { bodyCondition: bodyCondition as number });
      expect(response.status, String(bodyCondition)).toBe(422);
      expect(Object.keys((await response.json()).error.fields)).toEqual(['weights.0.bodyCondition']);
    }
    expect(await get<AnimalWeights>(`/api/v1/animals/${doe.id}/weights`)).toEqual({ points: [] });

    const note = await (
      await post('/api/v1/care-entries', {
        type: 'note',
        animalIds: [doe.id],
        dateRecorded: '2026-05-01',
        title: 'Hoof trim',
        noteContent: '.',
      })
    ).json();
    const onNote = await t.request(`/api/v1/care-entries/${note.entries[0].id}`, {
      cookie,
      method: 'PATCH',
      body: { bodyCondition: 3 },
    });
    expect(onNote.status).toBe(422);
    expect((await onNote.json()).error.fields).toHaveProperty('bodyCondition');
  });

  it("answers a group's animals by name with their weighings, in one statement whatever the history", async () => {
    const pen = await (await post('/api/v1/groups', { name: 'Kids' })).json();
    const empty = await (await post('/api/v1/groups', { name: 'Empty pen' })).json();
    const kids: { id: string }[] = [];
    for (const name of ['Kid 10', 'Kid 2', 'Kid 1'])
      kids.push(
        await // Kid 1's weight comes from its form only
        (
          await post('/api/v1/animals', { name, groupIds: [pen.id], ...(name === 'Kid 1' && { weight: 9 }) })
        ).json(),
      );
    expect(await get<GroupWeights>(`/api/v1/groups/${empty.id}/weights`)).toEqual({ animals: [] });

    const weighAll = (date: string, base: number) =>
      post('/api/v1/care-entries', {
        type: 'weight',
        groupId: pen.id,
        dateRecorded: date,
        // Kid 1 is never weighed
        weights: kids.slice(0, 2).map((kid, index) => ({ animalId: kid.id, weightValue: base + index })),
      });
    expect((await weighAll('2026-01-01', 10)).status).toBe(201);
    const statements = async () =>
      (await t.statementsOf(() => get(`/api/v1/groups/${pen.id}/weights`))).length;
    const once = await statements();
    for (let month = 2; month <= 9; month++) await weighAll(`2026-0${month}-01`, 10 + month);
    expect(await statements()).toBe(once);

    const { animals } = await get<GroupWeights>(`/api/v1/groups/${pen.id}/weights`);
    expect(animals.map((animal) => [animal.name, animal.points.length])).toEqual([
      ['Kid 1', 0],
      ['Kid 2', 9],
      ['Kid 10', 9],
    ]);
    expect(animals[0]).toMatchObject({ name: 'Kid 1', weight: 9, weightUnit: 'lbs', points: [] });
    const kid10 = animals.find((animal) => animal.name === 'Kid 10')!;
    expect(kid10).toMatchObject({ weight: 19 });
    expect(kid10.points.map((point) => point.dateRecorded)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((month) => `2026-0${month}-01`),
    );
    expect(kid10.points.at(-1)!.weightValue).toBe(19);

    // an animal's own series is one statement too
    expect(await t.statementsOf(() => get(`/api/v1/animals/${kid10.id}/weights`))).toHaveLength(once);
  });

  it("shows another farm's animal and group as not found", async () => {
    const mine = await (await post('/api/v1/animals', { name: 'Private', groupIds: [barn] })).json();
    const group = await (await post('/api/v1/groups', { name: 'Private pen' })).json();
    await weigh(mine.id, '2026-06-01', 30);
    const other = (await t.signUpAndConfirm('growth-other@example.com')).cookie;
    for (const path of [`/api/v1/animals/${mine.id}/weights`, `/api/v1/groups/${group.id}/weights`]) {
      const response = await t.request(path, { cookie: other });
      expect(response.status, path).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('Private');
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await t.request('/api/v1/animals/not-an-id/weights', { cookie })).status).toBe(404);
  });
});
