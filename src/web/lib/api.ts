// The one HTTP client of the browser: same-origin JSON, errors thrown as ApiError. `client` is typed
// from the server's own routes (Hono's `hc` over ApiRoutes), so a renamed route, field or query
// parameter fails `tsc`, not a user; `api` is the untyped door kept for Better Auth's calls
// (lib/session.ts) and public link pages (see docs/decisions/0018-typed-client.md).
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../server/app';
import type { ApiErrorBody } from '../../shared/schemas/common';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unexpectedError = 'An unexpected error occurred. Please try again.';

/**
 * The one `fetch` of the web app, with our rules: the session cookie (unless the call says to send
 * none), JSON asked for, and every failure thrown as ApiError.
 */
async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type') && !(init.body instanceof FormData))
    headers.set('accept', 'application/json');
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: init.credentials ?? 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'You appear to be offline. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = ((await readJson(response)) as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? unexpectedError,
      error?.fields,
    );
  }
  return response;
}

/** The body as JSON; nothing (a 204) or not JSON (an HTML error page from a proxy, say) is null. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The /api/v1 routes, typed: `client.animals[':id'].$get({ param: { id } })`. Pass the call to `data`. */
export const client = hc<ApiRoutes>('/api/v1', { fetch: apiFetch });

/** What a successful answer holds: the JSON of its 2xx responses (a route's 422 is thrown, never returned). */
type Ok<Answer> =
  Answer extends ClientResponse<infer Body, infer Status, infer Format>
    ? Status extends SuccessStatusCode
      ? Format extends 'json'
        ? Body
        : null
      : never
    : never;

/** Awaits a typed call and gives its JSON (null for a 204); failures were thrown by apiFetch. */
export async function data<Answer extends ClientResponse<unknown, number, string>>(
  call: Promise<Answer>,
): Promise<Ok<Answer>> {
  return (await readJson(await call)) as Ok<Answer>;
}

type Method = 'GET' | 'POST' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const response = await apiFetch(path, {
    ...init,
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await readJson(response)) as T;
}

/** Untyped calls for Better Auth's endpoints (/api/auth/…, lib/session.ts) and a link's public side (/api/public/…); /api/v1 goes through `client`. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
};

/**
 * A link's page read by its token alone (/api/public/…: a shared record, unsubscribe): no cookie
 * and no referrer go with it, so the link gives the server nothing but itself.
 */
const anonymous: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer' };
export const publicApi = {
  get: <T>(path: string) => request<T>('GET', path, undefined, anonymous),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body, anonymous),
};

/** What to tell the user about a failure: the server's words for a 4xx, the offline message, else a generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return unexpectedError;
}

/** The offline message when the network failed, else nothing (for toasts that carry their own title). */
export function offlineMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 0 ? error.message : undefined;
}
