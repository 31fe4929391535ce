// Client-chosen ids are scoped by farm (issue 7, defect 7): no answer may differ depending on
// whether ANOTHER farm holds a record with that id. Farm B reuses every id of farm A's (group,
// animal, reminder, care batch) and must get exactly what a never-used id gets, while A's records
// stay as they were, each farm reads only its own, and a same-farm repeat stays idempotent.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone } from '../../shared/care/dates';
import { migrationsFolder, migrationsUpTo, upgradeDatabase } from '../../../test/support/migration-upgrade';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A body with its ids and timestamps blanked: what two answers must share to be "the same". */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  }
  if (typeof value === 'string') {
    if (uuidPattern.test(value)) return '<id>';
    if (timePattern.test(value)) return '<time>';
    return value.replace(new RegExp(uuidPattern.source.slice(1, -1), 'gi'), '<id>');
  }
  return value;
}

describe.each(backends)('client-chosen ids are scoped by farm on %s', (backend) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  // the ids Alice chooses, which Bob then chooses too
  const ids = { group: randomUUID(), animal: randomUUID(), reminder: randomUUID(), batch: randomUUID() };
  const today = () => dateInZone(new Date(), 'UTC');
  const due = () => addDays(today(), 10);

  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    t.request(`/api/v1${path}`, { method, cookie, body });
  const read = async (path: string, cookie: string) => {
    const response = await send('GET', path, cookie);
    return { status: response.status, body: response.status === 200 ? await response.json() : null };
  };
  const putPhoto = async (id: string, cookie: string, background: string) => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)]), 'p.jpg');
    return t.app.request(`${appUrl}/api/v1/animals/${id}/photo`, {
      method: 'PUT',
      headers: { origin: appUrl, cookie },
      body: form,
    });
  };

  const bodies = {
    group: (id: string, name: string) => ({ id, name, color: '#4a7c59' }),
    animal: (id: string, name: string, groupId: string) => ({ id, name, groupIds: [groupId] }),
    reminder: (id: string, title: string, animalId: string) => ({
      id,
      title,
      type: 'general',
      animalId,
      dueDate: due(),
      repeatEvery: 1,
      repeatUnit: 'week',
    }),
    batch: (batchId: string, medicationName: string, animalId: string, groupId: string) => ({
      batchId,
      type: 'medical',
      groupId,
      animalIds: [animalId],
      dateRecorded: today(),
      medicationName,
      dosage: 2,
      dosageUnit: 'mL',
      nextDueDate: due(),
    }),
  };

  /** Everything Alice can see of her records, photo included. */
  async function alicesView() {
    const photo = await send('GET', `/animals/${ids.animal}/photo`, alice);
    return {
      group: await read(`/groups/${ids.group}`, alice),
      groups: await read('/groups', alice),
      groupAnimals: await read(`/groups/${ids.group}/animals`, alice),
      animal: await read(`/animals/${ids.animal}`, alice),
      animals: await read('/animals', alice),
      reminders: await read('/reminders', alice),
      animalReminders: await read(`/reminders?animalId=${ids.animal}`, alice),
      groupReminders: await read(`/reminders?groupId=${ids.group}`, alice),
      history: await read(`/animals/${ids.animal}/care-entries`, alice),
      careLog: await read(`/groups/${ids.group}/care-log`, alice),
      photo: { status: photo.status, etag: photo.headers.get('etag') },
    };
  }
  let aliceBefore: Awaited<ReturnType<typeof alicesView>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    alice = (await t.signUpAndConfirm('alice@example.com')).cookie;
    bob = (await t.signUpAndConfirm('bob@example.com')).cookie;
    const made = [
      await send('POST', '/groups', alice, bodies.group(ids.group, 'Alice goats')),
      await send('POST', '/animals', alice, bodies.animal(ids.animal, 'Alice doe', ids.group)),
      await send('POST', '/reminders', alice, bodies.reminder(ids.reminder, 'Alice hooves', ids.animal)),
      await send(
        'POST',
        '/care-entries',
        alice,
        bodies.batch(ids.batch, 'Alice wormer', ids.animal, ids.group),
      ),
    ];
    expect(made.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect((await putPhoto(ids.animal, alice, '#111')).status).toBe(200);
    aliceBefore = await alicesView();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers Bob's creates with Alice's ids exactly as creates with never-used ids", async () => {
    // never-used ids first, then Alice's: each pair must answer the same status and body
    const fresh = { group: randomUUID(), animal: randomUUID(), reminder: randomUUID(), batch: randomUUID() };
    const pairs: [string, (id: string, groupId: string, animalId: string) => unknown][] = [
      ['/groups', (id) => bodies.group(id, 'Bob pigs')],
      ['/animals', (id, groupId) => bodies.animal(id, 'Bob sow', groupId)],
      ['/reminders', (id, _groupId, animalId) => bodies.reminder(id, 'Bob feet', animalId)],
      ['/care-entries', (id, groupId, animalId) => bodies.batch(id, 'Bob wormer', animalId, groupId)],
    ];
    const kinds = ['group', 'animal', 'reminder', 'batch'] as const;
    for (const [index, [path, body]] of pairs.entries()) {
      const kind = kinds[index]!;
      const control = await send('POST', path, bob, body(fresh[kind], fresh.group, fresh.animal));
      const reused = await send('POST', path, bob, body(ids[kind], ids.group, ids.animal));
      const controlBody = await control.json();
      const reusedBody = await reused.json();
      expect({ path, status: reused.status }).toEqual({ path, status: 201 });
      expect(control.status).toBe(201);
      expect(shape(reusedBody)).toEqual(shape(controlBody));
      // and it is Bob's own record, under the id he chose
      if (kind === 'batch') {
        expect(reusedBody.batchId).toBe(ids.batch);
        expect(reusedBody.entries).toHaveLength(1);
        expect(reusedBody.entries[0]).toMatchObject({
          animalId: ids.animal,
          animalName: 'Bob sow',
          medicationName: 'Bob wormer',
        });
      } else {
        expect(reusedBody.id).toBe(ids[kind]);
      }
    }
    expect((await putPhoto(ids.animal, bob, '#eee')).status).toBe(200);
  });

  it("leaves Alice's records exactly as they were, and shows each farm only its own", async () => {
    expect(await alicesView()).toEqual(aliceBefore);
    expect(aliceBefore.animal.body.groups).toEqual([
      { id: ids.group, name: 'Alice goats', color: '#4a7c59' },
    ]);
    expect(aliceBefore.group.body.animalCount).toBe(1);

    const bobsGroup = await read(`/groups/${ids.group}`, bob);
    expect(bobsGroup.body).toMatchObject({ name: 'Bob pigs', animalCount: 1 });
    const bobsAnimal = await read(`/animals/${ids.animal}`, bob);
    expect(bobsAnimal.body).toMatchObject({ name: 'Bob sow', groups: [{ id: ids.group, name: 'Bob pigs' }] });
    const bobsGroupAnimals = await read(`/groups/${ids.group}/animals`, bob);
    expect(bobsGroupAnimals.body.map((animal: { name: string }) => animal.name)).toEqual(['Bob sow']);
    const bobsHistory = await read(`/animals/${ids.animal}/care-entries`, bob);
    expect(bobsHistory.body.items.map((entry: { medicationName: string }) => entry.medicationName)).toEqual([
      'Bob wormer',
    ]);
    const bobsLog = await read(`/groups/${ids.group}/care-log`, bob);
    expect(bobsLog.body.items.map((batch: { medicationName: string }) => batch.medicationName)).toEqual([
      'Bob wormer',
    ]);
    const bobsReminders = await read(`/reminders?animalId=${ids.animal}`, bob);
    expect(bobsReminders.body.items.map((reminder: { title: string }) => reminder.title).sort()).toEqual([
      'Bob feet',
      'Bob wormer Reminder - Bob sow',
    ]);
    const titles = (await read('/reminders', alice)).body.items.map(
      (reminder: { title: string }) => reminder.title,
    );
    expect(titles.sort()).toEqual(['Alice hooves', 'Alice wormer Reminder - Alice doe']);
    const [alicesPhoto, bobsPhoto] = await Promise.all([
      send('GET', `/animals/${ids.animal}/photo`, alice),
      send('GET', `/animals/${ids.animal}/photo`, bob),
    ]);
    expect(bobsPhoto.status).toBe(200);
    expect(Buffer.from(await bobsPhoto.arrayBuffer())).not.toEqual(
      Buffer.from(await alicesPhoto.arrayBuffer()),
    );
  });

  it('answers a same-farm repeat with the stored record (idempotent), for either farm', async () => {
    const repeats: [string, unknown, string][] = [
      ['/groups', bodies.group(ids.group, 'Renamed?'), 'group'],
      ['/animals', bodies.animal(ids.animal, 'Renamed?', ids.group), 'animal'],
    ];
    for (const [path, body, key] of repeats) {
      const again = await send('POST', path, alice, body);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(aliceBefore[key as 'group' | 'animal'].body);
    }
    const reminder = await send(
      'POST',
      '/reminders',
      alice,
      bodies.reminder(ids.reminder, 'Renamed?', ids.animal),
    );
    expect(reminder.status).toBe(200);
    expect(await reminder.json()).toMatchObject({ id: ids.reminder, title: 'Alice hooves' });
    const batch = await send(
      'POST',
      '/care-entries',
      alice,
      bodies.batch(ids.batch, 'Alice wormer', ids.animal, ids.group),
    );
    expect(batch.status).toBe(200);
    const batchBody = await batch.json();
    expect(batchBody.entries).toEqual(aliceBefore.history.body.items);

    const bobAgain = await send('POST', '/groups', bob, bodies.group(ids.group, 'Renamed?'));
    expect(bobAgain.status).toBe(200);
    expect(await bobAgain.json()).toMatchObject({ id: ids.group, name: 'Bob pigs' });
    expect(await alicesView()).toEqual(aliceBefore);
  });

  it('schedules the next occurrence for each farm when both complete a repeating reminder of the same id', async () => {
    for (const cookie of [alice, bob]) {
      const done = await send('POST', `/reminders/${ids.reminder}/complete`, cookie, {});
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ id: ids.reminder, completed: true });
    }
    const nextOf = async (cookie: string) =>
      (await read(`/reminders?animalId=${ids.animal}`, cookie)).body.items.filter(
        (reminder: { title: string }) => reminder.title.endsWith('hooves') || reminder.title.endsWith('feet'),
      );
    const [alicesNext, bobsNext] = [await nextOf(alice), await nextOf(bob)];
    expect(alicesNext).toHaveLength(1);
    expect(alicesNext[0]).toMatchObject({ title: 'Alice hooves', completed: false });
    expect(alicesNext[0].id).not.toBe(ids.reminder);
    expect(bobsNext).toHaveLength(1);
    expect(bobsNext[0]).toMatchObject({ title: 'Bob feet', completed: false });
  });

  it("deletes only Bob's records when Bob deletes his, whatever their ids", async () => {
    const before = await alicesView();
    const bobsEntry = (await read(`/animals/${ids.animal}/care-entries`, bob)).body.items.find(
      (entry: { batchId: string }) => entry.batchId === ids.batch,
    );
    const deletions = [
      await send('DELETE', `/reminders/${ids.reminder}`, bob),
      await send('DELETE', `/care-entries/${bobsEntry.id}?scope=batch`, bob),
      await send('DELETE', `/groups/${ids.group}/animals/${ids.animal}`, bob),
      await send('DELETE', `/groups/${ids.group}`, bob),
      await send('DELETE', `/animals/${ids.animal}/photo`, bob),
      await send('DELETE', `/animals/${ids.animal}`, bob),
    ];
    expect(deletions.map((response) => response.status)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await alicesView()).toEqual(before);
    expect((await read(`/groups/${ids.group}`, bob)).status).toBe(404);
    expect((await read(`/animals/${ids.animal}`, bob)).status).toBe(404);

    // Alice's deletions take Alice's records only: Bob's fresh group of the same id survives
    expect((await send('POST', '/groups', bob, bodies.group(ids.group, 'Bob again'))).status).toBe(201);
    expect((await send('DELETE', `/groups/${ids.group}`, alice)).status).toBe(204);
    expect((await read(`/groups/${ids.group}`, bob)).body).toMatchObject({ name: 'Bob again' });
    expect((await read(`/groups/${ids.group}`, alice)).status).toBe(404);
    // Alice's batch keeps its entries when her group goes (group_id is set to null, not the farm)
    const history = (await read(`/animals/${ids.animal}/care-entries`, alice)).body.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ batchId: ids.batch, groupId: null, medicationName: 'Alice wormer' });
  });
});

