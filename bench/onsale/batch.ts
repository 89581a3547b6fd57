/**
 * Group commit for baseline 2's seat claims (issue 24), as the app's placer does it
 * (apps/server/src/lib/batch-while-busy.ts, decisions/025): `write(item)` resolves with what `run` answered
 * for that item; items that arrive while every lane is busy wait and go together in the next statement (at
 * most `maxBatch` items). Idle, an item is written at once (no timer). With `lanes: 1` it is the app's
 * placer (one statement in flight per process); with more, up to that many statements run side by side,
 * one a connection of the pool.
 *
 * `run` answers one result per item, in the items' order; a failed statement fails its items' callers.
 */
export function batchWhileBusy<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  options: { maxBatch: number; lanes: number },
): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let busyLanes = 0;

  async function lane(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(batch.length);
        try {
          const results = await run(batch.map((waiting) => waiting.item));
          if (results.length !== batch.length)
            throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
          batch.forEach((waiting, index) => waiting.resolve(results[index] as R));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      busyLanes -= 1;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Started in a microtask, so the writes of one synchronous burst already go together.
      if (busyLanes < options.lanes) {
        busyLanes += 1;
        queueMicrotask(() => void lane());
      }
    });
}
