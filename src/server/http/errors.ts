// Typed errors thrown by services and middleware, mapped to HTTP once (in app.ts's onError).
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super(404, 'NOT_FOUND', `${what} not found`);
  }
}

/** The request clashes with what is stored (a retry that differs from the first try, say). */
export class ConflictError extends AppError {
  constructor(code = 'CONFLICT', message = 'This clashes with what is stored. Reload and try again.') {
    super(409, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super(401, 'UNAUTHORIZED', 'Please sign in to continue.');
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, message = 'Some fields are not valid.') {
    super(422, 'VALIDATION_FAILED', message, fields);
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string[]>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}
