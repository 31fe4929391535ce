// What a care write costs in round trips to the database (issue 10): the checks, the batch, its
// reminder and the latest weights in one statement, whatever the group’s size. Counted
// through the app's query log, never timed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../../shared/care/dates';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('care writes on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let group: { id: string };
  const herd: { id: string }[] = [];
  const today = () => dateInZone(new Date(), 'UTC');
  const post = (body: unknown) => t.request('/api/v1/care-entries', { cookie, body });

  /** The statements one request runs. */
  async function statementsOf(send: () => Promise<Response>, status = 201): Promise<number> {
    let response: Response | undefined;
    const statements = await t.statementsOf(async () => (response = await send()));
    expect(response?.status).toBe(status);
    return statements.length;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('writes@example.com'));
    group = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Flock' } })).json();
    for (let index = 1; index <= 17; index++) {
      herd.push(
        await (
          await t.request('/api/v1/animals', { cookie, body: { name: `Ewe ${index}`, groupIds: [group.id] } })
        ).json(),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a note, a group medication with its reminder and a weigh-in for 17 in one statement each', async () => {
    const note = () =>
      post({
        type: 'note',
        dateRecorded: today(),
        title: 'Lame',
        noteContent: '.',
        animalIds: [herd[0]!.id],
      });
    await note(); // the farm's settings are read once, then remembered
    expect(await statementsOf(note)).toBe(1);

    const medication = () =>
      post({
        type: 'medical',
        groupId: group.id,
        animalIds: herd.map((animal) => animal.id),
        dateRecorded: today(),
        medicationName: 'CD&T',
        dosage: 2,
        dosageUnit: 'mL',
        nextDueDate: addDays(today(), 28),
      });
    expect(await statementsOf(medication)).toBe(1);
    const weighIn = () =>
      post({
        type: 'weight',
        groupId: group.id,
        dateRecorded: today(),
        weights: herd.map((animal, index) => ({ animalId: animal.id, weightValue: 60 + index })),
        nextDueDate: addDays(today(), 14),
      });
    expect(await statementsOf(weighIn)).toBe(1);

    // each group batch made ONE reminder covering its 17 animals
    const reminders = (await (await t.request('/api/v1/reminders', { cookie })).json()).items;
    expect(
      reminders.map((item: { title: string; animalCount: number }) => [item.title, item.animalCount]),
    ).toEqual([
      ['Weight Check Reminder - Flock', 17],
      ['CD&T Reminder - Flock', 17],
    ]);
  });

  it('keeps the latest weight incrementally: an older weighing recorded later does not replace it', async () => {
    const [ewe] = herd;
    const weigh = (dateRecorded: string, weightValue: number) =>
      post({
        type: 'weight',
        dateRecorded,
        weights: [{ animalId: ewe!.id, weightValue }],
        batchId: randomUUID(),
      });
    expect((await weigh(today(), 70)).status).toBe(201);
    expect((await weigh(addDays(today(), -30), 55)).status).toBe(201); // history typed in afterwards
    const animal = async () => (await t.request(`/api/v1/animals/${ewe!.id}`, { cookie })).json();
    expect((await animal()).weight).toBe(70);
    expect((await weigh(today(), 71)).status).toBe(201); // a second weighing the same day is the newer
    expect((await animal()).weight).toBe(71);
  });

  it('answers a retried batch with the entries written the first time, and a reused batch id for other animals with 409', async () => {
    const batchId = randomUUID();
    const body = {
      type: 'note',
      batchId,
      dateRecorded: today(),
      title: 'Shorn',
      noteContent: '.',
      animalIds: [herd[1]!.id, herd[2]!.id],
    };
    const first = await post(body);
    expect(first.status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect((await again.json()).entries.map((entry: { id: string }) => entry.id)).toEqual(
      (await first.json()).entries.map((entry: { id: string }) => entry.id),
    );
    const other = await post({ ...body, animalIds: [herd[3]!.id] });
    expect(other.status).toBe(409);
  });
});
