// The medicine cabinet (issue 27), through HTTP on both databases: medicines as their labels say,
// one name per cabinet, archived with their history; stock in lots whose stock is the sum of their
// movements, expired lots apart and 'Low stock' below the farm's level; never below zero, not even
// with two takings of the last of a lot at once; a farm sitter reads and changes nothing; another
// farm sees none of it; bad input is a 422 naming the field and writes nothing; each read is one
// statement whatever the cabinet holds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { pageSize, type Page } from '../../../shared/schemas/care';
import type { Lot, Medicine, Movement } from '../../../shared/schemas/medicines';
import { queryRows } from '../../db/sql-text';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('medicine cabinet on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let member: string;
  let today: string;
  const password = 'correct horse battery';

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, { cookie, method, body });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const invalid = async (response: Response) => {
    const body = await ok<{ error: { fields: Record<string, string[]> } }>(response, 422);
    return body.error.fields;
  };
  const addMedicine = async (body: Record<string, unknown>, as = owner, status = 201) =>
    ok<Medicine>(await call(as, 'POST', '/api/v1/medicines', { unit: 'mL', ...body }), status);
  const addStock = async (medicineId: string, body: Record<string, unknown>, status = 201) =>
    ok<Lot>(await call(owner, 'POST', `/api/v1/medicines/${medicineId}/lots`, body), status);
  const move = (lotId: string, body: Record<string, unknown>, as = owner) =>
    call(as, 'POST', `/api/v1/medicine-lots/${lotId}/movements`, body);
  const medicine = async (id: string, as = owner) =>
    ok<Medicine>(await call(as, 'GET', `/api/v1/medicines/${id}`));
  const cabinet = async (query = '', as = owner) =>
    ok<Medicine[]>(await call(as, 'GET', `/api/v1/medicines${query}`));
  const movements = async (lotId: string, query = '') =>
    ok<Page<Movement>>(await call(owner, 'GET', `/api/v1/medicine-lots/${lotId}/movements${query}`));
  /** Someone invited to the owner's farm with `role`, signed in. */
  async function join(email: string, role: 'member' | 'sitter') {
    await ok(await call(owner, 'POST', '/api/v1/farm/invitations', { email, role }), 201);
    const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo(email))![1]!;
    const signUp = await t.request(`/api/public/invitations/${token}/sign-up`, {
      body: { name: role === 'sitter' ? 'Sam' : 'Mia', password },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    return t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('bob.other@example.com', password)).cookie;
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { weightUnit: 'kg' }));
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    sitter = await join('sam.sitter@example.com', 'sitter');
    member = await join('mia.member@example.com', 'member');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a medicine as its label says, dosed by weight in the farm’s unit, and changes it', async () => {
    const wormer = await addMedicine({
      name: '  Cydectin ',
      activeIngredient: 'Moxidectin',
      route: 'pour-on',
      dose: { kind: 'by-weight', amount: 1, perWeight: 10, maxDose: 25 },
      meatWithdrawalDays: 14,
      milkWithdrawalDays: 0,
      schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
      notes: 'Shake well',
      lowStockLevel: 50,
    });
    expect(wormer).toMatchObject({
      name: 'Cydectin',
      activeIngredient: 'Moxidectin',
      unit: 'mL',
      route: 'pour-on',
      // the farm weighs in kg: '1 mL per 10 kg', the unit kept with the dose
      dose: { kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'kg', maxDose: 25 },
      meatWithdrawalDays: 14,
      milkWithdrawalDays: 0,
      eggWithdrawalDays: null,
      schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
      notes: 'Shake well',
      lowStockLevel: 50,
      archivedAt: null,
      inStock: 0,
      expiredStock: 0,
      lowStock: true, // nothing in stock is below 50
      lots: [],
    });
    expect(await medicine(wormer.id)).toEqual(wormer);

    // a field not sent stays; a dose fixed and a schedule cleared; a dose by weight in lbs when it says so
    const fixed = await ok<Medicine>(
      await call(owner, 'PATCH', `/api/v1/medicines/${wormer.id}`, {
        dose: { kind: 'fixed', amount: 2.5 },
        schedule: null,
        notes: ' ',
      }),
    );
    expect(fixed).toMatchObject({
      name: 'Cydectin',
      dose: { kind: 'fixed', amount: 2.5 },
      schedule: null,
      notes: null,
      meatWithdrawalDays: 14,
    });
    const inLbs = await ok<Medicine>(
      await call(owner, 'PATCH', `/api/v1/medicines/${wormer.id}`, {
        dose: { kind: 'by-weight', amount: 0.5, perWeight: 22.5, weightUnit: 'lbs' },
        lowStockLevel: null,
      }),
    );
    expect(inLbs).toMatchObject({
      dose: { kind: 'by-weight', amount: 0.5, perWeight: 22.5, weightUnit: 'lbs', maxDose: null },
      lowStockLevel: null,
      lowStock: false,
    });
    // a booster alone is a schedule
    const vaccine = await addMedicine({
      name: 'CDT Vaccine',
      unit: 'dose',
      schedule: { initialDoses: 1, boosterMonths: 12 },
    });
    expect(vaccine.schedule).toEqual({ initialDoses: 1, daysApart: null, boosterMonths: 12 });
    expect(vaccine.dose).toBeNull();
  });

  it('keeps one name per cabinet whatever its case; an archived medicine frees it and keeps its history', async () => {
    const first = await addMedicine({ name: 'Ivomec' });
    expect(
      await invalid(await call(owner, 'POST', '/api/v1/medicines', { name: 'IVOMEC', unit: 'mL' })),
    ).toEqual({
      name: ['The cabinet already has a medicine named IVOMEC'],
    });
    const second = await addMedicine({ name: 'Ivomec Plus' });
    expect(
      await invalid(await call(owner, 'PATCH', `/api/v1/medicines/${second.id}`, { name: 'ivomec' })),
    ).toHaveProperty('name');
    // the same id sent again: the medicine made the first time, 200
    const id = crypto.randomUUID();
    await addMedicine({ id, name: 'Retry Wormer' });
    expect((await addMedicine({ id, name: 'Retry Wormer' }, owner, 200)).id).toBe(id);

    const lot = await addStock(first.id, { quantity: 20 });
    const archived = await ok<Medicine>(await call(owner, 'POST', `/api/v1/medicines/${first.id}/archive`));
    expect(archived.archivedAt).not.toBeNull();
    expect(archived.inStock).toBe(20);
    expect((await cabinet()).map((one) => one.id)).not.toContain(first.id);
    expect((await cabinet('?archived=true')).map((one) => one.id)).toEqual([first.id]);
    // archived: no new stock, but its lots may still be thrown away
    const refused = await call(owner, 'POST', `/api/v1/medicines/${first.id}/lots`, { quantity: 1 });
    expect(refused.status).toBe(409);
    await ok(await move(lot.id, { kind: 'disposed', quantity: 20, note: 'Out of date' }), 201);
    // its name is free again; bringing the old one back while it is taken: 409
    const again = await addMedicine({ name: 'ivomec' });
    const clash = await call(owner, 'POST', `/api/v1/medicines/${first.id}/unarchive`);
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.message).toMatch(/rename one of them first/);
    await ok(await call(owner, 'PATCH', `/api/v1/medicines/${again.id}`, { name: 'Ivomec (new)' }));
    const back = await ok<Medicine>(await call(owner, 'POST', `/api/v1/medicines/${first.id}/unarchive`));
    expect(back).toMatchObject({ archivedAt: null, inStock: 0 });

    // deleted only while it never had stock
    const gone = await call(owner, 'DELETE', `/api/v1/medicines/${first.id}`);
    expect(gone.status).toBe(409);
    expect((await gone.json()).error.message).toMatch(/archive it instead/);
    expect((await call(owner, 'DELETE', `/api/v1/medicines/${second.id}`)).status).toBe(204);
    expect((await call(owner, 'GET', `/api/v1/medicines/${second.id}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/api/v1/medicines/${second.id}`)).status).toBe(404);
  });

  it('keeps stock in lots: in stock and expired apart, low stock, the earliest expiry first', async () => {
    const wormer = await addMedicine({ name: 'Valbazen', lowStockLevel: 100 });
    const later = await addStock(wormer.id, {
      quantity: 60,
      lotNumber: 'B-200',
      expiresOn: addDays(today, 400),
      supplier: 'Farm & Co',
      price: 48.5,
    });
    const sooner = await addStock(wormer.id, { quantity: 27.25, lotNumber: 'A-100', expiresOn: today });
    const expired = await addStock(wormer.id, {
      quantity: 12,
      lotNumber: 'Z-1',
      expiresOn: addDays(today, -1),
      receivedOn: addDays(today, -300),
    });
    const noExpiry = await addStock(wormer.id, { quantity: 5 });
    expect(later).toMatchObject({
      medicineId: wormer.id,
      lotNumber: 'B-200',
      supplier: 'Farm & Co',
      price: 48.5,
      stock: 60,
      expired: false,
      receivedOn: today,
    });
    expect(sooner.expired).toBe(false); // usable on its last day
    expect(expired).toMatchObject({ expired: true, receivedOn: addDays(today, -300) });

    const shelf = (await cabinet()).find((one) => one.id === wormer.id)!;
    expect(shelf).toMatchObject({ inStock: 92.25, expiredStock: 12, lowStock: true });
    expect(shelf.lots.map((lot) => lot.id)).toEqual([expired.id, sooner.id, later.id, noExpiry.id]);

    // disposal and correction are movements: the stock follows, nothing edited in place
    await ok(await move(expired.id, { kind: 'disposed', quantity: 12, note: 'Expired' }), 201);
    await ok(await move(later.id, { kind: 'corrected', quantity: -10.5, note: 'Counted 49.5' }), 201);
    await ok(await move(noExpiry.id, { kind: 'corrected', quantity: 50 }), 201);
    const after = await medicine(wormer.id);
    expect(after).toMatchObject({ inStock: 131.75, expiredStock: 0, lowStock: false });
    // one medicine shows every lot, the empty one too; the cabinet only what is on the shelf
    expect(after.lots.map((lot) => [lot.lotNumber, lot.stock])).toEqual([
      ['Z-1', 0],
      ['A-100', 27.25],
      ['B-200', 49.5],
      [null, 55],
    ]);
    const listed = (await cabinet()).find((one) => one.id === wormer.id)!;
    expect(listed.lots.map((lot) => lot.lotNumber)).toEqual(['A-100', 'B-200', null]);

    // a lot's label and invoice change; its stock does not
    const edited = await ok<Lot>(
      await call(owner, 'PATCH', `/api/v1/medicine-lots/${later.id}`, {
        expiresOn: addDays(today, -2),
        price: 0,
      }),
    );
    expect(edited).toMatchObject({ lotNumber: 'B-200', price: 0, expired: true, stock: 49.5 });
    expect(
      await invalid(await call(owner, 'PATCH', `/api/v1/medicine-lots/${later.id}`, { quantity: 100 })),
    ).toHaveProperty('_');
    expect((await medicine(wormer.id)).expiredStock).toBe(49.5);

    // the lot's movements, newest first, by whom
    const page = await movements(later.id);
    expect(page.items.map((item) => [item.kind, item.quantity, item.note])).toEqual([
      ['corrected', -10.5, 'Counted 49.5'],
      ['received', 60, null],
    ]);
    expect(page.items[1]).toMatchObject({
      occurredOn: today,
      recordedBy: 'olive.owner@example.com',
      careEntryId: null,
    });
    expect(page.nextOffset).toBeNull();

    // the unit is the unit the stock is counted in: fixed once stock is recorded
    expect(
      await invalid(await call(owner, 'PATCH', `/api/v1/medicines/${wormer.id}`, { unit: 'cc' })),
    ).toHaveProperty('unit');
    const empty = await addMedicine({ name: 'Unit Change' });
    expect(
      (await ok<Medicine>(await call(owner, 'PATCH', `/api/v1/medicines/${empty.id}`, { unit: 'tablet' })))
        .unit,
    ).toBe('tablet');
  });

  it('never takes a lot below zero, and answers with what is left', async () => {
    const drench = await addMedicine({ name: 'Drench', unit: 'tablet' });
    const lot = await addStock(drench.id, { quantity: 12 });
    expect(await invalid(await move(lot.id, { kind: 'disposed', quantity: 12.5 }))).toEqual({
      quantity: ['Only 12 tablet(s) in stock'],
    });
    expect(await invalid(await move(lot.id, { kind: 'corrected', quantity: -13 }))).toEqual({
      quantity: ['Only 12 tablet(s) in stock'],
    });
    await ok(await move(lot.id, { kind: 'disposed', quantity: 12 }), 201);
    expect(await invalid(await move(lot.id, { kind: 'disposed', quantity: 1 }))).toEqual({
      quantity: ['None of this lot is in stock'],
    });
    // a disposal sent twice with one id: one disposal
    await ok(await move(lot.id, { kind: 'corrected', quantity: 4 }), 201);
    const id = crypto.randomUUID();
    await ok(await move(lot.id, { id, kind: 'disposed', quantity: 3 }), 201);
    const repeat = await ok<Movement>(await move(lot.id, { id, kind: 'disposed', quantity: 3 }), 200);
    expect(repeat).toMatchObject({ id, quantity: -3 });
    expect((await medicine(drench.id)).inStock).toBe(1);
    // a lot sent twice with one id: one lot
    const lotId = crypto.randomUUID();
    await addStock(drench.id, { id: lotId, quantity: 2 });
    expect((await addStock(drench.id, { id: lotId, quantity: 2 }, 200)).id).toBe(lotId);
    expect((await medicine(drench.id)).inStock).toBe(3);
  });

  it('lets only one of two takings of the last of a lot at once succeed', async () => {
    const vaccine = await addMedicine({ name: 'Last Bottle' });
    for (let round = 0; round < 3; round++) {
      const lot = await addStock(vaccine.id, { quantity: 10 });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => move(lot.id, { kind: 'disposed', quantity: 10 })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422]);
      expect((await movements(lot.id)).items).toHaveLength(2);
      const [row] = await queryRows<{ stock: string }>(
        t.db,
        sql`select sum(quantity)::text as stock from stock_movements where lot_id = ${lot.id}`,
      );
      expect(Number(row!.stock)).toBe(0);
    }
  });

  it('keeps each movement as written: a correction sets a count right, nothing edits one', async () => {
    const spray = await addMedicine({ name: 'Blu-Kote' });
    const lot = await addStock(spray.id, { quantity: 100 });
    const update = t.db.execute(sql`update stock_movements set quantity = 1000 where lot_id = ${lot.id}`);
    await expect(update).rejects.toThrow();
    // a treatment's movement (the next slice writes these): its entry deleted, the movement stays
    const pen = await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Pen' }), 201);
    const goat = await ok<{ id: string }>(
      await call(owner, 'POST', '/api/v1/animals', { name: 'Clover', groupIds: [pen.id] }),
      201,
    );
    const batch = await ok<{ entries: { id: string }[] }>(
      await call(owner, 'POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [goat.id],
        dateRecorded: today,
        medicationName: 'Blu-Kote',
        dosage: 2,
        dosageUnit: 'mL',
      }),
      201,
    );
    const entryId = batch.entries[0]!.id;
    await t.db
      .execute(sql`insert into stock_movements (id, farm_id, lot_id, kind, quantity, occurred_on, care_entry_id)
      select gen_random_uuid(), farm_id, id, 'used', -2, ${today}::date, ${entryId}::uuid
      from medicine_lots where id = ${lot.id}`);
    expect((await movements(lot.id)).items[0]).toMatchObject({ kind: 'used', careEntryId: entryId });
    await ok(await call(owner, 'DELETE', `/api/v1/care-entries/${entryId}`), 204);
    expect((await movements(lot.id)).items[0]).toMatchObject({
      kind: 'used',
      quantity: -2,
      careEntryId: null,
    });
    expect((await medicine(spray.id)).inStock).toBe(98);
  });

  it('lets a farm sitter see the cabinet and change nothing; a member manages it', async () => {
    const wormer = await addMedicine({ name: 'Sitter Wormer' });
    const lot = await addStock(wormer.id, { quantity: 30 });
    expect((await cabinet('', sitter)).map((one) => one.name)).toContain('Sitter Wormer');
    expect((await medicine(wormer.id, sitter)).inStock).toBe(30);
    expect((await call(sitter, 'GET', `/api/v1/medicine-lots/${lot.id}/movements`)).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/v1/medicines', { name: 'Sitter Own', unit: 'mL' }],
      ['PATCH', `/api/v1/medicines/${wormer.id}`, { notes: 'x' }],
      ['POST', `/api/v1/medicines/${wormer.id}/archive`],
      ['POST', `/api/v1/medicines/${wormer.id}/unarchive`],
      ['DELETE', `/api/v1/medicines/${wormer.id}`],
      ['POST', `/api/v1/medicines/${wormer.id}/lots`, { quantity: 5 }],
      ['PATCH', `/api/v1/medicine-lots/${lot.id}`, { supplier: 'x' }],
      ['POST', `/api/v1/medicine-lots/${lot.id}/movements`, { kind: 'disposed', quantity: 30 }],
    ];
    for (const [method, path, body] of writes)
      expect((await call(sitter, method, path, body)).status, `${method} ${path}`).toBe(403);
    expect(await medicine(wormer.id)).toMatchObject({ inStock: 30, notes: null, archivedAt: null });
    expect((await cabinet()).map((one) => one.name)).not.toContain('Sitter Own');
    // a member adds stock and throws some away; the movement says by whom
    await ok<Lot>(await call(member, 'POST', `/api/v1/medicines/${wormer.id}/lots`, { quantity: 5 }), 201);
    const disposed = await ok<Movement>(await move(lot.id, { kind: 'disposed', quantity: 1 }, member), 201);
    expect(disposed.recordedBy).toBe('Mia');
    expect((await medicine(wormer.id)).inStock).toBe(34);
  });

  it("answers another farm 404 for the farm's medicines and lots, and writes nothing", async () => {
    const wormer = await addMedicine({ name: 'Private Wormer' });
    const lot = await addStock(wormer.id, { quantity: 40 });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/medicines/${wormer.id}`],
      ['PATCH', `/api/v1/medicines/${wormer.id}`, { notes: 'mine now' }],
      ['POST', `/api/v1/medicines/${wormer.id}/archive`],
      ['POST', `/api/v1/medicines/${wormer.id}/unarchive`],
      ['DELETE', `/api/v1/medicines/${wormer.id}`],
      ['POST', `/api/v1/medicines/${wormer.id}/lots`, { quantity: 5 }],
      ['PATCH', `/api/v1/medicine-lots/${lot.id}`, { supplier: 'x' }],
      ['POST', `/api/v1/medicine-lots/${lot.id}/movements`, { kind: 'disposed', quantity: 40 }],
      ['GET', `/api/v1/medicine-lots/${lot.id}/movements`],
      // a medicine id where a lot id goes, and the other way round
      ['GET', `/api/v1/medicine-lots/${wormer.id}/movements`],
      ['GET', `/api/v1/medicines/${lot.id}`],
    ];
    for (const [method, path, body] of attempts)
      expect((await call(other, method, path, body)).status, `${method} ${path}`).toBe(404);
    expect(await cabinet('', other)).toEqual([]);
    // the same name in another cabinet is another medicine; the same client id too (decision 0013)
    const theirs = await addMedicine({ id: wormer.id, name: 'Private Wormer' }, other);
    expect(theirs).toMatchObject({ id: wormer.id, inStock: 0, lots: [] });
    expect(await medicine(wormer.id)).toMatchObject({ inStock: 40, notes: null });
  });

  it('refuses bad input with a 422 naming the field, and writes nothing', async () => {
    const stored = await addMedicine({ name: 'Strict Wormer' });
    const lot = await addStock(stored.id, { quantity: 10 });
    const medicines: [Record<string, unknown>, string[]][] = [
      [{ unit: 'mL' }, ['name']],
      [{ name: ' ', unit: 'mL' }, ['name']],
      [{ name: 'x'.repeat(101), unit: 'mL' }, ['name']],
      [{ name: 'Bad', unit: 'bucket' }, ['unit']],
      [{ name: 'Bad' }, ['unit']],
      [{ name: 'Bad', unit: 'mL', route: 'nasal' }, ['route']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'by-weight', amount: 1 } }, ['dose.perWeight']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'by-weight', amount: 1, perWeight: 0 } }, ['dose.perWeight']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'fixed' } }, ['dose.amount']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'fixed', amount: -2 } }, ['dose.amount']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'fixed', amount: 2, perWeight: 10 } }, ['dose']],
      [{ name: 'Bad', unit: 'mL', dose: { kind: 'sometimes', amount: 2 } }, ['dose.kind']],
      [
        { name: 'Bad', unit: 'mL', dose: { kind: 'by-weight', amount: 1, perWeight: 10, weightUnit: 'st' } },
        ['dose.weightUnit'],
      ],
      [{ name: 'Bad', unit: 'mL', meatWithdrawalDays: -1 }, ['meatWithdrawalDays']],
      [{ name: 'Bad', unit: 'mL', eggWithdrawalDays: 1.5 }, ['eggWithdrawalDays']],
      [{ name: 'Bad', unit: 'mL', schedule: { initialDoses: 2 } }, ['schedule.daysApart']],
      [{ name: 'Bad', unit: 'mL', schedule: { initialDoses: 1 } }, ['schedule.boosterMonths']],
      [
        { name: 'Bad', unit: 'mL', schedule: { initialDoses: 1, daysApart: 7, boosterMonths: 6 } },
        ['schedule.daysApart'],
      ],
      [{ name: 'Bad', unit: 'mL', schedule: { initialDoses: 11, daysApart: 7 } }, ['schedule.initialDoses']],
      [{ name: 'Bad', unit: 'mL', lowStockLevel: 0 }, ['lowStockLevel']],
      [{ name: 'Bad', unit: 'mL', notes: 'bad \u0000 text' }, ['notes']],
      [{ name: 'Bad', unit: 'mL', farmId: crypto.randomUUID() }, ['_']],
    ];
    for (const [body, fields] of medicines)
      expect(
        Object.keys(await invalid(await call(owner, 'POST', '/api/v1/medicines', body))),
        JSON.stringify(body),
      ).toEqual(fields);
    expect((await cabinet()).map((one) => one.name)).not.toContain('Bad');

    const lots: [Record<string, unknown>, string[]][] = [
      [{}, ['quantity']],
      [{ quantity: 0 }, ['quantity']],
      [{ quantity: -5 }, ['quantity']],
      [{ quantity: 1_000_000.001 }, ['quantity']],
      [{ quantity: 0.0005 }, ['quantity']],
      [{ quantity: '5' }, ['quantity']],
      [{ quantity: 5, price: -1 }, ['price']],
      [{ quantity: 5, price: 1.005 }, ['price']],
      [{ quantity: 5, expiresOn: '2100-01-01' }, ['expiresOn']],
      [{ quantity: 5, expiresOn: '2026-02-30' }, ['expiresOn']],
      [{ quantity: 5, receivedOn: addDays(today, 1) }, ['receivedOn']],
      [{ quantity: 5, lotNumber: 'x'.repeat(61) }, ['lotNumber']],
    ];
    for (const [body, fields] of lots)
      expect(
        Object.keys(await invalid(await call(owner, 'POST', `/api/v1/medicines/${stored.id}/lots`, body))),
        JSON.stringify(body),
      ).toEqual(fields);
    const moves: [Record<string, unknown>, string[]][] = [
      [{ kind: 'disposed', quantity: -1 }, ['quantity']],
      [{ kind: 'disposed' }, ['quantity']],
      [{ kind: 'corrected', quantity: 0 }, ['quantity']],
      [{ kind: 'used', quantity: 1 }, ['kind']],
      [{ kind: 'received', quantity: 1 }, ['kind']],
      [{ kind: 'disposed', quantity: 1, occurredOn: addDays(today, 1) }, ['occurredOn']],
    ];
    for (const [body, fields] of moves)
      expect(Object.keys(await invalid(await move(lot.id, body))), JSON.stringify(body)).toEqual(fields);
    expect((await call(owner, 'GET', '/api/v1/medicines?archived=maybe')).status).toBe(422);
    expect((await call(owner, 'GET', `/api/v1/medicine-lots/${lot.id}/movements?offset=-1`)).status).toBe(
      422,
    );
    expect((await call(owner, 'GET', '/api/v1/medicines/not-an-id')).status).toBe(404);
    expect(
      (await call(owner, 'POST', `/api/v1/medicines/${crypto.randomUUID()}/lots`, { quantity: 1 })).status,
    ).toBe(404);
    const after = await medicine(stored.id);
    expect(after).toMatchObject({ inStock: 10 });
    expect(after.lots).toHaveLength(1);
    expect((await movements(lot.id)).items).toHaveLength(1);
  });

  it('answers the cabinet and a lot’s movements in one statement, whatever they hold', async () => {
    const { cookie } = await t.signUpAndConfirm('counting@example.com', password);
    const count = async (path: string) => {
      await ok(await call(cookie, 'GET', path)); // the farm's today, remembered for a few seconds
      return (await t.computedStatementsOf(async () => ok(await call(cookie, 'GET', path)))).length;
    };
    const mine = async (body: Record<string, unknown>) =>
      ok<Medicine>(await call(cookie, 'POST', '/api/v1/medicines', { unit: 'mL', ...body }), 201);
    const first = await mine({ name: 'Only One' });
    const firstLot = await ok<Lot>(
      await call(cookie, 'POST', `/api/v1/medicines/${first.id}/lots`, { quantity: 5 }),
      201,
    );
    const small = [
      await count('/api/v1/medicines'),
      await count(`/api/v1/medicine-lots/${firstLot.id}/movements`),
    ];

    // 30 medicines of 3 lots each, and 150 movements on one lot: a second page
    const farmId = (await ok<{ current: string }>(await call(cookie, 'GET', '/api/v1/farms'))).current;
    await t.db.execute(sql`insert into medicines (farm_id, id, name, unit, low_stock_level)
      select ${farmId}, gen_random_uuid(), 'Bulk ' || n, 'mL', 10 from generate_series(1, 30) n`);
    await t.db.execute(sql`insert into medicine_lots (farm_id, id, medicine_id, expires_on)
      select m.farm_id, gen_random_uuid(), m.id, current_date + (n * 100 - 150)
      from medicines m, generate_series(1, 3) n where m.farm_id = ${farmId}`);
    await t.db.execute(sql`insert into stock_movements (farm_id, id, lot_id, kind, quantity, occurred_on)
      select l.farm_id, gen_random_uuid(), l.id, 'received', 20, current_date
      from medicine_lots l where l.farm_id = ${farmId} and l.id <> ${firstLot.id}`);
    await t.db.execute(sql`insert into stock_movements (farm_id, id, lot_id, kind, quantity, occurred_on)
      select ${farmId}, gen_random_uuid(), ${firstLot.id}, 'corrected', 1, current_date - n
      from generate_series(1, 150) n`);
    const large = [
      await count('/api/v1/medicines'),
      await count(`/api/v1/medicine-lots/${firstLot.id}/movements`),
    ];
    expect(small).toEqual([1, 1]);
    expect(large).toEqual([1, 1]);
    expect(await count('/api/v1/medicines?archived=true')).toBe(1);

    const shelf = await ok<Medicine[]>(await call(cookie, 'GET', '/api/v1/medicines'));
    expect(shelf).toHaveLength(31);
    // natural order: 'Bulk 2' before 'Bulk 10'
    expect(shelf.slice(0, 3).map((one) => one.name)).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3']);
    // lots expiring 50 days ago, in 50 days, in 150 days: one expired, two in stock
    expect(shelf[0]).toMatchObject({ inStock: 40, expiredStock: 20, lowStock: false });
    const pages = await ok<Page<Movement>>(
      await call(cookie, 'GET', `/api/v1/medicine-lots/${firstLot.id}/movements`),
    );
    expect(pages.items).toHaveLength(pageSize);
    expect(pages.nextOffset).toBe(pageSize);
    const last = Math.floor(151 / pageSize) * pageSize; // 151 movements: the lot's receipt and 150
    const rest = await ok<Page<Movement>>(
      await call(cookie, 'GET', `/api/v1/medicine-lots/${firstLot.id}/movements?offset=${last}`),
    );
    expect(rest.items).toHaveLength(151 - last);
    expect(rest.nextOffset).toBeNull();
    expect(rest.items.at(-1)!.kind).toBe('corrected'); // the oldest: 150 days ago
  });
});
