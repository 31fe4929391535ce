// The only reader of process.env: parses the environment once, fails fast with a clear message.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Paddock <no-reply@paddock.local>'),
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // how many reverse proxies of ours stand in front: 'true' is one, 'false' none
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value) =>
      value === 'true' ? 1 : value === 'false' ? 0 : /^\d{1,2}$/.test(value) ? Number(value) : NaN,
    )
    .refine((hops) => hops >= 0 && hops <= 10, 'must be true, false or a number of proxies (0–10)'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  authSecret: string;
  /**
   * how many proxies of ours stand between the client and this server (0: none, use the socket's
   * address); the client's address is the X-Forwarded-For entry that many from the right
   */
  trustProxy: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** how often each server looks for background work owed (the daily email) */
  jobIntervalMs: number;
  /** true when the public origin is https: secure cookies and HSTS */
  secure: boolean;
};

export class ConfigError extends Error {}

/** Reads AUTH_SECRET, or outside production the one generated on first start and kept in DATA_DIR. */
function resolveAuthSecret(given: string | undefined, nodeEnv: string, dataDir: string): string {
  if (given) return given;
  if (nodeEnv === 'production') {
    throw new ConfigError('AUTH_SECRET is required when NODE_ENV=production (at least 32 characters).');
  }
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    appUrl,
    authSecret: resolveAuthSecret(env.AUTH_SECRET, env.NODE_ENV, dataDir),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    jobIntervalMs: env.JOB_INTERVAL_SECONDS * 1000,
    secure: appUrl.startsWith('https://'),
  };
}
