import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('coalesces concurrent misses for a key into one load', async () => {
    const cache = new TtlCache<{ n: number }>({ ttlMs: 1_000, maxEntries: 10 });
    const pending = deferred<{ n: number }>();
    const load = vi.fn(() => pending.promise);
    const results = Array.from({ length: 50 }, () => cache.getOrLoad('k', load));
    expect(load).toHaveBeenCalledTimes(1);
    pending.resolve({ n: 1 });
    expect(new Set(await Promise.all(results)).size).toBe(1);
    await cache.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek('k')).toEqual({ n: 1 });
  });

  it('loads again once an entry has expired', async () => {
    const cache = new TtlCache<{ n: number }>({ ttlMs: 60, maxEntries: 10 });
    let n = 0;
    const load = async () => ({ n: ++n });
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 1 });
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 2 });
  });

  it('shares a failure with the callers waiting on it, and does not keep it', async () => {
    const cache = new TtlCache<{ n: number }>({ ttlMs: 1_000, maxEntries: 10 });
    const pending = deferred<{ n: number }>();
    const first = cache.getOrLoad('k', () => pending.promise);
    const second = cache.getOrLoad('k', () => Promise.resolve({ n: 2 }));
    pending.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.getOrLoad('k', async () => ({ n: 3 }))).toEqual({ n: 3 });
  });

  it('stores nothing with a TTL of 0 but still coalesces', async () => {
    const cache = new TtlCache<{ n: number }>({ ttlMs: 0, maxEntries: 10 });
    let n = 0;
    const load = async () => ({ n: ++n });
    const [a, b] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(a).toBe(b);
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 2 });
  });

  it('evicts the least recently used entries beyond its bounds', async () => {
    const cache = new TtlCache<{ s: string }>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxSize: { total: 10, of: (v) => v.s.length },
    });
    await cache.getOrLoad('a', async () => ({ s: 'aaaaaa' }));
    await cache.getOrLoad('b', async () => ({ s: 'bbbbbb' }));
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toEqual({ s: 'bbbbbb' });
  });
});
