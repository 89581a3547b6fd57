import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { keepConnectionsOnError } from './client';

/** The pool's query() on real PostgreSQL (DATABASE_URL): which errors keep the connection. */
describe.runIf(Boolean(process.env.DATABASE_URL))('keepConnectionsOnError (PostgreSQL)', () => {
  let pool: pg.Pool | null = null;
  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  function onePool(): pg.Pool {
    pool = keepConnectionsOnError(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }));
    return pool;
  }
  async function backendPid(p: pg.Pool): Promise<number> {
    const result = await p.query('SELECT pg_backend_pid() AS pid');
    return Number(result.rows[0].pid);
  }

  it('keeps the connection after an error the server answered (a refusal, a division by zero)', async () => {
    const p = onePool();
    const pid = await backendPid(p);
    await expect(
      p.query(`DO $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = 'MQ409', HINT = 'seats'; END $$`),
    ).rejects.toMatchObject({ code: 'MQ409', hint: 'seats' });
    await expect(p.query('SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await backendPid(p)).toBe(pid);
    expect(p.totalCount).toBe(1);
  });

  it('drops a connection the error left inside a transaction, so the next query gets a clean one', async () => {
    const p = onePool();
    const pid = await backendPid(p);
    await expect(p.query('BEGIN; SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await backendPid(p)).not.toBe(pid);
    const result = await p.query('SELECT 1 AS one');
    expect(result.rows[0]).toEqual({ one: 1 });
  });

  it('drops a connection that died', async () => {
    const p = onePool();
    const pid = await backendPid(p);
    await expect(p.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toBeDefined();
    expect(await backendPid(p)).not.toBe(pid);
  });
});
