/**
 * Catalogue throughput against a baseline measured in the same run (machines here are noisy: compare
 * ratios, not absolutes). Requirement: the event list serves at least half the bare Fastify
 * hello-world rate with 100 connections.
 *
 *   npm run bench:catalog -w @marquee/bench      (or `npm run bench` at the root)
 *
 * Env: BENCH_DURATION (seconds measured per route, default 10), BENCH_ROUNDS (the routes take turns in
 * this many rounds, default 5), BENCH_CONNECTIONS (default 100), BENCH_WARMUP (seconds per route before
 * measuring, default 2), DATABASE_URL (bench against PostgreSQL instead of a temporary PGlite).
 * Exits non-zero when any request got a non-2xx answer or a connection error.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { z } from 'zod';
import { forkServer, stopServer } from '../lib/server-process';
import { median } from '../lib/stats';
import { BenchReadySchema, type BenchReady, type BenchTarget } from './protocol';

const EnvSchema = z.object({
  BENCH_DURATION: z.coerce.number().positive().default(10),
  BENCH_CONNECTIONS: z.coerce.number().int().positive().default(100),
  BENCH_ROUNDS: z.coerce.number().int().min(1).default(5),
  BENCH_WARMUP: z.coerce.number().min(0).default(2),
});
const env = EnvSchema.parse(process.env);
const TARGET_RATIO = 0.5;

interface Target {
  name: string;
  port: number;
  path: string;
  headers?: Record<string, string>;
  /** The baseline every ratio is taken against; informational rows do not decide pass or fail. */
  role: 'baseline' | 'target' | 'info';
}

interface Slice {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

interface Measurement {
  name: string;
  path: string;
  role: Target['role'];
  /** Mean of the rounds' averages. */
  requestsPerSecond: number;
  /** The median of the rounds' p99 latencies. */
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Median over rounds of (this route's rate / the baseline's rate in the same round); null for the baseline. */
  ratio: number | null;
  rounds: Slice[];
}

function startServer(target: BenchTarget): Promise<{ child: ChildProcess; ready: BenchReady }> {
  return forkServer(join(import.meta.dirname, 'server.ts'), {
    name: target,
    env: { ...process.env, BENCH_TARGET: target },
    timeoutMs: 180_000,
    ready: BenchReadySchema,
  });
}

async function runSlice(target: Target, seconds: number): Promise<Slice> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    connections: env.BENCH_CONNECTIONS,
    duration: seconds,
    headers: target.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Runs every target in turn, round after round, so the baseline and the app see the same machine
 * load: this box is shared and noisy, and interleaving keeps the ratios honest where one long run
 * of each would compare a quiet minute against a busy one.
 */
async function measureInterleaved(targets: Target[]): Promise<Measurement[]> {
  const sliceSeconds = env.BENCH_DURATION / env.BENCH_ROUNDS;
  if (env.BENCH_WARMUP > 0) for (const target of targets) await runSlice(target, env.BENCH_WARMUP);
  const rounds = new Map<Target, Slice[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < env.BENCH_ROUNDS; round++) {
    for (const target of targets) rounds.get(target)?.push(await runSlice(target, sliceSeconds));
  }
  const baselineTarget = targets.find((target) => target.role === 'baseline');
  const baselineSlices = (baselineTarget && rounds.get(baselineTarget)) || [];
  return targets.map((target) => {
    const slices = rounds.get(target) ?? [];
    const ratios = slices.map(
      (slice, i) => slice.requestsPerSecond / (baselineSlices[i]?.requestsPerSecond || Number.NaN),
    );
    return {
      name: target.name,
      path: target.path,
      role: target.role,
      requestsPerSecond: slices.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / Math.max(1, slices.length),
      p99Ms: median(slices.map((slice) => slice.p99Ms)),
      non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
      errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
      ratio: target.role === 'baseline' ? null : median(ratios),
      rounds: slices,
    };
  });
}

function printTable(rows: Measurement[]): void {
  const header = ['route', 'req/s (avg)', 'p99 ms', 'non-2xx', 'errors', 'x baseline'];
  const lines = rows.map((row) => [
    `${row.name}  ${row.path}`,
    Math.round(row.requestsPerSecond).toLocaleString('en-US'),
    row.p99Ms.toFixed(1),
    String(row.non2xx),
    String(row.errors),
    row.ratio === null ? '1.00' : row.ratio.toFixed(2),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<number> {
  console.log(
    `Catalogue benchmark: ${env.BENCH_CONNECTIONS} connections, ${env.BENCH_DURATION} s per route in ${env.BENCH_ROUNDS} interleaved rounds ` +
      `(after a ${env.BENCH_WARMUP} s warm-up each); database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite in a temporary folder'}.`,
  );
  const [baseline, app] = await Promise.all([startServer('baseline'), startServer('app')]);
  let rows: Measurement[];
  try {
    const { port, eventUid } = app.ready;
    const targets: Target[] = [
      { name: 'baseline: bare Fastify hello world', port: baseline.ready.port, path: '/', role: 'baseline' },
      { name: 'event list', port, path: '/api/events?category=all&page=1', role: 'target' },
      ...(eventUid ? [{ name: 'event detail', port, path: `/api/events/${eventUid}`, role: 'target' as const }] : []),
      {
        name: 'event list, br',
        port,
        path: '/api/events?category=all&page=1',
        headers: { 'accept-encoding': 'br, gzip' },
        role: 'info',
      },
    ];
    rows = await measureInterleaved(targets);
  } finally {
    await Promise.all([stopServer(baseline.child), stopServer(app.child)]);
  }

  console.log('');
  printTable(rows);
  const list = rows.find((row) => row.name === 'event list');
  const listRatio = list?.ratio ?? 0;
  console.log('');
  console.log(
    `Event list: ${listRatio.toFixed(2)}x the baseline (median of per-round ratios; requirement >= ${TARGET_RATIO.toFixed(2)}x): ${listRatio >= TARGET_RATIO ? 'met' : 'NOT met'}.`,
  );

  const resultsDir = join(import.meta.dirname, '..', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `catalog-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ env, database: process.env.DATABASE_URL ? 'postgres' : 'pglite', rows }, null, 2),
  );
  console.log(`Figures saved to ${file}`);

  const failures = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
  for (const row of failures)
    console.error(`FAIL: ${row.name} had ${row.non2xx} non-2xx answers and ${row.errors} connection errors.`);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
