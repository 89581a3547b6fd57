import type { APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * What a page of the web app sends with a state-changing call, for a spec that calls the API itself: the
 * spec's X-Requested-With and the CSRF double submit (GET /sanctum/csrf-cookie, then its XSRF-TOKEN cookie
 * echoed as X-XSRF-TOKEN; the request context keeps the cookies).
 */
export async function browserHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/sanctum/csrf-cookie');
  if (response.status() !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${response.status()}.`);
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('The server set no XSRF-TOKEN cookie.');
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) };
}

function isChallenge(value: unknown): value is Challenge {
  return typeof value === 'object' && value !== null && 'parameters' in value && typeof value.parameters === 'object';
}

/**
 * The human check solved in Node, as the widget solves it in the browser: the server's challenge, the proof of
 * work, and the payload the widget would send in X-Captcha (base64 JSON of the challenge and the solution).
 */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const challenge: unknown = await (await request.get('/api/captcha/challenge')).json();
  if (!isChallenge(challenge)) throw new Error('GET /api/captcha/challenge answered no challenge.');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge could not be solved.');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Headers for POST /api/orders or /api/bookings/lookup: the browser's, and a solved human check. */
export async function protectedCallHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { ...(await browserHeaders(request)), 'X-Captcha': await solveCaptcha(request) };
}
