import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, type ErrorCode } from './app-error';
import { sentErrorCode } from './errors';

/**
 * Rate limits that protect the victim, not the attacker (decisions/028).
 *
 * - Every limit has its own counters (`rateLimitCounters(name, windowMs)`): in Redis when REDIS_URL is set
 *   (shared by every server process; Redis must not evict them: `maxmemory-policy noeviction`), else in
 *   this process's memory, in a bounded store per limit that fails closed: when it is full, a new key is
 *   refused (429) and no counter is ever evicted to make room. While Redis cannot be reached, the
 *   counting goes on in the process's own store rather than letting requests through.
 * - `limit()` counts every request per key (or, with `counts`, only the answers whose error code it names:
 *   the others, successes included, give their attempt back before the answer leaves).
 * - `guessLimit()` is for the calls an attacker guesses through (sign-in, the booking lookup): failed
 *   guesses per client and per (client, account or Booking ID), never per account alone, so nobody can
 *   lock an owner out from elsewhere. An account failed on from many clients is besieged: each client
 *   then has fewer tries on it, the owner's first tries still among them.
 */

/** Keys one limit keeps in memory by default (about 200 bytes each). */
export const DEFAULT_MEMORY_KEYS = 20_000;
/** How long a counter in Redis may take before the process counts alone. */
const REDIS_TIMEOUT_MS = 500;

export const RATE_LIMIT_MESSAGES = {
  busy: 'Too many requests are arriving right now. Please wait a few minutes and try again.',
} as const;

export interface Hit {
  /** Attempts in the window, this one included. */
  count: number;
  /** When the window ends. */
  resetInMs: number;
  /** Takes this attempt back (a success that must not count). */
  giveBack: () => Promise<void>;
}
/** The store is full: a new key is refused until the oldest window ends. */
export interface Full {
  full: true;
  retryInMs: number;
}

export interface Counters {
  /** Counts one attempt for `key`, or refuses it when the store is full. */
  hit(key: string): Promise<Hit | Full>;
  /** The count for `key` now, without counting. */
  peek(key: string): Promise<number>;
}

const isFull = (result: Hit | Full): result is Full => 'full' in result;

/**
 * Fixed-window counters in this process, at most `capacity` keys. Every key of one store has the same
 * window, so the Map's insertion order is the order in which windows end: expired keys are dropped from
 * its front. When it is still full, a new key is refused (fail closed) and nobody's counter is evicted.
 */
