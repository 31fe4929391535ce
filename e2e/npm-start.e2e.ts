// `npm start` (issue 12): the README's command builds the app and serves it, and a SIGTERM to
// npm's pid — what a process manager or a container runtime sends — stops the server cleanly,
// leaving no node process behind (before, npm died and the server kept running).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from './support/stack';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the app, and stops cleanly with nothing left running when npm is sent SIGTERM', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'APP_URL', 'NODE_ENV']) delete env[key];
    const { child: npm, output } = await startServer(env, ['npm', 'start']);
    const servers = execFileSync('pgrep', ['-P', String(npm.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    expect(servers).toHaveLength(1); // npm's one child is the server itself: no shell, no second node

    const landing = await fetch(`http://127.0.0.1:${port}/`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Paddock');

    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (let i = 0; i < 50 && alive(servers[0]!); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(servers[0]!)).toBe(false);
    expect(output()).toContain('Paddock stopped; database closed cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
