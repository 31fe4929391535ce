// The only reader of process.env: parses the environment once, fails fast with a clear message.
import { createECDH, randomBytes } from 'node:crypto';
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
  // Web Push (decision 0045): the server's VAPID key pair, both or neither; else generated into DATA_DIR
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
    .optional(),
  // tests only: lets push endpoints be http and on private or loopback addresses
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['true', 'false']).default('false'),
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
  /** the server's VAPID identity for Web Push (decision 0045) */
  vapid: VapidKeys;
  /** tests only: push endpoints may be http and on private or loopback addresses */
  pushAllowPrivateEndpoints: boolean;
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

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

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or the pair generated on first start
 * and kept in DATA_DIR (vapid-keys.json, 0600). Tests without a data folder get a pair of their own.
 * Every server behind one database must use the same pair: devices subscribe with its public key.
 */
function resolveVapidKeys(
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string },
  nodeEnv: string,
  dataDir: string,
): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY)
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string')
      throw new ConfigError(`${file} does not hold a VAPID key pair; delete it to make a new one.`);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const keys = newVapidKeys();
  if (nodeEnv === 'test' && !existsSync(dataDir)) return keys;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** A new P-256 key pair, base64url: the public key uncompressed (65 bytes), the private key 32 bytes. */
function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
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
    vapid: {
      ...resolveVapidKeys(env, env.NODE_ENV, dataDir),
      // who the push services may write to about this server's pushes
      subject:
        env.VAPID_SUBJECT ??
        (appUrl.startsWith('https://')
          ? new URL(appUrl).origin
          : `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`),
    },
    pushAllowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true',
  };
}
