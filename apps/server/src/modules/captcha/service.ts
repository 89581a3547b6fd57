import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import type { Db } from '@marquee/db/client';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { ensureAppSecret } from '../../lib/app-secrets';
import { AppError } from '../../plugins/app-error';

/** Where the web app puts the widget's payload (base64 JSON of challenge and solution). */
export const CAPTCHA_HEADER = 'x-captcha';
/** A solved challenge is good for this long, once: long enough to fill in a checkout form. */
const CHALLENGE_TTL_MS = 30 * 60_000;
/**
 * The work: PBKDF2-SHA-256 at 1,000 iterations per try, and the answer is a counter between 1,000 and
 * 4,000 (about 2,500 tries): measured 0.8 s for 2,600 tries on one core of this machine in Node; the
 * widget spreads it over the browser's cores. A bot pays it for every registration, reset, order and
 * lookup; verifying costs us one HMAC (the key is signed, decisions/020).
 */
const COST = 1_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 4_000;

/**
 * Used solutions, so one solved challenge passes once. A solution is claimed by an owner: the request's
 * Idempotency-Key where it has one (a retried order may show the same solution again), else nobody's.
 */
interface UsedSolutions {
  claim(key: string, owner: string | null): Promise<boolean>;
}

function memorySolutions(): UsedSolutions {
  const used = new Map<string, { owner: string | null; expires: number }>();
  return {
    async claim(key, owner) {
      const now = Date.now();
      if (used.size > 10_000) for (const [name, entry] of used) if (entry.expires <= now) used.delete(name);
      const entry = used.get(key);
      if (entry && entry.expires > now) return owner !== null && entry.owner === owner;
      used.set(key, { owner, expires: now + CHALLENGE_TTL_MS });
      return true;
    },
  };
}

function redisSolutions(redis: Redis): UsedSolutions {
  return {
    async claim(key, owner) {
      const name = `marquee-captcha:${key}`;
      const value = owner ?? '';
      if ((await redis.set(name, value, 'PX', CHALLENGE_TTL_MS, 'NX')) === 'OK') return true;
      return owner !== null && (await redis.get(name)) === value;
    },
  };
}

export interface CaptchaService {
  enabled: boolean;
  challenge(): Promise<Challenge>;
  /** A preHandler: passes a request whose X-Captcha holds a fresh, unused solution; else 403. */
  require(request: FastifyRequest): Promise<void>;
  /** The same, where a retry of one request (one `owner`, its Idempotency-Key) may show the solution again. */
  requireOnce(request: FastifyRequest, owner: string | null): Promise<void>;
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA; decisions/020). Challenges are HMAC-signed with a key
 * made once per database, so any server process verifies any other's; used solutions are remembered in
 * Redis when it is configured (shared), else in this process. Off only by explicit configuration.
 */
export async function createCaptcha(deps: { db: Db; enabled: boolean; redis: Redis | null }): Promise<CaptchaService> {
  const secret = await ensureAppSecret(deps.db, 'captcha_hmac_secret', () => randomBytes(32).toString('base64url'));
  const keySecret = await deriveHmacKeySecret(secret);
  const solutions = deps.redis ? redisSolutions(deps.redis) : memorySolutions();

  async function requireOnce(request: FastifyRequest, owner: string | null): Promise<void> {
    if (!deps.enabled) return;
    const payload = request.headers[CAPTCHA_HEADER];
    if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4_000) {
      throw new AppError('captcha_failed', ACCOUNT_MESSAGES.captchaFailed);
    }
    // altcha-lib's store interface: setIfAbsent decides, atomically.
    const store = {
      get: () => false,
      set: () => undefined,
      setIfAbsent: (key: string) => solutions.claim(key, owner),
    };
    const result = await verify(payload, deriveKey, secret, keySecret, store);
    if (result.error) {
      request.log.info({ reason: result.error }, 'captcha refused');
      throw new AppError('captcha_failed', ACCOUNT_MESSAGES.captchaFailed);
    }
  }

  return {
    enabled: deps.enabled,
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: COST,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),
    require: (request) => requireOnce(request, null),
    requireOnce,
  };
}
