// The cabinet's warnings (issue 27 item 5, decision 0042), through HTTP on both databases: lots
// holding stock that expire within 30 days or expired already, and medicines below their level,
// archived ones and empty lots apart; 'Dismiss' hides one (a lot dismissed while expiring warns
// again once expired; low stock again once stock is received after the dismissal); a Farm Sitter
// reads and cannot dismiss; another farm's ids are 404s; the list is one statement.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { warningText } from '../../../shared/medicines/warning-text';
import type { MedicineWarning } from '../../../shared/schemas/medicine-warnings';
import type { Lot, Medicine } from '../../../shared/schemas/medicines';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('medicine cabinet warnings on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let sitter: string;
  let today: string;
  const password = 'correct horse battery';

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, { cookie, method, body });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const addMedicine = async (body: Record<string, unknown>, as = owner) =>
    ok<Medicine>(await call(as, 'POST', '/api/v1/medicines', { unit: 'mL', ...body }), 201);
  const addStock = async (medicineId: string, body: Record<string, unknown>, as = owner) =>
    ok<Lot>(await call(as, 'POST', `/api/v1/medicines/${medicineId}/lots`, body), 201);
  const warnings = async (as = owner) =>
    ok<MedicineWarning[]>(await call(as, 'GET', '/api/v1/medicine-warnings'));
  const texts = async (as = owner) => (await warnings(as)).map(warningText);
  const dismissExpiry = (lotId: string, as = owner) =>
    call(as, 'POST', `/api/v1/medicine-lots/${lotId}/dismiss-expiry`);
  const dismissLowStock = (medicineId: string, as = owner) =>
    call(as, 'POST', `/api/v1/medicines/${medicineId}/dismiss-low-stock`);

  let wormer: Medicine;
  let soon: Lot;
  let old: Lot;
  let spray: Medicine;

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('wendy.warned@example.com', password)).cookie;
    other = (await t.signUpAndConfirm('oscar.other@example.com', password)).cookie;
    const profile = await ok<{ timeZone: string }>(await call(owner, 'GET', '/api/v1/profile'));
    today = dateInZone(new Date(), profile.timeZone);
    await ok(
      await call(owner, 'POST', '/api/v1/farm/invitations', {
        email: 'sid.sitter@example.com',
        role: 'sitter',
      }),
      201,
    );
    const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo('sid.sitter@example.com'))![1]!;
    const signUp = await t.request(`/api/public/invitations/${token}/sign-up`, {
      body: { name: 'Sid', password },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    sitter = t.cookieFrom(
      await t.request('/api/auth/sign-in/email', { body: { email: 'sid.sitter@example.com', password } }),
    );

    wormer = await addMedicine({ name: 'Ivermectin', lowStockLevel: 10 });
    soon = await addStock(wormer.id, { quantity: 40, lotNumber: 'A12', expiresOn: addDays(today, 10) });
    old = await addStock(wormer.id, { quantity: 20, lotNumber: 'B7', expiresOn: addDays(today, -3) });
    // not warned of: expiring after the window, no expiry, and an expired lot used up
    await addStock(wormer.id, { quantity: 5, lotNumber: 'C1', expiresOn: addDays(today, 31) });
    await addStock(wormer.id, { quantity: 5, lotNumber: 'D4' });
    const empty = await addStock(wormer.id, { quantity: 5, lotNumber: 'E5', expiresOn: addDays(today, -1) });
    await ok(
      await call(owner, 'POST', `/api/v1/medicine-lots/${empty.id}/movements`, {
        kind: 'disposed',
        quantity: 5,
      }),
      201,
    );
    // in hand 40 + 5 + 5 = 50 (the expired 20 does not count): below 60
    spray = await addMedicine({ name: 'Blu-Kote', lowStockLevel: 60 });
    await addStock(spray.id, { quantity: 50, expiresOn: addDays(today, 30) });
    // archived: none of its warnings
    const gone = await addMedicine({ name: 'Old Wormer', lowStockLevel: 100 });
    await addStock(gone.id, { quantity: 1, expiresOn: addDays(today, 1) });
    await ok(await call(owner, 'POST', `/api/v1/medicines/${gone.id}/archive`));
    // a medicine with a level and no stock at all is low
    await addMedicine({ name: 'Penicillin', lowStockLevel: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('warns of expired and expiring lots that hold stock, then of low stock, in that order', async () => {
    const list = await warnings();
    expect(
      list.map((warning) => [warning.kind, warning.medicineName, warning.lotNumber, warning.stock]),
    ).toEqual([
      ['expired', 'Ivermectin', 'B7', 20],
      ['expiring', 'Ivermectin', 'A12', 40],
      ['expiring', 'Blu-Kote', null, 50],
      ['low-stock', 'Blu-Kote', null, 50],
      ['low-stock', 'Penicillin', null, 0],
    ]);
    expect(list[1]).toMatchObject({
      lotId: soon.id,
      medicineId: wormer.id,
      expiresOn: addDays(today, 10),
      unit: 'mL',
    });
    expect(list[3]).toMatchObject({ medicineId: spray.id, lotId: null, expiresOn: null, lowStockLevel: 60 });
    const words = list.map(warningText);
    expect(words[1]).toMatch(/^Ivermectin lot A12 expires [A-Z][a-z]{2} \d{1,2}$/);
    expect(words[0]).toMatch(/^Ivermectin lot B7 expired [A-Z][a-z]{2} \d{1,2}, \d{4} \(20 mL left\)$/);
    expect(words[2]).toMatch(/^Blu-Kote \(50 mL\) expires /);
    expect(words[3]).toBe('Blu-Kote: low stock, 50 mL left');
    // everyone on the farm reads them; another farm has none
    expect(await warnings(sitter)).toEqual(list);
    expect(await warnings(other)).toEqual([]);
  });

  it('lists them in one statement', async () => {
    await warnings(); // the farm's today, remembered for a few seconds
    const statements = await t.computedStatementsOf(() => warnings());
    expect(statements).toHaveLength(1);
  });

  it('a farm sitter cannot dismiss, and another farm’s ids are 404s', async () => {
    expect((await dismissExpiry(soon.id, sitter)).status).toBe(403);
    expect((await dismissLowStock(spray.id, sitter)).status).toBe(403);
    expect((await dismissExpiry(soon.id, other)).status).toBe(404);
    expect((await dismissLowStock(spray.id, other)).status).toBe(404);
    // a lot's id is not a medicine's
    expect((await dismissLowStock(soon.id)).status).toBe(404);
    expect((await dismissExpiry(crypto.randomUUID())).status).toBe(404);
    expect((await dismissExpiry('not-an-id')).status).toBe(404);
    expect(await warnings()).toHaveLength(5);
  });

  it('dismissing hides a lot’s expiry; it warns again once it has expired', async () => {
    expect((await dismissExpiry(soon.id)).status).toBe(204);
    expect(await texts()).not.toContainEqual(expect.stringContaining('lot A12'));
    expect((await dismissExpiry(old.id)).status).toBe(204);
    expect(await texts()).not.toContainEqual(expect.stringContaining('lot B7'));
    // A12 dismissed while it was expiring (the day before its expiry): once expired, it warns again
    await t.db.execute(sql`update medicine_lots set expires_on = ${addDays(today, -2)}::date,
      expiry_warning_dismissed_at = now() - interval '5 days' where id = ${soon.id}`);
    expect(
      (await warnings()).filter((warning) => warning.lotId === soon.id).map((warning) => warning.kind),
    ).toEqual(['expired']);
    expect((await dismissExpiry(soon.id)).status).toBe(204);
    expect((await warnings()).some((warning) => warning.lotId === soon.id)).toBe(false);
    // the dismissal is the lot's only: the other medicine's lot still warns
    expect(await texts()).toContainEqual(expect.stringMatching(/^Blu-Kote \(50 mL\) expires/));
  });

  it('dismissing hides low stock until stock is received after it', async () => {
    expect((await dismissLowStock(spray.id)).status).toBe(204);
    expect(await texts()).not.toContain('Blu-Kote: low stock, 50 mL left');
    // received, and still below the level: it warns again
    await addStock(spray.id, { quantity: 5, expiresOn: addDays(today, 200) });
    expect(await texts()).toContain('Blu-Kote: low stock, 55 mL left');
    expect((await dismissLowStock(spray.id)).status).toBe(204);
    expect(await texts()).not.toContainEqual(expect.stringContaining('Blu-Kote: low stock'));
    // disposing of some does not bring it back
    const [lot] = (await ok<Medicine>(await call(owner, 'GET', `/api/v1/medicines/${spray.id}`))).lots;
    await ok(
      await call(owner, 'POST', `/api/v1/medicine-lots/${lot!.id}/movements`, {
        kind: 'disposed',
        quantity: 1,
      }),
      201,
    );
    expect(await texts()).not.toContainEqual(expect.stringContaining('Blu-Kote: low stock'));
    // received up to the level: no warning whatever the dismissal
    await addStock(spray.id, { quantity: 100 });
    expect(await texts()).not.toContainEqual(expect.stringContaining('Blu-Kote: low stock'));
  });
});
