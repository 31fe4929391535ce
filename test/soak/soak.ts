// The crash loop: the real server (`node --import tsx src/server/main.ts`, or compiled) is killed
// with SIGKILL at a random moment during a stream of writes, started again on the same data, and checked: every
// write it acknowledged is there with the same values, nothing is half written, the data opens,
// and no photo file is left without a row nor a row without its files. `npm run soak` and
// soak.test.ts drive it; a seed makes the kill moments and the writes repeatable.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Animal, AnimalListItem } from '../../src/shared/schemas/animals';
import type { CareEntry, Page, Reminder } from '../../src/shared/schemas/care';
import type { Group } from '../../src/shared/schemas/groups';
import { freshPostgresDatabase } from '../support/fresh-database';

export type SoakBackend = 'pglite' | 'postgres';

export type SoakOptions = {
  backend: SoakBackend;
  /** how many times the server is killed; it is started cycles + 1 times */
  cycles: number;
  /** makes the kill moments and the stream of writes repeatable */
  seed: number;
  log?: (line: string) => void;
  /** concurrent writers while the server runs (default 3) */
  writers?: number;
  /** the kill comes this many milliseconds after the writes begin, drawn uniformly (default 100–2500) */
  killDelayMs?: { min: number; max: number };
  /** PostgreSQL admin URL for a fresh database (default TEST_DATABASE_URL, read by fresh-database) */
  adminUrl?: string;
  /** the server's entry, run by node: default the source through tsx; the tests' compiled main.js */
  serverArgs?: string[];
};

export type WriteKind = 'group' | 'animal' | 'entry' | 'batch' | 'reminder' | 'photo';

export type SoakResult = {
  backend: SoakBackend;
  seed: number;
  cycles: number;
  /** writes answered 2xx before a kill: each must be there with the same values */
  acknowledgedWrites: number;
  /** writes cut off by a kill: they may or may not have landed, but never in part */
  unacknowledgedWrites: number;
  /** the same by kind: shows that kills did land inside uploads and batches */
  cutOffByKind: Record<WriteKind, number>;
  /** of those, how many turned out to have landed */
  landedUnacknowledged: number;
  /** acknowledged records missing after a restart */
  lostWrites: number;
  /** acknowledged records present with other values */
  changedWrites: number;
  /** batches with some but not all of their animals' entries (or reminders) */
  halfBatches: number;
  /** `*.tmp` files, and files or folders under photos/ that no animal's photo points to */
  orphanFiles: number;
  /** animals whose photo row points to files that cannot be served */
  missingPhotoFiles: number;
  /** starts that did not reach "Paddock is running" */
  failedStarts: number;
  /** answers other than 2xx to a write, 5xx or an unreadable answer to a read */
  unexpectedResponses: number;
  /** records nobody wrote (an entry of an unknown batch, a reminder of an unknown entry…) */
  unexpectedRecords: number;
  /** one line per problem found, for the report */
  problems: string[];
  /** kept when a problem was found, for a look at the files; removed otherwise */
  dataDir: string;
  durationMs: number;
};

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const startTimeoutMs = 90_000;
const password = 'soak test password 1';
const email = 'soak@example.com';

/** mulberry32: small, fast and good enough to draw kill moments and test data from a seed */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    uuid: () => {
      const bytes = Buffer.from(Array.from({ length: 16 }, () => int(0, 255)));
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    date: (fromYear: number, toYear: number) =>
      `${int(fromYear, toYear)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
  };
}
type Random = ReturnType<typeof seededRandom>;

// ---------------------------------------------------------------------------------------------
// The server process and a plain HTTP client (a new connection per request: after a kill no
// pooled socket of the dead server is reused against the new one).

type Exit = { code: number | null; signal: NodeJS.Signals | null };
type ServerProcess = { child: ChildProcess; output: () => string; exited: Promise<Exit> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
const killRunning = () => {
  for (const child of running) child.kill('SIGKILL');
};

function startServerProcess(args: string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  // the tail is enough to explain a failed start; a long soak would otherwise keep every log line
  const keep = (chunk: string) => (output = (output + chunk).slice(-20_000));
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const server = { child, output: () => output, exited };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = () => {
      if (output.includes('"message":"Paddock is running"')) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(server);
      }
    };
    child.stdout.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited (code ${code}, signal ${signal}) before it was running:\n${output}`),
      );
    });
  });
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

type Client = {
  port: number;
  appUrl: string;
  cookie: string;
  request(
    method: string,
    path: string,
    body?: { json: unknown } | { photo: Buffer },
    extraHeaders?: Record<string, string>,
  ): Promise<Reply>;
};

