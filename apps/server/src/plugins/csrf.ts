import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { isApiKeyConsoleRequest } from './api-key-bearer';
import { AppError } from './app-error';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SECRET_COOKIE = 'marquee_csrf';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Requests a browser page cannot be made to send for a buyer: a provider's server-to-server webhooks
 * (signed), the sandbox provider's own pages and API (a stand-in for a third party's), gate staff's
 * bearer-token check-in, and the OpenID providers' form_post callbacks (better-auth checks their state).
 */
const EXEMPT_PREFIXES = [
  '/api/payments/webhooks/',
  '/api/sandbox/',
  '/sandbox/',
  '/api/check-in',
  '/api/auth/callback/',
];

export interface CsrfOptions {
  /** Off only in API tests that are not about CSRF (decisions/019). */
  enabled: boolean;
  isHttps: boolean;
}

/** Whether the CSRF check leaves requests to this address alone (the OpenAPI document says which it guards). */
export function isCsrfExempt(url: string): boolean {
  return EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * CSRF protection for every state-changing request (ARCHITECTURE: the spec's XSRF-TOKEN double submit).
 * `GET /sanctum/csrf-cookie` sets an HttpOnly secret and, derived from it by @fastify/csrf-protection, the
 * readable `XSRF-TOKEN`; the web app echoes that in `X-XSRF-TOKEN` with `X-Requested-With`. A token is
 * checked against the secret, so a cookie planted by a sibling domain without the secret proves nothing.
 */
export async function registerCsrf(app: FastifyInstance, options: CsrfOptions): Promise<void> {
  const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: options.isHttps };
  await app.register(cookie);
  await app.register(csrfProtection, {
    cookieKey: SECRET_COOKIE,
    cookieOpts: { ...cookieOptions, httpOnly: true },
    getToken: (request) => {
      const header = request.headers['x-xsrf-token'];
      return typeof header === 'string' ? header : undefined;
    },
  });

  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags: ['accounts'],
        summary: "Sets the XSRF-TOKEN cookie that state-changing requests echo in X-XSRF-TOKEN (the spec's call)",
        response: { 204: z.null().describe('No content: the `XSRF-TOKEN` cookie and its HttpOnly secret are set.') },
      },
    },
    async (_request, reply: FastifyReply) => {
      const token = reply.generateCsrf();
      reply.setCookie(XSRF_COOKIE, token, { ...cookieOptions, httpOnly: false });
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
  );

  if (!options.enabled) return;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || isCsrfExempt(request.url)) return done();
    // An API key in the Authorization header (decisions/044): no browser sends one across sites, and the guard
    // then acts on the key alone, never on the session cookie that came with it.
    if (isApiKeyConsoleRequest(request)) return done();
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return done(new AppError('csrf_failed', ACCOUNT_MESSAGES.csrf));
    }
    app.csrfProtection(request, reply, done);
  });
}
