// node --import tsx bench/scale/capture.ts <root> <database url> <request name> <out.json> — the
// statements one of the bench's reads sends, as the code of the tree at <root> sends them (text
// and parameters), written as JSON: bench/pair.ts runs it once for this tree and once for the
// tree of another commit. It imports <root>'s own modules, so an older tree is captured as it was.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type * as Database from '../../src/server/db/database';
import type * as Harness from './harness';
import { signInBench } from './sign-in';

export type Captured = { request: string; statements: { text: string; params: unknown[] }[] };

const [root, url, name, out] = process.argv.slice(2);
if (!root || !url || !name || !out)
  throw new Error('usage: capture.ts <root> <database url> <request name> <out.json>');

const { openDatabase } = (await import(join(root, 'src/server/db/database.ts'))) as typeof Database;
const { inProcessApp, requestsFor } = (await import(join(root, 'bench/scale/harness.ts'))) as typeof Harness;

const client = new pg.Client({ connectionString: url });
await client.connect();
const query = async <Row>(text: string, values: unknown[] = []) =>
  (await client.query(text, values)).rows as Row[];

let capture: Captured['statements'] | null = null;
const handle = await openDatabase({
  kind: 'postgres',
  url,
  onQuery: (text, params) => capture?.push({ text, params }),
});
const appUrl = 'http://127.0.0.1:3999';
const dataDir = mkdtempSync(join(tmpdir(), 'paddock-capture-'));
const app = inProcessApp(handle.db, {
  APP_URL: appUrl,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(32).toString('hex'),
});
const headers = { origin: appUrl, 'content-type': 'application/json' };
const { cookie, farmId } = await signInBench(app, appUrl, query);
const found = (await requestsFor(query, farmId)).find(
  (each) => each.name.includes(name) && each.request.method === 'GET',
);
if (!found) throw new Error(`no GET of the bench is named like "${name}"`);
// once to warm (a first request may read what later ones find kept), then the one captured
await app.request(`${appUrl}${found.request.path}`, { headers: { ...headers, cookie } });
capture = [];
const response = await app.request(`${appUrl}${found.request.path}`, { headers: { ...headers, cookie } });
if (!response.ok) throw new Error(`${found.name}: ${response.status}`);
writeFileSync(out, JSON.stringify({ request: found.name, statements: capture } satisfies Captured));
await handle.close();
await client.end();
rmSync(dataDir, { recursive: true, force: true });
