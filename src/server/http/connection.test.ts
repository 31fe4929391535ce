// Over a real socket: a body refused early (413) closes the connection, so a keep-alive client's
// next request does not land on a socket still full of the refused body (ECONNRESET).
import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, createTestApp, type TestApp } from '../../../test/support/test-app';

describe('connections', () => {
  let t: TestApp;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  /** A request on `agent`; a body given in parts is sent chunked (no Content-Length). */
  function send(
    agent: http.Agent,
    path: string,
    method: string,
    body?: Buffer | string | Buffer[],
    headers = {},
  ) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: '127.0.0.1',
            port,
            path,
            method,
            headers: { origin: appUrl, 'content-type': 'application/json', ...headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: Buffer.concat(chunks).toString(),
              }),
            );
          },
        );
        request.on('error', reject);
        if (Array.isArray(body)) {
          for (const part of body) request.write(part);
          request.end();
        } else request.end(body);
      },
    );
  }

  it('answers an oversized body with 413 and Connection: close; the next request on a keep-alive agent works', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { cookie } = await t.signUpAndConfirm();
    const group = await (await t.request('/api/v1/groups', { cookie, body: { name: 'Goats' } })).json();
    const animal = await (
      await t.request('/api/v1/animals', { cookie, body: { name: 'Daisy', groupIds: [group.id] } })
    ).json();
    for (const path of ['/api/v1/profile', '/api/auth/sign-in/email', `/api/v1/animals/${animal.id}/photo`]) {
      const big = Buffer.alloc(path.endsWith('photo') ? 11 * 1024 * 1024 : 1024 * 1024, 'a');
      const refused = await send(
        agent,
        path,
        path.endsWith('profile') ? 'PATCH' : path.endsWith('photo') ? 'PUT' : 'POST',
        big,
        { cookie },
      );
      expect(refused.status, `${path} ${refused.body}`).toBe(413);
      expect(refused.headers.connection, path).toBe('close');
      expect(JSON.parse(refused.body).error.code).toBe('PAYLOAD_TOO_LARGE');
      const next = await send(agent, '/api/v1/profile', 'GET', undefined, { cookie });
      expect(next.status, `after ${path}`).toBe(200);
    }
    // a body that does not say its length (chunked) is counted as it arrives, and refused the same
    const chunked = await send(
      agent,
      '/api/v1/profile',
      'PATCH',
      Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, 'a')),
      { cookie },
    );
    expect(chunked.status, chunked.body).toBe(413);
    expect(chunked.headers.connection).toBe('close');
    expect(JSON.parse(chunked.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await send(agent, '/api/v1/profile', 'GET', undefined, { cookie })).status).toBe(200);
    // refused for another reason before the body was read: the same care
    const missing = await send(
      agent,
      '/api/v1/animals/00000000-0000-4000-8000-000000000000/photo',
      'PUT',
      Buffer.alloc(2 * 1024 * 1024),
      { cookie },
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.connection).toBe('close');
    expect((await send(agent, '/api/v1/profile', 'GET', undefined, { cookie })).status).toBe(200);
    agent.destroy();
  });
});
