import { isApiError, type ApiError } from './api-client';

/**
 * The server answered and refused the request as it was asked (any code but our side's trouble, which are
 * `internal_error` and `service_unavailable`): asking again the same way will not help, so a query does not
 * retry it and a page says why instead of offering Try again.
 */
export function isApiRefusal(error: unknown): error is ApiError {
  return isApiError(error) && !isApiError(error, 'internal_error', 'service_unavailable');
}
