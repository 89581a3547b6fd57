import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { clientOf, memoryCounters, redisCounters, type Counters, type Full, type Hit } from './rate-limits';

/** The store's answer as a hit; fails the test when the store refused the key. */
async function counted(counters: Counters, key: string): Promise<Hit> {
  const result = await counters.hit(key);
  if ('full' in result) throw new Error(`${key} was refused: the store is full`);
  return result;
}

describe('memory counters (no Redis): bounded, and failing closed', () => {
  it("a flood of fresh keys fills the store, but evicts nobody's counter: new keys are refused instead", async () => {
    let now = 0;
    const counters = memoryCounters({ windowMs: 60_000, capacity: 100, now: () => now });
    // The victim's counter (an attacker's failures at one account, say) stands at 10.
    for (let i = 0; i < 10; i += 1) await counted(counters, 'victim');
    // 5,000 fresh keys: the first 99 fill the store, every one after is refused.
    const answers: (Hit | Full)[] = [];
    for (let i = 0; i < 5_000; i += 1) answers.push(await counters.hit(`flood-${i}`));
    expect(answers.filter((answer) => !('full' in answer))).toHaveLength(99);
    const refused = answers.filter((answer): answer is Full => 'full' in answer);
    expect(refused).toHaveLength(4_901);
    expect(refused[0]?.retryInMs).toBeGreaterThan(0);
    expect(counters.size()).toBe(100);
    // The victim's counter survived: the next attempt is the 11th.
    expect(await counters.peek('victim')).toBe(10);
    expect((await counted(counters, 'victim')).count).toBe(11);
    // When the windows end, the room comes back.
    now = 60_001;
    expect((await counted(counters, 'after-the-window')).count).toBe(1);
    expect(await counters.peek('victim')).toBe(0);
  });

  it('an attempt given back no longer counts, and frees its key', async () => {
    const counters = memoryCounters({ windowMs: 60_000, capacity: 2 });
    const first = await counted(counters, 'a');
    await counted(counters, 'a');
    await first.giveBack();
    expect(await counters.peek('a')).toBe(1);
    const last = await counted(counters, 'b');
    expect('full' in (await counters.hit('c'))).toBe(true);
    await last.giveBack();
    expect((await counted(counters, 'c')).count).toBe(1);
  });
});

describe('the client a request comes from', () => {
  it('IPv4 as it is; IPv4-mapped IPv6 as IPv4; IPv6 by its /64 network, however it is written', () => {
    expect(clientOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    const network = '2001:db8:0:42::/64';
    for (const address of [
      '2001:db8:0:42::1',
      '2001:0db8:0000:0042:ffff:1:2:3',
      '2001:DB8:0:42:a::',
      '2001:db8:0:42:0:0:0:9',
    ]) {
      expect(clientOf(address), address).toBe(network);
    }
    expect(clientOf('2001:db8:0:43::1')).toBe('2001:db8:0:43::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('Redis counters', () => {
  it('while Redis cannot be reached, count in the process (never let requests through uncounted)', async () => {
    // Nothing listens on port 1: the client is refused and starts reconnecting.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const reconnecting = new Promise((resolve) => redis.once('reconnecting', resolve));
    void redis.connect().catch(() => {});
    await reconnecting;
    const errors: unknown[] = [];
    const counters = redisCounters({
      redis,
      name: 'test',
      windowMs: 60_000,
      fallback: memoryCounters({ windowMs: 60_000, capacity: 10 }),
      onError: (error) => errors.push(error),
    });
    try {
      for (let i = 1; i <= 5; i += 1) expect((await counted(counters, 'victim')).count).toBe(i);
      expect(await counters.peek('victim')).toBe(5);
    } finally {
      redis.disconnect();
    }
  });

  it.runIf(process.env.REDIS_URL)('5,000 fresh keys do not evict a counter in Redis', { timeout: 60_000 }, async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const errors: unknown[] = [];
    const counters = redisCounters({
      redis,
      name: `flood-${Date.now()}`,
      windowMs: 60_000,
      fallback: memoryCounters({ windowMs: 60_000, capacity: 1 }),
      onError: (error) => errors.push(error),
    });
    try {
      for (let i = 0; i < 10; i += 1) await counted(counters, 'victim');
      for (let batch = 0; batch < 50; batch += 1) {
        await Promise.all(Array.from({ length: 100 }, (_, i) => counted(counters, `flood-${batch}-${i}`)));
      }
      expect(await counters.peek('victim')).toBe(10);
      const hit = await counted(counters, 'victim');
      expect(hit.count).toBe(11);
      expect(hit.resetInMs).toBeGreaterThan(0);
      await hit.giveBack();
      expect(await counters.peek('victim')).toBe(10);
      expect(errors).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});
