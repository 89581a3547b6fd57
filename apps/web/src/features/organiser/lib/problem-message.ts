import { ApiError } from '../../../lib/api-client';

export const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

/** The server's words for a refusal (it writes them for people), or the network's failure in ours. */
export function problemMessage(error: unknown): string {
  return error instanceof ApiError ? error.body.message : NETWORK_MESSAGE;
}
