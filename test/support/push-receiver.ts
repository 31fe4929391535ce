// Test support: a Web Push service of our own on 127.0.0.1, so that the notification run is proven
// without the internet. It hands out real subscriptions (each device a P-256 key pair and a 16-byte
// auth secret of its own, as a browser makes them), and for each push it takes checks the VAPID
// Authorization header (RFC 8292: an ES256 JWT for the endpoint's origin, signed by the key it
// names) and decrypts the body (RFC 8291 and RFC 8188, aes128gcm) with node:crypto alone: ECDH,
// HKDF (HMAC-SHA-256), AES-128-GCM. It records what it got, and answers 410 (or any status) for a
// chosen device, as a push service does for a subscription the browser dropped.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = {
  /** the device's endpoint */
  endpoint: string;
  /** the decrypted payload, parsed */
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  /** the VAPID public key that signed it (the `k` of the Authorization header) */
  vapidKey: string;
  /** the JWT's claims */
  claims: { aud: string; exp: number; sub: string };
};

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the plaintext of an aes128gcm body to this device. */
export function decryptAes128gcm(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error('not an aes128gcm Web Push body');
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what Web Push sends');
  const receiverKey = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  // HKDF-Extract(auth_secret, ecdh_secret), then Expand with "WebPush: info" || 0 || ua_public || as_public
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // the last record's padding: a 2 then zeros
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: checks 'vapid t=<jwt>, k=<key>' for `audience`; answers the key and the claims. */
export function checkVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID Authorization header: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (parsedHeader.alg !== 'ES256') throw new Error(`JWT alg ${parsedHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'];
  if (parsed.aud !== audience) throw new Error(`JWT aud ${parsed.aud}, expected ${audience}`);
  const now = Date.now() / 1000;
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 60 * 60)) throw new Error(`JWT exp ${parsed.exp}`);
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error(`JWT sub ${parsed.sub}`);
  return { key, claims: parsed };
}

export async function startPushReceiver() {
  const devices = new Map<string, Device>();
  /** a status to answer instead, by device id */
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  /** pushes it could not read: a test expects none */
  const errors: string[] = [];
  let origin = '';

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (request.method !== 'POST' || !id || !device) {
        response.writeHead(404).end();
        return;
      }
      const status = answers.get(id);
      if (status) {
        response.writeHead(status).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        const { key, claims } = checkVapid(request.headers.authorization, origin);
        const plain = decryptAes128gcm(Buffer.concat(chunks), device);
        received.push({
          endpoint: `${origin}/push/${id}`,
          payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          vapidKey: key,
          claims,
        });
        response.writeHead(201).end();
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);

  return {
    origin,
    received,
    errors,
    /** A new device's subscription, as PushSubscription.toJSON() gives it, with a label. */
    subscription(label = 'Test phone') {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        label,
      };
    },
    /** From now on answers `status` (410: the subscription is gone) for this device. */
    answer(endpoint: string, status: number) {
      answers.set(idOf(endpoint), status);
    },
    /** What this device received. */
    to: (endpoint: string) => received.filter((push) => push.endpoint === endpoint),
    clear() {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
