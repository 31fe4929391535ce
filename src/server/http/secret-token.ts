// The tokens of secret links — a shared health record, a calendar feed, an unsubscribe link: 256
// random bits in base64url, stored only as their SHA-256, so a copy of the database opens nothing.
import { createHash, randomBytes } from 'node:crypto';

export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** 43 base64url characters; anything else is not one of ours and is not looked up. */
export const isSecretToken = (token: string) => tokenPattern.test(token);
