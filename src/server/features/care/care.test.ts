import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { logPageSize, pageSize, reminderPageSize } from '../../../shared/schemas/care';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('care entries and reminders on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let group: { id: string };
  const herd: { id: string; name: string }[] = [];
  const today = () => dateInZone(new Date(), 'UTC');

  const post = (path: string, body: unknown, who = cookie) => t.request(path, { cookie: who, body });
  const get = async (path: string, who = cookie) => (await t.request(path, { cookie: who })).json();

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('carer@example.com'));
    group = await (await post('/api/v1/groups', { name: 'Goats' })).json();
    for (const name of ['Clover', 'Daisy', 'Pepper', 'Zinnia']) {
      herd.push(await (await post('/api/v1/animals', { name, weight: 50, groupIds: [group.id] })).json());
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records a medication for 3 of 4 animals as one batch with ONE reminder for the batch, shown as one log row', async () => {
    const nextDue = addDays(today(), 30);
    const response = await post('/api/v1/care-entries', {
      type: 'medical',
      groupId: group.id,
      animalIds: herd.slice(0, 3).map((animal) => animal.id),
      dateRecorded: today(),
      medicationName: 'Heartworm',
      dosage: 2,
      dosageUnit: 'mL',
      nextDueDate: nextDue,
    });
    expect(response.status).toBe(201);
    const { batchId, entries } = await response.json();
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((entry: { batchId: string }) => entry.batchId))).toEqual(new Set([batchId]));

    const log = await get(`/api/v1/groups/${group.id}/care-log`);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      batchId,
      type: 'medical',
      medicationName: 'Heartworm',
      dosage: 2,
      dosageUnit: 'mL',
    });
    expect(log.items[0].animals.map((animal: { name: string }) => animal.name)).toEqual([
      'Clover',
      'Daisy',
      'Pepper',
    ]);

    // one reminder for the batch, titled by the group, on each of its animals' pages (issue 9)
    const reminders = await get('/api/v1/reminders');
    expect(reminders.items).toHaveLength(1);
    expect(reminders.items[0]).toMatchObject({
      title: 'Heartworm Reminder - Goats',
      type: 'medical',
      dueDate: nextDue,
      groupId: group.id,
      animalCount: 3,
    });
    for (const animal of herd.slice(0, 3)) {
      const own = await get(`/api/v1/reminders?animalId=${animal.id}`);
      expect(own.items.map((reminder: { title: string }) => reminder.title)).toEqual([
        'Heartworm Reminder - Goats',
      ]);
    }
    // Zinnia is in the group but was not treated: not hers
    expect((await get(`/api/v1/reminders?animalId=${herd[3]!.id}`)).items).toHaveLength(0);
    expect((await get(`/api/v1/reminders?groupId=${group.id}`)).items).toHaveLength(1);

    // Done once completes it for all three
    const done = await post(`/api/v1/reminders/${reminders.items[0].id}/complete`, {});
    expect(done.status).toBe(200);
    for (const animal of herd.slice(0, 3)) {
      expect((await get(`/api/v1/reminders?animalId=${animal.id}`)).items).toHaveLength(0);
    }
  });

  it('gives one animal of a group batch SPEC’s own title; deleting a batch takes its reminder, one entry takes one animal', async () => {
    const nextDue = addDays(today(), 14);
    const one = await post('/api/v1/care-entries', {
      type: 'medical',
      groupId: group.id,
      animalIds: [herd[3]!.id],
      dateRecorded: today(),
      medicationName: 'Dewormer',
      dosage: 3,
      dosageUnit: 'mL',
      nextDueDate: nextDue,
    });
    expect(one.status).toBe(201);
    const zinnia = await get(`/api/v1/reminders?animalId=${herd[3]!.id}`);
    expect(
      zinnia.items.map((reminder: { title: string; animalCount: number | null }) => [
        reminder.title,
        reminder.animalCount,
      ]),
    ).toEqual([['Dewormer Reminder - Zinnia', null]]);

    const { entries } = await (
      await post('/api/v1/care-entries', {
        type: 'weight',
        groupId: group.id,
        weights: herd.slice(0, 2).map((animal) => ({ animalId: animal.id, weightValue: 52 })),
        dateRecorded: today(),
        nextDueDate: nextDue,
      })
    ).json();
    const weighIn = (await get(`/api/v1/reminders?groupId=${group.id}`)).items.find(
      (reminder: { title: string }) => reminder.title === 'Weight Check Reminder - Goats',
    );
    expect(weighIn.animalCount).toBe(2);
    // one animal's entry goes: the reminder keeps the other
    expect(
      (await t.request(`/api/v1/care-entries/${entries[0].id}`, { method: 'DELETE', cookie })).status,
    ).toBe(204);
    const after = await get(`/api/v1/reminders?groupId=${group.id}`);
    expect(after.items.find((reminder: { id: string }) => reminder.id === weighIn.id)?.animalCount).toBe(1);
    expect(
      (await get(`/api/v1/reminders?animalId=${entries[0].animalId}`)).items.some(
        (reminder: { id: string }) => reminder.id === weighIn.id,
      ),
    ).toBe(false);
    // the batch goes: its reminder goes
    expect(
      (await t.request(`/api/v1/care-entries/${entries[1].id}?scope=batch`, { method: 'DELETE', cookie }))
        .status,
    ).toBe(204);
    expect(
      (await get(`/api/v1/reminders?groupId=${group.id}`)).items.some(
        (reminder: { id: string }) => reminder.id === weighIn.id,
      ),
    ).toBe(false);
  });

  it('records a batch once however often it is retried', async () => {
    const batchId = randomUUID();
    const body = {
      type: 'note',
      batchId,
      animalIds: [herd[0]!.id],
      dateRecorded: today(),
      title: 'Hoof trim',
      noteContent: 'All four',
    };
    expect((await post('/api/v1/care-entries', body)).status).toBe(201);
    expect((await post('/api/v1/care-entries', body)).status).toBe(200);
    const history = await get(`/api/v1/animals/${herd[0]!.id}/care-entries`);
    expect(history.items.filter((entry: { batchId: string }) => entry.batchId === batchId)).toHaveLength(1);
  });

  it('answers 409 BATCH_CONFLICT, writing nothing, when a batch id is reused for other animals', async () => {
    const batchId = randomUUID();
    const body = (animalIds: string[]) => ({
      type: 'note',
      batchId,
      animalIds,
      dateRecorded: today(),
      title: 'Shearing',
      noteContent: 'Spring clip',
    });
    expect((await post('/api/v1/care-entries', body([herd[0]!.id]))).status).toBe(201);
    const clash = await post('/api/v1/care-entries', body([herd[0]!.id, herd[1]!.id]));
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.code).toBe('BATCH_CONFLICT');
    const history = await get(`/api/v1/animals/${herd[1]!.id}/care-entries`);
    expect(history.items.some((entry: { batchId: string }) => entry.batchId === batchId)).toBe(false);
  });

  it('reads its query strings leniently where it always did: an unknown scope is one entry, an empty filter is all', async () => {
    const { entries } = await (
      await post('/api/v1/care-entries', {
        type: 'note',
        animalIds: [herd[2]!.id, herd[3]!.id],
        dateRecorded: today(),
        title: 'Scope check',
        noteContent: 'Two animals',
      })
    ).json();
    const edited = await t.request(`/api/v1/care-entries/${entries[0].id}?scope=everything`, {
      method: 'PATCH',
      cookie,
      body: { title: 'Only this one' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).map((entry: { title: string }) => entry.title)).toEqual(['Only this one']);
    expect(
      (await t.request(`/api/v1/care-entries/${entries[0].id}?scope=`, { method: 'DELETE', cookie })).status,
    ).toBe(204);
    expect((await get(`/api/v1/care-entries/${entries[1].id}`)).title).toBe('Scope check');

    expect((await t.request('/api/v1/reminders?animalId=&groupId=', { cookie })).status).toBe(200);
    for (const query of ['animalId=not-an-id', 'groupId=123', `animalId=${herd[0]!.id}x`]) {
      const response = await t.request(`/api/v1/reminders?${query}`, { cookie });
      expect(response.status, query).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('keeps each animal’s weight at its latest recorded weight, through edits and deletes', async () => {
    const [clover, daisy] = herd;
    const weigh = async (date: string, weights: [string, number][]) =>
      (
        await post('/api/v1/care-entries', {
          type: 'weight',
          groupId: group.id,
          dateRecorded: date,
          weights: weights.map(([animalId, weightValue]) => ({ animalId, weightValue })),
          nextDueDate: addDays(today(), 7),
        })
      ).json();
    const recent = await weigh(today(), [
      [clover!.id, 61.25],
      [daisy!.id, 55.5],
    ]);
    const older = await weigh(addDays(today(), -10), [[clover!.id, 58]]);
    const weightOf = async (id: string) => {
      const animal = await get(`/api/v1/animals/${id}`);
      return [animal.weight, animal.weightUnit];
    };
    expect(await weightOf(clover!.id)).toEqual([61.25, 'lbs']); // the later date wins over the later entry
    expect(await weightOf(daisy!.id)).toEqual([55.5, 'lbs']);
    const reminders = await get(`/api/v1/reminders?animalId=${daisy!.id}`);
    expect(reminders.items.map((reminder: { title: string }) => reminder.title)).toContain(
      'Weight Check Reminder - Goats', // one for the group's weigh-in, shown on Daisy's page
    );

    const cloverRecent = recent.entries.find((entry: { animalId: string }) => entry.animalId === clover!.id);
    const moved = await t.request(`/api/v1/care-entries/${cloverRecent.id}`, {
      method: 'PATCH',
      cookie,
      body: { dateRecorded: addDays(today(), -20) },
    });
    expect(moved.status).toBe(200);
    expect(await weightOf(clover!.id)).toEqual([58, 'lbs']); // now the older entry is the latest

    const olderEntry = older.entries[0];
    expect(
      (await t.request(`/api/v1/care-entries/${olderEntry.id}`, { method: 'DELETE', cookie })).status,
    ).toBe(204);
    expect(await weightOf(clover!.id)).toEqual([61.25, 'lbs']);
    expect((await t.request(`/api/v1/care-entries/${olderEntry.id}`, { cookie })).status).toBe(404);
  });

  it('edits and deletes a whole batch from the group log', async () => {
    const { batchId, entries } = await (
      await post('/api/v1/care-entries', {
        type: 'note',
        groupId: group.id,
        animalIds: herd.map((animal) => animal.id),
        dateRecorded: today(),
        title: 'Moved pasture',
        noteContent: 'To the north field',
      })
    ).json();
    const edited = await t.request(`/api/v1/care-entries/${entries[0].id}?scope=batch`, {
      method: 'PATCH',
      cookie,
      body: { title: 'Moved to new pasture' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).map((entry: { title: string }) => entry.title)).toEqual(
      Array(4).fill('Moved to new pasture'),
    );
    expect(
      (
        await t.request(`/api/v1/care-entries/${entries[0].id}`, {
          method: 'PATCH',
          cookie,
          body: { dosage: 3 },
        })
      ).status,
    ).toBe(422);
    expect(
      (await t.request(`/api/v1/care-entries/${entries[1].id}?scope=batch`, { method: 'DELETE', cookie }))
        .status,
    ).toBe(204);
    const log = await get(`/api/v1/groups/${group.id}/care-log`);
    expect(log.items.some((row: { batchId: string }) => row.batchId === batchId)).toBe(false);
  });

  it('refuses bad entries with 422: no animals, a reminder in the past, wrong types, another farm’s animal', async () => {
    const base = {
      type: 'medical',
      dateRecorded: today(),
      medicationName: 'Heartworm',
      dosage: 2,
      dosageUnit: 'mL',
    };
    const cases: [unknown, string][] = [
      [{ ...base, animalIds: [] }, 'animalIds'],
      [{ ...base, animalIds: [herd[0]!.id], nextDueDate: addDays(today(), -1) }, 'nextDueDate'],
      [{ ...base, animalIds: [herd[0]!.id], dosage: 'two' }, 'dosage'],
      [{ ...base, animalIds: [herd[0]!.id], dateRecorded: '2026-13-01' }, 'dateRecorded'],
      [{ ...base, animalIds: [randomUUID()] }, 'animalIds'],
      [{ type: 'weight', dateRecorded: today(), weights: [] }, 'weights'],
      [
        { type: 'note', dateRecorded: today(), animalIds: [herd[0]!.id], title: '', noteContent: 'x' },
        'title',
      ],
      [{ type: 'surgery', dateRecorded: today(), animalIds: [herd[0]!.id] }, 'type'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/v1/care-entries', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await response.json()).error.fields).join(), field).toContain(field);
    }
  });

  it('writes a batch of 50 animals in one request, and nothing at all if it fails in the middle', async () => {
    const pen = await (await post('/api/v1/groups', { name: 'Broilers' })).json();
    const flock: string[] = [];
    for (let index = 0; index < 50; index++) {
      flock.push(
        (await (await post('/api/v1/animals', { name: `Bird ${index}`, groupIds: [pen.id] })).json()).id,
      );
    }
    const batch = (nextDueDate: string) => ({
      type: 'medical',
      groupId: pen.id,
      animalIds: flock,
      dateRecorded: today(),
      medicationName: 'Coccidiostat',
      dosage: 1,
      dosageUnit: 'mL',
      nextDueDate,
    });
    // Make the database fail on the batch reminder's 26th bird, after the entries and the
    // reminder itself are written.
    await t.db.execute(
      sql.raw(`
      create function paddock_test_fail() returns trigger language plpgsql as $$
      begin
        if (select name from animals where farm_id = new.farm_id and id = new.animal_id) = 'Bird 25' then
          raise exception 'disk full (test)';
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger paddock_test_fail before insert on reminder_animals for each row execute function paddock_test_fail()',
      ),
    );
    const failed = await post('/api/v1/care-entries', batch(addDays(today(), 3)));
    expect(failed.status).toBe(500);
    const log = await get(`/api/v1/groups/${pen.id}/care-log`);
    expect(log.items).toHaveLength(0);
    const reminders = await get(`/api/v1/reminders?groupId=${pen.id}`);
    expect(reminders.items).toHaveLength(0);

    await t.db.execute(sql.raw('drop trigger paddock_test_fail on reminder_animals'));
    await t.db.execute(sql.raw('drop function paddock_test_fail()'));
    const ok = await post('/api/v1/care-entries', batch(addDays(today(), 3)));
    expect(ok.status).toBe(201);
    expect((await ok.json()).entries).toHaveLength(50);
    const once = (await get(`/api/v1/reminders?groupId=${pen.id}`)).items;
    expect(once.map((reminder: { animalCount: number }) => reminder.animalCount)).toEqual([50]);
  });

  it('adds repeating reminders of one’s own; Done twice at once schedules exactly one next one', async () => {
    const created = await post('/api/v1/reminders', {
      title: 'Feed the goats',
      type: 'feeding',
      dueDate: today(),
      groupId: group.id,
      repeatEvery: 2,
      repeatUnit: 'day',
    });
    expect(created.status).toBe(201);
    const reminder = await created.json();
    expect(reminder).toMatchObject({
      groupName: 'Goats',
      repeatEvery: 2,
      repeatUnit: 'day',
      completed: false,
    });

    const [first, second] = await Promise.all([
      t.request(`/api/v1/reminders/${reminder.id}/complete`, { method: 'POST', cookie, body: {} }),
      t.request(`/api/v1/reminders/${reminder.id}/complete`, { method: 'POST', cookie, body: {} }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(
      (await t.request(`/api/v1/reminders/${reminder.id}/complete`, { method: 'POST', cookie, body: {} }))
        .status,
    ).toBe(200);
    const feeding = (await get(`/api/v1/reminders?groupId=${group.id}`)).items.filter(
      (item: { title: string }) => item.title === 'Feed the goats',
    );
    expect(feeding).toHaveLength(1);
    expect(feeding[0].id).not.toBe(reminder.id);
    expect(feeding[0].dueDate).toBe(addDays(today(), 2));

    const wrongType = await post('/api/v1/reminders', {
      title: 'x',
      type: 'medical',
      dueDate: today(),
      animalId: herd[0]!.id,
    });
    expect(wrongType.status).toBe(422); // medical and weight reminders come from entries
    expect(Object.keys((await wrongType.json()).error.fields)).toEqual(['type']);
    const both = await post('/api/v1/reminders', {
      title: 'x',
      type: 'general',
      dueDate: today(),
      animalId: herd[0]!.id,
      groupId: group.id,
    });
    expect(Object.keys((await both.json()).error.fields)).toEqual(['animalId']);
    expect(
      (
        await post('/api/v1/reminders', {
          title: 'x',
          type: 'general',
          dueDate: addDays(today(), -1),
          animalId: herd[0]!.id,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await post('/api/v1/reminders', {
          title: 'x',
          type: 'general',
          dueDate: today(),
          animalId: herd[0]!.id,
          repeatEvery: 3,
        })
      ).status,
    ).toBe(422);
  });

  it('computes "today" in the farm’s time zone', async () => {
    const farms = [
      { zone: 'Pacific/Kiritimati', cookie: (await t.signUpAndConfirm('east@example.com')).cookie },
      { zone: 'Pacific/Pago_Pago', cookie: (await t.signUpAndConfirm('west@example.com')).cookie },
    ];
    for (const farm of farms) {
      await t.request('/api/v1/farm/settings', {
        method: 'PATCH',
        cookie: farm.cookie,
        body: { timeZone: farm.zone },
      });
      const pen = await (await post('/api/v1/groups', { name: 'Pen' }, farm.cookie)).json();
      const farmToday = dateInZone(new Date(), farm.zone);
      const add = (dueDate: string) =>
        post(
          '/api/v1/reminders',
          { title: 'Check water', type: 'routine', dueDate, groupId: pen.id },
          farm.cookie,
        );
      expect((await add(farmToday)).status, farm.zone).toBe(201);
      expect((await add(addDays(farmToday, -1))).status, farm.zone).toBe(422);
    }
  });

  it('pages lists past 100 rows with the same number of statements', async () => {
    const fresh = await t.signUpAndConfirm('pager@example.com');
    const pen = await (await post('/api/v1/groups', { name: 'Pen' }, fresh.cookie)).json();
    const animal = await (
      await post('/api/v1/animals', { name: 'Solo', groupIds: [pen.id] }, fresh.cookie)
    ).json();
    const note = (index: number) =>
      post(
        '/api/v1/care-entries',
        {
          type: 'note',
          groupId: pen.id,
          animalIds: [animal.id],
          dateRecorded: today(),
          title: `Note ${index}`,
          noteContent: '.',
        },
        fresh.cookie,
      );
    const remind = (index: number) =>
      post(
        '/api/v1/reminders',
        { title: `R ${index}`, type: 'general', dueDate: today(), animalId: animal.id },
        fresh.cookie,
      );
    const paths = [
      `/api/v1/animals/${animal.id}/care-entries`,
      `/api/v1/groups/${pen.id}/care-log`,
      '/api/v1/reminders',
    ];
    const count = async () => {
      const counts = [];
      for (const path of paths) {
        await t.request(path, { cookie: fresh.cookie });
        counts.push((await t.statementsOf(() => t.request(path, { cookie: fresh.cookie }))).length);
      }
      return counts;
    };
    await note(0);
    await remind(0);
    const one = await count();
    for (let index = 1; index < 120; index++) {
      await note(index);
      await remind(index);
    }
    expect(await count()).toEqual(one);
    for (const path of paths) {
      // a group's log pages by 25 (its rows can name dozens of animals), reminders by 100 (Home
      // shows the first page whole), an animal's history by 50
      const size = path.endsWith('/care-log')
        ? logPageSize
        : path.endsWith('/reminders')
          ? reminderPageSize
          : pageSize;
      const last = Math.floor(119 / size) * size;
      const first = await get(path, fresh.cookie);
      expect(first.items, path).toHaveLength(size);
      expect(first.nextOffset).toBe(size);
      const end = await get(`${path}${path.includes('?') ? '&' : '?'}offset=${last}`, fresh.cookie);
      expect(end.items).toHaveLength(120 - last);
      expect(end.nextOffset).toBeNull();
    }
    expect((await t.request(`${paths[0]}?offset=-1`, { cookie: fresh.cookie })).status).toBe(422);
  }, 120_000);

  it('suggests the farm’s earlier medications, each once as last given (dose, route, withdrawal), newest first', async () => {
    const farm = await t.signUpAndConfirm('meds@example.com');
    const herdGroup = await (await post('/api/v1/groups', { name: 'Herd' }, farm.cookie)).json();
    const goat = await (
      await post('/api/v1/animals', { name: 'Billy', groupIds: [herdGroup.id] }, farm.cookie)
    ).json();
    const give = (
      dateRecorded: string,
      medicationName: string,
      dosage: number,
      dosageUnit: string,
      record: Record<string, unknown> = {},
    ) =>
      post(
        '/api/v1/care-entries',
        {
          type: 'medical',
          animalIds: [goat.id],
          dateRecorded,
          medicationName,
          dosage,
          dosageUnit,
          ...record,
        },
        farm.cookie,
      );
    expect((await give('2026-03-01', 'Ivermectin', 1.5, 'mL', { meatWithdrawalDays: 14 })).status).toBe(201);
    expect((await give('2026-04-01', 'CD&T 50%_x', 2, 'mL')).status).toBe(201);
    const pourOn = {
      route: 'pour-on',
      meatWithdrawalDays: 36,
      milkWithdrawalDays: 9,
      lotNumber: 'not suggested',
    };
    expect((await give('2026-05-01', 'ivermectin', 3, 'cc', pourOn)).status).toBe(201);
    expect((await give('2026-02-01', 'Penicillin', 5, 'mL')).status).toBe(201);

    const medications = await get('/api/v1/care/medications', farm.cookie);
    // with the route and withdrawal periods it was last given with (a lot changes from bottle to bottle)
    const none = { route: null, meatWithdrawalDays: null, milkWithdrawalDays: null, eggWithdrawalDays: null };
    expect(medications).toEqual([
      {
        medicationName: 'ivermectin',
        dosage: 3,
        dosageUnit: 'cc',
        lastGiven: '2026-05-01',
        ...none,
        route: 'pour-on',
        meatWithdrawalDays: 36,
        milkWithdrawalDays: 9,
      },
      { medicationName: 'CD&T 50%_x', dosage: 2, dosageUnit: 'mL', lastGiven: '2026-04-01', ...none },
      { medicationName: 'Penicillin', dosage: 5, dosageUnit: 'mL', lastGiven: '2026-02-01', ...none },
    ]);
    // ?q= narrows by name, its % and _ taken literally
    expect(
      (await get('/api/v1/care/medications?q=PEN', farm.cookie)).map(
        (row: { medicationName: string }) => row.medicationName,
      ),
    ).toEqual(['Penicillin']);
    expect(await get('/api/v1/care/medications?q=50%25_', farm.cookie)).toHaveLength(1);
    expect(await get('/api/v1/care/medications?q=%25', farm.cookie)).toHaveLength(1);

    // one statement, whatever the number of medications
    const statements = (
      await t.statementsOf(() => t.request('/api/v1/care/medications', { cookie: farm.cookie }))
    ).length;
    for (let index = 0; index < 5; index++) await give('2026-01-01', `Extra ${index}`, 1, 'mg');
    let listed: unknown[] = [];
    const again = await t.statementsOf(
      async () => (listed = await get('/api/v1/care/medications', farm.cookie)),
    );
    expect(listed).toHaveLength(8);
    expect(again).toHaveLength(statements);

    // another farm sees none of them; a bad query is 422 naming the field
    const other = await t.signUpAndConfirm('meds-other@example.com');
    expect(await get('/api/v1/care/medications', other.cookie)).toEqual([]);
    expect(await get('/api/v1/care/medications?q=iver', other.cookie)).toEqual([]);
    const bad = await t.request(`/api/v1/care/medications?q=${'x'.repeat(101)}`, { cookie: farm.cookie });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields).toHaveProperty('q');
    expect((await t.request('/api/v1/care/medications')).status).toBe(401);
  });

  it('shows in a group’s log its animals’ own entries, each marked with its animal, among its batches', async () => {
    const farm = await t.signUpAndConfirm('log@example.com');
    const send = (path: string, body: unknown) => post(path, body, farm.cookie);
    const goats = await (await send('/api/v1/groups', { name: 'Goats' })).json();
    const pens = await (await send('/api/v1/groups', { name: 'Pens' })).json();
    const nanny = await (
      await send('/api/v1/animals', { name: 'Nanny', groupIds: [goats.id, pens.id] })
    ).json();
    const kid = await (await send('/api/v1/animals', { name: 'Kid', groupIds: [goats.id] })).json();
    const outsider = await (await send('/api/v1/animals', { name: 'Outsider', groupIds: [pens.id] })).json();
    const note = (dateRecorded: string, title: string, animalIds: string[], groupId?: string) =>
      send('/api/v1/care-entries', {
        type: 'note',
        dateRecorded,
        title,
        noteContent: '.',
        animalIds,
        groupId,
      });
    await note('2026-05-01', 'Goats batch', [nanny.id, kid.id], goats.id);
    await note('2026-05-03', 'Kid alone', [kid.id]);
    await note('2026-05-02', 'Pens batch', [nanny.id, outsider.id], pens.id);
    await note('2026-05-04', 'Outsider alone', [outsider.id]);

    const log = await get(`/api/v1/groups/${goats.id}/care-log`, farm.cookie);
    expect(
      log.items.map((row: { title: string; forAnimal: unknown; animals: { name: string }[] }) => [
        row.title,
        row.forAnimal,
        row.animals.map((animal) => animal.name),
      ]),
    ).toEqual([
      ['Kid alone', { id: kid.id, name: 'Kid' }, ['Kid']],
      // another group's batch: only this group's animal, as its own row
      ['Pens batch', { id: nanny.id, name: 'Nanny' }, ['Nanny']],
      ['Goats batch', null, ['Kid', 'Nanny']],
    ]);
    // the other group's log has its batch as one row and its animals' own entries
    const pensLog = await get(`/api/v1/groups/${pens.id}/care-log`, farm.cookie);
    expect(pensLog.items.map((row: { title: string }) => row.title)).toEqual([
      'Outsider alone',
      'Pens batch',
      'Goats batch',
    ]);
    // an animal that leaves the group takes its own entries with it (the group's batches stay)
    await t.request(`/api/v1/groups/${goats.id}/animals/${kid.id}`, {
      method: 'DELETE',
      cookie: farm.cookie,
    });
    expect(
      (await get(`/api/v1/groups/${goats.id}/care-log`, farm.cookie)).items.map(
        (row: { title: string }) => row.title,
      ),
    ).toEqual(['Pens batch', 'Goats batch']);
  });

  it('corrects each animal’s weight of a group weigh-in at once, and refuses an animal not weighed in it', async () => {
    const farm = await t.signUpAndConfirm('weighin@example.com');
    const send = (path: string, body: unknown, method?: string) =>
      t.request(path, { cookie: farm.cookie, body, method });
    const flock = await (await send('/api/v1/groups', { name: 'Flock' })).json();
    const hens = [];
    for (const name of ['Hen 1', 'Hen 2', 'Hen 3'])
      hens.push(await (await send('/api/v1/animals', { name, groupIds: [flock.id] })).json());
    const { entries } = await (
      await send('/api/v1/care-entries', {
        type: 'weight',
        groupId: flock.id,
        dateRecorded: '2026-05-01',
        weights: hens.slice(0, 2).map((hen, index) => ({ animalId: hen.id, weightValue: 4 + index })),
      })
    ).json();
    const opened = entries[0].id;

    const changed = await send(
      `/api/v1/care-entries/${opened}?scope=batch`,
      {
        dateRecorded: '2026-05-02',
        weights: [
          { animalId: hens[0].id, weightValue: 4.25 },
          { animalId: hens[1].id, weightValue: 5.5 },
        ],
      },
      'PATCH',
    );
    expect(changed.status).toBe(200);
    expect(
      (await changed.json()).map((row: { animalName: string; weightValue: number; dateRecorded: string }) => [
        row.animalName,
        row.weightValue,
        row.dateRecorded,
      ]),
    ).toEqual([
      ['Hen 1', 4.25, '2026-05-02'],
      ['Hen 2', 5.5, '2026-05-02'],
    ]);
    // the animals' latest weights follow
    expect((await get(`/api/v1/animals/${hens[1].id}`, farm.cookie)).weight).toBe(5.5);

    // Hen 3 was not weighed in this batch: 422, naming her, and nothing changes
    const stranger = await send(
      `/api/v1/care-entries/${opened}?scope=batch`,
      {
        weights: [
          { animalId: hens[0].id, weightValue: 9 },
          { animalId: hens[2].id, weightValue: 9 },
        ],
      },
      'PATCH',
    );
    expect(stranger.status).toBe(422);
    expect((await stranger.json()).error.fields).toEqual({
      'weights.1.animalId': ['This animal is not in this weigh-in'],
    });
    // one entry only: per-animal weights need the batch; a medication has no weights; bad values
    const single = await send(
      `/api/v1/care-entries/${opened}`,
      { weights: [{ animalId: hens[0].id, weightValue: 9 }] },
      'PATCH',
    );
    expect(single.status).toBe(422);
    expect((await single.json()).error.fields).toHaveProperty('weights');
    const badValue = await send(
      `/api/v1/care-entries/${opened}?scope=batch`,
      { weights: [{ animalId: hens[0].id, weightValue: -1 }] },
      'PATCH',
    );
    expect(badValue.status).toBe(422);
    expect(Object.keys((await badValue.json()).error.fields)).toEqual(['weights.0.weightValue']);
    expect((await get(`/api/v1/animals/${hens[0].id}`, farm.cookie)).weight).toBe(4.25);
    const log = await get(`/api/v1/groups/${flock.id}/care-log`, farm.cookie);
    expect(log.items[0].animals.map((animal: { weightValue: number }) => animal.weightValue)).toEqual([
      4.25, 5.5,
    ]);

    // another farm cannot change it
    const bob = await t.signUpAndConfirm('weighin-bob@example.com');
    const foreign = await t.request(`/api/v1/care-entries/${opened}?scope=batch`, {
      cookie: bob.cookie,
      method: 'PATCH',
      body: { weights: [{ animalId: hens[0].id, weightValue: 1 }] },
    });
    expect(foreign.status).toBe(404);
  });

  it("keeps care private: Bob gets 404 on Alice's entries, logs, histories and reminders, and changes nothing", async () => {
    const bob = (await t.signUpAndConfirm('bob-care@example.com')).cookie;
    const entry = (await get(`/api/v1/animals/${herd[0]!.id}/care-entries`)).items[0];
    const reminder = (await get('/api/v1/reminders')).items[0];
    const before = [await get(`/api/v1/animals/${herd[0]!.id}/care-entries`), await get('/api/v1/reminders')];
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/care-entries/${entry.id}`],
      ['PATCH', `/api/v1/care-entries/${entry.id}`, { dateRecorded: today() }],
      ['PATCH', `/api/v1/care-entries/${entry.id}?scope=batch`, { dateRecorded: today() }],
      ['DELETE', `/api/v1/care-entries/${entry.id}`],
      ['DELETE', `/api/v1/care-entries/${entry.id}?scope=batch`],
      ['GET', `/api/v1/animals/${herd[0]!.id}/care-entries`],
      ['GET', `/api/v1/groups/${group.id}/care-log`],
      ['POST', `/api/v1/reminders/${reminder.id}/complete`, {}],
      ['DELETE', `/api/v1/reminders/${reminder.id}`],
      ['GET', '/api/v1/care-entries/not-a-uuid'],
    ];
    for (const [method, path, body] of attempts) {
      expect((await t.request(path, { method, cookie: bob, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await get('/api/v1/reminders', bob)).items).toHaveLength(0);
    expect((await get(`/api/v1/reminders?animalId=${herd[0]!.id}`, bob)).items).toHaveLength(0);
    const intoAlice = await post(
      '/api/v1/care-entries',
      { type: 'note', animalIds: [herd[0]!.id], dateRecorded: today(), title: 'x', noteContent: 'y' },
      bob,
    );
    expect(intoAlice.status).toBe(422);
    expect(
      (
        await post(
          '/api/v1/reminders',
          { title: 'x', type: 'general', dueDate: today(), groupId: group.id },
          bob,
        )
      ).status,
    ).toBe(422);
    expect([
      await get(`/api/v1/animals/${herd[0]!.id}/care-entries`),
      await get('/api/v1/reminders'),
    ]).toEqual(before);
  });
});
