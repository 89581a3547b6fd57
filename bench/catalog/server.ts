/**
 * One server under test, run in its own process by run.ts so it has its own event loop (and core)
 * while autocannon drives it from the parent. BENCH_TARGET picks which:
 * - baseline: a bare Fastify hello world, the ceiling this machine gives any Fastify route;
 * - app: the real Marquee app (buildApp) over a migrated, demo-seeded database: an embedded PGlite in
 *   a temporary folder (removed on exit), or DATABASE_URL when set.
 * It listens on an ephemeral port on 127.0.0.1 and reports { port, eventUid } to the parent over IPC.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { listenOnLoopback, startBenchApp } from '../lib/server';
import { serveParent, type Cleanup } from '../lib/server-process';
import { BenchReadySchema, BenchTargetSchema, type BenchReady } from './protocol';

const BenchFirstEventSchema = z.object({ data: z.array(z.object({ uid: z.string() })) });
const target = BenchTargetSchema.parse(process.env.BENCH_TARGET);

async function startBaseline(onClose: (cleanup: Cleanup) => void): Promise<{ port: number; eventUid: null }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  onClose(() => app.close());
  return { port: await listenOnLoopback(app), eventUid: null };
}

async function startApp(onClose: (cleanup: Cleanup) => void): Promise<{ port: number; eventUid: string }> {
  const server = await startBenchApp({
    database: process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 10 }
      : { kind: 'pglite', tmpPrefix: 'marquee-bench-' },
  });
  onClose(() => server.close());
  // A real event for the detail route: the first one the public list shows.
  const list = await server.app.inject({ method: 'GET', url: '/api/events?category=all&page=1' });
  const first = BenchFirstEventSchema.safeParse(list.json());
  if (!first.success || !first.data.data[0])
    throw new Error(`The seeded catalogue lists no event: ${list.body.slice(0, 200)}`);
  return { port: server.port, eventUid: first.data.data[0].uid };
}

await serveParent(async (onClose) => {
  const { port, eventUid } = target === 'baseline' ? await startBaseline(onClose) : await startApp(onClose);
  const ready: BenchReady = BenchReadySchema.parse({ type: 'ready', port, eventUid });
  return ready;
});
