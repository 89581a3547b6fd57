import { ApiError, isApiError } from '../../../lib/api-client';

/** Every message of a failed call (each field's list, else the message), for popups and alerts. */
export function errorMessages(error: unknown, fallback: string): string[] {
  if (!(error instanceof ApiError)) return [fallback];
  const listed = Object.values(error.body.errors ?? {}).flat();
  return listed.length > 0 ? listed : [error.body.message];
}

/** A failure worth retrying with the same request: no answer, a limit, or our side's trouble. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || isApiError(error, 'rate_limited', 'internal_error', 'service_unavailable');
}
