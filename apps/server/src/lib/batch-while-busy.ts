/**
 * Group commit for one kind of write: `write(item)` resolves with what `run` answered for that item, but
 * items that arrive while a batch is being written wait and go together in the next batch (up to
 * `maxBatch`), the way PostgreSQL groups commits. Idle, an item is written at once (no timer, no added
 * latency); in an on-sale rush, hundreds of writes become a few statements and a few commits.
 *
 * `run` answers one result per item, in the items' order. When a batch of several fails, each of its items
 * is tried again alone, so one bad item fails only its own caller.
 *
 * `lanes` (default 1, the app's placer: one statement in flight per process) lets that many batches be
 * written side by side, each on a connection of its own (bench/onsale's baseline 2 measures with the pool's).
 */
export function batchWhileBusy<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  options: { maxBatch: number; lanes?: number },
): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  const lanes = options.lanes ?? 1;
  let busyLanes = 0;

  async function runChecked(items: readonly T[]): Promise<readonly R[]> {
    const results = await run(items);
    if (results.length !== items.length) throw new Error(`batch answered ${results.length} results for ${items.length} items`);
    return results;
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    try {
      const results = await runChecked(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => writeBatch([waiting])));
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(batch.length);
        await writeBatch(batch);
      }
    } finally {
      busyLanes -= 1;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Started in a microtask, so the writes of one synchronous burst already go together.
      if (busyLanes < lanes) {
        busyLanes += 1;
        queueMicrotask(() => void drain());
      }
    });
}
