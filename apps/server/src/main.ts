import { createDb, dbConfigFromEnv } from '@marquee/db/client';
import { seedDemoIfEmpty } from '@marquee/db/seed';
import { buildApp } from './app';
import { describeDemoAccounts, writeDemoAccountsFile } from './demo/demo-accounts-file';
import type { DemoAccountsSummary } from './demo/demo-accounts';
import { appConfigFromEnv, parseEnv, resolveDataDir } from './config';
import { untilDatabaseAnswers } from './lib/wait-for-database';

const env = parseEnv(process.env);
const config = appConfigFromEnv(env);
const dataDir = resolveDataDir(env);
const handle = createDb(dbConfigFromEnv(env, `${dataDir}/pglite`));

let isWaiting = false;
await untilDatabaseAnswers(() => handle.migrate(), {
  timeoutMs: env.DATABASE_WAIT_MS,
  onWait: (error) => {
    if (isWaiting) return;
    isWaiting = true;
    console.log(
      `The database cannot be reached yet (${String(error)}); waiting up to ${env.DATABASE_WAIT_MS} ms for it…`,
    );
  },
});
if (env.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(handle.db);
  if (seeded) console.log(`Seeded the demo catalogue: ${seeded.events} events, ${seeded.venues} venues.`);
}

let demoAccounts: DemoAccountsSummary | null = null;
const app = await buildApp({
  db: handle.db,
  config,
  ...(env.SEED_DEMO
    ? {
        demoAccounts: {
          password: env.DEMO_PASSWORD,
          totpSecret: env.DEMO_TOTP_SECRET,
          onSeeded: (summary: DemoAccountsSummary) => {
            demoAccounts = summary;
          },
        },
      }
    : {}),
});
if (demoAccounts) await writeDemoAccountsFile(dataDir, demoAccounts);

let isShuttingDown = false;
/**
 * Graceful shutdown (docs/reliability.md). `app.close()` first stops listening (new connections are
 * refused; a request on a kept-alive connection gets 503 and `Connection: close`), waits for the requests
 * in flight to be answered, then runs the modules' onClose hooks, which stop the background workers'
 * timers and wait for their runs under way (a sweep, a webhook delivery, an e-mail batch). Only then is
 * the database closed: nothing in flight ever meets a closed pool. Whatever a worker had not reached
 * stays in the database for the next process (at start each worker runs at once). If all this takes
 * longer than SHUTDOWN_TIMEOUT_MS the process gives up with exit code 1.
 */
async function shutdown(signal: string): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  console.log(`${signal}: shutting down: no new connections; finishing the requests and background work in flight`);
  const deadline = setTimeout(() => {
    console.error(`Shutdown took longer than ${env.SHUTDOWN_TIMEOUT_MS} ms; exiting without finishing.`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);
  deadline.unref();
  let code = 0;
  try {
    await app.close();
  } catch (error) {
    code = 1;
    console.error('Closing the HTTP server failed:', error);
  }
  try {
    await handle.close();
    console.log('Database closed.');
  } catch (error) {
    code = 1;
    console.error('Closing the database failed:', error);
  }
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: env.HOST, port: env.PORT });
console.log(
  `Marquee is running at ${config.publicUrl} (${handle.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL'})`,
);
if (demoAccounts) console.log(describeDemoAccounts(demoAccounts, config.publicUrl));
