import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** A browser's CSRF dance: GET /sanctum/csrf-cookie, then the cookie echoed in X-XSRF-TOKEN with X-Requested-With. */
export async function csrfHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const answer = await app.inject({ url: '/sanctum/csrf-cookie' });
  const cookies = answer.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const token = answer.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { cookie: cookies, 'x-xsrf-token': decodeURIComponent(token), 'x-requested-with': 'XMLHttpRequest' };
}

/** What the captcha widget does: fetch a challenge, solve it, send base64(JSON{challenge, solution}). */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ url: '/api/captcha/challenge' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge could not be solved.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The same over real HTTP, for tests of server processes: one browser's cookie and token. */
export async function csrfHeadersOver(baseUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return {
    cookie: cookies.join('; '),
    'x-xsrf-token': decodeURIComponent(token),
    'x-requested-with': 'XMLHttpRequest',
  };
}