function createClient(port: number): Client {
  const appUrl = `http://localhost:${port}`;
  const client: Client = {
    port,
    appUrl,
    cookie: '',
    request(method, path, body, extraHeaders = {}) {
      const headers: Record<string, string> = { origin: appUrl, ...extraHeaders };
      if (client.cookie) headers.cookie = client.cookie;
      let payload: Buffer | undefined;
      if (body && 'json' in body) {
        payload = Buffer.from(JSON.stringify(body.json));
        headers['content-type'] = 'application/json';
      } else if (body) {
        const boundary = `soak${randomBytes(12).toString('hex')}`;
        payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          body.photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      }
      if (payload) headers['content-length'] = String(payload.length);
      return new Promise((resolve, reject) => {
        const outgoing = http.request(
          { host: '127.0.0.1', port, method, path, headers, agent: false },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.once('error', reject);
            incoming.once('aborted', () => reject(new Error('the answer was cut off')));
            incoming.once('end', () => {
              if (!incoming.complete) reject(new Error('the answer was cut off'));
              else
                resolve({
                  status: incoming.statusCode ?? 0,
                  headers: incoming.headers,
                  body: Buffer.concat(chunks),
                });
            });
          },
        );
        outgoing.once('error', reject);
        outgoing.end(payload);
      });
    },
  };
  return client;
}

