/**
 * A private PostgreSQL cluster for a benchmark or test that must stop and start the database server
 * (bench/reliability restarts it mid-sale): Debian's initdb and pg_ctl in a temporary folder, on a port
 * of our own, never the machine's shared server. As root they run as the `postgres` user (initdb refuses
 * root). `stop()` removes everything.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where initdb and pg_ctl are: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin that has both. */
export function findPostgresBinaries(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

export const MISSING_BINARIES =
  'PostgreSQL server binaries (initdb, pg_ctl) were not found in /usr/lib/postgresql/<version>/bin: install ' +
  "Debian's postgresql package, or set PG_BIN to the folder that has them.";

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres (trust authentication). */
  adminUrl: string;
  /** Kills the server at once (`immediate`: like a crash, recovery at the next start) or cleanly (`fast`). */
  kill(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** The server's own log, for a failure report. */
  log(): string;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
function pgCommand(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return isRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

export async function startPrivatePostgres(options: { port: number; bin?: string }): Promise<PrivatePostgres> {
  const bin = options.bin ?? findPostgresBinaries();
  if (!bin) throw new Error(MISSING_BINARIES);
  const dir = mkdtempSync(join(tmpdir(), 'marquee-rel-pg-'));
  if (isRoot) {
    chmodSync(dir, 0o755);
    await run('chown', ['postgres:postgres', dir]);
  }
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const pgCtl = join(bin, 'pg_ctl');
  await pgCommand(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const serverOptions = [
    `-p ${options.port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=100',
    '-c shared_buffers=64MB',
    // The harness kills the server process, not the machine: what a commit wrote reaches the OS either
    // way, so recovery after a kill is real, while the shared disk is spared the fsyncs.
    '-c fsync=off',
  ].join(' ');
  const start = async () => {
    await pgCommand(pgCtl, ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start']);
  };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    await start();
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2_000) : '';
    cleanup();
    throw new Error(`The private PostgreSQL server did not start on port ${options.port}: ${String(error)}\n${log}`, {
      cause: error,
    });
  }
  let isStopped = false;
  const onExit = () => {
    // Last resort if the harness is killed: never leave a server or its files behind.
    if (!isStopped) {
      try {
        cleanup();
      } catch {
        // nothing more to do
      }
    }
  };
  process.once('exit', onExit);
  return {
    port: options.port,
    adminUrl: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    async kill(mode) {
      await pgCommand(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
    },
    start,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      isStopped = true;
      process.off('exit', onExit);
      await pgCommand(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      cleanup();
    },
  };
}
