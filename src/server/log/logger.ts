// A small structured logger: one JSON line per event on stdout, so logs can be shipped as they are.
// It never writes a secret link's token, whoever logs it (our code, Better Auth, an error's text):
// every line passes `withoutSecrets`. The one exception is a development server's confirmation
// link (`developmentLink`), so that a fresh install confirms accounts with no mail server.
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

const secretParts = [
  // ?token=… (email confirmation, Better Auth's reset callback)
  /([?&]token=)[^&\s"'\\<>#]+/g,
  // a token in a path: shared records, invitations, unsubscribe links, password reset, calendar feeds
  /(\/(?:record|records|invite|invitations|unsubscribe|reset-password|calendar)\/)[A-Za-z0-9_.~%-]{16,}/g,
];

/** The text with every secret link's token replaced by '[redacted]'. */
export function withoutSecrets(text: string): string {
  return secretParts.reduce((result, pattern) => result.replace(pattern, '$1[redacted]'), text);
}

export function createLogger(threshold: Level | 'silent', options: { development?: boolean } = {}): Logger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[threshold]) return;
    const { developmentLink, ...rest } = fields ?? {};
    let line = withoutSecrets(JSON.stringify({ time: new Date().toISOString(), level, message, ...rest }));
    if (options.development && typeof developmentLink === 'string')
      line = `${line.slice(0, -1)},"link":${JSON.stringify(developmentLink)}}`;
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