const cookieOf = (reply: Reply) =>
  (reply.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The confirmation link the server wrote to DATA_DIR/outbox (no SMTP_URL: see mail/mailer.ts). */
async function confirmationLink(dataDir: string): Promise<URL> {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt++) {
    const files = existsSync(outbox) ? (await readdir(outbox)).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files.sort()) {
      const message = decodeQuotedPrintable(await readFile(join(outbox, file), 'utf8'));
      const link = /https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?token=[^\s"'<>]+/.exec(message)?.[0];
      if (link) return new URL(link.replace(/&amp;/g, '&'));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation email in ${outbox}`);
}

/** Signs up and confirms once; the session lives in the database, so the cookie outlives kills. */
async function signUp(client: Client, dataDir: string): Promise<void> {
  const json = { email, password, name: 'Soak', callbackURL: '/auth?confirmed=1' };
  const signUpReply = await client.request('POST', '/api/auth/sign-up/email', { json });
  if (signUpReply.status !== 200)
    throw new Error(`sign-up answered ${signUpReply.status}: ${signUpReply.body.toString()}`);
  const link = await confirmationLink(dataDir);
  const confirmed = await client.request('GET', `${link.pathname}${link.search}`);
  client.cookie = cookieOf(confirmed);
  if (!client.cookie.includes('session_token')) {
    // confirming may not sign in: then sign in once (the limit is 10 per 5 minutes)
    const signIn = await client.request('POST', '/api/auth/sign-in/email', { json: { email, password } });
    client.cookie = cookieOf(signIn);
    if (signIn.status !== 200 || !client.cookie.includes('session_token')) {
      throw new Error(`sign-in answered ${signIn.status}: ${signIn.body.toString()}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the soak wrote, and what must therefore be there.

type PhotoState = { version: string | null; color: Color | null };
type Color = { r: number; g: number; b: number };

type KnownAnimal = {
  /** the acknowledged answer (or the record read back once an unacknowledged create landed) */
  record: AnimalListItem;
  photo: PhotoState;
  /** an upload cut off by a kill: it may have replaced the photo, with this colour */
  pendingPhoto: Color | null;
  uploading: boolean;
};

type Batch = {
  animalIds: string[];
  /** a medical or weight batch with a next due date makes its reminder (one for a group's batch) */
  withReminders: boolean;
  /** entries by animal id, once acknowledged or found */
  entries: Map<string, CareEntry> | null;
};

class SoakModel {
  groups = new Map<string, Group>();
  pendingGroups = new Map<string, { name: string }>();
  animals = new Map<string, KnownAnimal>();
  pendingAnimals = new Map<string, { name: string; groupIds: string[] }>();
  reminders = new Map<string, Reminder>();
  pendingReminders = new Map<string, { title: string; dueDate: string }>();
  batches = new Map<string, Batch>();
  pendingBatches = new Map<string, Batch>();
}

type Counters = Omit<SoakResult, 'backend' | 'seed' | 'cycles' | 'dataDir' | 'durationMs'>;

const palette: Color[] = [
  { r: 200, g: 40, b: 40 },
  { r: 40, g: 160, b: 60 },
  { r: 40, g: 70, b: 200 },
  { r: 220, g: 180, b: 40 },
  { r: 140, g: 60, b: 170 },
  { r: 30, g: 170, b: 170 },
];

const jsonOf = <T>(reply: Reply): T => JSON.parse(reply.body.toString('utf8')) as T;
const versionOf = (animal: { thumbnailUrl: string | null }) =>
  animal.thumbnailUrl ? new URL(animal.thumbnailUrl, 'http://x').searchParams.get('v') : null;

/** An acknowledged animal as the list shows it (GET /animals answers AnimalListItem). */
const listed = (animal: Animal): AnimalListItem => ({
  id: animal.id,
  name: animal.name,
  speciesName: animal.speciesName,
  sex: animal.sex,
  birthDate: animal.birthDate,
  weight: animal.weight,
  weightUnit: animal.weightUnit,
  breed: animal.breed,
  tagId: animal.tagId,
  electronicId: animal.electronicId,
  thumbnailUrl: animal.thumbnailUrl,
  groupIds: animal.groups.map((group) => group.id),
  withdrawal: animal.withdrawal,
  exit: animal.exit && { kind: animal.exit.kind, date: animal.exit.date },
});

/** Stable JSON of a record without the fields that other writes legitimately change. */
function comparable(record: object, without: string[]): string {
  const entries = Object.entries(record)
    .filter(([key]) => !without.includes(key))
    .map(([key, value]): [string, unknown] =>
      key === 'groupIds' && Array.isArray(value) ? [key, [...(value as string[])].sort()] : [key, value],
    )
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}
// Group counts follow the animals added; an animal's photo, weight (from weight entries) and
// updatedAt follow later writes. Everything else must read back exactly as acknowledged.
const groupVolatile = ['animalCount'];
const animalVolatile = ['thumbnailUrl', 'weight', 'weightUnit'];

// ---------------------------------------------------------------------------------------------
// The stream of writes.

class Writer {
  stopped = false;
  private groupNumber = 0;
  private animalNumber = 0;

  constructor(
    private readonly client: Client,
    private readonly model: SoakModel,
    private readonly random: Random,
    private readonly counters: Counters,
    private readonly photos: { color: Color; jpeg: Buffer }[],
  ) {}

  /** One write; answers false when the server was gone (the write is then unacknowledged). */
  private async send(
    kind: WriteKind,
    method: string,
    path: string,
    body: { json: unknown } | { photo: Buffer },
  ) {
    try {
      const reply = await this.client.request(method, path, body);
      if (reply.status >= 200 && reply.status < 300) {
        this.counters.acknowledgedWrites++;
        return reply;
      }
      this.counters.unexpectedResponses++;
      this.counters.problems.push(
        `${method} ${path} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`,
      );
      return 'refused' as const;
    } catch {
      this.counters.unacknowledgedWrites++;
      this.counters.cutOffByKind[kind]++;
      return 'cut off' as const;
    }
  }

  async createGroup() {
    const id = this.random.uuid();
    const name = `Soak group ${++this.groupNumber} ${id.slice(0, 4)}`;
    const json = {
      id,
      name,
      description: this.random.next() < 0.5 ? `Paddock ${this.random.int(1, 9)}` : null,
      color: this.random.pick(['rgba(59,130,246,1)', 'rgba(34,197,94,1)', '#a855f7']),
    };
    this.model.pendingGroups.set(id, { name });
    const reply = await this.send('group', 'POST', '/api/v1/groups', { json });
    if (reply === 'cut off') return;
    this.model.pendingGroups.delete(id);
    if (reply !== 'refused') this.model.groups.set(id, jsonOf<Group>(reply));
  }

  async createAnimal() {
    const groupIds = [...this.model.groups.keys()];
    const chosen = [this.random.pick(groupIds)];
    const second = this.random.pick(groupIds);
    if (second !== chosen[0] && this.random.next() < 0.3) chosen.push(second);
    const id = this.random.uuid();
    const name = `Soak animal ${++this.animalNumber} ${id.slice(0, 4)}`;
    const json = {
      id,
      name,
      breed: this.random.pick(['Nubian', 'Silkie', 'Suffolk', null]),
      sex: this.random.pick(['female', 'male', 'castrated_male', 'spayed_female', null]),
      birthDate: this.random.next() < 0.7 ? this.random.date(2015, 2024) : null,
      color: this.random.pick(['Brown', 'White', null]),
      tagId: `T-${this.random.int(1, 99_999)}`,
      groupIds: chosen,
    };
    this.model.pendingAnimals.set(id, { name, groupIds: chosen });
    const reply = await this.send('animal', 'POST', '/api/v1/animals', { json });
    if (reply === 'cut off') return;
    this.model.pendingAnimals.delete(id);
    if (reply !== 'refused') {
      const record = listed(jsonOf<Animal>(reply));
      this.model.animals.set(id, {
        record,
        photo: { version: null, color: null },
        pendingPhoto: null,
        uploading: false,
      });
    }
  }

  /** One entry for one animal, or a group batch for several (a batch is all or nothing). */
  async createCare(animalCount: number) {
    const animalIds = [...this.model.animals.keys()];
    const chosen = new Set<string>();
    while (chosen.size < Math.min(animalCount, animalIds.length)) chosen.add(this.random.pick(animalIds));
    const ids = [...chosen];
    const batchId = this.random.uuid();
    const type = this.random.pick(['medical', 'note', 'weight'] as const);
    const nextDueDate = type !== 'note' && this.random.next() < 0.4 ? this.random.date(2027, 2029) : null;
    const common = {
      batchId,
      groupId: ids.length > 1 ? this.random.pick([...this.model.groups.keys()]) : null,
      dateRecorded: this.random.date(2025, 2025),
    };
    const json =
      type === 'medical'
        ? {
            type,
            ...common,
            animalIds: ids,
            medicationName: this.random.pick(['Ivermectin', 'Heartworm', 'CD&T']),
            dosage: this.random.int(1, 500) / 10,
            dosageUnit: this.random.pick(['mL', 'mg', 'tablet(s)']),
            nextDueDate,
          }
        : type === 'weight'
          ? {
              type,
              ...common,
              weights: ids.map((animalId) => ({ animalId, weightValue: this.random.int(10, 9000) / 10 })),
              weightUnit: this.random.pick(['kg', 'lbs']),
              nextDueDate,
            }
          : {
              type,
              ...common,
              animalIds: ids,
              title: `Note ${this.random.int(1, 999)}`,
              noteContent: `Checked at ${this.random.int(1, 24)} o'clock`,
            };
    const batch: Batch = { animalIds: ids, withReminders: Boolean(nextDueDate), entries: null };
    this.model.pendingBatches.set(batchId, batch);
    const reply = await this.send(ids.length > 1 ? 'batch' : 'entry', 'POST', '/api/v1/care-entries', {
      json,
    });
    if (reply === 'cut off') return;
    this.model.pendingBatches.delete(batchId);
    if (reply === 'refused') return;
    const { entries } = jsonOf<{ entries: CareEntry[] }>(reply);
    batch.entries = new Map(entries.map((entry) => [entry.animalId, entry]));
    this.model.batches.set(batchId, batch);
  }

  async createReminder() {
    const forAnimal = this.random.next() < 0.6;
    const id = this.random.uuid();
    const title = `Soak reminder ${id.slice(0, 6)}`;
    const dueDate = this.random.date(2027, 2029);
    const repeats = this.random.next() < 0.3;
    const json = {
      id,
      title,
      type: this.random.pick(['general', 'feeding', 'routine']),
      dueDate,
      animalId: forAnimal ? this.random.pick([...this.model.animals.keys()]) : null,
      groupId: forAnimal ? null : this.random.pick([...this.model.groups.keys()]),
      repeatEvery: repeats ? this.random.int(1, 30) : null,
      repeatUnit: repeats ? this.random.pick(['day', 'week', 'month']) : null,
    };
    this.model.pendingReminders.set(id, { title, dueDate });
    const reply = await this.send('reminder', 'POST', '/api/v1/reminders', { json });
    if (reply === 'cut off') return;
    this.model.pendingReminders.delete(id);
    if (reply !== 'refused') this.model.reminders.set(id, jsonOf<Reminder>(reply));
  }

  /** A first photo or a replacement (whose old files must go); one upload per animal at a time. */
  async uploadPhoto() {
    const idle = [...this.model.animals.entries()].filter(
      ([, animal]) => !animal.uploading && !animal.pendingPhoto,
    );
    if (!idle.length) return;
    const [id, animal] = this.random.pick(idle);
    const photo = this.random.pick(this.photos);
    animal.uploading = true;
    const reply = await this.send('photo', 'PUT', `/api/v1/animals/${id}/photo`, { photo: photo.jpeg });
    animal.uploading = false;
    if (reply === 'cut off') {
      animal.pendingPhoto = photo.color;
      return;
    }
    if (reply === 'refused') return;
    animal.photo = { version: versionOf(jsonOf<Animal>(reply)), color: photo.color };
  }

  async next() {
    const { groups, animals } = this.model;
    if (groups.size === 0) return this.createGroup();
    if (animals.size < 2) return this.createAnimal();
    // a quarter photos: an upload is where a kill can leave files behind, so it gets the most kills
    const roll = this.random.next();
    if (roll < 0.07) return this.createGroup();
    if (roll < 0.22) return this.createAnimal();
    if (roll < 0.42) return this.createCare(1);
    if (roll < 0.6) return this.createCare(this.random.int(2, 5));
    if (roll < 0.75) return this.createReminder();
    return this.uploadPhoto();
  }

  async run() {
    while (!this.stopped) await this.next();
  }
}

// ---------------------------------------------------------------------------------------------
// The checks after each start.

class Checker {
  private readonly orphansSeen = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly model: SoakModel,
    private readonly counters: Counters,
    private readonly photoDir: string,
  ) {}

  private problem(counter: keyof Omit<Counters, 'problems' | 'cutOffByKind'>, line: string) {
    this.counters[counter]++;
    this.counters.problems.push(line);
  }

  private async read<T>(path: string): Promise<T> {
    const reply = await this.client.request('GET', path);
    if (reply.status !== 200) {
      this.counters.unexpectedResponses++;
      throw new Error(`GET ${path} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
    }
    return jsonOf<T>(reply);
  }

  private async readPages<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: Page<T> = await this.read<Page<T>>(
        `${path}${path.includes('?') ? '&' : '?'}offset=${offset}`,
      );
      items.push(...page.items);
      offset = page.nextOffset;
    }
    return items;
  }

  async run(cycle: number) {
    await this.checkGroups(cycle);
    const animals = await this.checkAnimals(cycle);
    await this.checkPhotos(cycle, animals);
    const entries = await this.checkCare(cycle);
    await this.checkReminders(cycle, entries);
  }

  private async checkGroups(cycle: number) {
    const { groups, pendingGroups } = this.model;
    const found = new Map((await this.read<Group[]>('/api/v1/groups')).map((group) => [group.id, group]));
    for (const [id, expected] of groups) {
      const actual = found.get(id);
      if (!actual) {
        this.problem('lostWrites', `cycle ${cycle}: acknowledged group ${id} (${expected.name}) is missing`);
        groups.delete(id);
      } else if (comparable(actual, groupVolatile) !== comparable(expected, groupVolatile)) {
        this.problem(
          'changedWrites',
          `cycle ${cycle}: group ${id} changed: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`,
        );
        groups.set(id, actual);
      }
    }
    for (const [id, sent] of pendingGroups) {
      const actual = found.get(id);
      if (actual) {
        this.counters.landedUnacknowledged++;
        if (actual.name !== sent.name)
          this.problem(
            'changedWrites',
            `cycle ${cycle}: group ${id} landed as "${actual.name}", sent "${sent.name}"`,
          );
        groups.set(id, actual);
      }
    }
    pendingGroups.clear();
    for (const id of found.keys()) {
      if (!groups.has(id)) this.problem('unexpectedRecords', `cycle ${cycle}: group ${id} was never written`);
    }
  }

  private async checkAnimals(cycle: number): Promise<Map<string, AnimalListItem>> {
    const { animals, pendingAnimals, groups } = this.model;
    const found = new Map(
      (await this.read<AnimalListItem[]>('/api/v1/animals')).map((animal) => [animal.id, animal]),
    );
    for (const [id, known] of animals) {
      const actual = found.get(id);
      if (!actual) {
        this.problem(
          'lostWrites',
          `cycle ${cycle}: acknowledged animal ${id} (${known.record.name}) is missing`,
        );
        animals.delete(id);
        continue;
      }
      if (comparable(actual, animalVolatile) !== comparable(known.record, animalVolatile)) {
        this.problem(
          'changedWrites',
          `cycle ${cycle}: animal ${id} changed: ${JSON.stringify(known.record)} → ${JSON.stringify(actual)}`,
        );
        known.record = actual;
      }
      const version = versionOf(actual);
      if (known.pendingPhoto && version !== known.photo.version) {
        // the upload cut off by the kill landed: its colour is now the photo's
        if (version === null)
          this.problem('lostWrites', `cycle ${cycle}: animal ${id} lost its acknowledged photo`);
        else this.counters.landedUnacknowledged++;
        known.photo = { version, color: version ? known.pendingPhoto : null };
      } else if (version !== known.photo.version) {
        this.problem(
          'lostWrites',
          `cycle ${cycle}: animal ${id} has photo ${version}, acknowledged ${known.photo.version}`,
        );
        known.photo = { version, color: null };
      }
      known.pendingPhoto = null;
    }
    for (const [id, sent] of pendingAnimals) {
      const actual = found.get(id);
      if (!actual) continue;
      this.counters.landedUnacknowledged++;
      const groupIds = [...actual.groupIds].sort();
      if (
        actual.name !== sent.name ||
        JSON.stringify(groupIds) !== JSON.stringify([...sent.groupIds].sort())
      ) {
        this.problem(
          'changedWrites',
          `cycle ${cycle}: animal ${id} landed as ${JSON.stringify(actual)}, sent ${JSON.stringify(sent)}`,
        );
      }
      animals.set(id, {
        record: actual,
        photo: { version: versionOf(actual), color: null },
        pendingPhoto: null,
        uploading: false,
      });
    }
    pendingAnimals.clear();
    for (const id of found.keys()) {
      if (!animals.has(id))
        this.problem('unexpectedRecords', `cycle ${cycle}: animal ${id} was never written`);
    }
    // a group's count is its animals': an animal half added to its groups would show here
    const groupsRead = new Map(
      (await this.read<Group[]>('/api/v1/groups')).map((group) => [group.id, group]),
    );
    for (const [id] of groups) {
      const members = [...found.values()].filter((animal) => animal.groupIds.includes(id)).length;
      const count = groupsRead.get(id)?.animalCount;
      if (count !== members)
        this.problem(
          'changedWrites',
          `cycle ${cycle}: group ${id} counts ${count} animals, ${members} are in it`,
        );
    }
    return found;
  }

  /** Every photo row has both files; every file and folder under photos/ belongs to a row. */
  private async checkPhotos(cycle: number, found: Map<string, AnimalListItem>) {
    const expected = new Set<string>();
    for (const [id, known] of this.model.animals) {
      if (!known.photo.version || !found.has(id)) continue;
      expected.add(`${id}/${known.photo.version}`);
      for (const size of ['display', 'thumb'] as const) {
        const path = `/api/v1/animals/${id}/photo${size === 'thumb' ? '?size=thumb' : ''}`;
        const reply = await this.client.request('GET', path);
        const isWebp =
          reply.body.toString('ascii', 0, 4) === 'RIFF' && reply.body.toString('ascii', 8, 12) === 'WEBP';
        if (reply.status !== 200 || !isWebp) {
          this.problem(
            'missingPhotoFiles',
            `cycle ${cycle}: GET ${path} answered ${reply.status} (${reply.body.length} bytes)`,
          );
          break;
        }
        if (size === 'thumb' && known.photo.color) {
          const { channels } = await sharp(reply.body).stats();
          const [r, g, b] = channels.map((channel) => Math.round(channel.mean));
          const want = known.photo.color;
          if (Math.abs(r! - want.r) > 16 || Math.abs(g! - want.g) > 16 || Math.abs(b! - want.b) > 16) {
            this.problem(
              'changedWrites',
              `cycle ${cycle}: animal ${id}'s photo is rgb(${r},${g},${b}), uploaded rgb(${want.r},${want.g},${want.b})`,
            );
          }
        }
      }
    }
    // photos/<farm>/<animal>/<version>/{display,thumb}.webp (see animals.routes.ts)
    if (!existsSync(this.photoDir)) return;
    // a leftover is counted once, in the cycle it is first seen, though every later check sees it too
    const orphan = (path: string, why: string) => {
      if (this.orphansSeen.has(path)) return;
      this.orphansSeen.add(path);
      this.problem('orphanFiles', `cycle ${cycle}: photos/${path} ${why}`);
    };
    for (const farm of await readdir(this.photoDir, { withFileTypes: true })) {
      if (!farm.isDirectory()) {
        orphan(farm.name, farm.name.endsWith('.tmp') ? 'is a temporary file' : 'is not a farm folder');
        continue;
      }
      const farmAnimals = await readdir(join(this.photoDir, farm.name), { withFileTypes: true });
      if (!farmAnimals.length) orphan(farm.name, 'is an empty folder');
      for (const animal of farmAnimals) {
        const animalPath = `${farm.name}/${animal.name}`;
        if (!animal.isDirectory()) {
          orphan(animalPath, 'is not an animal folder');
          continue;
        }
        const versions = await readdir(join(this.photoDir, animalPath), { withFileTypes: true });
        if (!versions.length) orphan(animalPath, 'is an empty folder');
        for (const version of versions) {
          const versionPath = `${animalPath}/${version.name}`;
          if (!version.isDirectory()) {
            orphan(versionPath, version.name.endsWith('.tmp') ? 'is a temporary file' : 'is a stray file');
            continue;
          }
          const files = (await readdir(join(this.photoDir, versionPath))).sort();
          const temporary = files.filter((file) => file.endsWith('.tmp'));
          for (const file of temporary) orphan(`${versionPath}/${file}`, 'is a temporary file');
          if (!expected.has(`${animal.name}/${version.name}`)) {
            orphan(versionPath, `(${files.join(', ') || 'empty'}) belongs to no animal's photo`);
          } else if (files.length !== temporary.length + 2) {
            orphan(versionPath, `holds ${files.join(', ')}, not display.webp and thumb.webp`);
          }
        }
      }
    }
  }

  /** Reads every animal's care history; checks acknowledged entries and settles cut-off batches. */
  private async checkCare(cycle: number): Promise<Map<string, CareEntry>> {
    const { animals, batches, pendingBatches } = this.model;
    const byBatch = new Map<string, CareEntry[]>();
    const all = new Map<string, CareEntry>();
    for (const id of animals.keys()) {
      for (const entry of await this.readPages<CareEntry>(`/api/v1/animals/${id}/care-entries`)) {
        byBatch.set(entry.batchId, [...(byBatch.get(entry.batchId) ?? []), entry]);
        all.set(entry.id, entry);
      }
    }
    for (const [batchId, batch] of batches) {
      const found = new Map((byBatch.get(batchId) ?? []).map((entry) => [entry.animalId, entry]));
      for (const [animalId, expected] of batch.entries ?? []) {
        const actual = found.get(animalId);
        if (!actual) {
          this.problem(
            'lostWrites',
            `cycle ${cycle}: acknowledged ${expected.type} entry ${expected.id} (batch ${batchId}) of animal ${animalId} is missing`,
          );
          batch.entries!.delete(animalId);
        } else if (comparable(actual, []) !== comparable(expected, [])) {
          this.problem(
            'changedWrites',
            `cycle ${cycle}: entry ${expected.id} changed: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`,
          );
          batch.entries!.set(animalId, actual);
        }
      }
      if (found.size > batch.animalIds.length)
        this.problem(
          'unexpectedRecords',
          `cycle ${cycle}: batch ${batchId} has ${found.size} entries, ${batch.animalIds.length} were written`,
        );
    }
    for (const [batchId, batch] of pendingBatches) {
      const found = byBatch.get(batchId) ?? [];
      if (found.length === 0) continue;
      if (found.length !== batch.animalIds.length) {
        this.problem(
          'halfBatches',
          `cycle ${cycle}: batch ${batchId} has entries for ${found.length} of its ${batch.animalIds.length} animals`,
        );
      } else {
        this.counters.landedUnacknowledged++;
      }
      batch.entries = new Map(found.map((entry) => [entry.animalId, entry]));
      batches.set(batchId, batch);
    }
    pendingBatches.clear();
    for (const batchId of byBatch.keys()) {
      if (!batches.has(batchId))
        this.problem('unexpectedRecords', `cycle ${cycle}: batch ${batchId} was never written`);
    }
    return all;
  }

  private async checkReminders(cycle: number, entries: Map<string, CareEntry>) {
    const { reminders, pendingReminders, batches } = this.model;
    const found = new Map(
      (await this.readPages<Reminder>('/api/v1/reminders')).map((reminder) => [reminder.id, reminder]),
    );
    for (const [id, expected] of reminders) {
      const actual = found.get(id);
      if (!actual) {
        this.problem(
          'lostWrites',
          `cycle ${cycle}: acknowledged reminder ${id} (${expected.title}) is missing`,
        );
        reminders.delete(id);
      } else if (comparable(actual, []) !== comparable(expected, [])) {
        this.problem(
          'changedWrites',
          `cycle ${cycle}: reminder ${id} changed: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`,
        );
        reminders.set(id, actual);
      }
    }
    for (const [id, sent] of pendingReminders) {
      const actual = found.get(id);
      if (!actual) continue;
      this.counters.landedUnacknowledged++;
      if (actual.title !== sent.title || actual.dueDate !== sent.dueDate) {
        this.problem(
          'changedWrites',
          `cycle ${cycle}: reminder ${id} landed as ${JSON.stringify(actual)}, sent ${JSON.stringify(sent)}`,
        );
      }
      reminders.set(id, actual);
    }
    pendingReminders.clear();
    // the reminders a batch makes are written with it, in its transaction: one for a group's
    // batch of several animals (covering them all), else one per entry
    const byEntry = new Map<string, Reminder>();
    const byBatch = new Map<string, Reminder>();
    for (const reminder of found.values()) {
      if (reminders.has(reminder.id)) continue;
      if (reminder.careBatchId && batches.has(reminder.careBatchId))
        byBatch.set(reminder.careBatchId, reminder);
      else if (reminder.careEntryId && entries.has(reminder.careEntryId))
        byEntry.set(reminder.careEntryId, reminder);
      else
        this.problem(
          'unexpectedRecords',
          `cycle ${cycle}: reminder ${reminder.id} (${reminder.title}) was never written`,
        );
    }
    for (const [batchId, batch] of batches) {
      if (!batch.withReminders || !batch.entries) continue;
      const whole = byBatch.get(batchId);
      const missing = whole
        ? batch.entries.size - (whole.animalCount ?? 0)
        : [...batch.entries.values()].filter((entry) => !byEntry.has(entry.id)).length;
      if (missing) {
        this.problem(
          'halfBatches',
          `cycle ${cycle}: batch ${batchId} lacks the reminders of ${missing} of its ${batch.entries.size} entries`,
        );
        batch.withReminders = false;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function makePhotos(): Promise<{ color: Color; jpeg: Buffer }[]> {
  // big enough that decoding and resizing take a while: kills land inside uploads too
  return Promise.all(
    palette.map(async (color) => ({
      color,
      jpeg: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  );
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const {
    backend,
    cycles,
    seed,
    log = () => {},
    writers = 3,
    killDelayMs = { min: 100, max: 2500 },
    serverArgs = ['--import', 'tsx', 'src/server/main.ts'],
  } = options;
  const started = Date.now();
  // Two generators: the kill moments stay the same for a seed whatever the timing of the writes.
  const killRandom = seededRandom(seed);
  const writeRandom = seededRandom(seed ^ 0x5eed);
  const counters: Counters = {
    acknowledgedWrites: 0,
    unacknowledgedWrites: 0,
    cutOffByKind: { group: 0, animal: 0, entry: 0, batch: 0, reminder: 0, photo: 0 },
    landedUnacknowledged: 0,
    lostWrites: 0,
    changedWrites: 0,
    halfBatches: 0,
    orphanFiles: 0,
    missingPhotoFiles: 0,
    failedStarts: 0,
    unexpectedResponses: 0,
    unexpectedRecords: 0,
    problems: [],
  };
  const dataDir = await mkdtemp(join(tmpdir(), `paddock-soak-${backend}-`));
  const database =
    backend === 'postgres' ? await freshPostgresDatabase('paddock_soak', options.adminUrl) : null;
  const client = createClient(await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'AUTH_SECRET', 'TRUST_PROXY', 'HOST', 'APP_URL'])
    delete env[name];
  Object.assign(env, {
    PORT: String(client.port),
    HOST: '127.0.0.1',
    APP_URL: client.appUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info', // "Paddock is running" is an info line
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const model = new SoakModel();
  const checker = new Checker(client, model, counters, join(dataDir, 'photos'));
  const photos = await makePhotos();
  process.once('exit', killRunning);
  log(`soak ${backend}: seed ${seed}, ${cycles} cycles, data in ${dataDir}`);

  try {
    for (let cycle = 0; cycle <= cycles; cycle++) {
      let server: ServerProcess;
      const startedAt = Date.now();
      try {
        server = await startServerProcess(serverArgs, env);
      } catch (error) {
        counters.failedStarts++;
        counters.problems.push(`cycle ${cycle}: ${(error as Error).message}`);
        break;
      }
      const startMs = Date.now() - startedAt;
      try {
        if (cycle === 0) await signUp(client, dataDir);
        else await checker.run(cycle);
      } catch (error) {
        counters.problems.push(`cycle ${cycle}: the checks stopped: ${(error as Error).message}`);
        server.child.kill('SIGKILL');
        await server.exited;
        break;
      }
      if (cycle === cycles) {
        server.child.kill('SIGTERM');
        const exit = await server.exited;
        if (exit.code !== 0)
          counters.problems.push(`the last server stopped with ${JSON.stringify(exit)}:\n${server.output()}`);
        break;
      }
      const killAfter = killRandom.int(killDelayMs.min, killDelayMs.max);
      const before = counters.acknowledgedWrites;
      const team = Array.from(
        { length: writers },
        () => new Writer(client, model, writeRandom, counters, photos),
      );
      const writing = Promise.all(team.map((writer) => writer.run()));
      await delay(killAfter);
      server.child.kill('SIGKILL');
      for (const writer of team) writer.stopped = true;
      const exit = await server.exited;
      await writing;
      if (exit.signal !== 'SIGKILL')
        counters.problems.push(`cycle ${cycle}: the server had already exited: ${JSON.stringify(exit)}`);
      log(
        `cycle ${cycle + 1}/${cycles}: started in ${startMs} ms, killed after ${killAfter} ms, ` +
          `${counters.acknowledgedWrites - before} writes acknowledged, ${counters.problems.length} problems so far`,
      );
    }
  } finally {
    killRunning();
    process.off('exit', killRunning);
    await database?.drop();
  }
  if (counters.problems.length === 0) await rm(dataDir, { recursive: true, force: true });
  return { backend, seed, cycles, ...counters, dataDir, durationMs: Date.now() - started };
}

/** One line for the log: what was written and what was found wrong. */
export function summarize(result: SoakResult): string {
  return (
    `soak ${result.backend} (seed ${result.seed}): ${result.cycles} cycles, ` +
    `${result.acknowledgedWrites} acknowledged writes (${result.unacknowledgedWrites} cut off by a kill: ` +
    `${Object.entries(result.cutOffByKind)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')}; ${result.landedUnacknowledged} of them landed), ${result.lostWrites} lost writes, ` +
    `${result.changedWrites} changed, ${result.halfBatches} half batches, ${result.orphanFiles} orphan files, ` +
    `${result.missingPhotoFiles} missing photo files, ${result.failedStarts} failed starts, ` +
    `${result.unexpectedResponses} unexpected responses, ${result.unexpectedRecords} unexpected records, ` +
    `${(result.durationMs / 1000).toFixed(1)} s`
  );
}
