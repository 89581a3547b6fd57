/** PostgreSQL helpers shared by the benchmarks that run against a real server (onsale, reliability). */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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

/** The kernel's clock ticks a second (`getconf CLK_TCK`), read once. */
let clockTicks: number | undefined;

/** Seconds of CPU used so far by each `postgres` process of this machine (utime + stime), by pid. */
export type PostgresCpu = ReadonlyMap<number, number>;

export function postgresCpu(): PostgresCpu {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const seconds = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      seconds.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / clockTicks);
    } catch {
      // The process ended meanwhile.
    }
  }
  return seconds;
}

/**
 * Seconds of CPU PostgreSQL has used since `before`: the processes alive now, each from its own reading then
 * (0 if it started since). A process that ended meanwhile (a pool's idle connection closing) is left out
 * rather than subtracted, so the figure never goes below zero.
 */
export function postgresCpuSince(before: PostgresCpu): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}
