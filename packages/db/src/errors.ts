/**
 * What the database refused, read through the wrappers Drizzle puts around a driver's error (PGlite's and
 * node-postgres's carry the same SQLSTATE `code` and `constraint`). Services map a named constraint's refusal
 * to their own 409 or 422, so that the database's last wall never surfaces as a 500.
 */

/** The SQLSTATE and constraint of a database error; null when the error is not the database's. */
export function databaseErrorOf(error: unknown): { code: string; constraint: string | null } | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint: unknown = Reflect.get(current, 'constraint');
      return { code, constraint: typeof constraint === 'string' ? constraint : null };
    }
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const CHECK_VIOLATION = '23514';

/** Whether `error` is the database refusing a row by this SQLSTATE (and constraint, when given). */
export function isViolationOf(error: unknown, code: string, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  return found !== null && found.code === code && (constraint === undefined || found.constraint === constraint);
}
