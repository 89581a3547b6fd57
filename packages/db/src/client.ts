import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the same Drizzle query builder over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction()` callback gets: repositories take it to run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export type DbConfig =
  | { kind: 'pglite'; dataDir?: string; pglite?: PGlite }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface DbHandle {
  db: Db;
  kind: DbConfig['kind'];
  /** Runs the committed SQL migrations; safe when several processes start at once (advisory lock on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Arbitrary key for pg_advisory_lock while migrating, so concurrent starts migrate once. */
const MIGRATION_LOCK_KEY = 728_466_001;

/**
 * Makes the pool's `query()` keep a connection after an error PostgreSQL answered with (a constraint
 * violation, a refusal such as SQLSTATE MQ409) when the connection is idle again afterwards.
 *
 * pg-pool's own `query()` destroys the connection on any error. An on-sale rush answers many buyers
 * with a refusal (seats taken, sold out), so every refusal cost a new connection: a TCP handshake, a
 * new PostgreSQL backend, and that backend planning every statement of `marquee_place_order()` again
 * (measured: one new backend per 409 on the seated stadium, and four times the database CPU per order).
 * An ErrorResponse followed by ReadyForQuery 'I' leaves the session exactly as usable as a success does;
 * anything else (a socket error, a timeout, a session left inside a transaction) still drops it.
 */
export function keepConnectionsOnError(pool: pg.Pool): pg.Pool {
  async function query(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await pool.connect();
    // Settles when the server is ready for the next statement after this one ('drain' follows its
    // ReadyForQuery), or when the connection is gone.
    let settle = () => {};
    const isReady = new Promise<void>((resolve) => (settle = resolve));
    let dropWith: Error | undefined;
    const onGone = (error?: Error) => {
      dropWith = error ?? new Error('connection ended');
      settle();
    };
    client.once('drain', settle);
    client.once('error', onGone);
    client.once('end', onGone);
    try {
      return await client.query(text, values);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (error instanceof pg.DatabaseError) {
        // An ERROR is followed by ReadyForQuery; a FATAL by the server closing the connection ('end').
        // (Not told apart by `severity`, which the server localises.) A connection that says neither
        // within 5 s is dropped.
        const timer = setTimeout(() => onGone(new Error('no ReadyForQuery after an error')), 5_000);
        await isReady;
        clearTimeout(timer);
        // 'I': idle, not inside a transaction: the statement is over and the session as good as new.
        if (dropWith === undefined && client.getTransactionStatus() !== 'I') dropWith = failure;
      } else {
        dropWith = failure;
      }
      throw error;
    } finally {
      client.off('drain', settle);
      client.off('error', onGone);
      client.off('end', onGone);
      client.release(dropWith);
    }
  }
  // pg.Pool's query() is overloaded (callbacks, streams); Drizzle and this project call it with (text or
  // config, values) and await the promise, which is all this replacement serves.
  pool.query = query as unknown as pg.Pool['query'];
  return pool;
}

export function createDb(config: DbConfig): DbHandle {
  if (config.kind === 'postgres') {
    const pool = keepConnectionsOnError(new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 }));
    // A connection's error (e.g. the server restarting) must not crash the process. The pool's own listener
    // covers idle clients; a client checked out between two queries (inside a transaction) has none of its
    // own, and an unhandled 'error' event would end the process. Its next query fails instead, and the pool
    // drops it when it is released with that error.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client = config.pglite;
  if (!client) {
    if (config.dataDir) mkdirSync(dirname(resolve(config.dataDir)), { recursive: true });
    client = new PGlite(config.dataDir);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
  };
}

/** DATABASE_URL picks PostgreSQL; otherwise the embedded PGlite in `dataDir`. */
export function dbConfigFromEnv(env: { DATABASE_URL?: string | undefined }, dataDir: string): DbConfig {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir };
}
