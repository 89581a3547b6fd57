import { ErrorBodySchema } from '@marquee/domain/errors';

/** The 5xx answers (and error bodies out of shape) test apps gave since the last check: each fails its test (fail-on-server-errors.ts). */
const serverErrors: string[] = [];

export function recordServerError(line: string): void {
  serverErrors.push(line);
}

/**
 * Takes the 5xx answers given so far: a test that provokes one on purpose (a provider down, say) takes it
 * and checks it, so that only the unexpected ones fail.
 */
export function takeServerErrors(): string[] {
  return serverErrors.splice(0);
}

/**
 * Why an answer's error body breaks the documented shape (`{ code, message, errors? }`, code from the
 * domain's union), or null when it keeps it or is not a JSON error. Pages (HTML 404s) are not API errors.
 */
export function errorBodyBreach(method: string, status: number, contentType: string, payload: unknown): string | null {
  // A HEAD answer has no body on the wire, whatever Fastify holds for it.
  if (method === 'HEAD' || status < 400 || !contentType.includes('application/json')) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return null; // a stream (a compressed answer): not read here
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success ? null : `error body out of shape: ${text.slice(0, 200)}`;
}
