// The whole product as a user meets it: the real server as `npm start` runs it (the compiled
// dist/server/main.js, serving the built SPA from dist/web) on a free port, its own data directory, its own database,
// and a real SMTP server that catches the emails it sends.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { freshPostgresDatabase } from '../../test/support/fresh-database';
import { parseEmail, type ReceivedEmail } from './mail';

export type Backend = 'pglite' | 'postgres';

/**
 * Where a journey runs: once, on PostgreSQL when TEST_DATABASE_URL points at a server (CI sets it),
 * else on PGlite. The API tests cover both databases route by route; the browser proves the product.
 */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

/**
 * The journeys of the embedded database's own promises (sign-in and account life, offline, export
 * and import, deletion): once, on PGlite — the database `npm start` gives a farm — whatever
 * TEST_DATABASE_URL says. With `backends`, both databases meet a browser in every run, and no
 * journey runs twice (CI's time: decision 0048). `npm start`'s journey (npm-start.e2e.ts) runs on
 * PGlite by nature.
 */
export const embeddedBackend: Backend[] = ['pglite'];

/**
 * Both databases whenever PostgreSQL is there: for an issue whose proof asks for both (Scan Tag's
 * camera, issue 30).
 */
export const everyBackend: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type Stack = {
  baseUrl: string;
  /** The next email to `to` not returned before (oldest first); waits for it to arrive. */
  waitForEmail(to: string, timeoutMs?: number): Promise<ReceivedEmail>;
  /** every email received so far */
  emails: ReceivedEmail[];
  stop(): Promise<void>;
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startSmtp() {
  const emails: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
        emails.push(parseEmail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    emails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function assertBuilt() {
  for (const file of ['web/index.html', 'web/landing.html', 'server/main.js']) {
    if (!existsSync(join(repoRoot, 'dist', file))) {
      throw new Error(
        `dist/${file} is missing: the browser tests need the built web app and server. Run \`npm run build\` first (\`npm test\` does).`,
      );
    }
  }
}

/** The built server, as the stack runs it. */
const builtServer = [process.execPath, '--enable-source-maps', 'dist/server/main.js'];

/**
 * Starts the server (by `command`, the built server unless told) and waits for its "Paddock is
 * running" line; rejects with its output if it dies.
 */
export function startServer(
  env: NodeJS.ProcessEnv,
  command: string[] = builtServer,
): Promise<{ child: ChildProcess; output: () => string }> {
  const [program, ...args] = command;
  const child = spawn(program!, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    output += chunk;
    // warnings and errors of the server (its stderr) belong in the test output
    process.stderr.write(chunk.replace(/^(?=.)/gm, '[server] '));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not say "Paddock is running" within 60 s. Output:\n${output}`));
    }, 60_000);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited (code ${code}, signal ${signal}) before starting. Output:\n${output}`),
      );
    };
    child.once('exit', onExit);
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Paddock is running')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, output: () => output });
      }
    });
  });
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), delay(15_000).then(() => true)]);
  if (timedOut) {
    console.error('[e2e] the server did not stop within 15 s of SIGTERM; killing it');
    child.kill('SIGKILL');
    await exited;
  }
}

export async function startStack(backend: Backend): Promise<Stack> {
  assertBuilt();
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[e2e] clean-up step failed:', error);
      }
    }
    cleanups.length = 0;
  };

  try {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());

    const dataDir = mkdtempSync(join(tmpdir(), 'paddock-e2e-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // a copy of the run's migrated database (e2e/support/global-setup.ts)
    let databaseUrl: string | undefined;
    if (backend === 'pglite') {
      cpSync(inject('pgliteDataDir'), join(dataDir, 'pgdata'), { recursive: true });
    } else {
      const database = await freshPostgresDatabase(
        'paddock_e2e',
        process.env.TEST_DATABASE_URL,
        inject('postgresTemplate') || undefined,
      );
      databaseUrl = database.url;
      cleanups.push(() => database.drop());
    }

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of ['DATABASE_URL', 'AUTH_SECRET', 'HOST', 'MAIL_FROM', 'TRUST_PROXY', 'APP_URL']) {
      delete env[key];
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NODE_ENV: 'test',
      // "Paddock is running" is an info line: at warn the server would start without saying so.
      LOG_LEVEL: 'info',
      // background work (the daily email) looked for every 2 seconds, not every minute
      JOB_INTERVAL_SECONDS: '2',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });

    const server = await startServer(env);
    const killOnExit = () => server.child.kill('SIGKILL');
    process.once('exit', killOnExit);
    let stopping = false;
    server.child.once('exit', (code, signal) => {
      if (stopping) return;
      // Every later step would fail with "connection refused": say why, once, loudly.
      console.error(
        `[e2e] THE SERVER EXITED during the tests (code ${code}, signal ${signal}). Its last output:\n${server.output().slice(-4000)}`,
      );
    });
    cleanups.push(async () => {
      stopping = true;
      process.off('exit', killOnExit);
      await stopProcess(server.child);
    });

    const returned = new Set<ReceivedEmail>();
    let stopped: Promise<void> | undefined;
    return {
      baseUrl,
      emails: smtp.emails,
      async waitForEmail(to, timeoutMs = 15_000) {
        const address = to.toLowerCase();
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const email = smtp.emails.find(
            (candidate) => !returned.has(candidate) && candidate.to.includes(address),
          );
          if (email) {
            returned.add(email);
            return email;
          }
          if (Date.now() > deadline) {
            const seen = smtp.emails.map((candidate) => `${candidate.to.join(',')}: ${candidate.subject}`);
            throw new Error(
              `No new email to ${to} within ${timeoutMs} ms. Received so far: ${seen.length ? seen.join('; ') : 'none'}`,
            );
          }
          await delay(100);
        }
      },
      stop: () => (stopped ??= cleanUp()),
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
