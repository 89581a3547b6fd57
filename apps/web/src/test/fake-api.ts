import { vi } from 'vitest';

/** A request the page made, as the fake API saw it. */
export interface ApiCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of answers by "METHOD /path" (404 for anything else) and records every
 * call. The payment step asks for the card provider, so the sandbox is answered unless a test says otherwise;
 * the CSRF cookie is answered too.
 */
export function fakeApi(): { calls: ApiCall[]; routes: Record<string, ApiHandler> } {
  const calls: ApiCall[] = [];
  const routes: Record<string, ApiHandler> = {
    'GET /api/payments/config': () =>
      Response.json({ card_provider: 'sandbox', stripe_publishable_key: null, test_mode: true }),
    'GET /sanctum/csrf-cookie': () => new Response(null, { status: 204 }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const call = { method, path: url.pathname, headers: new Headers(init?.headers), body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(call) : Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
    }),
  );
  return { calls, routes };
}
