import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';
import { createDb, MIGRATIONS_FOLDER } from '../client';

/**
 * Migration tests: a database migrated up to an old migration, given the rows a database of that time had,
 * then migrated on as the server does at start. On PGlite, and on PostgreSQL too when DATABASE_URL is set
 * (a database of its own, dropped on close).
 */

export interface MigrationEngine {
  name: string;
  /** Runs every migration up to and including `lastTag`. */
  migrateTo(lastTag: string): Promise<void>;
  /** Runs the remaining migrations, as the server does at start. */
  migrateAll(): Promise<void>;
  query(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const JournalSchema = z.looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) });

/** A copy of the migrations folder whose journal ends at `lastTag`: what a database of that time ran. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JournalSchema.parse(JSON.parse(readFileSync(journalFile, 'utf8')));
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }, null, 2));
  return folder;
}

function withOldMigrations(lastTag: string, run: (folder: string) => Promise<void>): Promise<void> {
  const folder = migrationsUpTo(lastTag);
  return run(folder).finally(() => rmSync(folder, { recursive: true, force: true }));
}

async function pgliteEngine(): Promise<MigrationEngine> {
  const pglite = new PGlite();
  return {
    name: 'pglite',
    migrateTo: (lastTag) =>
      withOldMigrations(lastTag, (folder) => migratePglite(drizzlePglite(pglite), { migrationsFolder: folder })),
    migrateAll: () => createDb({ kind: 'pglite', pglite }).migrate(),
    query: async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
    close: () => pglite.close(),
  };
}

async function postgresEngine(databaseUrl: string, prefix: string): Promise<MigrationEngine> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    name: 'postgres',
    migrateTo: (lastTag) =>
      withOldMigrations(lastTag, (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder })),
    async migrateAll() {
      const handle = createDb({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
    },
    query: async (text) => (await pool.query<Record<string, unknown>>(text)).rows,
    async close() {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * The engines a migration test runs on, for `describe.each`: PGlite always, PostgreSQL when DATABASE_URL is
 * set. `prefix` names the PostgreSQL databases (`m0014` …), so a leftover one says which test made it.
 */
export function migrationEngines(prefix: string): [string, () => Promise<MigrationEngine>][] {
  const engines: [string, () => Promise<MigrationEngine>][] = [['pglite', pgliteEngine]];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) engines.push(['postgres', () => postgresEngine(databaseUrl, prefix)]);
  return engines;
}
