// Backup and restore: a farm made over HTTP, backed up through the running app's internal
// endpoint, restored into a fresh empty database (PGlite and PostgreSQL, either way round) gives
// identical rows in every table and identical photo bytes; the endpoint answers only a local
// process holding the token; the commands work against a real running server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createFolderPhotoStore } from '../photos/photo-store';
import { startServer } from '../server';
import { freshPostgresDatabase } from '../../../test/support/fresh-database';
import {
  appUrl,
  backends,
  createTestApp,
  migratedPglite,
  migratedPostgres,
  type Backend,
  type TestApp,
} from '../../../test/support/test-app';
import { ArchiveError } from './archive';
import { backupToken } from './backup.routes';
import { backupToFile, restoreFromFile } from './backup-file';
import { backupTableNames, notBackedUp, queryRows } from './backup-tables';
import { assertEmptyTarget, restoreBackup, TargetNotEmptyError } from './restore';
import { allRows, createSampleFarm, schemaTableNames } from './sample-farm.fixture';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const authSecret = randomBytes(32).toString('hex');
const token = backupToken(authSecret);
const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the Node server puts in a request's environment: the socket it came from. */
const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } }) as never;

function photoFiles(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.webp')) files[name] = readFileSync(join(root, name)).toString('base64');
  }
  return files;
}

/** A new database as a first start leaves it: migrated, no rows (a copy of the run's migrated one). */
async function openEmpty(kind: Backend): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory', loadDataDir: migratedPglite() });
    return { ...handle, drop: async () => {} };
  }
  const fresh = await freshPostgresDatabase('paddock_restore', undefined, migratedPostgres());
  return { ...(await openDatabase({ kind: 'postgres', url: fresh.url })), drop: fresh.drop };
}

it('backs up every table of the schema (but those left out on purpose)', () => {
  expect([...backupTableNames, ...notBackedUp].sort()).toEqual(schemaTableNames);
});

describe.each(backends)('backup of a running app on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  const backupRequest = (path: string, address: string, headers: Record<string, string> = {}) =>
    t.app.request(
      `${appUrl}${path}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } },
      fromAddress(address),
    );

  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_SECRET: authSecret });
    ({ cookie } = await createSampleFarm(t, 'ada@example.com', 'Hill Farm'));
    await createSampleFarm(t, 'bob@example.com', 'Dale Farm');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(backends)(
    'restores into an empty %s database with identical rows and photo bytes',
    async (target) => {
      const response = await backupRequest('/internal/backup', '127.0.0.1');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');

      const restored = await openEmpty(target);
      const photoDir = tempDir('paddock-restored-photos-');
      try {
        await assertEmptyTarget(restored.db, () => Promise.resolve(false));
        const result = await restoreBackup(
          { db: restored.db, photos: createFolderPhotoStore(photoDir) },
          response.body as unknown as AsyncIterable<Uint8Array>,
        );
        const source = await allRows(t.db);
        expect(await allRows(restored.db)).toEqual(source);
        for (const name of backupTableNames) {
          if (name !== 'rate_limit') expect(source[name]!.length, name).toBeGreaterThan(0);
        }
        expect(result.tables.find((table) => table.name === 'animals')?.rows).toBe(6);
        const photos = photoFiles(photoDir);
        expect(Object.keys(photos)).toHaveLength(4); // display and thumbnail of two farms' photos
        expect(photos).toEqual(photoFiles(t.photoDir));

        // the sign-up trigger was switched off for the restore only
        const [trigger] = await queryRows<{ tgenabled: string }>(
          restored.db,
          sql`select tgenabled from pg_trigger where tgname = 'user_creates_farm'`,
        );
        expect(trigger?.tgenabled).toBe('O');
        // a second restore into the now-filled database is refused
        await expect(assertEmptyTarget(restored.db, () => Promise.resolve(false))).rejects.toThrow(
          TargetNotEmptyError,
        );
      } finally {
        await restored.close();
        await restored.drop();
      }
    },
  );

  it('refuses a non-empty target database', async () => {
    await expect(assertEmptyTarget(t.db, () => Promise.resolve(false))).rejects.toThrow(
      /not empty \(user: 2, .*farms: 2/,
    );
  });

  // the archive check does not depend on the database: once is enough
  it.runIf(backend === 'pglite')('refuses a damaged file and leaves no photo behind', async () => {
    const response = await backupRequest('/internal/backup', '::1');
    const whole = Buffer.from(await response.arrayBuffer());
    const restored = await openEmpty('pglite');
    const photoDir = tempDir('paddock-restored-photos-');
    try {
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.9));
      await expect(
        restoreBackup({ db: restored.db, photos: createFolderPhotoStore(photoDir) }, [truncated]),
      ).rejects.toThrow(ArchiveError);
      expect(photoFiles(photoDir)).toEqual({});
      await assertEmptyTarget(restored.db, () => Promise.resolve(false));
    } finally {
      await restored.close();
    }
  });

  it('answers only a local process with the token, and never under /api', async () => {
    const refusals = [
      ['/internal/backup', '203.0.113.9', {}, 404],
      ['/internal/backup', '::ffff:10.0.0.2', {}, 404],
      ['/internal/backup', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, 404], // a local reverse proxy
      ['/internal/backup', '127.0.0.1', { authorization: 'Bearer wrong' }, 403],
      ['/internal/backup', '127.0.0.1', { authorization: '' }, 403],
    ] as const;
    for (const [path, address, headers, status] of refusals) {
      const response = await backupRequest(path, address, headers);
      expect(response.status, `${path} from ${address} ${JSON.stringify(headers)}`).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(Object.keys((await response.json()).error)).toEqual(['code', 'message']);
    }
    for (const path of ['/api/internal/backup', '/api/v1/internal/backup', '/api/v1/backup']) {
      const response = await backupRequest(path, '127.0.0.1', { origin: appUrl, cookie });
      expect(response.status, path).toBe(404);
    }
    // the secret itself is not the token
    const withSecret = await backupRequest('/internal/backup', '127.0.0.1', {
      authorization: `Bearer ${authSecret}`,
    });
    expect(withSecret.status).toBe(403);
    // an in-process request has no socket, so no loopback address
    const noSocket = await t.app.request(`${appUrl}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noSocket.status).toBe(404);
  });

  it('takes a consistent snapshot while the farm is being written to', async () => {
    const [group] = (await (await t.request('/api/v1/groups', { cookie })).json()) as { id: string }[];
    const writes = Array.from({ length: 20 }, (_, index) =>
      t.request('/api/v1/animals', { cookie, body: { name: `Calf ${index}`, groupIds: [group!.id] } }),
    );
    const [response, ...written] = await Promise.all([
      backupRequest('/internal/backup', '127.0.0.1'),
      ...writes,
    ]);
    for (const write of written) expect(write.status).toBe(201);
    const restored = await openEmpty('pglite');
    try {
      // every foreign key is checked on the way in: a torn snapshot would fail here
      await restoreBackup(
        { db: restored.db, photos: createFolderPhotoStore(tempDir('paddock-restored-photos-')) },
        response.body as unknown as AsyncIterable<Uint8Array>,
      );
      const [orphans] = await queryRows<{ count: number }>(
        restored.db,
        // (a past animal is in no group: decision 0043)
        sql`select count(*)::int as count from animals a where a.exit_kind is null and not exists
          (select 1 from animal_groups g where g.farm_id = a.farm_id and g.animal_id = a.id)`,
      );
      expect(orphans?.count).toBe(0); // an animal and its membership are written in one transaction
    } finally {
      await restored.close();
    }
  });
});

