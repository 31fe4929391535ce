// How long sign-up and password-reset requests take for an address with an account and one
// without, with a slow mail server (smtp-server on localhost, 400 ms before it accepts a message):
// the two must not differ by a mail server's round trip (issue 23, decision 0033).
// `node --import tsx bench/mail-timing.ts` (a fresh PGlite in a temporary DATA_DIR; ROUNDS=10).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';

const rounds = Number(process.env.ROUNDS ?? 10);
const links: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let message = '';
    stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
    stream.on('end', () => {
      const link = /https?:\/\/\S+verify-email\S+/.exec(message.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      if (link) links.push(link[0]);
      setTimeout(callback, 400);
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = mkdtempSync(join(tmpdir(), 'paddock-mail-timing-'));
const server = await startServer(
  loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    AUTH_SECRET: 'x'.repeat(64),
    DATA_DIR: dataDir,
    PORT: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
  }),
);
const base = `http://127.0.0.1:${server.port}`;
let client = 0;
async function post(path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      origin: 'http://127.0.0.1',
      'content-type': 'application/json',
      'x-forwarded-for': `203.0.113.${(++client % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
  await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

const password = 'correct horse battery';
const known = 'known@example.com';
await post('/api/auth/sign-up/email', { email: known, password, name: '' });
while (!links.length) await new Promise((resolve) => setTimeout(resolve, 50));
const link = new URL(links[0]!);
await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const times: Record<string, number[]> = {
  'reset, existing account': [],
  'reset, unknown address': [],
  'sign-up, existing (confirmed) address': [],
  'sign-up, new address': [],
};
for (let round = 0; round < rounds; round++) {
  const reset = (email: string) =>
    post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  times['reset, existing account']!.push(await reset(known));
  times['reset, unknown address']!.push(await reset(`nobody-${round}@example.com`));
  times['sign-up, existing (confirmed) address']!.push(
    await post('/api/auth/sign-up/email', { email: known, password, name: '' }),
  );
  times['sign-up, new address']!.push(
    await post('/api/auth/sign-up/email', { email: `new-${round}@example.com`, password, name: '' }),
  );
}
for (const [name, values] of Object.entries(times))
  console.log(`${name.padEnd(40)} median ${median(values).toFixed(0)} ms (of ${rounds})`);

await server.stop();
await new Promise<void>((resolve) => smtp.close(resolve));
rmSync(dataDir, { recursive: true, force: true });
