// Migrations 0041 and 0042 (decision 0053): care entries written before them get their history
// item, and only that: the table's other triggers (the group log, the withdrawal days) are off
// while it fills the items and on again after it, so a care write after the upgrade still keeps
// the group log; egg collections get their list item.
import { describe, expect, it } from 'vitest';
import {
  migrationsFolder,
  migrationsUpTo,
  personWithFarm,
  upgradeDatabase,
} from '../../../../test/support/migration-upgrade';
import { backends } from '../../../../test/support/test-app';

describe.each(backends)('the history items migration on %s', (backend) => {
  it('gives every earlier entry and collection its item without rewriting the group log, and leaves the triggers on', async () => {
    const oldFolder = migrationsUpTo('0040_animals_species_in_farm');
    const { rows, migrate, close } = await upgradeDatabase(backend, 'paddock_history_items', oldFolder);
    try {
      await migrate(oldFolder);
      const { userId: olive, farmId: farm } = await personWithFarm(rows, 'Olive', 'olive@example.com');
      const [group] = await rows(
        `insert into groups (farm_id, id, name, color) values ('${farm}', gen_random_uuid(), 'Ewes', 'green') returning id`,
      );
      const [animal] = await rows(
        `insert into animals (farm_id, id, name) values ('${farm}', gen_random_uuid(), 'Bramble') returning id`,
      );
      await rows(`insert into animal_groups (farm_id, animal_id, group_id)
        values ('${farm}', '${String(animal!.id)}', '${String(group!.id)}')`);
      const [entry] = await rows(`insert into care_entries (farm_id, id, batch_id, group_id, animal_id, type,
          date_recorded, medication_name, dosage, dosage_unit, meat_withdrawal_days, recorded_by, created_at, updated_at)
        values ('${farm}', gen_random_uuid(), gen_random_uuid(), '${String(group!.id)}', '${String(animal!.id)}',
          'medical', '2026-03-01', 'Oxytetracycline', 2.5, 'mL', 28, '${olive}',
          '2026-03-01 08:30:00.123+00', '2026-03-02 09:00:00+00')
        returning id, batch_id`);
      const [eggs] =
        await rows(`insert into egg_collections (farm_id, id, group_id, collected_on, eggs, dirty,
          discarded, note, recorded_by, created_at, updated_at)
        values ('${farm}', gen_random_uuid(), '${String(group!.id)}', '2026-03-01', 12, 2, 1, 'Cold morning',
          '${olive}', '2026-03-01 07:00:00+00', '2026-03-01 07:00:00.5+00') returning id`);
      const logBefore = await rows(`select xmin::text as version, item from group_log order by row_id`);
      expect(logBefore).toHaveLength(1);

      await migrate(migrationsFolder);

      const [stored] = await rows(`select item from care_entries where id = '${String(entry!.id)}'`);
      expect(JSON.parse(String(stored!.item))).toStrictEqual({
        id: entry!.id,
        batchId: entry!.batch_id,
        animalId: animal!.id,
        groupId: group!.id,
        type: 'medical',
        dateRecorded: '2026-03-01',
        medicationName: 'Oxytetracycline',
        dosage: 2.5,
        dosageUnit: 'mL',
        route: null,
        lotNumber: null,
        givenBy: null,
        meatWithdrawalDays: 28,
        milkWithdrawalDays: null,
        eggWithdrawalDays: null,
        organic: false,
        weightValue: null,
        weightUnit: null,
        bodyCondition: null,
        title: null,
        noteContent: null,
        createdAt: '2026-03-01T08:30:00.123Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
      });
      const [collection] = await rows(`select item from egg_collections where id = '${String(eggs!.id)}'`);
      expect(JSON.parse(String(collection!.item))).toStrictEqual({
        id: eggs!.id,
        groupId: group!.id,
        collectedOn: '2026-03-01',
        eggs: 12,
        cracked: null,
        dirty: 2,
        small: null,
        discarded: 1,
        saleable: 11,
        note: 'Cold morning',
        recordedById: olive,
        createdAt: '2026-03-01T07:00:00.000Z',
        updatedAt: '2026-03-01T07:00:00.500Z',
      });
      // the group log's row was not written again
      expect(await rows(`select xmin::text as version, item from group_log order by row_id`)).toEqual(
        logBefore,
      );

      // written after the upgrade: an item, and the group log's row
      const [later] = await rows(`insert into care_entries (farm_id, id, batch_id, group_id, animal_id, type,
          date_recorded, title, note_content)
        values ('${farm}', gen_random_uuid(), gen_random_uuid(), '${String(group!.id)}', '${String(animal!.id)}',
          'note', '2026-03-05', 'Lambed', 'Twins') returning id, batch_id, item`);
      expect(JSON.parse(String(later!.item))).toMatchObject({
        id: later!.id,
        title: 'Lambed',
        noteContent: 'Twins',
      });
      expect(await rows(`select 1 from group_log where row_id = '${String(later!.batch_id)}'`)).toHaveLength(
        1,
      );
      expect(await rows(`select item from care_entries where item is null`)).toEqual([]);
      await expect(
        rows(`update care_entries set item = null where id = '${String(later!.id)}' returning item`),
      ).resolves.toEqual([{ item: expect.stringContaining(String(later!.id)) }]);
    } finally {
      await close();
    }
  });
});
