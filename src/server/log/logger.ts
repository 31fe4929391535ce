// A small structured logger: one JSON line per event on stdout, so logs can be shipped as they are.
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(threshold: Level | 'silent'): Logger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[threshold]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
