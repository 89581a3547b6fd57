import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { LOCALE_DATA_SCRIPT_SOURCE } from '../lib/locale-data-script';

/**
 * The CSP the web app passes: everything self-hosted; inline styles only for SVG/React style attributes.
 * `upgrade-insecure-requests` only when Marquee is served over https: on plain http (a phone trying the
 * demo at http://192.168.x.x:3000) it would rewrite every asset to an https address that does not exist.
 */
export interface SecurityHeaderOptions {
  isHttps: boolean;
  /** Card payments through Stripe: Stripe.js and its card element's frames come from Stripe's hosts. */
  allowStripe?: boolean;
}

/**
 * Which document the policy is for: the buyer site's pages, or the organiser console's (apps/web/organiser.html),
 * whose gate scanner compiles a WebAssembly QR decoder.
 */
export type PageDocument = 'site' | 'console';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console document's Content-Security-Policy (registerSecurityHeaders): the pages module sets it per reply. */
    consoleContentSecurityPolicy: string;
  }
}

export function contentSecurityPolicy(
  options: SecurityHeaderOptions,
  document: PageDocument = 'site',
): Record<string, string[] | null> {
  const stripe = options.allowStripe ?? false;
  // 'wasm-unsafe-eval' lets the gate scanner compile its QR decoder (ZXing, WebAssembly served from 'self'); it
  // allows WebAssembly only, never eval() of JavaScript, and only the console's document gets it.
  const wasm = document === 'console' ? ["'wasm-unsafe-eval'"] : [];
  return {
    upgradeInsecureRequests: options.isHttps ? [] : null,
    defaultSrc: ["'self'"],
    // The one inline script, by its hash: the page's head warms the locale data (lib/locale-data-script.ts).
    scriptSrc: [
      "'self'",
      LOCALE_DATA_SCRIPT_SOURCE,
      ...(stripe ? ['https://js.stripe.com'] : []),
      ...wasm,
    ],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : null,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

export function helmetOptions(options: SecurityHeaderOptions, document: PageDocument = 'site'): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(options, document) },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * helmet's headers, computed once. They do not depend on the request (no CSP nonces), and
 * @fastify/helmet re-runs helmet() per request, which measured at half the event list's throughput.
 */
export function fixedSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * JSON answers are never rendered as pages, so they take the OWASP REST Security Cheat Sheet's
 * essential set instead of a page's: nothing may load or frame them, no sniffing, HSTS. Every header
 * costs on every answer (Node validates each one), and the page-only ones protect nothing here.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

function isJsonApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Every page gets the site's headers, every JSON answer the API's. The console's document differs only in its
 * CSP, which the pages module sets on that reply (`app.consoleContentSecurityPolicy`): it alone knows which
 * answer is the console's page, so a buyer page never gets what the console needs.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const pageHeaders = fixedSecurityHeaders(helmetOptions(options));
  const consolePolicy = fixedSecurityHeaders(helmetOptions(options, 'console'))['content-security-policy'];
  if (consolePolicy === undefined) throw new Error('security headers: helmet set no Content-Security-Policy');
  app.decorate('consoleContentSecurityPolicy', consolePolicy);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isJsonApiPath(request.url) ? API_SECURITY_HEADERS : pageHeaders);
    done();
  });
}
