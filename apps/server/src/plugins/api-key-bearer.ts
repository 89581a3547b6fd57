import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@marquee/domain/integrations';

/** The console's routes: the only ones an API key acts on (plugins/organiser-access.ts). */
const CONSOLE_PREFIX = '/api/organiser/';

/**
 * The API key a request carries (`Authorization: Bearer mq_live_…`), or null. Only the header counts: a key
 * is never read from a cookie or the query, so a page elsewhere cannot make a browser send one.
 */
export function bearerApiKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

/**
 * Whether a console request is made with an API key: the CSRF check leaves it alone (a browser never adds an
 * Authorization header across sites, and the guard then ignores the session cookie altogether).
 */
export function isApiKeyConsoleRequest(request: Pick<FastifyRequest, 'headers' | 'url'>): boolean {
  return request.url.startsWith(CONSOLE_PREFIX) && bearerApiKeyOf(request) !== null;
}

/** What is stored of a key: the SHA-256 of its whole text, hex. */
export function apiKeyHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
