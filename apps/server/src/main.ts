import { createDb, dbConfigFromEnv } from '@marquee/db/client';
import { seedDemoIfEmpty } from '@marquee/db/seed';
import { buildApp } from './app';
import { appConfigFromEnv, parseEnv, resolveDataDir } from './config';

const env = parseEnv(process.env);
const config = appConfigFromEnv(env);
const dataDir = resolveDataDir(env);
const handle = createDb(dbConfigFromEnv(env, `${dataDir}/pglite`));

await handle.migrate();
if (env.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(handle.db);
  if (seeded) console.log(`Seeded the demo catalogue: ${seeded.events} events, ${seeded.venues} venues.`);
}

const app = await buildApp({ db: handle.db, config });

let isShuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let those in flight finish, then close the database.
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: env.HOST, port: env.PORT });
console.log(`Marquee is running at ${config.publicUrl} (${handle.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL'})`);
