import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './ports';

const MAIN = resolve(import.meta.dirname, '../main.ts');
const READY_LINE = 'Marquee is running at';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server (`apps/server/src/main.ts`, through tsx) in a process of its own, as `npm start` runs
 * it, with `env` on top of this process's environment. Resolves once it listens (its start-up line);
 * rejects if it exits first or is not up within `timeoutMs`. `logFile` also gets its output.
 */
export async function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  logFile?: string;
  /** Called with everything the process has printed so far, on each new chunk (for a test to act on a line). */
  onOutput?: (output: string) => void;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log: WriteStream | null = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : null;
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 1_000_000) output = output.slice(-500_000);
    log?.write(chunk);
    options.onOutput?.(output);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      log?.end();
      done({ code, signal });
    });
  });

  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`The server on port ${options.port} did not start in time:\n${output.slice(-2_000)}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        ready();
      }
    };
    child.stdout?.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(
        new Error(
          `The server on port ${options.port} exited (${code ?? signal}) before it was ready:\n${output.slice(-2_000)}`,
        ),
      );
    });
  });

  return {
    port: options.port,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
}

/**
 * `count` real server processes on one PostgreSQL database (`databaseUrl`), as instances behind a load balancer
 * would run: no demo data, the captcha off, quiet logs; `env` on top.
 */
export async function startServerProcesses(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    servers.push(
      await startServerProcess({
        port: await freePort(),
        env: { DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test', CAPTCHA: 'off', ...env },
      }),
    );
  }
  return servers;
}
