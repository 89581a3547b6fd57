/**
 * Reliability under faults (issue 8): a sell-out on three server processes (apps/server/src/main.ts, as
 * in production) sharing one private PostgreSQL cluster, with virtual buyers who pick, hold, pay
 * (sandbox gateway), abandon and retry, while the harness kills a server with SIGKILL and restarts it,
 * kills and restarts PostgreSQL, makes the webhook endpoint answer 503 for a while and takes the SMTP
 * server away for a while. Then it checks the invariants in SQL (see checks.ts), prints requests, faults,
 * checks and violations, and exits 1 on any violation.
 *
 *   npm run bench:reliability -w @marquee/bench
 *
 * Env: BENCH_SERVERS (3), BENCH_BUYERS (40), BENCH_CAPACITIES (counted packages, "150,100,50"),
 * BENCH_SEAT_ROWS / BENCH_SEATS_PER_ROW (the seated event: 2 sections of rows x seats, "5"/"12"),
 * BENCH_SALE_TIMEOUT (s, 600), BENCH_DRAIN_TIMEOUT (s, 180), BENCH_SHORT=1 (the test suite's short run),
 * BENCH_SELF_TEST=1 (afterwards, break the data on purpose and show that every check fires),
 * PORT_RANGE (ports to use, "3300-3399"), PG_BIN (folder of initdb and pg_ctl).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MISSING_BINARIES, findPostgresBinaries } from '../lib/private-postgres';
import { printReport } from './report';
import { fullRun, runReliability, shortRun } from './scenario';

const env = z
  .object({
    BENCH_SHORT: z.enum(['0', '1']).default('0'),
    BENCH_SERVERS: z.coerce.number().int().min(2).optional(),
    BENCH_BUYERS: z.coerce.number().int().positive().optional(),
    BENCH_CAPACITIES: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .transform((value) => value.split(',').map(Number))
      .optional(),
    BENCH_SEAT_ROWS: z.coerce.number().int().positive().optional(),
    BENCH_SEATS_PER_ROW: z.coerce.number().int().positive().optional(),
    BENCH_SALE_TIMEOUT: z.coerce.number().positive().optional(),
    BENCH_DRAIN_TIMEOUT: z.coerce.number().positive().optional(),
    BENCH_SELF_TEST: z.enum(['0', '1']).default('0'),
  })
  .parse(process.env);

if (!findPostgresBinaries()) {
  console.error(`bench/reliability needs a PostgreSQL server of its own to restart. ${MISSING_BINARIES}`);
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(import.meta.dirname, '..', 'results');
const base = env.BENCH_SHORT === '1' ? shortRun : fullRun;
const options = {
  ...base,
  ...(env.BENCH_SERVERS ? { servers: env.BENCH_SERVERS } : {}),
  ...(env.BENCH_BUYERS ? { buyers: env.BENCH_BUYERS } : {}),
  ...(env.BENCH_CAPACITIES ? { packageCapacities: env.BENCH_CAPACITIES } : {}),
  ...(env.BENCH_SEAT_ROWS ? { seatRows: env.BENCH_SEAT_ROWS } : {}),
  ...(env.BENCH_SEATS_PER_ROW ? { seatsPerRow: env.BENCH_SEATS_PER_ROW } : {}),
  ...(env.BENCH_SALE_TIMEOUT ? { saleTimeoutSeconds: env.BENCH_SALE_TIMEOUT } : {}),
  ...(env.BENCH_DRAIN_TIMEOUT ? { drainTimeoutSeconds: env.BENCH_DRAIN_TIMEOUT } : {}),
  selfTest: env.BENCH_SELF_TEST === '1',
  logDir: join(resultsDir, `reliability-${stamp}`),
  log: (line: string) => console.log(line),
};

console.log(
  `Reliability benchmark: ${options.servers} server processes, ${options.buyers} buyers; server logs in ${options.logDir}.`,
);
const onSignal = () => {
  console.error('Interrupted: stopping (the private PostgreSQL cluster is removed at exit).');
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  const report = await runReliability(options);
  printReport(report, (line) => console.log(line));
  const file = join(resultsDir, `reliability-${stamp}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`Figures saved to ${file}`);
  const silent = (report.selfTest ?? []).filter((check) => check.violations === 0);
  if (silent.length > 0) console.error(`Self-test: ${silent.length} checks did not fire on broken data.`);
  process.exit(report.violations > 0 || silent.length > 0 ? 1 : 0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
