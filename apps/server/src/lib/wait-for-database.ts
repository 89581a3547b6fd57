import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Error codes that mean the database cannot be reached yet, rather than that something is wrong: the
 * server is down or restarting (connection refused or reset, a name not resolvable yet), or PostgreSQL is
 * starting up or recovering from a crash (SQLSTATE 57P03, cannot_connect_now).
 */
const NOT_YET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', '57P03']);

function isNotYet(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && NOT_YET_CODES.has(current.code)) return true;
    if (current instanceof AggregateError && current.errors.some(isNotYet)) return true;
  }
  return false;
}

/**
 * Runs `attempt` (the first use of the database at start: the migrations) until the database answers, for
 * at most `timeoutMs`: a server started while PostgreSQL restarts, or before it is up, waits for it
 * instead of exiting. Waits 250 ms, then twice as long each time up to 2 s. Any other error, or the
 * database still unreachable at the deadline, is thrown as it came.
 */
export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  options: { timeoutMs: number; onWait?: (error: unknown) => void },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let delayMs = 250;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isNotYet(error) || Date.now() + delayMs > deadline) throw error;
      options.onWait?.(error);
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, 2_000);
    }
  }
}
