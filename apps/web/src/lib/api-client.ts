import type { z } from 'zod';
import { ErrorBodySchema, errorCodeForStatus, type ErrorBody, type ErrorCode } from '@marquee/domain/errors';

/**
 * A non-2xx answer from the API, with the documented error body. Callers switch on `code` (the domain's
 * union), never on the status: one status covers several cases (a 409 is seats taken, sold out, paid...).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): ErrorCode {
    return this.body.code;
  }
}

/** The API's error, or (a proxy's page, a body out of shape) the code its status stands for. */
function apiErrorOf(status: number, json: unknown, keepExtraFields: boolean): ApiError {
  const parsed = (keepExtraFields ? ErrorBodySchema.loose() : ErrorBodySchema).safeParse(json);
  return new ApiError(
    status,
    parsed.success ? parsed.data : { code: errorCodeForStatus(status), message: 'An unexpected error occurred.' },
  );
}

/** True when `error` is the API's answer with one of these codes. */
export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * The one way the web app talks to the server: same origin, the X-Requested-With header the
 * spec requires, every answer parsed with the shared zod schema (parse, don't cast).
 */
export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  init?: { headers?: Record<string, string>; signal?: AbortSignal | undefined },
): Promise<z.infer<T>> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...init?.headers },
    credentials: 'same-origin',
    signal: init?.signal ?? null,
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, json, false);
  return schema.parse(json);
}

/** The XSRF-TOKEN cookie's value, decoded; null when the server has not set one. */
function readXsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/**
 * A JSON request that changes something (POST, PUT, PATCH, DELETE): the spec's X-Requested-With, the
 * CSRF token echoed from its cookie, the answer parsed with the shared schema. A failure is an ApiError
 * whose body keeps any extra fields (a 409's taken_seats) for the caller to parse.
 */
export async function apiSend<T extends z.ZodType>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: T,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
): Promise<z.infer<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Fastify refuses an empty body declared as JSON, so a call without a body declares none.
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    'X-Requested-With': 'XMLHttpRequest',
    ...init?.headers,
  };
  const xsrfToken = readXsrfToken();
  if (xsrfToken !== null) headers['X-XSRF-TOKEN'] = xsrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
    signal: init?.signal ?? null,
  });
  const json: unknown = await response.json().catch(() => null);
  // Extra fields stay in the error's `body`, for the caller to parse (UnavailableBodySchema, say).
  if (!response.ok) throw apiErrorOf(response.status, json, true);
  return schema.parse(json);
}
