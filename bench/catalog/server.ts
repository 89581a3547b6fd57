/**
 * One server under test, run in its own process by run.ts so it has its own event loop (and core)
 * while autocannon drives it from the parent. BENCH_TARGET picks which:
 * - baseline: a bare Fastify hello world, the ceiling this machine gives any Fastify route;
 * - app: the real Marquee app (buildApp) over a migrated, demo-seeded database: an embedded PGlite in
 *   a temporary folder (removed on exit), or DATABASE_URL when set.
 * It listens on an ephemeral port on 127.0.0.1 and reports { port, eventUid } to the parent over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDb, type DbHandle } from '@marquee/db/client';
import { seedDemoIfEmpty } from '@marquee/db/seed';
import { buildApp } from '@marquee/server/src/app';
import { BenchReadySchema, BenchTargetSchema, type BenchReady } from './protocol';

const BenchFirstEventSchema = z.object({ data: z.array(z.object({ uid: z.string() })) });
const target = BenchTargetSchema.parse(process.env.BENCH_TARGET);
const cleanups: (() => Promise<void> | void)[] = [];

async function startBaseline(): Promise<{ app: FastifyInstance; eventUid: null }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  return { app, eventUid: null };
}

async function startApp(): Promise<{ app: FastifyInstance; eventUid: string }> {
  let handle: DbHandle;
  if (process.env.DATABASE_URL) {
    handle = createDb({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 10 });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-bench-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    handle = createDb({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  }
  cleanups.unshift(() => handle.close());
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const app = await buildApp({
    db: handle.db,
    config: { env: 'production', publicUrl: 'http://127.0.0.1', logLevel: 'silent', webDistDir: null },
  });
  // A real event for the detail route: the first one the public list shows.
  const list = await app.inject({ method: 'GET', url: '/api/events?category=all&page=1' });
  const first = BenchFirstEventSchema.safeParse(list.json());
  if (!first.success || !first.data.data[0])
    throw new Error(`The seeded catalogue lists no event: ${list.body.slice(0, 200)}`);
  return { app, eventUid: first.data.data[0].uid };
}

async function shutdown(code: number): Promise<never> {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch {
      // Best effort: the process is going away.
    }
  }
  process.exit(code);
}

try {
  const { app, eventUid } = target === 'baseline' ? await startBaseline() : await startApp();
  cleanups.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const ready: BenchReady = BenchReadySchema.parse({ type: 'ready', port: address.port, eventUid });
  process.send?.(ready);
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
} catch (error) {
  console.error(error);
  await shutdown(1);
}
