// Treating from the medicine cabinet (issue 27 item 3–4, decision 0041), through HTTP on both
// databases: a group dosed by weight gets each animal's own dose, the lot's stock falls by their sum
// in the same transaction (never below zero, not twice for a retry, not both of two treatments
// racing for the last of a lot), the lot number comes from the lot, a medicine's schedule sets the
// next dose's reminder and then the booster's, a farm sitter may treat from the cabinet, and another
// farm's medicine or lot, a dose in another unit or doses that miss an animal are a 422 naming the
// field that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, dateInZone } from '../../../shared/care/dates';
import type { CareEntry, Page } from '../../../shared/schemas/care';
import type { Lot, Medicine, Movement } from '../../../shared/schemas/medicines';
import { apiCalls } from '../../../../test/support/api-calls';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('treating from the cabinet on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let today: string;
  let groupId: string;
  const goats: { id: string; name: string }[] = [];
  const password = 'correct horse battery';
  const { call, ok, joinBySignUp } = apiCalls(() => t);

  const invalid = async (response: Response) =>
    (await ok<{ error: { fields: Record<string, string[]> } }>(response, 422)).error.fields;
  const addMedicine = async (body: Record<string, unknown>, as = owner) =>
    ok<Medicine>(await call(as, 'POST', '/api/v1/medicines', { unit: 'mL', ...body }), 201);
  const addStock = async (medicineId: string, body: Record<string, unknown>, as = owner) =>
    ok<Lot>(await call(as, 'POST', `/api/v1/medicines/${medicineId}/lots`, body), 201);
  const stockOf = async (medicineId: string, lotId: string) => {
    const found = await ok<Medicine>(await call(owner, 'GET', `/api/v1/medicines/${medicineId}`));
    return found.lots.find((lot) => lot.id === lotId)!.stock;
  };
  const treat = (body: Record<string, unknown>, as = owner) =>
    call(as, 'POST', '/api/v1/care-entries', {
      type: 'medical',
      dateRecorded: today,
      dosageUnit: 'mL',
      ...body,
    });
  const historyOf = async (animalId: string) =>
    (await ok<Page<CareEntry>>(await call(owner, 'GET', `/api/v1/animals/${animalId}/care-entries`))).items;
  const remindersOf = async (animalId: string) =>
    (
      await ok<{ items: { title: string; dueDate: string }[] }>(
        await call(owner, 'GET', `/api/v1/reminders?animalId=${animalId}`),
      )
    ).items;

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { weightUnit: 'kg' }));
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    sitter = await joinBySignUp(owner, { email: 'sam.sitter@example.com', name: 'Sam', password }, 'sitter');
    groupId = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Goats' }), 201))
      .id;
    for (const name of ['Goat 1', 'Goat 2', 'Goat 3', 'Goat 4', 'Goat 5', 'Goat 6']) {
      const animal = await ok<{ id: string; name: string }>(
        await call(owner, 'POST', '/api/v1/animals', { name, groupIds: [groupId] }),
        201,
      );
      goats.push(animal);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('treats six goats dosed by weight: six doses, and the lot falls by their sum in the same write', async () => {
    const wormer = await addMedicine({
      name: 'Cydectin',
      dose: { kind: 'by-weight', amount: 1, perWeight: 10 },
      meatWithdrawalDays: 14,
    });
    const lot = await addStock(wormer.id, {
      quantity: 100,
      lotNumber: 'CY-2291',
      expiresOn: addDays(today, 200),
    });
    const doses = [3.2, 4.5, 5.1, 2.75, 6, 3.333];
    const batchId = crypto.randomUUID();
    const body = {
      batchId,
      groupId,
      animalIds: goats.map((goat) => goat.id),
      doses: goats.map((goat, index) => ({ animalId: goat.id, dosage: doses[index] })),
      medicationName: 'Cydectin',
      medicineId: wormer.id,
      lotId: lot.id,
      meatWithdrawalDays: 14,
    };
    const saved = await ok<{ entries: CareEntry[] }>(await treat(body), 201);
    expect(saved.entries.map((entry) => [entry.animalName, entry.dosage, entry.lotNumber])).toEqual(
      goats.map((goat, index) => [goat.name, doses[index], 'CY-2291']),
    );
    const sum = doses.reduce((total, dose) => total + dose, 0);
    expect(await stockOf(wormer.id, lot.id)).toBeCloseTo(100 - sum, 3);

    // one 'used' movement per dose, each naming its treatment
    const moves = await ok<Page<Movement>>(
      await call(owner, 'GET', `/api/v1/medicine-lots/${lot.id}/movements`),
    );
    const used = moves.items.filter((move) => move.kind === 'used');
    expect(used.map((move) => move.quantity).sort()).toEqual(doses.map((dose) => -dose).sort());
    expect(new Set(used.map((move) => move.careEntryId))).toEqual(
      new Set(saved.entries.map((entry) => entry.id)),
    );

    // the same submission again (a retry after a lost answer) takes nothing twice
    expect((await treat(body)).status).toBe(200);
    expect(await stockOf(wormer.id, lot.id)).toBeCloseTo(100 - sum, 3);
  });

  it('refuses to take a lot below zero, naming the lot and its stock, and writes no treatment', async () => {
    const spray = await addMedicine({ name: 'Blu-Kote' });
    const lot = await addStock(spray.id, { quantity: 5 });
    const before = (await historyOf(goats[0]!.id)).length;
    const fields = await invalid(
      await treat({
        animalIds: goats.slice(0, 3).map((goat) => goat.id),
        medicationName: 'Blu-Kote',
        dosage: 2,
        medicineId: spray.id,
        lotId: lot.id,
      }),
    );
    expect(fields.lotId).toEqual(['Only 5 mL in stock: choose another lot or a smaller dose']);
    expect(await historyOf(goats[0]!.id)).toHaveLength(before);
    expect(await stockOf(spray.id, lot.id)).toBe(5);
  });

  it('lets only one of two treatments racing for the last of a lot succeed', async () => {
    const drench = await addMedicine({ name: 'Valbazen' });
    const lot = await addStock(drench.id, { quantity: 10 });
    const racing = await Promise.all(
      goats.slice(0, 2).map((goat) =>
        treat({
          animalIds: [goat.id],
          medicationName: 'Valbazen',
          dosage: 6,
          medicineId: drench.id,
          lotId: lot.id,
        }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 422]);
    expect(await stockOf(drench.id, lot.id)).toBe(4);
  });

  it('answers a medicine or lot that is not this farm’s, or not this medicine’s, with a 422 that writes nothing', async () => {
    const theirs = await addMedicine({ name: 'Their Wormer' }, other);
    const theirLot = await addStock(theirs.id, { quantity: 50 }, other);
    const mine = await addMedicine({ name: 'Ivomec' });
    const myLot = await addStock(mine.id, { quantity: 50 });
    const other2 = await addMedicine({ name: 'Penicillin' });
    const one = { animalIds: [goats[0]!.id], medicationName: 'Ivomec', dosage: 1 };
    const before = (await historyOf(goats[0]!.id)).length;

    expect(await invalid(await treat({ ...one, medicineId: theirs.id }))).toEqual({
      medicineId: ['Choose a medicine of your own cabinet'],
    });
    expect(await invalid(await treat({ ...one, lotId: theirLot.id }))).toEqual({
      lotId: ['Choose a medicine of your own cabinet'],
    });
    expect(await invalid(await treat({ ...one, medicineId: mine.id, lotId: theirLot.id }))).toEqual({
      lotId: ['Choose a lot of this medicine'],
    });
    expect(await invalid(await treat({ ...one, medicineId: other2.id, lotId: myLot.id }))).toEqual({
      lotId: ['Choose a lot of this medicine'],
    });
    // and their stock is untouched
    const theirCabinet = await ok<Medicine>(await call(other, 'GET', `/api/v1/medicines/${theirs.id}`));
    expect(theirCabinet.lots[0]!.stock).toBe(50);
    expect(await historyOf(goats[0]!.id)).toHaveLength(before);
  });

  it('takes a dose from stock only in the unit the stock is counted in (a cc is a mL)', async () => {
    const tablets = await addMedicine({ name: 'Metacam tablets', unit: 'tablet' });
    const lot = await addStock(tablets.id, { quantity: 20 });
    const one = {
      animalIds: [goats[1]!.id],
      medicationName: 'Metacam',
      medicineId: tablets.id,
      lotId: lot.id,
    };
    expect(await invalid(await treat({ ...one, dosage: 1, dosageUnit: 'mL' }))).toEqual({
      dosageUnit: ['This lot is counted in tablet(s): give the dose in it'],
    });
    await ok(await treat({ ...one, dosage: 2, dosageUnit: 'tablet(s)' }), 201);
    expect(await stockOf(tablets.id, lot.id)).toBe(18);

    const oil = await addMedicine({ name: 'Vitamin E oil', unit: 'mL' });
    const oilLot = await addStock(oil.id, { quantity: 30 });
    await ok(
      await treat({
        animalIds: [goats[1]!.id],
        medicationName: 'Vitamin E',
        dosage: 3,
        dosageUnit: 'cc',
        medicineId: oil.id,
        lotId: oilLot.id,
      }),
      201,
    );
    expect(await stockOf(oil.id, oilLot.id)).toBe(27);
  });

  it('asks for one dose per animal when doses are given each, and for a dosage otherwise', async () => {
    const base = { animalIds: goats.slice(0, 2).map((goat) => goat.id), medicationName: 'Cydectin' };
    expect(await invalid(await treat({ ...base, doses: [{ animalId: goats[0]!.id, dosage: 2 }] }))).toEqual({
      doses: ['Give one dose for each animal treated'],
    });
    expect(
      await invalid(
        await treat({
          ...base,
          doses: [
            { animalId: goats[0]!.id, dosage: 2 },
            { animalId: goats[2]!.id, dosage: 2 },
          ],
        }),
      ),
    ).toEqual({ doses: ['Give one dose for each animal treated'] });
    expect((await invalid(await treat(base))).dosage).toBeDefined();
    // one dosage for all and a dose for each: which one the farmer meant is not ours to guess
    const both = {
      ...base,
      dosage: 5,
      doses: goats.slice(0, 2).map((goat) => ({ animalId: goat.id, dosage: 2 })),
    };
    expect(await invalid(await treat(both))).toEqual({
      dosage: ['Give one dosage for all, or a dose for each animal, not both'],
    });
  });

  it('sets the next dose of a schedule, then the booster, unless a date is given', async () => {
    const vaccine = await addMedicine({
      name: 'CDT Vaccine',
      unit: 'mL',
      dose: { kind: 'fixed', amount: 2 },
      schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
    });
    const kid = goats[4]!;
    const vaccinate = async (nextDueDate?: string) =>
      ok(
        await treat({
          animalIds: [kid.id],
          medicationName: 'CDT Vaccine',
          dosage: 2,
          medicineId: vaccine.id,
          ...(nextDueDate ? { nextDueDate } : {}),
        }),
        201,
      );
    const cdt = async () =>
      (await remindersOf(kid.id)).filter((reminder) => reminder.title.startsWith('CDT Vaccine'));

    await vaccinate();
    expect((await cdt()).map((reminder) => reminder.dueDate)).toEqual([addDays(today, 21)]);
    await vaccinate();
    expect((await cdt()).map((reminder) => reminder.dueDate).sort()).toEqual(
      [addDays(today, 21), addMonths(today, 12)].sort(),
    );
    // a date given wins over the schedule
    await vaccinate(addDays(today, 5));
    expect((await cdt()).map((reminder) => reminder.dueDate)).toContain(addDays(today, 5));
    expect(await cdt()).toHaveLength(3);
  });

  it('lets a farm sitter treat from the cabinet: the dose is recorded, taken from stock, and theirs', async () => {
    const spray = await addMedicine({ name: 'Wound spray' });
    const lot = await addStock(spray.id, { quantity: 40 });
    await ok(
      await treat(
        {
          animalIds: [goats[2]!.id],
          medicationName: 'Wound spray',
          dosage: 3,
          medicineId: spray.id,
          lotId: lot.id,
        },
        sitter,
      ),
      201,
    );
    expect(await stockOf(spray.id, lot.id)).toBe(37);
    const moves = await ok<Page<Movement>>(
      await call(owner, 'GET', `/api/v1/medicine-lots/${lot.id}/movements`),
    );
    expect(moves.items[0]).toMatchObject({ kind: 'used', quantity: -3, recordedBy: 'Sam' });
    // but stock itself is the members'
    expect(
      (
        await call(sitter, 'POST', `/api/v1/medicine-lots/${lot.id}/movements`, {
          kind: 'disposed',
          quantity: 1,
        })
      ).status,
    ).toBe(403);
  });

  it('keeps the stock a deleted treatment took: the movement stays, without its entry', async () => {
    const salve = await addMedicine({ name: 'Udder balm', unit: 'g' });
    const lot = await addStock(salve.id, { quantity: 100 });
    const saved = await ok<{ entries: CareEntry[] }>(
      await treat({
        animalIds: [goats[3]!.id],
        medicationName: 'Udder balm',
        dosage: 10,
        dosageUnit: 'g',
        medicineId: salve.id,
        lotId: lot.id,
      }),
      201,
    );
    await ok(await call(owner, 'DELETE', `/api/v1/care-entries/${saved.entries[0]!.id}`), 204);
    expect(await stockOf(salve.id, lot.id)).toBe(90);
    const moves = await ok<Page<Movement>>(
      await call(owner, 'GET', `/api/v1/medicine-lots/${lot.id}/movements`),
    );
    expect(moves.items[0]).toMatchObject({ kind: 'used', quantity: -10, careEntryId: null });
  });
});