describe.each(backends)('the farm-scoped ids migration on %s', (backend) => {
  it('upgrades a database written by the previous migrations, keeping every row and link', async () => {
    const oldFolder = migrationsUpTo('0004_care');
    const { rows, migrate, close } = await upgradeDatabase(backend, 'paddock_upgrade', oldFolder);
    try {
      await migrate(oldFolder);
      const groupsKey = `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'groups'::regclass and contype = 'p'`;
      expect(await rows(groupsKey)).toEqual([{ definition: 'PRIMARY KEY (id)' }]);
      // a farm with a group, an animal in it, a care batch for the group with a reminder that
      // repeats an earlier one, as the previous version of the server wrote them
      await rows(`insert into "user" (name, email) values ('Old', 'old@example.com')`);
      const [farm] = await rows(`select farm_id from farm_members`);
      const f = `'${String(farm!.farm_id)}'`;
      const [g, a, b, e, r1, r2] = Array.from({ length: 6 }, () => `'${randomUUID()}'`);
      await rows(`insert into groups (id, farm_id, name, color) values (${g}, ${f}, 'Goats', '#4a7c59')`);
      await rows(`insert into animals (id, farm_id, name) values (${a}, ${f}, 'Clover')`);
      await rows(`insert into animal_groups (farm_id, animal_id, group_id) values (${f}, ${a}, ${g})`);
      await rows(`insert into care_entries (id, farm_id, animal_id, batch_id, group_id, type, date_recorded, medication_name)
                  values (${e}, ${f}, ${a}, ${b}, ${g}, 'medical', '2026-01-02', 'Wormer')`);
      await rows(`insert into reminders (id, farm_id, animal_id, title, type, due_date, completed, repeat_every, repeat_unit)
                  values (${r1}, ${f}, ${a}, 'Hooves', 'general', '2026-01-01', true, 1, 'week')`);
      await rows(`insert into reminders (id, farm_id, animal_id, care_entry_id, title, type, due_date, previous_id)
                  values (${r2}, ${f}, ${a}, ${e}, 'Hooves', 'general', '2026-01-08', ${r1})`);
      const count = `select (select count(*) from groups) g, (select count(*) from animals) a,
        (select count(*) from animal_groups) ag, (select count(*) from care_entries) e,
        (select count(*) from reminders) r`;
      const before = await rows(count);

      await migrate(migrationsFolder);

      expect(await rows(count)).toEqual(before);
      const keys =
        await rows(`select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as definition
        from pg_constraint where contype in ('p', 'f', 'u')
          and conrelid::regclass::text in ('groups', 'animals', 'animal_groups', 'care_entries', 'reminders')
          and pg_get_constraintdef(oid) not like '%REFERENCES farms(id)%'
        order by 1, 2`);
      expect(keys.map((key) => `${String(key.table)}: ${String(key.definition)}`)).toEqual([
        'animal_groups: FOREIGN KEY (farm_id, animal_id) REFERENCES animals(farm_id, id) ON DELETE CASCADE',
        'animal_groups: FOREIGN KEY (farm_id, group_id) REFERENCES groups(farm_id, id) ON DELETE CASCADE',
        'animal_groups: PRIMARY KEY (farm_id, animal_id, group_id)',
        'animals: FOREIGN KEY (farm_id, dam_id) REFERENCES animals(farm_id, id) ON DELETE SET NULL (dam_id) DEFERRABLE',
        'animals: FOREIGN KEY (farm_id, sire_id) REFERENCES animals(farm_id, id) ON DELETE SET NULL (sire_id) DEFERRABLE',
        'animals: FOREIGN KEY (species_id) REFERENCES species(id) ON DELETE SET NULL',
        'animals: PRIMARY KEY (farm_id, id)',
        'care_entries: FOREIGN KEY (farm_id, animal_id) REFERENCES animals(farm_id, id) ON DELETE CASCADE',
        'care_entries: FOREIGN KEY (farm_id, group_id) REFERENCES groups(farm_id, id) ON DELETE SET NULL (group_id)',
        'care_entries: FOREIGN KEY (farm_id, medicine_id) REFERENCES medicines(farm_id, id) ON DELETE SET NULL (medicine_id)',
        // who recorded it (migration 0018): an account, not a farm's record
        'care_entries: FOREIGN KEY (recorded_by) REFERENCES "user"(id) ON DELETE SET NULL',
        'care_entries: PRIMARY KEY (farm_id, id)',
        'care_entries: UNIQUE (farm_id, batch_id, animal_id)',
        'groups: PRIMARY KEY (farm_id, id)',
        'reminders: FOREIGN KEY (farm_id, animal_id) REFERENCES animals(farm_id, id) ON DELETE CASCADE',
        'reminders: FOREIGN KEY (farm_id, care_entry_id) REFERENCES care_entries(farm_id, id) ON DELETE CASCADE',
        'reminders: FOREIGN KEY (farm_id, group_id) REFERENCES groups(farm_id, id) ON DELETE CASCADE',
        'reminders: PRIMARY KEY (farm_id, id)',
        'reminders: UNIQUE (farm_id, previous_id)',
      ]);

      // the upgraded keys at work: another farm takes the same ids; deleting the old farm's group
      // keeps its entry (group_id set to null, farm_id kept) and drops only its own memberships
      await rows(`insert into "user" (name, email) values ('New', 'new@example.com')`);
      const [other] = await rows(`select farm_id from farm_members where farm_id <> ${f}`);
      const o = `'${String(other!.farm_id)}'`;
      await rows(`insert into groups (id, farm_id, name, color) values (${g}, ${o}, 'Pigs', '#000000')`);
      await rows(`insert into animals (id, farm_id, name) values (${a}, ${o}, 'Sow')`);
      await rows(`insert into animal_groups (farm_id, animal_id, group_id) values (${o}, ${a}, ${g})`);
      await rows(`delete from groups where farm_id = ${f} and id = ${g}`);
      expect(await rows(`select farm_id::text, group_id from care_entries`)).toEqual([
        { farm_id: String(farm!.farm_id), group_id: null },
      ]);
      expect(await rows(`select farm_id::text from animal_groups`)).toEqual([
        { farm_id: String(other!.farm_id) },
      ]);
      await rows(`delete from animals where farm_id = ${f} and id = ${a}`);
      expect(await rows(`select farm_id::text from animals`)).toEqual([{ farm_id: String(other!.farm_id) }]);
      expect(await rows(`select count(*)::int as n from reminders`)).toEqual([{ n: 0 }]);
    } finally {
      await close();
    }
  });
});
