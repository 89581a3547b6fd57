import { describe, expect, it } from 'vitest';
import { batchWhileBusy } from './batch-while-busy';

/** A `run` that records its batches and answers each item doubled, after the test lets it. */
function recorder(options: { fail?: (item: number) => boolean } = {}) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    const bad = items.find((item) => options.fail?.(item));
    if (bad !== undefined) throw new Error(`bad item ${bad}`);
    return items.map((item) => item * 2);
  };
  /** Lets every batch finish, including those that start after the ones in flight. */
  const releaseAll = async () => {
    do {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    } while (releases.length > 0);
  };
  return { run, batches, releases, releaseAll };
}

describe('batchWhileBusy', () => {
  it('writes an item alone at once when idle', async () => {
    const { run, batches, releaseAll } = recorder();
    const write = batchWhileBusy(run, { maxBatch: 10 });
    const answer = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    await releaseAll();
    await expect(answer).resolves.toBe(2);
  });

  it('groups what arrives while a batch is in flight, in order, at most maxBatch at a time', async () => {
    const { run, batches, releaseAll } = recorder();
    const write = batchWhileBusy(run, { maxBatch: 3 });
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4, 5, 6].map((item) => write(item));
    expect(batches).toEqual([[1]]);
    await releaseAll();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    await expect(first).resolves.toBe(2);
    await expect(Promise.all(later)).resolves.toEqual([4, 6, 8, 10, 12]);
  });

  it('fails only the bad item of a failed batch: the others are written again alone', async () => {
    const { run, batches, releaseAll } = recorder({ fail: (item) => item === 3 });
    const write = batchWhileBusy(run, { maxBatch: 10 });
    const busy = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const answers = [2, 3, 4].map((item) => write(item).then((value) => ({ value }), (error: Error) => ({ error: error.message })));
    await releaseAll();
    await expect(busy).resolves.toBe(2);
    expect(await Promise.all(answers)).toEqual([{ value: 4 }, { error: 'bad item 3' }, { value: 8 }]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('with lanes: that many batches in flight side by side, the rest waiting for the next free lane', async () => {
    const { run, batches, releaseAll } = recorder();
    const write = batchWhileBusy(run, { maxBatch: 2, lanes: 2 });
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = write(2);
    await new Promise((resolve) => setImmediate(resolve));
    // Two lanes: the second item did not wait for the first batch.
    expect(batches).toEqual([[1], [2]]);
    const later = [3, 4, 5].map((item) => write(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2]]);
    await releaseAll();
    expect(batches.slice(2).flat().sort()).toEqual([3, 4, 5]);
    expect(batches.slice(2).every((batch) => batch.length <= 2)).toBe(true);
    await expect(Promise.all([first, second, ...later])).resolves.toEqual([2, 4, 6, 8, 10]);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const write = batchWhileBusy(async () => [], { maxBatch: 10 });
    await expect(write(1)).rejects.toThrow('batch answered 0 results for 1 items');
  });
});
