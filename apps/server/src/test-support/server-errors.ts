/** The 5xx answers test apps gave since the last check: each fails its test (fail-on-server-errors.ts). */
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
