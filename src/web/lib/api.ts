// The one HTTP client of the browser: same-origin JSON, errors thrown as ApiError.
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(path, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A multipart upload (the browser sets the content type and boundary). */
export function apiUpload<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  return send<T>(path, { method, body: form });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'You appear to be offline. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null; // an HTML error page from a proxy, say
  }
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? 'An unexpected error occurred. Please try again.',
      error?.fields,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

export const unexpectedError = 'An unexpected error occurred. Please try again.';

/** What to tell the user about a failure: the server's words for a 4xx, the offline message, else a generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return unexpectedError;
}

/** The offline message when the network failed, else nothing (for toasts that carry their own title). */
export function offlineMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 0 ? error.message : undefined;
}