export function memoryCounters(options: {
  windowMs: number;
  capacity: number;
  now?: () => number;
}): Counters & { size(): number } {
  const { windowMs, capacity } = options;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { count: number; resetAt: number }>();

  function dropExpired(at: number): void {
    for (const [key, entry] of entries) {
      if (entry.resetAt > at) break;
      entries.delete(key);
    }
  }

  return {
    size: () => entries.size,
    async hit(key) {
      const at = now();
      let entry = entries.get(key);
      if (entry && entry.resetAt <= at) {
        entries.delete(key);
        entry = undefined;
      }
      if (!entry) {
        dropExpired(at);
        if (entries.size >= capacity) {
          const oldest = entries.values().next().value;
          return { full: true, retryInMs: Math.max(1_000, (oldest?.resetAt ?? at + windowMs) - at) };
        }
        entry = { count: 0, resetAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      const counted = entry;
      return {
        count: counted.count,
        resetInMs: counted.resetAt - at,
        giveBack: async () => {
          if (entries.get(key) !== counted) return;
          counted.count -= 1;
          if (counted.count <= 0) entries.delete(key);
        },
      };
    },
    async peek(key) {
      const entry = entries.get(key);
      return entry && entry.resetAt > now() ? entry.count : 0;
    },
  };
}

// One round trip each: the count and the window's end, set by the first attempt only.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 1 then return redis.call('DECR', KEYS[1]) end
if count == 1 then redis.call('DEL', KEYS[1]) end
return 0`;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counters in Redis (`marquee-rl:{namespace}:{name}:{key}`), shared by every process on the database; while Redis is down or slow,
 * this process's own bounded store counts instead (never: let the request through uncounted).
 */
export function redisCounters(options: {
  redis: Redis;
  /** The database's namespace (RateLimitsOptions.redisNamespace). */
  namespace?: string;
  name: string;
  windowMs: number;
  fallback: Counters;
  onError: (error: unknown) => void;
}): Counters {
  const { redis, windowMs, fallback } = options;
  const prefix = `marquee-rl:${options.namespace ?? ''}:${options.name}:`;
  // Reconnecting: count locally at once rather than queue behind the reconnection.
  const isDown = () => redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end';
  return {
    async hit(key) {
      if (isDown()) return fallback.hit(key);
      try {
        const answer = (await withTimeout(redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs))) as [number, number];
        const [count, ttl] = answer;
        return {
          count,
          resetInMs: ttl,
          giveBack: async () => {
            await withTimeout(redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key)).catch(options.onError);
          },
        };
      } catch (error) {
        options.onError(error);
        return fallback.hit(key);
      }
    },
    async peek(key) {
      if (isDown()) return fallback.peek(key);
      try {
        return Number((await withTimeout(redis.get(prefix + key))) ?? 0);
      } catch (error) {
        options.onError(error);
        return fallback.peek(key);
      }
    },
  };
}

export interface RateLimitsOptions {
  redis: Redis | null;
  /** Names this database's counters in Redis (`marquee-rl:{namespace}:…`): another database's are apart. */
  redisNamespace?: string;
  /** Keys each limit keeps in this process's memory (without Redis, or while it is down). */
  memoryKeys?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of one limit (one window); the same name gives the same counters. */
    rateLimitCounters(name: string, windowMs: number): Counters;
  }
}

/**
 * Error codes that name the failures a limit counts (`['promo_refused']`): decided by the code of the
 * answer's error body (recorded by plugins/errors), never by its HTTP status, which several codes share.
 */
export type CountedCodes = readonly [ErrorCode, ...ErrorCode[]];

/** What to do with a request's attempts once its answer is known: its error code, undefined for a success. */
type Settle = (code: ErrorCode | undefined) => Promise<void>;
const settlements = new WeakMap<FastifyRequest, Settle[]>();

function settleLater(request: FastifyRequest, settle: Settle): void {
  const list = settlements.get(request);
  if (list) list.push(settle);
  else settlements.set(request, [settle]);
}

/** Installs the counters and the hook that settles attempts before each answer leaves. */
export function registerRateLimits(app: FastifyInstance, options: RateLimitsOptions): void {
  const capacity = options.memoryKeys ?? DEFAULT_MEMORY_KEYS;
  const created = new Map<string, { windowMs: number; counters: Counters }>();
  const log: FastifyBaseLogger = app.log;
  let lastWarning = 0;
  const onError = (error: unknown) => {
    // Once a minute at most: an outage must not flood the log.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err: error }, 'rate limits: Redis unavailable, counting in this process');
  };

  app.decorate('rateLimitCounters', (name: string, windowMs: number): Counters => {
    const existing = created.get(name);
    if (existing) {
      if (existing.windowMs !== windowMs) throw new Error(`Rate limit ${name} is already counted over another window.`);
      return existing.counters;
    }
    const local = memoryCounters({ windowMs, capacity });
    const counters = options.redis
      ? redisCounters({
          redis: options.redis,
          namespace: options.redisNamespace ?? '',
          name,
          windowMs,
          fallback: local,
          onError,
        })
      : local;
    created.set(name, { windowMs, counters });
    return counters;
  });

  // Before the answer is sent, so that the client's next request sees the counter settled. A callback
  // hook: a request that took no limit (the catalogue, on-sale) passes straight through, with no promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const list = settlements.get(request);
    if (!list) {
      done(null, payload);
      return;
    }
    settlements.delete(request);
    settleAll(list, sentErrorCode(request)).then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

async function settleAll(list: readonly Settle[], code: ErrorCode | undefined): Promise<void> {
  for (const settle of list) await settle(code);
}

/**
 * The client a request comes from: its address (X-Forwarded-For only from the trusted proxies, see
 * TRUSTED_PROXIES), an IPv4-mapped address as IPv4, and an IPv6 address by its /64 network, which one
 * subscriber holds whole: otherwise each of its 2^64 addresses would be a new client.
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const front = groups(head);
  const back = groups(tail);
  const full =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const byClient = (request: FastifyRequest): string => clientOf(request.ip);

/** The e-mail of a JSON body, normalised as accounts store it; null when there is none. */
export const byEmail = (request: FastifyRequest): string | null => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' && body.email.trim() !== '' ? body.email.trim().toLowerCase() : null;
};

function refuse(reply: FastifyReply, retryInMs: number, message: string): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryInMs / 1000))));
  throw new AppError('rate_limited', message);
}

/**
 * Counts one attempt against `max`. Over the limit (or the store full): 429 with Retry-After, and the
 * refused attempt does not count. With `counts`, an answer without one of its error codes gives the
 * attempt back.
 */
async function take(
  request: FastifyRequest,
  reply: FastifyReply,
  counters: Counters,
  key: string,
  max: number,
  message: string,
  counts?: CountedCodes,
  whenFull: 'refuse' | 'allow' = 'refuse',
): Promise<Hit | null> {
  const hit = await counters.hit(key);
  if (isFull(hit)) {
    if (whenFull === 'allow') return null;
    return refuse(reply, hit.retryInMs, RATE_LIMIT_MESSAGES.busy);
  }
  if (hit.count > max) {
    await hit.giveBack();
    return refuse(reply, hit.resetInMs, message);
  }
  if (counts) {
    settleLater(request, async (code) => {
      if (code === undefined || !counts.includes(code)) await hit.giveBack();
    });
  }
  return hit;
}

export interface LimitOptions {
  /** Names the counters: `register-client`, `promo-refused`, … */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client, an account's e-mail. null: not counted. */
  key: (request: FastifyRequest) => string | null;
  message: string;
  /**
   * The error codes of the answers that count (`['promo_refused']`, `['staff_token_required']`); any other
   * answer, a success or another error at the same status, gives its attempt back. Default: every request.
   */
  counts?: CountedCodes;
  /**
   * When this process's store of keys is full (no Redis, a crowd of more clients than it holds): refuse new
   * clients (the default: fail closed), or let them through uncounted until the window ends. Only for a call
   * whose abuse costs little and whose refusal would turn away a crowd of real buyers (the waiting room's
   * new places: each place still needs its admission to buy; decisions/048).
   */
  whenFull?: 'refuse' | 'allow';
}

/** An onRequest or preHandler hook counting one request against `options`; over the limit: 429 with Retry-After. */
export function limit(app: FastifyInstance, options: LimitOptions) {
  const counters = app.rateLimitCounters(options.name, options.windowMs);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = options.key(request);
    if (key === null) return;
    await take(request, reply, counters, key, options.max, options.message, options.counts, options.whenFull);
  };
}

export interface GuessLimitOptions {
  /** Names the counters: `{name}-client`, `{name}-client-subject`, `{name}-subject-clients`. */
  name: string;
  windowMs: number;
  message: string;
  /** Failed guesses per client, whatever the subject. */
  perClient: number;
  /** Failed guesses per client at one subject. */
  perClientAndSubject: number;
  /** What is guessed at: an account's e-mail, a Booking ID; null: only the client is counted. */
  subject: (request: FastifyRequest) => string | null;
  /** The error codes of failed guesses (`['wrong_credentials']`); any other answer gives its attempt back. */
  failed: CountedCodes;
  /**
   * A subject failed on from `clients` different clients within the window is besieged: each client then
   * has `perClientAndSubject` tries at it. Nothing ever refuses a client that has not failed itself.
   */
  siege: { clients: number; perClientAndSubject: number };
}

/**
 * Limits for a call an attacker guesses through. Only failures count, per client and per (client,
 * subject): an attacker spends its own allowance, never the owner's, so an owner with the right password
 * or NIC is never locked out from elsewhere. A per-subject ceiling that one client cannot trigger
 * (distinct failing clients) narrows every client's allowance at a subject a botnet is guessing at.
 */
export function guessLimit(app: FastifyInstance, options: GuessLimitOptions) {
  const perClient = app.rateLimitCounters(`${options.name}-client`, options.windowMs);
  const perPair = app.rateLimitCounters(`${options.name}-client-subject`, options.windowMs);
  const clientsAtSubject = app.rateLimitCounters(`${options.name}-subject-clients`, options.windowMs);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const client = byClient(request);
    await take(request, reply, perClient, client, options.perClient, options.message, options.failed);
    const subject = options.subject(request);
    if (subject === null) return;
    const isBesieged = (await clientsAtSubject.peek(subject)) >= options.siege.clients;
    const max = isBesieged ? options.siege.perClientAndSubject : options.perClientAndSubject;
    const hit = await take(request, reply, perPair, `${client} ${subject}`, max, options.message, options.failed);
    // This client's first failure at the subject makes it one more client guessing at it.
    if (hit?.count === 1) {
      settleLater(request, async (code) => {
        if (code !== undefined && options.failed.includes(code)) await clientsAtSubject.hit(subject);
      });
    }
  };
}
