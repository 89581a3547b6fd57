/** PostgreSQL helpers shared by the benchmarks that run against a real server (onsale, reliability). */
import pg from 'pg';
import { z } from 'zod';

/** Runs `run` with a client of its own, always ended afterwards. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL without its password, for output. */
export function printableUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The same server's URL for another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Waits until no query of this database is running or open in a transaction (twice in a row), so the
 * work a slice's buyers left in flight when it stopped does not run into the next slice.
 */
export async function waitForQuiet(pool: pg.Pool, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSamples = 0;
  while (quietSamples < 2 && Date.now() < deadline) {
    const result = await pool.query(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         AND state IS DISTINCT FROM 'idle'`,
    );
    const busy = z.object({ busy: z.number() }).parse(result.rows[0]).busy;
    quietSamples = busy === 0 ? quietSamples + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
