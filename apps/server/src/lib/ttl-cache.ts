import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions<V> {
  /** How long a value is served before it is loaded again; 0 or less stores nothing (loads are still coalesced). */
  ttlMs: number;
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** Optional bound on the total size, with each value's size. */
  maxSize?: { total: number; of: (value: V) => number };
}

/**
 * A short-lived, per-process cache with single-flight loading: concurrent misses for one key share one
 * load (one database query), so a stampede after expiry costs one query, not one per request.
 *
 * Nothing here is needed for correctness. Several server processes may share one database, so an
 * entry is only ever a few seconds old and every write path (orders, holds) checks the database itself.
 */
export class TtlCache<V extends object> {
  readonly #entries: LRUCache<string, V>;
  readonly #inflight = new Map<string, Promise<V>>();
  readonly #ttlMs: number;

  constructor(options: TtlCacheOptions<V>) {
    this.#ttlMs = options.ttlMs;
    const sizeOptions = options.maxSize;
    this.#entries = new LRUCache<string, V>({
      max: options.maxEntries,
      ttl: Math.max(1, options.ttlMs),
      ...(sizeOptions
        ? { maxSize: sizeOptions.total, sizeCalculation: (value: V) => Math.max(1, sizeOptions.of(value)) }
        : {}),
    });
  }

  /** The cached value, or the result of `load` (shared with every concurrent caller for the same key). */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    return this.#load(key, load);
  }

  /** The cached value without loading; undefined on a miss. Lets a hot path skip a promise. */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #load(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        if (this.#ttlMs > 0) this.#entries.set(key, value);
        return value;
      })
      .finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, promise);
    return promise;
  }
}
