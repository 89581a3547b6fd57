/** PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing and may simply run again. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

function sqlState(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return null;
}

/** Runs a transaction again (up to 3 times) when PostgreSQL aborted it to break a deadlock. */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) throw error;
    }
  }
}
