// Reminders changed after they were made: edit (title, date, repeat, who), snooze, delete, and a
// repeat from the due date or from the day done — through HTTP against a real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, dateInZone } from '../../../shared/care/dates';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Reminder = {
  id: string;
  title: string;
  dueDate: string;
  animalId: string | null;
  groupId: string | null;
  animalCount: number | null;
  animalIds: string[];
  repeatEvery: number | null;
  repeatUnit: string | null;
  repeatFrom: 'due' | 'done';
  dueTime: string | null;
  completed: boolean;
};

describe.each(backends)('changing reminders on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let flock: { id: string };
  const hens: { id: string; name: string }[] = [];
  const today = () => dateInZone(new Date(), 'UTC');

  const send = (path: string, method: string, body?: unknown, who = cookie) =>
    t.request(path, { method, cookie: who, body });
  const post = (path: string, body: unknown, who = cookie) => send(path, 'POST', body, who);
  const patch = (path: string, body: unknown, who = cookie) => send(path, 'PATCH', body, who);
  const get = async (path: string, who = cookie) => (await t.request(path, { cookie: who })).json();
  const fields = async (response: Response) => Object.keys((await response.json()).error.fields);
  const activeFor = async (animalId: string): Promise<Reminder[]> =>
    (await get(`/api/v1/reminders?animalId=${animalId}`)).items;
  /** a reminder due `days` from today (negative: overdue), written as if made that long ago */
  const reminderDue = async (days: number, extra: Record<string, unknown> = {}): Promise<Reminder> => {
    const created = await post('/api/v1/reminders', {
      title: 'Clean the coop',
      type: 'routine',
      dueDate: today(),
      animalId: hens[0]!.id,
      ...extra,
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    await t.db.execute(sql`update reminders set due_date = ${addDays(today(), days)} where id = ${id}`);
    return get(`/api/v1/reminders/${id}`);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('keeper@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('neighbour@example.com'));
    flock = await (await post('/api/v1/groups', { name: 'Laying Hens' })).json();
    for (const name of ['Hen 1', 'Hen 2', 'Hen 3', 'Hen 4']) {
      hens.push(await (await post('/api/v1/animals', { name, groupIds: [flock.id] })).json());
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('edits a batch reminder’s title, date, repeat and animals in one go', async () => {
    const treated = await post('/api/v1/care-entries', {
      type: 'medical',
      groupId: flock.id,
      animalIds: hens.slice(0, 3).map((hen) => hen.id),
      dateRecorded: today(),
      medicationName: 'Dewormer',
      dosage: 1,
      dosageUnit: 'mL',
      nextDueDate: addDays(today(), 14),
    });
    expect(treated.status).toBe(201);
    const [batch] = (await activeFor(hens[0]!.id)).filter((item) => item.title.startsWith('Dewormer'));
    expect(batch).toMatchObject({ title: 'Dewormer Reminder - Laying Hens', animalCount: 3 });
    expect((await get(`/api/v1/reminders/${batch!.id}`)).animalIds).toEqual(
      hens.slice(0, 3).map((hen) => hen.id),
    );

    const changed = await patch(`/api/v1/reminders/${batch!.id}`, {
      title: 'Dewormer (second dose) - Laying Hens',
      dueDate: addDays(today(), 21),
      repeatEvery: 8,
      repeatUnit: 'week',
      repeatFrom: 'due',
      animalIds: [hens[0]!.id, hens[3]!.id],
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: batch!.id,
      title: 'Dewormer (second dose) - Laying Hens',
      dueDate: addDays(today(), 21),
      repeatEvery: 8,
      repeatUnit: 'week',
      repeatFrom: 'due',
      animalCount: 2,
      animalIds: [hens[0]!.id, hens[3]!.id],
    });
    // Hen 2 is no longer covered, Hen 4 now is
    expect((await activeFor(hens[1]!.id)).map((item) => item.id)).not.toContain(batch!.id);
    expect((await activeFor(hens[3]!.id)).map((item) => item.id)).toContain(batch!.id);

    // stop repeating; only what is sent changes
    const once = await patch(`/api/v1/reminders/${batch!.id}`, { repeatEvery: null, repeatUnit: null });
    expect(await once.json()).toMatchObject({
      repeatEvery: null,
      repeatUnit: null,
      title: 'Dewormer (second dose) - Laying Hens',
      animalCount: 2,
    });
  });

  it('lists each reminder as its own page shows it, in every list (the farm’s, an animal’s, a group’s)', async () => {
    // one of each kind: a batch's (a group's, covering some hens), a group's own, an animal's own
    // with a time of day, repeating
    await post('/api/v1/care-entries', {
      type: 'medical',
      groupId: flock.id,
      animalIds: hens.slice(1, 3).map((hen) => hen.id),
      dateRecorded: today(),
      medicationName: 'Wormer',
      dosage: 2,
      dosageUnit: 'mL',
      nextDueDate: addDays(today(), 10),
    });
    await post('/api/v1/reminders', {
      title: 'Clean coop',
      type: 'general',
      dueDate: today(),
      groupId: flock.id,
    });
    await post('/api/v1/reminders', {
      title: 'Check leg ring',
      type: 'general',
      dueDate: addDays(today(), 2),
      dueTime: '07:30',
      animalId: hens[1]!.id,
      repeatEvery: 2,
      repeatUnit: 'week',
    });
    for (const path of [
      '/api/v1/reminders',
      `/api/v1/reminders?animalId=${hens[1]!.id}`,
      `/api/v1/reminders?groupId=${flock.id}`,
    ]) {
      const listed: Reminder[] = (await get(path)).items;
      expect(listed.length, path).toBeGreaterThanOrEqual(3);
      for (const item of listed) {
        const { animalIds: _covered, ...shown } = await get(`/api/v1/reminders/${item.id}`);
        expect(item, `${path}: ${item.title}`).toStrictEqual(shown);
      }
    }
  });

  it('moves one animal’s reminder to another animal of the farm, and fixes an overdue one’s title', async () => {
    const overdue = await reminderDue(-3);
    const moved = await patch(`/api/v1/reminders/${overdue.id}`, {
      title: 'Clean the nest box',
      dueDate: overdue.dueDate, // unchanged: an overdue date is not refused again
      animalId: hens[2]!.id,
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ title: 'Clean the nest box', animalId: hens[2]!.id });
    expect((await activeFor(hens[2]!.id)).map((item) => item.id)).toContain(overdue.id);
    expect((await activeFor(hens[0]!.id)).map((item) => item.id)).not.toContain(overdue.id);
  });

  it('refuses a past date, a date more than ten years ahead and another farm’s animals, naming the field', async () => {
    const reminder = await reminderDue(2);
    const group = await reminderDue(2, { animalId: undefined, groupId: flock.id });
    const pen = await (await post('/api/v1/groups', { name: 'Pen' }, other)).json();
    const theirs = await (
      await post('/api/v1/animals', { name: 'Not yours', groupIds: [pen.id] }, other)
    ).json();
    expect(theirs.id).toBeTruthy();
    const cases: [string, Record<string, unknown>, string][] = [
      [reminder.id, { dueDate: addDays(today(), -1) }, 'dueDate'],
      [reminder.id, { dueDate: addDays(addMonths(today(), 120), 1) }, 'dueDate'],
      [reminder.id, { animalId: theirs.id }, 'animalId'],
      [reminder.id, { animalIds: [hens[0]!.id] }, 'animalIds'], // one animal's reminder
      [group.id, { animalIds: [hens[0]!.id, theirs.id] }, 'animalIds'],
      [group.id, { animalId: hens[0]!.id }, 'animalId'],
      [reminder.id, { title: '  ' }, 'title'],
      [reminder.id, { repeatEvery: 2 }, 'repeatEvery'],
      [reminder.id, { repeatEvery: 2, repeatUnit: 'week', repeatFrom: 'sometimes' }, 'repeatFrom'],
    ];
    for (const [id, body, field] of cases) {
      const response = await patch(`/api/v1/reminders/${id}`, body);
      expect(response.status, `${id} ${JSON.stringify(body)} ${await response.clone().text()}`).toBe(422);
      expect(await fields(response)).toEqual([field]);
    }
    // nothing changed
    expect(await get(`/api/v1/reminders/${reminder.id}`)).toMatchObject({
      dueDate: reminder.dueDate,
      animalId: hens[0]!.id,
      title: 'Clean the coop',
    });
    expect((await get(`/api/v1/reminders/${group.id}`)).animalIds).toEqual([]);

    // the last day of the ten years is allowed
    const latest = addMonths(today(), 120);
    expect((await patch(`/api/v1/reminders/${reminder.id}`, { dueDate: latest })).status).toBe(200);

    // the same range on create, and on an entry's next date
    const tooLate = await post('/api/v1/reminders', {
      title: 'Far away',
      type: 'general',
      dueDate: addDays(latest, 1),
      animalId: hens[0]!.id,
    });
    expect(tooLate.status).toBe(422);
    expect(await fields(tooLate)).toEqual(['dueDate']);
    const entry = await post('/api/v1/care-entries', {
      type: 'medical',
      animalIds: [hens[0]!.id],
      dateRecorded: today(),
      medicationName: 'Vitamins',
      dosage: 1,
      dosageUnit: 'mL',
      nextDueDate: '9999-01-01',
    });
    expect(entry.status).toBe(422);
    expect(await fields(entry)).toEqual(['nextDueDate']);
  });

  it('snoozes by a day or a week from today when overdue, from the due date when ahead', async () => {
    const overdue = await reminderDue(-5);
    const day = await post(`/api/v1/reminders/${overdue.id}/snooze`, { by: 'day' });
    expect(day.status).toBe(200);
    expect((await day.json()).dueDate).toBe(addDays(today(), 1));
    const week = await post(`/api/v1/reminders/${overdue.id}/snooze`, { by: 'week' });
    expect((await week.json()).dueDate).toBe(addDays(today(), 8));

    const ahead = await reminderDue(10);
    expect((await (await post(`/api/v1/reminders/${ahead.id}/snooze`, { by: 'day' })).json()).dueDate).toBe(
      addDays(today(), 11),
    );
    expect((await (await post(`/api/v1/reminders/${ahead.id}/snooze`, { by: 'week' })).json()).dueDate).toBe(
      addDays(today(), 18),
    );

    const wrong = await post(`/api/v1/reminders/${ahead.id}/snooze`, { by: 'month' });
    expect(wrong.status).toBe(422);
    expect(await fields(wrong)).toEqual(['by']);
  });

  it('repeats from the due date without drifting when done late, or from the day done', async () => {
    const weekly = { repeatEvery: 1, repeatUnit: 'week' };
    const fixed = await reminderDue(-3, { ...weekly, repeatFrom: 'due', title: 'Vaccinate' });
    const fromDone = await reminderDue(-3, { ...weekly, repeatFrom: 'done', title: 'Deworm' });
    const veryLate = await reminderDue(-20, { ...weekly, repeatFrom: 'due', title: 'Trim beaks' });
    for (const reminder of [fixed, fromDone, veryLate]) {
      expect((await post(`/api/v1/reminders/${reminder.id}/complete`, {})).status).toBe(200);
    }
    const active = await activeFor(hens[0]!.id);
    const byPrevious = (previous: Reminder) => {
      const next = active.filter((item) => item.title === previous.title);
      expect(next, JSON.stringify(active.map((item) => [item.title, item.dueDate]))).toHaveLength(1);
      expect(next[0]!.id).not.toBe(previous.id);
      return next[0]!;
    };
    // due 3 days ago, weekly on schedule: 4 days from now (not 7)
    expect(byPrevious(fixed)).toMatchObject({ dueDate: addDays(today(), 4), repeatFrom: 'due' });
    // from the day done: a week from today
    expect(byPrevious(fromDone)).toMatchObject({ dueDate: addDays(today(), 7), repeatFrom: 'done' });
    // 20 days late: skips the missed dates to the first one ahead (due + 21 days)
    expect(byPrevious(veryLate)).toMatchObject({ dueDate: addDays(today(), 1) });
  });

  it('Done on a batch reminder completes it for every hen; its next one covers the same hens', async () => {
    const treated = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: flock.id,
      weights: hens.map((hen) => ({ animalId: hen.id, weightValue: 2 })),
      dateRecorded: today(),
      nextDueDate: addDays(today(), 3),
    });
    expect(treated.status).toBe(201);
    const batch = (await activeFor(hens[0]!.id)).find((item) => item.title.startsWith('Weight Check'))!;
    expect(batch.animalCount).toBe(4);
    await patch(`/api/v1/reminders/${batch.id}`, { repeatEvery: 2, repeatUnit: 'week' });
    expect((await post(`/api/v1/reminders/${batch.id}/complete`, {})).status).toBe(200);
    for (const hen of hens) {
      const weighIns = (await activeFor(hen.id)).filter((item) => item.title.startsWith('Weight Check'));
      expect(weighIns.map((item) => item.id)).not.toContain(batch.id);
      expect(weighIns).toHaveLength(1);
      expect(weighIns[0]).toMatchObject({ animalCount: 4, dueDate: addDays(today(), 14) });
    }
  });

  it("'Undo' after 'Reminder completed' brings it back, without the next one it scheduled; another farm gets 404", async () => {
    const weekly = await reminderDue(1, { title: 'Candle the eggs', repeatEvery: 1, repeatUnit: 'week' });
    const undo = `/api/v1/reminders/${weekly.id}/undo`;
    expect((await post(`/api/v1/reminders/${weekly.id}/complete`, {})).status).toBe(200);
    const scheduled = (await activeFor(hens[0]!.id)).filter((item) => item.title === 'Candle the eggs');
    expect(scheduled.map((item) => item.id)).not.toContain(weekly.id);

    // another farm: 404, and nothing changes
    expect((await post(undo, {}, other)).status).toBe(404);
    expect(await get(`/api/v1/reminders/${weekly.id}`)).toMatchObject({ completed: true });

    const undone = await post(undo, {});
    expect(undone.status).toBe(200);
    expect(await undone.json()).toMatchObject({ id: weekly.id, completed: false, dueDate: weekly.dueDate });
    const back = (await activeFor(hens[0]!.id)).filter((item) => item.title === 'Candle the eggs');
    expect(back.map((item) => item.id)).toEqual([weekly.id]);
    // twice is once; Done again schedules the next one again
    expect((await post(undo, {})).status).toBe(200);
    expect((await post(`/api/v1/reminders/${weekly.id}/complete`, {})).status).toBe(200);
    expect((await activeFor(hens[0]!.id)).filter((item) => item.title === 'Candle the eggs')).toHaveLength(1);

    expect((await post('/api/v1/reminders/not-an-id/undo', {})).status).toBe(404);
    expect((await post(`/api/v1/reminders/${crypto.randomUUID()}/undo`, {})).status).toBe(404);
  });

  it('another farm gets 404 on GET, PATCH, snooze and DELETE, and changes nothing', async () => {
    const mine = await reminderDue(5);
    const path = `/api/v1/reminders/${mine.id}`;
    expect((await t.request(path, { cookie: other })).status).toBe(404);
    expect((await patch(path, { title: 'Hijacked', dueDate: addDays(today(), 9) }, other)).status).toBe(404);
    expect((await post(`${path}/snooze`, { by: 'week' }, other)).status).toBe(404);
    expect((await send(path, 'DELETE', undefined, other)).status).toBe(404);
    expect(await get(path)).toMatchObject({
      title: 'Clean the coop',
      dueDate: mine.dueDate,
      completed: false,
    });

    // the owner may delete it; then it is gone
    expect((await send(path, 'DELETE')).status).toBe(204);
    expect((await t.request(path, { cookie })).status).toBe(404);
    expect((await patch(path, { title: 'Gone' })).status).toBe(404);
    expect((await post(`${path}/snooze`, { by: 'day' })).status).toBe(404);
  });

  // Issue 29: a reminder's time of day ('18:00' in the farm's zone), or none (all day)
  it('keeps a time of day as HH:MM through create, edit, list and Done; refuses a bad one with a 422', async () => {
    const created = await post('/api/v1/reminders', {
      title: 'Evening penicillin',
      type: 'general',
      dueDate: addDays(today(), 3),
      dueTime: '18:00',
      animalId: hens[1]!.id,
      repeatEvery: 1,
      repeatUnit: 'day',
    });
    expect(created.status).toBe(201);
    const reminder = (await created.json()) as Reminder;
    expect(reminder.dueTime).toBe('18:00');
    const stored = await t.db.execute(
      sql`select due_time::text as due_time from reminders where id = ${reminder.id}`,
    );
    expect(JSON.stringify(stored)).toContain('18:00:00');
    const listed = (await activeFor(hens[1]!.id)).find((item) => item.id === reminder.id)!;
    expect(listed.dueTime).toBe('18:00');

    // an all-day reminder says null, on create and in lists
    const allDay = await reminderDue(4);
    expect(allDay.dueTime).toBeNull();

    // edit: a new time, then none, then a time again; the date stays
    const path = `/api/v1/reminders/${reminder.id}`;
    expect(await (await patch(path, { dueTime: '06:05' })).json()).toMatchObject({
      dueTime: '06:05',
      dueDate: reminder.dueDate,
    });
    expect((await (await patch(path, { dueTime: null })).json()).dueTime).toBeNull();
    expect((await (await patch(path, { title: 'Evening penicillin' })).json()).dueTime).toBeNull();
    expect((await (await patch(path, { dueTime: '23:59' })).json()).dueTime).toBe('23:59');

    // the next one of a repeating reminder keeps the time
    expect((await post(`${path}/complete`, {})).status).toBe(200);
    const next = (await activeFor(hens[1]!.id)).find((item) => item.title === 'Evening penicillin')!;
    expect(next.id).not.toBe(reminder.id);
    expect(next.dueTime).toBe('23:59');

    for (const dueTime of ['24:00', '18:60', '6:00', '18:00:00', '18h', '', 0]) {
      const refused = await post('/api/v1/reminders', {
        title: 'Bad time',
        type: 'general',
        dueDate: today(),
        dueTime,
        animalId: hens[1]!.id,
      });
      expect(refused.status, JSON.stringify(dueTime)).toBe(422);
      expect(await fields(refused)).toEqual(['dueTime']);
      const badEdit = await patch(`/api/v1/reminders/${next.id}`, { dueTime });
      expect(badEdit.status).toBe(422);
      expect((await badEdit.json()).error.fields.dueTime[0]).toBe('Use a time like 18:00 (00:00 to 23:59)');
    }
    expect((await get(`/api/v1/reminders/${next.id}`)).dueTime).toBe('23:59');
  });

  it('gives a care entry’s next dose its time of day: one animal’s reminder and a group batch’s; 422 without a date', async () => {
    const one = await post('/api/v1/care-entries', {
      type: 'medical',
      animalIds: [hens[3]!.id],
      dateRecorded: today(),
      medicationName: 'Penicillin',
      dosage: 2,
      dosageUnit: 'mL',
      nextDueDate: addDays(today(), 1),
      nextDueTime: '18:00',
    });
    expect(one.status, await one.clone().text()).toBe(201);
    const own = (await activeFor(hens[3]!.id)).find((item) => item.title === 'Penicillin Reminder - Hen 4')!;
    expect(own).toMatchObject({ dueDate: addDays(today(), 1), dueTime: '18:00' });

    const batch = await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: flock.id,
      weights: hens.slice(2, 4).map((hen) => ({ animalId: hen.id, weightValue: 2.5 })),
      dateRecorded: today(),
      nextDueDate: addDays(today(), 7),
      nextDueTime: '07:30',
    });
    expect(batch.status, await batch.clone().text()).toBe(201);
    const weighIn = (await activeFor(hens[2]!.id)).find((item) => item.animalCount === 2)!;
    expect(weighIn).toMatchObject({ dueDate: addDays(today(), 7), dueTime: '07:30' });

    // without a time: all day, as before
    const plain = await post('/api/v1/care-entries', {
      type: 'medical',
      animalIds: [hens[3]!.id],
      dateRecorded: today(),
      medicationName: 'Vitamin B',
      dosage: 1,
      dosageUnit: 'mL',
      nextDueDate: addDays(today(), 2),
    });
    expect(plain.status).toBe(201);
    expect(
      (await activeFor(hens[3]!.id)).find((item) => item.title.startsWith('Vitamin B'))!.dueTime,
    ).toBeNull();

    const before = (await activeFor(hens[3]!.id)).length;
    for (const [change, field] of [
      [{ nextDueTime: '18:00' }, 'nextDueTime'],
      [{ nextDueDate: addDays(today(), 1), nextDueTime: '25:00' }, 'nextDueTime'],
    ] as const) {
      const refused = await post('/api/v1/care-entries', {
        type: 'medical',
        animalIds: [hens[3]!.id],
        dateRecorded: today(),
        medicationName: 'Never given',
        dosage: 1,
        dosageUnit: 'mL',
        ...change,
      });
      expect(refused.status).toBe(422);
      expect(await fields(refused)).toEqual([field]);
    }
    expect((await activeFor(hens[3]!.id)).length).toBe(before);
  });
});
