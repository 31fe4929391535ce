// Migration 0026 (issue 24): the calendar feed becomes each person's own. A database written by
// the migrations before it keeps every feed: one with a maker stays theirs, one made before makers
// were recorded becomes the farm's first owner's; afterwards a farm holds one address per person.
import { describe, expect, it } from 'vitest';
import {
  migrationsFolder,
  migrationsUpTo,
  personWithFarm,
  upgradeDatabase,
} from '../../../../test/support/migration-upgrade';
import { backends } from '../../../../test/support/test-app';

describe.each(backends)('the per-person calendar feed migration on %s', (backend) => {
  it('gives every existing feed to its maker, or to the farm’s first owner when none was recorded', async () => {
    const oldFolder = migrationsUpTo('0025_import_in_batches');
    const { rows, migrate, close } = await upgradeDatabase(backend, 'paddock_feed_upgrade', oldFolder);
    try {
      await migrate(oldFolder);
      // Olive's farm, where Mia is a member too; Mia's own farm
      const { userId: olive, farmId: hill } = await personWithFarm(rows, 'Olive', 'olive@example.com');
      const { userId: mia, farmId: miasOwn } = await personWithFarm(rows, 'Mia', 'mia@example.com');
      await rows(`insert into farm_members (farm_id, user_id, role) values ('${hill}', '${mia}', 'member')`);
      // the farm's feed from before makers were recorded, and one Mia made on her own farm
      await rows(`insert into calendar_feeds (farm_id, token_hash) values ('${hill}', 'legacy')`);
      await rows(
        `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${miasOwn}', 'mias', '${mia}')`,
      );

      await migrate(migrationsFolder);

      const feeds = `select farm_id::text as farm, created_by::text as maker, token_hash as hash from calendar_feeds order by token_hash`;
      expect(await rows(feeds)).toEqual([
        { farm: hill, maker: olive, hash: 'legacy' },
        { farm: miasOwn, maker: mia, hash: 'mias' },
      ]);
      // one address per person of a farm: Mia may have hers on Olive's farm beside Olive's
      await rows(
        `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${hill}', 'mias-on-hill', '${mia}')`,
      );
      await expect(
        rows(
          `insert into calendar_feeds (farm_id, token_hash, created_by) values ('${hill}', 'again', '${mia}')`,
        ),
      ).rejects.toThrow();
      await expect(
        rows(`insert into calendar_feeds (farm_id, token_hash) values ('${hill}', 'nobody')`),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
