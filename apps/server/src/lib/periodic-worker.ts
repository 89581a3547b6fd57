import type { FastifyInstance } from 'fastify';

export interface PeriodicWorker {
  /** Runs now (or once more right after the run under way); does nothing once stopped or when the worker is off. */
  kick(): void;
  /** Stops the timer and waits for the run under way: call it from `onClose`, before the database closes. */
  stop(): Promise<void>;
}

/**
 * Background work of one server process (the hold sweeper, the webhook deliveries, the e-mail outbox):
 * `run` every `intervalMs` once the app is ready, and once at once, so that work a stopped or crashed
 * process left in the database is picked up as soon as a process starts rather than one period later.
 * Never two runs at a time in a process: a tick or kick during a run asks for one more after it. A failed
 * run is logged and the next tick tries again (the database may be restarting). `intervalMs <= 0` turns
 * the worker off (tests drive the work themselves).
 */
export function startPeriodicWorker(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; run: () => Promise<unknown> },
): PeriodicWorker {
  if (options.intervalMs <= 0) return { kick() {}, stop: async () => {} };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let isAgainWanted = false;
  let isStopped = false;

  async function loop(): Promise<void> {
    do {
      isAgainWanted = false;
      try {
        await options.run();
      } catch (error) {
        app.log.error({ err: error }, `${options.name} failed`);
      }
    } while (isAgainWanted && !isStopped);
  }

  function kick(): void {
    if (isStopped) return;
    if (running) {
      isAgainWanted = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  app.addHook('onReady', async () => {
    timer = setInterval(kick, options.intervalMs);
    // The timer alone never keeps the process alive: shutdown is the HTTP server's and main.ts's business.
    timer.unref();
    kick();
  });

  return {
    kick,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
