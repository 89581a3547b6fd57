import { createHook } from 'node:async_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { AppError, type ErrorCode } from './app-error';
import { registerErrorHandling, sendErrorBody } from './errors';
import {
  byClient,
  clientOf,
  guessLimit,
  limit,
  memoryCounters,
  redisCounters,
  registerRateLimits,
  type Counters,
  type Full,
  type Hit,
} from './rate-limits';

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

/** A bare app with the error handler and the limits (memory counters), for the routes a test adds. */
function limitedApp(memoryKeys?: number): FastifyInstance {
  const app = Fastify();
  registerErrorHandling(app);
  registerRateLimits(app, { redis: null, ...(memoryKeys === undefined ? {} : { memoryKeys }) });
  return app;
}

describe('a full store of clients (no Redis, a crowd)', () => {
  it('refuses new clients by default, and lets them through uncounted where the limit says so', async () => {
    const app = limitedApp(3);
    const options = { max: 2, windowMs: 60_000, key: byClient, message: 'Too many.' };
    app.get('/closed', { preHandler: limit(app, { ...options, name: 'closed' }) }, async () => ({ ok: true }));
    app.get('/open', { preHandler: limit(app, { ...options, name: 'open', whenFull: 'allow' }) }, async () => ({ ok: true }));
    try {
      const ask = async (path: string, client: number) =>
        (await app.inject({ url: path, remoteAddress: `198.51.100.${client}` })).statusCode;
      for (const path of ['/closed', '/open']) for (let client = 1; client <= 3; client++) expect(await ask(path, client)).toBe(200);
      expect(await ask('/closed', 4)).toBe(429);
      expect(await ask('/open', 4)).toBe(200);
      // The clients it holds are still counted: the third request of client 1 is over its limit.
      expect(await ask('/open', 1)).toBe(200);
      expect(await ask('/open', 1)).toBe(429);
    } finally {
      await app.close();
    }
  });
});

/**
 * A route that answers the error code in `?answer=` (thrown, or sent with sendErrorBody as the accounts
 * module sends better-auth's errors when `&sent=1`), or 200 without one.
 */
function answering(request: { query: unknown }, reply: Parameters<typeof sendErrorBody>[0]) {
  const { answer, sent } = request.query as { answer?: ErrorCode; sent?: string };
  if (!answer) return reply.send({ ok: true });
  if (sent)
    return sendErrorBody(reply, new AppError(answer, 'refused').statusCode, { code: answer, message: 'refused' });
  throw new AppError(answer, 'refused');
}

describe('limits on a route count failures by their error code, not by HTTP status', () => {
  it('limit: another error at the same status (400 bad_request beside promo_refused) gives its attempt back', async () => {
    const app = limitedApp();
    app.get(
      '/check',
      {
        preHandler: limit(app, {
          name: 'refused',
          max: 3,
          windowMs: 60_000,
          key: byClient,
          counts: ['promo_refused'],
          message: 'Too many refused codes.',
        }),
      },
      answering,
    );
    try {
      const ask = async (query: string) => {
        const answer = await app.inject({ url: `/check?${query}`, remoteAddress: '203.0.113.5' });
        return `${answer.statusCode} ${answer.statusCode === 200 ? 'ok' : ErrorBodySchema.parse(answer.json()).code}`;
      };
      const answers: string[] = [];
      // Other failures at the refused code's own status, a validation error and successes: none counts.
      for (let i = 0; i < 5; i += 1) answers.push(await ask('answer=bad_request'));
      for (let i = 0; i < 3; i += 1) answers.push(await ask('answer=validation_failed'));
      for (let i = 0; i < 3; i += 1) answers.push(await ask(''));
      expect(answers).toEqual([
        ...Array<string>(5).fill('400 bad_request'),
        ...Array<string>(3).fill('422 validation_failed'),
        ...Array<string>(3).fill('200 ok'),
      ]);
      // Refused codes count, thrown or sent as the accounts module sends better-auth's errors.
      expect([
        await ask('answer=promo_refused'),
        await ask('answer=promo_refused&sent=1'),
        await ask('answer=promo_refused'),
      ]).toEqual(Array<string>(3).fill('400 promo_refused'));
      const refused = await app.inject({ url: '/check?answer=bad_request', remoteAddress: '203.0.113.5' });
      expect(refused.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(refused.json())).toEqual({
        code: 'rate_limited',
        message: 'Too many refused codes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('guessLimit: only the failed-guess codes count (401 wrong_credentials, not 401 sign_in_required), per client and subject', async () => {
    const app = limitedApp();
    app.get(
      '/guess',
      {
        preHandler: guessLimit(app, {
          name: 'guess',
          windowMs: 60_000,
          message: 'Too many failed guesses.',
          perClient: 5,
          perClientAndSubject: 2,
          subject: (request) => (request.query as { subject?: string }).subject ?? null,
          failed: ['wrong_credentials'],
          siege: { clients: 3, perClientAndSubject: 1 },
        }),
      },
      answering,
    );
    try {
      const ask = async (query: string, client: string) =>
        (await app.inject({ url: `/guess?subject=acct&${query}`, remoteAddress: client })).statusCode;
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1) answers.push(await ask('answer=sign_in_required', '203.0.113.6'));
      answers.push(await ask('answer=wrong_credentials', '203.0.113.6'));
      answers.push(await ask('answer=wrong_credentials&sent=1', '203.0.113.6'));
      answers.push(await ask('answer=sign_in_required', '203.0.113.6'));
      expect(answers).toEqual([...Array<number>(8).fill(401), 429]);
      // Nor does another 401 make its client one more guessing at the subject: with two clients failing
      // at it (not three, the siege), a third client still has its own two tries.
      for (let i = 0; i < 10; i += 1) expect(await ask('answer=sign_in_required', '203.0.113.7')).toBe(401);
      expect([
        await ask('answer=wrong_credentials', '203.0.113.8'),
        await ask('answer=wrong_credentials', '203.0.113.8'),
        await ask('answer=wrong_credentials', '203.0.113.8'),
      ]).toEqual([401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('the hook that settles attempts', () => {
  /** The promises made while answering one request, at least (the fewest of a few, after a first). */
  async function promisesPerRequest(app: FastifyInstance, url: string): Promise<number> {
    await app.inject({ url });
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10; i += 1) {
      let made = 0;
      const hook = createHook({
        init: (_id, type) => {
          if (type === 'PROMISE') made += 1;
        },
      }).enable();
      await app.inject({ url });
      hook.disable();
      fewest = Math.min(fewest, made);
    }
    return fewest;
  }

  it('costs a request that took no limit (the catalogue, on-sale) no promise: as many as an app without limits', async () => {
    const bare = Fastify();
    registerErrorHandling(bare);
    const limited = limitedApp();
    for (const app of [bare, limited]) {
      app.get('/catalogue', (_request, reply) => {
        reply.send({ events: [] });
      });
    }
    try {
      expect(await promisesPerRequest(limited, '/catalogue')).toBe(await promisesPerRequest(bare, '/catalogue'));
    } finally {
      await bare.close();
      await limited.close();
    }
  });
});
