import { readFileSync } from 'node:fs';
// What bench/scale.ts and its PGlite part share: free ports, child servers, and autocannon runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { createLogger } from '../../src/server/log/logger';
import { createFolderPhotoStore } from '../../src/server/photos/photo-store';

export type Run = { rps: number; p50: number; p99: number };
export type Request = { method: 'GET' | 'POST'; path: string; body?: () => unknown };
export type Load = { connections: number; seconds: number };
export type Query = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts a node process and answers it once it prints that it is ready (an undefined variable is unset). */
export function start(args: string[], env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('Paddock is running') || text.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops a child and waits for it to be gone (its data folder is free again). */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** One autocannon run of a request; any non-2xx answer stops the benchmark with its body. */
export async function measure(base: string, request: Request, cookie: string, load: Load): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections: load.connections,
    duration: load.seconds,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        ...(request.body && {
          // a new body each time: batch ids are idempotent, a constant one would write once
          setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(request.body!()) }),
        }),
      },
    ],
  });
  if (result.non2xx > 0) {
    const probe = await fetch(base + request.path, {
      method: request.method,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: request.body ? JSON.stringify(request.body()) : undefined,
    });
    throw new Error(
      `${request.method} ${request.path}: ${result.non2xx} non-2xx, e.g. ${probe.status} ${await probe.text()}`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Several farms asking at once, as a server of many farms is asked: one autocannon run per caller
 * (a farm's user and its own request), side by side, the connections shared out among them.
 * req/s add up; p50 is the callers' median, p99 the worst of theirs. (One farm's writes wait on
 * each other by design — the farm's write lock, issue 23 — so eight connections on one farm would
 * measure that lock, not the server.)
 */
export async function measureFarms(
  base: string,
  callers: { request: Request; cookie: string }[],
  load: Load,
): Promise<Run> {
  const connections = Math.max(1, Math.floor(load.connections / callers.length));
  const runs = await Promise.all(
    callers.map(({ request, cookie }) => measure(base, request, cookie, { ...load, connections })),
  );
  const p50s = runs.map((run) => run.p50).sort((a, b) => a - b);
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...runs.map((run) => run.p99)),
  };
}

export const median = (runs: Run[]): Run => {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A process's resident memory (Linux /proc), in MB; null where there is no /proc. */
export function residentMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? Math.round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

/** How far apart the rounds' req/s are, as a share of their median: (max − min) / median. */
export const spread = (runs: Run[]): number => {
  if (runs.length < 2) return 0;
  const rates = runs.map((run) => run.rps);
  return (Math.max(...rates) - Math.min(...rates)) / median(runs).rps;
};

/** Signs in (after sign-up) and answers the session cookie. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function signUp(appUrl: string, email: string, password: string): Promise<void> {
  const response = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: '' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** The yardsticks of bench/bare-server.ts. */
export const bare = {
  list: { method: 'GET', path: '/bare' },
  insert: { method: 'POST', path: '/insert', body: () => ({ body: 'A note of some length.' }) },
  /** a read of the bench as Paddock answers it: the app's own statements for it, bare (the
   * read's number in requestsFor's list) */
  same: (read: number): Request => ({ method: 'GET', path: `/same/${read}` }),
} as const;

/**
 * The size of a read's answer from Paddock and of the same answer from the bare server ('71.5 /
 * 70.9 KB'); a bare answer that is not JSON stops the bench (its yardstick would be wrong).
 */
export async function answerBytes(
  app: { url: string; request: Request; cookie: string },
  bare: { url: string; request: Request },
): Promise<string> {
  const size = async (url: string, headers: Record<string, string>) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const body = await response.text();
    JSON.parse(body);
    return Buffer.byteLength(body) / 1024;
  };
  const own = await size(`${app.url}${app.request.path}`, { cookie: app.cookie, origin: app.url });
  const bareSize = await size(`${bare.url}${bare.request.path}`, {});
  return `${own.toFixed(1)} / ${bareSize.toFixed(1)} KB`;
}

export type Measured = {
  name: string;
  request: Request;
  baseline: 'list' | 'insert';
  bare: Request;
};

/** What a signed-in user of this farm asks for: its Group 1's log, history and batches. */
export async function requestsFor(query: Query, farmId: string): Promise<Measured[]> {
  const [group] = await query<{ id: string }>(
    `select id from groups where farm_id = $1 and name = 'Group 1'`,
    [farmId],
  );
  const members = (
    await query<{ id: string }>(
      `select animal_id as id from animal_groups where farm_id = $1 and group_id = $2`,
      [farmId, group!.id],
    )
  ).map((row) => row.id);
  const today = new Date().toISOString().slice(0, 10);
  /** a signed-in GET, against the bare one-query list */
  const listed = (name: string, path: string): Measured => ({
    name,
    request: { method: 'GET', path },
    baseline: 'list',
    bare: bare.list,
  });
  return [
    listed('GET animals', '/api/v1/animals'),
    listed('GET groups (counts)', '/api/v1/groups'),
    listed("GET a group's log", `/api/v1/groups/${group!.id}/care-log`),
    listed("GET an animal's history", `/api/v1/animals/${members[0]}/care-entries`),
    listed('GET reminders (home)', '/api/v1/reminders'),
    // the daily round's pages (issue 31 item 3)
    listed('GET egg production (Production)', '/api/v1/production/eggs'),
    listed('GET egg collections', '/api/v1/egg-collections'),
    listed('GET milk production (Production)', '/api/v1/production/milk'),
    listed('GET milk records', '/api/v1/milk-records'),
    listed('GET the medicine cabinet', '/api/v1/medicines'),
    listed("GET the cabinet's warnings (Home)", '/api/v1/medicine-warnings'),
    listed('GET money entries', '/api/v1/money'),
    listed('GET money totals', '/api/v1/money/summary'),
    {
      name: 'POST a note (1 animal)',
      request: {
        method: 'POST',
        path: '/api/v1/care-entries',
        body: () => ({
          type: 'note',
          batchId: randomUUID(),
          dateRecorded: today,
          title: 'Checked',
          noteContent: 'Eating well.',
          animalIds: [members[0]],
        }),
      },
      baseline: 'insert',
      bare: bare.insert,
    },
    {
      name: `POST a medication for ${members.length}`,
      request: {
        method: 'POST',
        path: '/api/v1/care-entries',
        body: () => ({
          type: 'medical',
          batchId: randomUUID(),
          groupId: group!.id,
          dateRecorded: today,
          medicationName: 'Ivermectin',
          dosage: 2,
          dosageUnit: 'mL',
          animalIds: members,
        }),
      },
      baseline: 'insert',
      bare: bare.insert,
    },
    {
      name: `POST a weigh-in for ${members.length}`,
      request: {
        method: 'POST',
        path: '/api/v1/care-entries',
        body: () => ({
          type: 'weight',
          batchId: randomUUID(),
          groupId: group!.id,
          dateRecorded: today,
          weights: members.map((animalId, index) => ({ animalId, weightValue: 50 + index })),
        }),
      },
      baseline: 'insert',
      bare: bare.insert,
    },
  ];
}

/**
 * The app in this process on `db`, silent and sending no mail, for counting or timing its
 * statements (bench/scale.ts, bench/explain.ts): `env` as the server's environment.
 */
export function inProcessApp(db: Database, env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const logger = createLogger(config.logLevel);
  const mailer = { send: async () => {} };
  const auth = createAuth({ config, db, mailer, logger });
  return createApp({
    config,
    db,
    auth,
    logger,
    mailer,
    photos: createFolderPhotoStore(join(config.dataDir, 'photos')),
  });
}
