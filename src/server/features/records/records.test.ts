// Health record (issue 11): the farm's record of one animal, and its share link — 256 random bits
// stored hashed, shown once, read-only, revocable, noindex, no cookie needed, rate limited — from
// which neither another animal, the farm's other records nor the owner's account can be reached.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/care/dates';
import type { MilkUnit } from '../../../shared/schemas/milk';
import type { HealthRecord, RecordShareLink } from '../../../shared/schemas/records';
import { convertMilk, roundMilk } from '../../../shared/units/milk';
import { queryRows } from '../../db/sql-text';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { sharedRecordLimit } from './records.routes';

describe.each(backends)('health record on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let pen: string;
  let clover: string;
  let secretGoat: string;
  const email = 'record-owner@example.com';

  const send = (
    path: string,
    body?: unknown,
    method = body ? 'POST' : 'GET',
    as: string | undefined = cookie,
  ) => t.request(path, { cookie: as, body, method });
  const anonymous = (path: string, headers: Record<string, string> = {}) =>
    t.app.request(`${appUrl}${path}`, { headers });
  const share = async (animalId: string) => {
    const response = await send(`/api/v1/animals/${animalId}/record/share`, undefined, 'POST');
    expect(response.status).toBe(201);
    return (await response.json()) as RecordShareLink;
  };
  const tokenOf = (link: RecordShareLink) => link.url.split('/record/')[1]!;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm(email));
    ({ cookie: other } = await t.signUpAndConfirm('record-other@example.com'));
    await send('/api/v1/farm/settings', { farmName: 'Hollow Farm', weightUnit: 'kg' }, 'PATCH');
    await send('/api/v1/profile', { ownerName: 'Olive Grant' }, 'PATCH');
    pen = (await (await send('/api/v1/groups', { name: 'Private Pen' })).json()).id;
    clover = (
      await (
        await send('/api/v1/animals', {
          name: 'Clover',
          breed: 'Nubian',
          sex: 'female',
          birthDate: '2024-03-01',
          tagId: 'UK-77',
          electronicId: '826 012345678901',
          dam: 'Bramble',
          sire: 'Duke',
          groupIds: [pen],
        })
      ).json()
    ).id;
    secretGoat = (await (await send('/api/v1/animals', { name: 'Hidden Hector', groupIds: [pen] })).json())
      .id;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)]), 'clover.jpg');
    const upload = await t.app.request(`${appUrl}/api/v1/animals/${clover}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: form,
    });
    expect(upload.status).toBe(200);
    for (const body of [
      { type: 'weight', dateRecorded: '2026-01-01', weights: [{ animalId: clover, weightValue: 40 }] },
      { type: 'weight', dateRecorded: '2026-02-01', weights: [{ animalId: clover, weightValue: 43.5 }] },
      {
        type: 'medical',
        animalIds: [clover],
        dateRecorded: '2026-02-10',
        medicationName: 'Penicillin',
        dosage: 5,
        dosageUnit: 'mL',
        route: 'injection',
        lotNumber: 'LOT-9',
        givenBy: 'Dr. Vet',
        meatWithdrawalDays: 10,
        milkWithdrawalDays: 4,
      },
      {
        type: 'note',
        animalIds: [clover],
        dateRecorded: '2026-02-11',
        title: 'Limping',
        noteContent: 'Left hind',
      },
      {
        type: 'note',
        animalIds: [secretGoat],
        dateRecorded: '2026-02-11',
        title: 'Hector secret',
        noteContent: '.',
      },
    ])
      expect((await send('/api/v1/care-entries', body)).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the farm's record: identity, weighings, medicines with their record, notes", async () => {
    const response = await send(`/api/v1/animals/${clover}/record`);
    expect(response.status).toBe(200);
    const record = (await response.json()) as HealthRecord;
    expect(record.animal).toMatchObject({
      name: 'Clover',
      breed: 'Nubian',
      sex: 'female',
      birthDate: '2024-03-01',
      tagId: 'UK-77',
      electronicId: '826012345678901',
      dam: 'Bramble',
      sire: 'Duke',
    });
    expect(record.animal.photoUrl).toMatch(new RegExp(`^/api/v1/animals/${clover}/photo\\?v=`));
    expect(record.weightUnit).toBe('kg');
    expect(record.weights.map((point) => point.weightValue)).toEqual([40, 43.5]);
    expect(record.medications).toHaveLength(1);
    expect(record.medications[0]).toMatchObject({
      medicationName: 'Penicillin',
      dosage: 5,
      dosageUnit: 'mL',
      route: 'injection',
      lotNumber: 'LOT-9',
      givenBy: 'Dr. Vet',
      meatWithdrawalDays: 10,
      milkWithdrawalDays: 4,
      eggWithdrawalDays: null,
    });
    expect(record.notes.map((note) => note.title)).toEqual(['Limping']);
    expect((await send(`/api/v1/animals/${clover}/record`, undefined, 'GET', other)).status).toBe(404);
  });

  it("gives a doe's milk per lactation in the farm's milk unit, on the farm's record and the shared one", async () => {
    expect((await send('/api/v1/farm/settings', { milkUnit: 'L' }, 'PATCH')).status).toBe(200);
    const maple = (
      await (await send('/api/v1/animals', { name: 'Maple', sex: 'female', groupIds: [pen] })).json()
    ).id;
    const milked = async (milkedOn: string, milking: string, unit: string, amount: number, discarded = 0) =>
      expect(
        (
          await send('/api/v1/milk-records', {
            milkedOn,
            milking,
            unit,
            records: [{ animalId: maple, amount, discarded }],
          })
        ).status,
      ).toBe(201);
    // before her first recorded birth; her first kidding (Record Birth); her second (a kid added by hand)
    await milked('2025-02-20', 'morning', 'L', 2);
    await milked('2025-02-20', 'evening', 'L', 1);
    expect(
      (
        await send(`/api/v1/animals/${maple}/births`, {
          bornOn: '2025-03-01',
          offspring: [{ name: 'Maple Kid' }],
        })
      ).status,
    ).toBe(201);
    await milked('2025-03-05', 'once', 'L', 3, 1);
    await milked('2025-03-06', 'once', 'kg', 2.5);
    const kid = { name: 'Maple Second', damId: maple, birthDate: '2026-03-01', groupIds: [pen] };
    expect((await send('/api/v1/animals', kid)).status).toBe(201);
    await milked('2026-03-03', 'morning', 'lbs', 4);

    const record = (await (await send(`/api/v1/animals/${maple}/record`)).json()) as HealthRecord;
    const litres = (amount: number, unit: MilkUnit) => convertMilk(amount, unit, 'L');
    const second = roundMilk(3 + litres(2.5, 'kg'));
    expect(record.milk).toEqual({
      unit: 'L',
      lactations: [
        {
          from: null,
          to: '2025-02-28',
          firstMilked: '2025-02-20',
          lastMilked: '2025-02-20',
          days: 1,
          amount: 3,
          saleable: 3,
          discarded: 0,
        },
        {
          from: '2025-03-01',
          to: '2026-02-28',
          firstMilked: '2025-03-05',
          lastMilked: '2025-03-06',
          days: 2,
          amount: second,
          saleable: roundMilk(second - 1),
          discarded: 1,
        },
        {
          from: '2026-03-01',
          to: null,
          firstMilked: '2026-03-03',
          lastMilked: '2026-03-03',
          days: 1,
          amount: roundMilk(litres(4, 'lbs')),
          saleable: roundMilk(litres(4, 'lbs')),
          discarded: 0,
        },
      ],
    });
    const token = tokenOf(await share(maple));
    expect(((await (await anonymous(`/api/public/records/${token}`)).json()) as HealthRecord).milk).toEqual(
      record.milk,
    );
    // an animal never milked has no milk section
    expect(((await (await send(`/api/v1/animals/${clover}/record`)).json()) as HealthRecord).milk).toBeNull();
    expect((await send('/api/v1/farm/settings', { milkUnit: 'lbs' }, 'PATCH')).status).toBe(200);
  });

  it("heads the record with the farm, its owner's name and email, and the withdrawals running today", async () => {
    const daisy = (await (await send('/api/v1/animals', { name: 'Daisy', groupIds: [pen] })).json()).id;
    const before = (await (await send(`/api/v1/animals/${daisy}/record`)).json()) as HealthRecord;
    expect(before.farm).toEqual({ name: 'Hollow Farm', ownerName: 'Olive Grant', ownerEmail: email });
    expect(before.animal.withdrawal).toBeNull();
    const dosed = await send('/api/v1/care-entries', {
      type: 'medical',
      animalIds: [daisy],
      dateRecorded: before.today,
      medicationName: 'Oxytetracycline',
      dosage: 2,
      dosageUnit: 'mL',
      milkWithdrawalDays: 5,
    });
    expect(dosed.status).toBe(201);
    const record = (await (await send(`/api/v1/animals/${daisy}/record`)).json()) as HealthRecord;
    // the last days, as the animal's badges read them ('Not safe for milk until …' on the farm's today)
    expect(record.animal.withdrawal).toEqual({ meat: null, milk: addDays(record.today, 5), eggs: null });
    const withdrawing = (await (await send(`/api/v1/animals/${clover}/record`)).json()) as HealthRecord;
    expect(withdrawing.animal.withdrawal).toEqual({ meat: '2026-02-20', milk: '2026-02-14', eggs: null });
    expect((await send(`/api/v1/animals/${daisy}`, undefined, 'DELETE')).status).toBe(204);
  });

  it('shares it read-only through a link of 256 random bits, stored only as its hash', async () => {
    expect(await (await send(`/api/v1/animals/${clover}/record/share`)).json()).toEqual({
      sharedSince: null,
    });
    const link = await share(clover);
    expect(link.url.startsWith(`${appUrl}/record/`)).toBe(true);
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    const [stored] = await queryRows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from record_shares where animal_id = ${clover}`,
    );
    expect(stored?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await queryRows(t.db, sql`select * from record_shares`))).not.toContain(token);
    expect((await (await send(`/api/v1/animals/${clover}/record/share`)).json()).sharedSince).toBe(
      link.sharedSince,
    );

    const response = await anonymous(`/api/public/records/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const text = await response.text();
    const shared = JSON.parse(text) as HealthRecord;
    const own = (await (await send(`/api/v1/animals/${clover}/record`)).json()) as HealthRecord;
    expect({ ...shared, animal: { ...shared.animal, photoUrl: null } }).toEqual({
      ...own,
      animal: { ...own.animal, photoUrl: null },
    });
    expect(shared.animal.photoUrl).toMatch(new RegExp(`^/api/public/records/${token}/photo\\?v=`));
    const photo = await anonymous(shared.animal.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    // the farm and its owner head the record, as on paper; nothing else of the farm: no group, no other animal
    expect(shared.farm).toEqual({ name: 'Hollow Farm', ownerName: 'Olive Grant', ownerEmail: email });
    for (const secret of ['Private Pen', pen, 'Hidden Hector', secretGoat, 'Daisy'])
      expect(text).not.toContain(secret);
  });

  it('reaches nothing else: not another animal, not the farm’s API, not the account', async () => {
    const token = tokenOf(await share(clover));
    const attempts: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { cookie: `better-auth.session_token=${token}` },
      { cookie: `__Secure-better-auth.session_token=${token}` },
    ];
    for (const headers of attempts) {
      for (const path of [
        `/api/v1/animals/${secretGoat}`,
        '/api/v1/animals',
        `/api/v1/animals/${clover}/record`,
        '/api/v1/profile',
        '/api/v1/groups',
        '/api/v1/reminders',
      ])
        expect((await anonymous(path, headers)).status, `${path} with ${Object.keys(headers)[0]}`).toBe(401);
      expect((await anonymous('/api/auth/get-session', headers)).status).not.toBe(500);
      expect(await (await anonymous('/api/auth/get-session', headers)).text()).not.toContain(email);
    }
    // the link's record only, whatever is appended
    for (const path of [
      `/api/public/records/${token}?animalId=${secretGoat}`,
      `/api/public/records/${token}/../${secretGoat}`,
    ]) {
      const response = await anonymous(path);
      if (response.status === 200) expect(((await response.json()) as HealthRecord).animal.id).toBe(clover);
      else expect(response.status).toBe(404);
    }
    for (const bad of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      token.slice(0, 20),
      `${token}x`,
      secretGoat,
      'x'.repeat(43),
    ])
      expect((await anonymous(`/api/public/records/${bad}`)).status).toBe(404);
  });

  it('stops working when revoked, replaced, or when the animal is deleted', async () => {
    const first = tokenOf(await share(clover));
    const second = tokenOf(await share(clover));
    expect((await anonymous(`/api/public/records/${first}`)).status).toBe(404);
    expect((await anonymous(`/api/public/records/${second}`)).status).toBe(200);
    expect((await send(`/api/v1/animals/${clover}/record/share`, undefined, 'DELETE', other)).status).toBe(
      404,
    );
    expect((await anonymous(`/api/public/records/${second}`)).status).toBe(200);
    expect((await send(`/api/v1/animals/${clover}/record/share`, undefined, 'DELETE')).status).toBe(204);
    expect((await anonymous(`/api/public/records/${second}`)).status).toBe(404);
    expect((await anonymous(`/api/public/records/${second}/photo`)).status).toBe(404);
    expect(await (await send(`/api/v1/animals/${clover}/record/share`)).json()).toEqual({
      sharedSince: null,
    });

    const hector = tokenOf(await share(secretGoat));
    expect((await anonymous(`/api/public/records/${hector}`)).status).toBe(200);
    expect((await send(`/api/v1/animals/${secretGoat}`, undefined, 'DELETE')).status).toBe(204);
    expect((await anonymous(`/api/public/records/${hector}`)).status).toBe(404);
    expect((await send(`/api/v1/animals/${clover}/record/share`, undefined, 'POST', other)).status).toBe(404);
  });

  it('limits how often one address may open shared records', async () => {
    const token = tokenOf(await share(clover));
    const statuses: number[] = [];
    for (let i = 0; i <= sharedRecordLimit.max; i++)
      statuses.push((await anonymous(`/api/public/records/${token}`)).status);
    expect(statuses).toContain(429);
    const limited = await anonymous(`/api/public/records/${token}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
