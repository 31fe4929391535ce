// Migration 0034 (issue 27 item 6): an animal keeps which of its withdrawals come from an organic
// treatment. A database written before it, where an organic farm already treated an animal, gets
// the flags and a list item that carries them; an animal treated off organic rules keeps its list
// item as it was (no `organic` key).
import { describe, expect, it } from 'vitest';
import {
  migrationsFolder,
  migrationsUpTo,
  personWithFarm,
  upgradeDatabase,
} from '../../../../test/support/migration-upgrade';
import { backends } from '../../../../test/support/test-app';

describe.each(backends)('the organic withdrawal migration on %s', (backend) => {
  it('flags the withdrawals of animals treated under organic rules before it, in the row and its list item', async () => {
    const oldFolder = migrationsUpTo('0031_organic');
    const { rows, migrate, close } = await upgradeDatabase(backend, 'paddock_organic_upgrade', oldFolder);
    try {
      await migrate(oldFolder);
      const { farmId: farm } = await personWithFarm(rows, 'Olive', 'olive@example.com');
      const treated = async (name: string, organic: boolean) => {
        const [animal] = await rows(
          `insert into animals (farm_id, id, name) values ('${farm}', gen_random_uuid(), '${name}') returning id`,
        );
        await rows(`insert into care_entries (farm_id, id, batch_id, animal_id, type, date_recorded,
            medication_name, meat_withdrawal_days, milk_withdrawal_days, organic)
          values ('${farm}', gen_random_uuid(), gen_random_uuid(), '${String(animal!.id)}', 'medical',
            '2026-03-01', 'Oxytetracycline', 28, 2, ${organic})`);
        return String(animal!.id);
      };
      const clover = await treated('Clover', true);
      const plain = await treated('Plain', false);

      await migrate(migrationsFolder);

      const stored = async (id: string) =>
        (
          await rows(
            `select withdrawal_organic::text as organic, list_item from animals where farm_id = '${farm}' and id = '${id}'`,
          )
        )[0]!;
      const cloverRow = await stored(clover);
      expect(cloverRow.organic).toBe('{meat,milk}');
      expect(JSON.parse(String(cloverRow.list_item)).withdrawal).toEqual({
        meat: '2026-03-29',
        milk: '2026-03-03',
        eggs: null,
        organic: ['meat', 'milk'],
      });
      const plainRow = await stored(plain);
      expect(plainRow.organic).toBe('{}');
      expect(JSON.parse(String(plainRow.list_item)).withdrawal).toEqual({
        meat: '2026-03-29',
        milk: '2026-03-03',
        eggs: null,
      });
    } finally {
      await close();
    }
  });
});
