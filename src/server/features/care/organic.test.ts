// Organic withdrawal (issue 27 item 6, decision 0040): an owner marks the farm organic; from then
// on a treatment stores each withdrawal period doubled (2 days where the label says 0) and says it
// was; the animal's last days follow; earlier entries stay as they were; the export keeps it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/care/dates';
import type { Animal } from '../../../shared/schemas/animals';
import type { CareEntry, MedicationSuggestion } from '../../../shared/schemas/care';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('organic withdrawal on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let sitter: string;
  let barn: string;
  const { call, ok, joinBySignUp } = apiCalls(() => t);
  const password = 'correct horse battery staple';
  const setOrganic = async (organic: boolean) =>
    ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { organic }));
  const animal = async (name: string): Promise<Animal> =>
    ok(await call(owner, 'POST', '/api/v1/animals', { name, groupIds: [barn] }), 201);
  const treat = async (animalIds: string[], extra: Record<string, unknown> = {}): Promise<CareEntry[]> =>
    (
      await ok<{ entries: CareEntry[] }>(
        await call(owner, 'POST', '/api/v1/care-entries', {
          type: 'medical',
          animalIds,
          dateRecorded: '2026-03-01',
          medicationName: 'Oxytetracycline',
          dosage: 5,
          dosageUnit: 'mL',
          meatWithdrawalDays: 14,
          milkWithdrawalDays: 0,
          eggWithdrawalDays: null,
          ...extra,
        }),
        201,
      )
    ).entries;
  const withdrawalOf = async (id: string) =>
    (await ok<Animal>(await call(owner, 'GET', `/api/v1/animals/${id}`))).withdrawal;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie: owner } = await t.signUpAndConfirm('organic@example.com'));
    member = await joinBySignUp(owner, { email: 'mo.organic@example.com', name: 'Mo', password }, 'member');
    sitter = await joinBySignUp(owner, { email: 'sam.organic@example.com', name: 'Sam', password }, 'sitter');
    barn = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Barn' }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets only an owner make the farm organic, and everyone read it', async () => {
    expect(await ok(await call(owner, 'GET', '/api/v1/profile'))).toMatchObject({ organic: false });
    for (const cookie of [member, sitter]) {
      const refused = await call(cookie, 'PATCH', '/api/v1/farm/settings', { organic: true });
      expect(refused.status).toBe(403);
    }
    const refused = await call(owner, 'PATCH', '/api/v1/farm/settings', { organic: 'yes' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields).toEqual({ organic: ['Choose yes or no'] });
    expect(await setOrganic(true)).toMatchObject({ organic: true });
    expect(await ok(await call(sitter, 'GET', '/api/v1/profile'))).toMatchObject({ organic: true });
    await setOrganic(false);
  });

  it("doubles a new treatment's periods on an organic farm, and leaves earlier ones", async () => {
    const before = await animal('Before');
    const [plain] = await treat([before.id]);
    expect(plain).toMatchObject({ meatWithdrawalDays: 14, milkWithdrawalDays: 0, organic: false });

    await setOrganic(true);
    const doe = await animal('Clover');
    const [entry] = await treat([doe.id]);
    // doubled; the label's 0 is 48 hours; no period stays none
    expect(entry).toMatchObject({
      meatWithdrawalDays: 28,
      milkWithdrawalDays: 2,
      eggWithdrawalDays: null,
      organic: true,
    });
    expect(await withdrawalOf(doe.id)).toEqual({
      meat: addDays('2026-03-01', 28),
      milk: addDays('2026-03-01', 2),
      eggs: null,
      organic: ['meat', 'milk'],
    });
    // the history says so too; the earlier treatment is unchanged
    const history = await ok<{ items: CareEntry[] }>(
      await call(owner, 'GET', `/api/v1/animals/${doe.id}/care-entries`),
    );
    expect(history.items[0]).toMatchObject({ meatWithdrawalDays: 28, organic: true });
    expect(await withdrawalOf(before.id)).toMatchObject({ meat: addDays('2026-03-01', 14), milk: null });

    // an edit keeps the flag and stores the days it is given (the form shows the doubled ones)
    const [edited] = await ok<CareEntry[]>(
      await call(owner, 'PATCH', `/api/v1/care-entries/${entry!.id}`, { meatWithdrawalDays: 30 }),
    );
    expect(edited).toMatchObject({ meatWithdrawalDays: 30, organic: true });
    expect((await withdrawalOf(doe.id))!.meat).toBe(addDays('2026-03-01', 30));

    // the suggestion brings the label's days back, to be doubled again when given
    const [suggested] = await ok<MedicationSuggestion[]>(
      await call(owner, 'GET', '/api/v1/care/medications?q=Oxytetracycline'),
    );
    expect(suggested).toMatchObject({
      meatWithdrawalDays: 15,
      milkWithdrawalDays: 1,
      eggWithdrawalDays: null,
    });
    await setOrganic(false);
  });

  it("doubles a group's batch for every animal in it", async () => {
    await setOrganic(true);
    const herd = [await animal('Hazel'), await animal('Juniper')];
    const entries = await treat(
      herd.map((one) => one.id),
      { groupId: barn, meatWithdrawalDays: 7, eggWithdrawalDays: 3 },
    );
    expect(entries).toHaveLength(2);
    for (const entry of entries)
      expect(entry).toMatchObject({
        meatWithdrawalDays: 14,
        milkWithdrawalDays: 2,
        eggWithdrawalDays: 6,
        organic: true,
      });
    for (const one of herd)
      expect(await withdrawalOf(one.id)).toEqual({
        meat: addDays('2026-03-01', 14),
        milk: addDays('2026-03-01', 2),
        eggs: addDays('2026-03-01', 6),
        organic: ['meat', 'milk', 'eggs'],
      });
    await setOrganic(false);
  });

  it('keeps the farm organic and its entries flagged through the JSON export and import', async () => {
    await setOrganic(true);
    const document = await ok<{
      farm: { organic: boolean };
      tables: Record<string, Record<string, unknown>[]>;
    }>(await call(owner, 'GET', '/api/v1/export/json'));
    expect(document.farm.organic).toBe(true);
    const { cookie } = await t.signUpAndConfirm('organic-import@example.com');
    await ok(await call(cookie, 'POST', '/api/v1/import', document));
    expect(await ok(await call(cookie, 'GET', '/api/v1/profile'))).toMatchObject({ organic: true });
    const [clover] = await ok<Animal[]>(await call(cookie, 'GET', '/api/v1/animals?q=Clover'));
    const history = await ok<{ items: CareEntry[] }>(
      await call(cookie, 'GET', `/api/v1/animals/${clover!.id}/care-entries`),
    );
    expect(history.items[0]).toMatchObject({ meatWithdrawalDays: 30, milkWithdrawalDays: 2, organic: true });
  });

  it("says which of an animal's withdrawals come from an organic treatment, on its page and in lists", async () => {
    const listed = async (name: string) =>
      (await ok<Animal[]>(await call(owner, 'GET', `/api/v1/animals?q=${name}`))).find(
        (one) => one.name === name,
      )!.withdrawal;
    await setOrganic(true);
    const ewe = await animal('Bramble');
    await treat([ewe.id], { meatWithdrawalDays: 5, milkWithdrawalDays: 3 });
    const organic = {
      meat: addDays('2026-03-01', 10),
      milk: addDays('2026-03-01', 6),
      eggs: null,
      organic: ['meat', 'milk'],
    };
    expect(await withdrawalOf(ewe.id)).toEqual(organic);
    expect(await listed('Bramble')).toEqual(organic);

    // a later treatment off organic rules that ends later takes over meat; milk stays organic
    await setOrganic(false);
    const [plain] = await treat([ewe.id], { meatWithdrawalDays: 30, milkWithdrawalDays: 1 });
    const mixed = { ...organic, meat: addDays('2026-03-01', 30), organic: ['milk'] };
    expect(await withdrawalOf(ewe.id)).toEqual(mixed);
    expect(await listed('Bramble')).toEqual(mixed);

    // none organic: the key is left out, as for every animal never treated under organic rules
    await ok(await call(owner, 'PATCH', `/api/v1/care-entries/${plain!.id}`, { milkWithdrawalDays: 20 }));
    const plainOnly = { meat: addDays('2026-03-01', 30), milk: addDays('2026-03-01', 20), eggs: null };
    expect(await withdrawalOf(ewe.id)).toEqual(plainOnly);
    expect(await listed('Bramble')).toEqual(plainOnly);

    // the plain entry deleted: the organic one's days and flags count again
    await ok(await call(owner, 'DELETE', `/api/v1/care-entries/${plain!.id}`), 204);
    expect(await withdrawalOf(ewe.id)).toEqual(organic);
    expect(await listed('Bramble')).toEqual(organic);
  });
});
