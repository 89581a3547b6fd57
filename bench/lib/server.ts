/**
 * The real Marquee app for a benchmark: a database (an embedded PGlite in a temporary folder, or
 * PostgreSQL), `buildApp` with the benchmarks' settings, listening on a free port on 127.0.0.1. The
 * catalogue and on-sale benchmarks start it in a server process of its own (server-process.ts), the
 * browser benchmarks (seatmap, web) in their own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb, type Db, type DbHandle } from '@marquee/db/client';
import { seedDemoIfEmpty } from '@marquee/db/seed';
import { buildApp } from '@marquee/server/app';
import type { AppConfig } from '@marquee/server/config';

export type BenchDatabase =
  /** An embedded PGlite in a new temporary folder (its name starts with `tmpPrefix`), removed on close. */
  | { kind: 'pglite'; tmpPrefix: string }
  /** A PostgreSQL database, with a pool of `poolSize` connections. */
  | { kind: 'postgres'; url: string; poolSize: number };

export interface BenchAppOptions {
  database: BenchDatabase;
  /** Migrate the database and seed the demo catalogue into it when empty, before the app starts (default true). */
  prepare?: boolean;
  /** Settings beyond the benchmarks' own: production, no logging, API only (no web build). */
  config?: Partial<AppConfig>;
  /** Routes of the benchmark's own on the same server (its baseline page, say), added before it starts. */
  extend?: (app: FastifyInstance) => void;
  /** The port to listen on; 0 (the default): any free one. */
  port?: number;
}

export interface BenchApp {
  app: FastifyInstance;
  db: Db;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Closes the app (requests in flight finish first), then the database, then removes its folder; best effort. */
  close(): Promise<void>;
}

/** The benchmarks' settings: production (the workers on their periods), silent (a request log halves throughput). */
const BENCH_CONFIG: AppConfig = {
  env: 'production',
  publicUrl: 'http://127.0.0.1',
  logLevel: 'silent',
  webDistDir: null,
};

/** Opens the database, builds the app and listens; on a failure, closes what it had opened and throws. */
export async function startBenchApp(options: BenchAppOptions): Promise<BenchApp> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0)) {
      try {
        await cleanup();
      } catch {
        // Best effort: the benchmark is ending.
      }
    }
  };
  try {
    const handle = openDatabase(options.database, cleanups);
    if (options.prepare ?? true) {
      await handle.migrate();
      await seedDemoIfEmpty(handle.db);
    }
    const app = await buildApp({ db: handle.db, config: { ...BENCH_CONFIG, ...options.config } });
    options.extend?.(app);
    cleanups.unshift(() => app.close());
    const port = await listenOnLoopback(app, options.port);
    return { app, db: handle.db, port, origin: `http://127.0.0.1:${port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Listens on 127.0.0.1 (port 0, the default: any free one) and says which port it got. */
export async function listenOnLoopback(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** The database handle; what closes it (and removes its folder) goes first into `cleanups`. */
function openDatabase(database: BenchDatabase, cleanups: (() => Promise<void> | void)[]): DbHandle {
  if (database.kind === 'postgres') {
    const handle = createDb({ kind: 'postgres', url: database.url, poolSize: database.poolSize });
    cleanups.unshift(() => handle.close());
    return handle;
  }
  const dir = mkdtempSync(join(tmpdir(), database.tmpPrefix));
  cleanups.unshift(() => rmSync(dir, { recursive: true, force: true }));
  const handle = createDb({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  cleanups.unshift(() => handle.close());
  return handle;
}
