// Test support: a farm with something in every table, made through the HTTP API as a farmer
// would — profile, own species, two groups, animals (one with a photo, one in both groups, one
// the other's dam), a breeding with the farm's gestation, a shared health record, a calendar feed, an invitation, a daily email sent, an egg collection, Clover's milk,
// a medicine of the cabinet with a lot of stock, a disposal and its warnings dismissed, feed bought and a breeding fee,
// care entries with their reminders, a repeating reminder completed once, a known device, a pending reset link.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { addDays, dateInZone } from '../../shared/care/dates';
import { pushSubscriptionBody } from '../../../test/support/route-expectations';
import { appUrl, type TestApp } from '../../../test/support/test-app';
import { backupTableNames, queryRows, quoted } from './backup-tables';
import * as schema from '../db/schema';

export type SampleFarm = {
  email: string;
  password: string;
  cookie: string;
  farmId: string;
  animalIds: string[];
};

export async function createSampleFarm(t: TestApp, email: string, farmName: string): Promise<SampleFarm> {
  const { cookie, password } = await t.signUpAndConfirm(email);
  const today = dateInZone(new Date(), 'UTC');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await t.request(path, { method, cookie, body });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (response.status === 204 ? null : await response.json()) as { id: string };
  };
  // organic: its treatments carry the flag (decision 0040)
  await call('PATCH', '/api/v1/farm/settings', {
    farmName,
    weightUnit: 'kg',
    milkUnit: 'gal',
    organic: true,
    currency: 'GBP',
  });
  await call('PATCH', '/api/v1/profile', {
    ownerName: 'Ada Farmer',
    phone: '+44 20 7946 0000',
    location: 'Upper Field, Kent',
  });
  const llama = await call('POST', '/api/v1/species', { name: `Llama of ${farmName}` });
  const goats = await call('POST', '/api/v1/groups', {
    name: 'Goats',
    description: 'The browsers',
    color: '#16a34a',
  });
  const layers = await call('POST', '/api/v1/groups', { name: 'Layers', color: '#d97706' });
  const clover = await call('POST', '/api/v1/animals', {
    name: 'Clover',
    breed: 'Nubian',
    sex: 'female',
    birthDate: '2021-04-03',
    weight: 52.35,
    speciesId: llama.id,
    tagId: 'UK 123456',
    electronicId: '826 000012345678',
    dam: 'Bramble',
    groupIds: [goats.id, layers.id],
  });
  const pepper = await call('POST', '/api/v1/animals', {
    name: 'Pepper',
    weight: 0.01,
    damId: clover.id,
    groupIds: [layers.id],
  });
  // a breeding, its reminder, and the farm's gestation for Clover's species
  await call('POST', `/api/v1/animals/${clover.id}/breedings`, {
    bredOn: '2026-02-01',
    sire: 'Hired Buck',
    gestationDays: 345,
    note: 'Hand mated',
  });
  await call('POST', `/api/v1/animals/${clover.id}/record/share`); // a health record's share link
  await call('POST', '/api/v1/calendar-feed'); // the farm's calendar feed
  // an invitation still out, to a farm sitter with a last day
  await call('POST', '/api/v1/farm/invitations', {
    email: `sitter.${email}`,
    role: 'sitter',
    accessUntil: addDays(today, 14),
  });
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)]), 'clover.jpg');
  const upload = await t.app.request(`${appUrl}/api/v1/animals/${clover.id}/photo`, {
    method: 'PUT',
    headers: { origin: appUrl, cookie },
    body: form,
  });
  expect(upload.status).toBe(200);
  await call('POST', '/api/v1/care-entries', {
    type: 'medical',
    groupId: goats.id,
    animalIds: [clover.id],
    dateRecorded: '2026-01-15',
    medicationName: 'Dewormer "Ivomec"\nsecond line',
    dosage: 2.125,
    dosageUnit: 'mL',
    nextDueDate: addDays(today, 30),
  });
  await call('POST', '/api/v1/care-entries', {
    type: 'weight',
    dateRecorded: '2026-02-01',
    weights: [
      { animalId: clover.id, weightValue: 99999.99 },
      { animalId: pepper.id, weightValue: 0.01 },
    ],
    weightUnit: 'kg',
  });
  // a group batch's one reminder, covering both animals (reminder_animals)
  await call('POST', '/api/v1/care-entries', {
    type: 'medical',
    groupId: layers.id,
    animalIds: [clover.id, pepper.id],
    dateRecorded: '2026-02-01',
    medicationName: 'Coccidiostat',
    dosage: 1,
    dosageUnit: 'mL',
    nextDueDate: addDays(today, 14),
    // the evening dose (issue 29): a time of day goes out in exports and comes back
    nextDueTime: '18:00',
  });
  await call('POST', '/api/v1/care-entries', {
    type: 'note',
    animalIds: [pepper.id],
    dateRecorded: '2026-02-02',
    title: 'Limping',
    noteContent: 'Left fore — ünïcödé ✓ 🐐',
  });
  const feeding = await call('POST', '/api/v1/reminders', {
    title: 'Feed the goats',
    type: 'feeding',
    dueDate: addDays(today, 1),
    dueTime: '06:30',
    groupId: goats.id,
    repeatEvery: 2,
    repeatUnit: 'day',
  });
  await call('POST', `/api/v1/reminders/${feeding.id}/complete`, {});
  // the morning's eggs of the layers
  await call('POST', '/api/v1/egg-collections', {
    groupId: layers.id,
    eggs: 9,
    cracked: 1,
    note: 'Nest box 2',
  });
  // Clover's morning milk, in litres on a farm that weighs in kg
  await call('POST', '/api/v1/milk-records', {
    milking: 'morning',
    unit: 'L',
    groupId: goats.id,
    records: [{ animalId: clover.id, amount: 2.75, discarded: 0.5, note: 'Left half hard' }],
  });
  // the cabinet: a wormer dosed by weight, a lot of it, and a little thrown away
  const wormer = await call('POST', '/api/v1/medicines', {
    name: 'Cydectin',
    activeIngredient: 'Moxidectin',
    unit: 'mL',
    route: 'pour-on',
    dose: { kind: 'by-weight', amount: 1, perWeight: 10, maxDose: 25 },
    meatWithdrawalDays: 14,
    milkWithdrawalDays: 0,
    schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
    lowStockLevel: 50,
  });
  const lot = await call('POST', `/api/v1/medicines/${wormer.id}/lots`, {
    quantity: 250,
    lotNumber: 'LOT-2291',
    expiresOn: '2027-03-31',
    supplier: 'Farm & Co',
    price: 48.5,
  });
  await call('POST', `/api/v1/medicine-lots/${lot.id}/movements`, {
    kind: 'disposed',
    quantity: 5,
    note: 'Spilled',
  });
  // a treatment from the cabinet, dosed by weight: each animal's dose, taken from the lot (decision 0041)
  await call('POST', '/api/v1/care-entries', {
    type: 'medical',
    groupId: goats.id,
    animalIds: [clover.id, pepper.id],
    doses: [
      { animalId: clover.id, dosage: 6.5 },
      { animalId: pepper.id, dosage: 0.125 },
    ],
    dateRecorded: today,
    medicationName: 'Cydectin',
    dosageUnit: 'mL',
    medicineId: wormer.id,
    lotId: lot.id,
  });
  // its warnings dismissed, so that a copy keeps them dismissed
  await call('POST', `/api/v1/medicine-lots/${lot.id}/dismiss-expiry`);
  await call('POST', `/api/v1/medicines/${wormer.id}/dismiss-low-stock`);
  // a goat sold with its price: out of its group, which it remembers (decision 0043)
  const hazel = await call('POST', '/api/v1/animals', { name: 'Hazel', groupIds: [goats.id] });
  await call('POST', `/api/v1/animals/${hazel.id}/exit`, {
    kind: 'sold',
    date: today,
    note: 'To the Millers — “good milker”',
    price: 1250.75,
  });
  // the farm's money: feed bought for the goats, and a breeding fee one of them earned
  await call('POST', '/api/v1/money', {
    kind: 'expense',
    amount: 42.5,
    category: 'Feed',
    groupId: goats.id,
    quantity: 4,
    quantityUnit: 'bags, 50 lb',
    note: 'Goat ration',
  });
  await call('POST', '/api/v1/money', {
    kind: 'income',
    amount: 75,
    category: 'Breeding fee',
    animalId: clover.id,
  });
  // the daily reminder email, sent on a morning three weeks on (the farm is on UTC)
  await call('PUT', '/api/v1/daily-email', { enabled: true });
  expect(await t.dailyEmail.run(new Date(`${addDays(today, 20)}T08:00:00Z`))).toBe(1);
  // a device with notifications on (Web Push), and the run's claim of a morning: one that came
  // too late to send (23:00, the server down since 07:00), so nothing goes out of the test
  await call('POST', '/api/v1/notifications/devices', pushSubscriptionBody('Pixel 8 · Chrome'));
  expect(await t.notifications.run(new Date(`${addDays(today, 20)}T23:00:00Z`))).toBe(0);
  // a device the account knows: a sign-in with the password from a second browser
  const signIn = await t.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(signIn.status).toBe(200);
  const reset = await t.request('/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
  });
  expect(reset.status).toBe(200);
  const farmId = await farmIdOf(t, email);
  return { email, password, cookie, farmId, animalIds: [clover.id, pepper.id] };
}

export async function farmIdOf(t: Pick<TestApp, 'db'>, email: string): Promise<string> {
  const [row] = await queryRows<{ farm_id: string }>(
    t.db,
    sql`select m.farm_id from farm_members m join "user" u on u.id = m.user_id where u.email = ${email}`,
  );
  return row!.farm_id;
}

/** Every table's rows as PostgreSQL prints them, sorted: equal means identical data. */
export async function allRows(db: TestApp['db']): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const name of backupTableNames) {
    const lines = await queryRows<{ line: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as line from ${quoted(name)} t`),
    );
    rows[name] = lines.map((row) => row.line).sort();
  }
  return rows;
}

/** Every pgTable that schema.ts exports, by name. */
export const schemaTableNames = (Object.values(schema) as unknown[])
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();
