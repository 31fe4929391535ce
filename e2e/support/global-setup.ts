// The browser journeys' global setup: a migrated database of each kind, made once per run, that
// each journey's stack copies instead of migrating a new one (a PGlite stack started in ~5 s, a
// PostgreSQL one in ~1.3 s; ~45 stacks a run). The server still runs its migrations on start: it
// finds nothing to do, as it would on a farm's second start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { provideMigratedDatabases } from '../../test/support/global-setup';
import { waitForDayTurn } from './day-turn';

export default async function setup(project: TestProject) {
  const wait = waitForDayTurn(new Date());
  if (wait) {
    console.log(`a farm's day turns in the next minutes: the journeys start in ${Math.ceil(wait / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const outdir = mkdtempSync(join(tmpdir(), 'paddock-e2e-templates-'));
  let dropPostgres = async () => {};
  const teardown = async () => {
    await dropPostgres();
    rmSync(outdir, { recursive: true, force: true });
  };
  try {
    dropPostgres = await provideMigratedDatabases(project, outdir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
