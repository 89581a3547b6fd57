import { ERROR_STATUS, type ErrorCode } from '@marquee/domain/errors';

export type { ErrorCode };

/**
 * The one error vocabulary (packages/domain/src/errors): services throw these with a code from the
 * domain's union; the error handler sends `{ code, message, errors?, ...details }` with the code's status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  /** Extra documented fields of the body (e.g. `taken_seats` of a 409), beside message and errors. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string[]>, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function notFound(message: string): AppError {
  return new AppError('not_found', message);
}

/** A 422 for one field, in the `{ code, message, errors: { field: [..] } }` shape. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: [message] });
}
