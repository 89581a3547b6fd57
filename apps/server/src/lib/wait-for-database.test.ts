import { describe, expect, it } from 'vitest';
import { untilDatabaseAnswers } from './wait-for-database';

function failure(code: string): Error {
  return Object.assign(new Error(`failed: ${code}`), { code });
}

describe('untilDatabaseAnswers', () => {
  it('tries again while the database cannot be reached, then answers what the attempt answered', async () => {
    let attempts = 0;
    const waits: unknown[] = [];
    const result = await untilDatabaseAnswers(
      async () => {
        attempts += 1;
        if (attempts === 1) throw failure('ECONNREFUSED');
        // Drizzle wraps the driver's error; PostgreSQL in crash recovery answers 57P03.
        if (attempts === 2) throw new Error('migrate failed', { cause: failure('57P03') });
        return 'migrated';
      },
      { timeoutMs: 10_000, onWait: (error) => waits.push(error) },
    );
    expect(result).toBe('migrated');
    expect(attempts).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('throws any other error at once', async () => {
    let attempts = 0;
    const attempt = async () => {
      attempts += 1;
      throw failure('28P01');
    };
    await expect(untilDatabaseAnswers(attempt, { timeoutMs: 10_000 })).rejects.toThrow('failed: 28P01');
    expect(attempts).toBe(1);
  });

  it('gives up with the last error once the time is over', async () => {
    let attempts = 0;
    const attempt = async () => {
      attempts += 1;
      throw failure('ECONNREFUSED');
    };
    await expect(untilDatabaseAnswers(attempt, { timeoutMs: 600 })).rejects.toThrow('failed: ECONNREFUSED');
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(3);
  });
});
