import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type DbHandle } from '../client';

/**
 * Test databases. Migrations run once per test run (globalSetup → prepareTestTemplate) into a
 * template; each test file then gets its own fresh copy:
 * - PGlite (default): a dump of the migrated data dir, loaded into a new in-memory instance;
 * - PostgreSQL (DATABASE_URL set): CREATE DATABASE … TEMPLATE, dropped again on close.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const PGLITE_TEMPLATE = resolve(REPO_ROOT, '.data-test/pglite-template.tar.gz');

function adminUrl(databaseUrl: string, database = 'postgres'): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function templateName(databaseUrl: string): string {
  return `${new URL(databaseUrl).pathname.slice(1) || 'marquee'}_tpl`;
}

async function withAdmin<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Called once per run from vitest's globalSetup. */
export async function prepareTestTemplate(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = templateName(databaseUrl);
    await withAdmin(databaseUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${template}"`);
    });
    const handle = createDb({ kind: 'postgres', url: adminUrl(databaseUrl, template), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    return;
  }
  const pglite = new PGlite();
  const handle = createDb({ kind: 'pglite', pglite });
  await handle.migrate();
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(resolve(PGLITE_TEMPLATE, '..'), { recursive: true });
  // Written aside and renamed, so a test run starting meanwhile never reads half a template.
  const partial = `${PGLITE_TEMPLATE}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, PGLITE_TEMPLATE);
  await handle.close();
}

export interface TestDb extends DbHandle {
  /** A connection string for this test database (PostgreSQL only), e.g. for a second server process. */
  url: string | null;
}

export async function createTestDb(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `${templateName(databaseUrl).replace(/_tpl$/, '')}_t${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const template = templateName(databaseUrl);
    await withAdmin(databaseUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
    const url = adminUrl(databaseUrl, name);
    const handle = createDb({ kind: 'postgres', url, poolSize: 20 });
    return {
      ...handle,
      url,
      async close() {
        await handle.close();
        await withAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      },
    };
  }
  if (!existsSync(PGLITE_TEMPLATE)) await prepareTestTemplate();
  const blob = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  const pglite = await PGlite.create({ loadDataDir: blob });
  return { ...createDb({ kind: 'pglite', pglite }), url: null };
}
