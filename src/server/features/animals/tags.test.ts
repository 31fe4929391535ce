// Tags in the barn (issue 30, decision 0046): an animal's Electronic ID (ISO 11784/11785, checked,
// one per animal within a farm), searchable like its tag; and GET /animals/by-tag, which finds the
// animal a reader or the camera read, ignoring case, spaces and dashes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Named = { id: string; name: string };

describe.each(backends)('tags and Electronic IDs on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let group: Named;
  let otherGroup: Named;
  let bella: Named & { electronicId: string | null };
  let ginger: Named;

  const add = async (body: Record<string, unknown>, as = cookie, groupId = group.id) =>
    t.request('/api/v1/animals', { cookie: as, body: { groupIds: [groupId], ...body } });
  const byTag = (code: string, as = cookie) =>
    t.request(`/api/v1/animals/by-tag?code=${encodeURIComponent(code)}`, { cookie: as });

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('barn@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('neighbour@example.com'));
    group = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Ewes' } })).json();
    otherGroup = await (await t.request('/api/v1/groups', { cookie: other, body: { name: 'Ewes' } })).json();
    const created = await add({ name: 'Bella', tagId: 'G-103', electronicId: '982 000123456789' });
    expect(created.status).toBe(201);
    bella = await created.json();
    ginger = await (await add({ name: 'Ginger', tagId: 'b 15' })).json();
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps an Electronic ID as its 15 digits (spaces and dashes as typed dropped) and answers it', async () => {
    expect(bella.electronicId).toBe('982000123456789');
    const read = await (await t.request(`/api/v1/animals/${bella.id}`, { cookie })).json();
    expect(read.electronicId).toBe('982000123456789');
    const list = (await (await t.request('/api/v1/animals', { cookie })).json()) as {
      name: string;
      electronicId?: string | null;
    }[];
    expect(list.find((animal) => animal.name === 'Bella')?.electronicId).toBe('982000123456789');
  });

  it.each([
    ['12345', 'An Electronic ID is 15 digits'],
    ['98200012345678X', 'An Electronic ID is 15 digits'],
    ['9820001234567890', 'An Electronic ID is 15 digits'],
    // 000 is no country; 999 marks test tags
    ['000123456789012', 'country code (ISO 3166) or a manufacturer code (900–998), not 000'],
    ['999123456789012', 'not 999'],
  ])('refuses %s with a clear message naming the field', async (electronicId, message) => {
    const response = await add({ name: 'Bad', electronicId });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.fields.electronicId.join(' ')).toContain(message);
  });

  it('accepts a country code (826, the United Kingdom) and a manufacturer code (900–998)', async () => {
    for (const electronicId of ['826000000000001', '900000000000001', '998000000000001']) {
      const response = await add({ name: `Chip ${electronicId}`, electronicId });
      expect(response.status, await response.clone().text()).toBe(201);
    }
  });

  it('refuses an Electronic ID another animal of the farm has (422 naming the field and the animal)', async () => {
    const response = await add({ name: 'Twin', electronicId: '982000123456789' });
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields.electronicId).toEqual([
      'Bella already has this Electronic ID',
    ]);
    const change = await t.request(`/api/v1/animals/${ginger.id}`, {
      cookie,
      method: 'PATCH',
      body: { electronicId: '982-000-123456789' },
    });
    expect(change.status).toBe(422);
    expect((await change.json()).error.fields).toHaveProperty('electronicId');
    // Bella keeping her own is no clash
    const same = await t.request(`/api/v1/animals/${bella.id}`, {
      cookie,
      method: 'PATCH',
      body: { name: 'Bella', electronicId: '982000123456789' },
    });
    expect(same.status).toBe(200);
  });

  it('lets another farm use the same Electronic ID (unique within a farm only)', async () => {
    const response = await add({ name: 'Theirs', electronicId: '982000123456789' }, other, otherGroup.id);
    expect(response.status).toBe(201);
  });

  it('a write that loses the race for an Electronic ID is a 422, never a 500, and writes nothing', async () => {
    const answers = await Promise.all(
      ['Race 1', 'Race 2', 'Race 3'].map((name) => add({ name, electronicId: '940000000000777' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422]);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from animals where electronic_id = '940000000000777'`,
    );
    expect(row!.count).toBe(1);
  });

  it('clears an Electronic ID with a blank', async () => {
    const chip = await (await add({ name: 'Clearable', electronicId: '941000000000001' })).json();
    const cleared = await t.request(`/api/v1/animals/${chip.id}`, {
      cookie,
      method: 'PATCH',
      body: { electronicId: '' },
    });
    expect((await cleared.json()).electronicId).toBeNull();
  });

  it('finds animals by Electronic ID in My Animals’ search, like a tag', async () => {
    const found = (await (await t.request('/api/v1/animals?q=123456789', { cookie })).json()) as Named[];
    expect(found.map((animal) => animal.name)).toEqual(['Bella']);
  });

  it.each([
    ['G-103', 'Bella'],
    ['g103', 'Bella'],
    ['G 103', 'Bella'],
    [' g-1-0-3 ', 'Bella'],
    ['B15', 'Ginger'],
    ['982000123456789', 'Bella'],
    ['982 000123456789', 'Bella'],
  ])('by-tag %j opens %s', async (code, name) => {
    const response = await byTag(code);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ id: name === 'Bella' ? bella.id : ginger.id, name });
  });

  it('by-tag answers 404 for a code no animal of the farm has, and for another farm’s tag', async () => {
    expect((await byTag('G-104')).status).toBe(404);
    expect((await byTag('g103', other)).status).toBe(404);
  });

  it('by-tag refuses an empty code (422)', async () => {
    for (const code of ['', '   ', '--']) {
      const response = await byTag(code);
      expect(response.status).toBe(422);
      expect((await response.json()).error.fields).toHaveProperty('code');
    }
  });

  it('by-tag prefers an animal in the herd to a past one with the same tag', async () => {
    const old = await (await add({ name: 'Old Dora', tagId: 'D-1' })).json();
    await t.request(`/api/v1/animals/${old.id}/exit`, {
      cookie,
      body: { kind: 'sold', date: '2026-01-02' },
    });
    const young = await (await add({ name: 'Young Dora', tagId: 'd1' })).json();
    expect((await (await byTag('D1')).json()).id).toBe(young.id);
  });

  it('finds a tag and an Electronic ID through the farm’s indexes', async () => {
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (where: ReturnType<typeof sql>) =>
        (
          await queryRows<{ 'QUERY PLAN': string }>(
            tx,
            sql`explain (costs off) select id from animals where farm_id = gen_random_uuid() and ${where}`,
          )
        )
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return [
        await plan(
          sql`tag_id is not null and lower(regexp_replace(tag_id, '[[:space:]-]+', '', 'g')) = 'g103'`,
        ),
        await plan(sql`electronic_id is not null and electronic_id = '982000123456789'`),
      ];
    });
    expect(plans[0]).toContain('animals_farm_id_tag_key_idx');
    expect(plans[1]).toContain('animals_farm_id_electronic_id_idx');
  });
});
