/**
 * A benchmark server in a process of its own (so it has its own event loop, and core, while the load is
 * generated in the parent): the parent forks its server.ts with `forkServer` and stops it with
 * `stopServer`; server.ts runs `serveParent`, which tells the parent over IPC when it is ready.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { z } from 'zod';

export type Cleanup = () => Promise<void> | void;

export interface ForkServerOptions<Ready> {
  /** Named in errors: `<name> server exited early…`. */
  name: string;
  /** The child's environment (this process's is not added). */
  env: NodeJS.ProcessEnv;
  /** How long the server may take to be ready. */
  timeoutMs: number;
  /** The ready message it sends. */
  ready: z.ZodType<Ready>;
}

/** Forks `script` and waits for its ready message. */
export function forkServer<Ready>(
  script: string,
  options: ForkServerOptions<Ready>,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const { name } = options;
  return new Promise((resolve, reject) => {
    // fork() passes this process's execArgv (tsx's loader) on, so the child runs TypeScript too.
    const child = fork(script, [], { env: options.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited early with code ${code}`));
    };
    const timer = setTimeout(
      () => reject(new Error(`${name} server did not start within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
    child.once('exit', onExit);
    child.once('message', (message) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      const ready = options.ready.safeParse(message);
      if (ready.success) resolve({ child, ready: ready.data });
      else reject(new Error(`unexpected message from the ${name} server`));
    });
  });
}

/** SIGTERM, then SIGKILL if the server has not exited within 10 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * The server process's life: `start` brings the server up (listening), registering with `onClose` what
 * must be closed (the last registered closes first), and returns the ready message, which goes to the
 * parent. The parent's disconnect, SIGTERM or SIGINT closes everything and exits 0; a failed start, 1.
 */
export async function serveParent(start: (onClose: (cleanup: Cleanup) => void) => Promise<unknown>): Promise<void> {
  const cleanups: Cleanup[] = [];
  const shutdown = async (code: number): Promise<never> => {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch {
        // Best effort: the process is going away.
      }
    }
    process.exit(code);
  };
  try {
    const ready = await start((cleanup) => cleanups.unshift(cleanup));
    process.send?.(ready);
    process.on('disconnect', () => void shutdown(0));
    process.on('SIGTERM', () => void shutdown(0));
    process.on('SIGINT', () => void shutdown(0));
  } catch (error) {
    console.error(error);
    await shutdown(1);
  }
}