describe('npm run backup and npm run restore against a real embedded server', () => {
  const runCommand = (script: string, args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      // compiled once for the run by global-setup.ts, as the server is
      const entry = join(inject('compiledServer'), script);
      const child = spawn(process.execPath, ['--enable-source-maps', entry, ...args], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('backs up without stopping the server (its folder is locked), restores into an empty DATA_DIR, refuses a filled one', async () => {
    const dataDir = tempDir('paddock-backup-source-');
    cpSync(inject('pgliteDataDir'), join(dataDir, 'pgdata'), { recursive: true });
    const environment = { DATA_DIR: dataDir, APP_URL: appUrl, HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    const running = await startServer(loadConfig({ ...environment, NODE_ENV: 'test', PORT: '0' }));
    const file = join(tempDir('paddock-backup-file-'), 'farm.tar.gz');
    try {
      const signUp = await fetch(`http://127.0.0.1:${running.port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: appUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'cli@example.com', password: 'correct horse battery', name: 'Cli' }),
      });
      expect(signUp.status).toBe(200);

      const backup = await runCommand('backup-command.js', [file], {
        ...environment,
        PORT: String(running.port),
      });
      expect(backup.output).toMatch(
        /Backup written to .*farm\.tar\.gz: \d+ rows, 0 photo files \(from the running server\)/,
      );
      expect(backup.code).toBe(0);
    } finally {
      await running.stop();
    }

    const restoredDir = tempDir('paddock-backup-target-');
    const restore = await runCommand('restore-command.js', [file], { DATA_DIR: restoredDir });
    expect(restore.output).toMatch(/^user +1$/m);
    expect(restore.output).toMatch(/^farms +1$/m);
    expect(restore.code).toBe(0);

    const again = await runCommand('restore-command.js', [file], { DATA_DIR: restoredDir });
    expect(again.output).toContain('Restore failed: The target database is not empty');
    expect(again.code).toBe(2);

    const source = await openDatabase({ kind: 'pglite', dataDir });
    const sourceRows = await allRows(source.db);
    await source.close();
    const target = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    const targetRows = await allRows(target.db);
    await target.close();
    expect(targetRows).toEqual(sourceRows);
    expect(sourceRows.user).toHaveLength(1);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores a file into an empty PostgreSQL database given by DATABASE_URL',
    async () => {
      const t = await createTestApp('pglite', { AUTH_SECRET: authSecret });
      try {
        await createSampleFarm(t, 'carol@example.com', 'Moor Farm');
        const file = join(tempDir('paddock-backup-file-'), 'farm.tar.gz');
        const fresh = await freshPostgresDatabase('paddock_restore');
        try {
          const response = await t.app.request(
            `${appUrl}/internal/backup`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            },
            fromAddress('127.0.0.1'),
          );
          writeFileSync(file, Buffer.from(await response.arrayBuffer()));
          const dataDir = tempDir('paddock-backup-pg-');
          const result = await restoreFromFile({ dataDir, databaseUrl: fresh.url }, file);
          expect(result.photos).toBe(2);
          const target = await openDatabase({ kind: 'postgres', url: fresh.url });
          expect(await allRows(target.db)).toEqual(await allRows(t.db));
          await target.close();
          expect(photoFiles(join(dataDir, 'photos'))).toEqual(photoFiles(t.photoDir));
        } finally {
          await fresh.drop();
        }
      } finally {
        await t.close();
      }
    },
  );

  it('writes from a stopped data folder when no server is running', { timeout: 60_000 }, async () => {
    const dataDir = tempDir('paddock-backup-stopped-');
    const file = join(tempDir('paddock-backup-file-'), 'stopped.tar.gz');
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    const result = await backupToFile(config, file);
    expect(result.from).toBe('database');
    expect(existsSync(file)).toBe(true);
  });
});
