import type { z } from 'zod';
import { ErrorBodySchema, type ErrorBody } from '@marquee/domain/errors';

/** A non-2xx answer from the API, with the documented error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * The one way the web app talks to the server: same origin, the X-Requested-With header the
 * spec requires, every answer parsed with the shared zod schema (parse, don't cast).
 */
export async function apiGet<T extends z.ZodType>(path: string, schema: T, init?: { signal?: AbortSignal }): Promise<z.infer<T>> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal: init?.signal ?? null,
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data : { message: 'An unexpected error occurred.' });
  }
  return schema.parse(json);
}
