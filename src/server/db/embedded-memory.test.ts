// The embedded default's memory (issue 31: idle RSS ≤ 300 MB, measured by `npm run bench`): a
// DATA_DIR's PGlite keeps 32 MB of buffers, not PostgreSQL's 128, since PGlite's buffers are the
// server process's own memory. Checked on the database as `npm start` opens it.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from './database';
import { queryRows } from './sql-text';
import { migratedPglite } from '../../../test/support/test-app';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it("keeps 32 MB of buffers in a DATA_DIR's PGlite", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'paddock-memory-'));
  dirs.push(dataDir);
  await cp(inject('pgliteDataDir'), join(dataDir, 'pgdata'), { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
    expect(row?.shared_buffers).toBe('32MB');
  } finally {
    await handle.close();
  }
});

it("keeps the same 32 MB in an in-memory PGlite (the tests' databases, set up as the product's)", async () => {
  const handle = await openDatabase({ kind: 'pglite-memory', loadDataDir: migratedPglite() });
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
    expect(row?.shared_buffers).toBe('32MB');
  } finally {
    await handle.close();
  }
});
