/** The one error vocabulary: services throw these; the error handler maps them to HTTP. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

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

/** A 422 for one field, in the `{ message, errors: { field: [..] } }` shape. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}
