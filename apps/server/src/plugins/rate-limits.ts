import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * One @fastify/rate-limit for the app: counters in Redis when REDIS_URL is set (shared by every server
 * process), else in this process's memory. Routes take limits from `limit()`, several per route (per
 * client address and per account), each with its own counter.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | null): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'marquee-rl:' } : {}),
    // A Redis outage must not take sign-in and checkout down with it: the request goes through, logged.
    skipOnError: true,
  });
}

export interface LimitOptions {
  /** Names the counter: `signin-client`, `signin-account`, … */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, an account's e-mail, a Booking ID. null: not counted. */
  key: (request: FastifyRequest) => string | null;
  message: string;
}

export const byClient = (request: FastifyRequest): string => request.ip;

/** The e-mail of a JSON body, normalised as accounts store it; null when there is none. */
export const byEmail = (request: FastifyRequest): string | null => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' && body.email.trim() !== '' ? body.email.trim().toLowerCase() : null;
};

/** A preHandler counting one request against `options`; over the limit: 429 with Retry-After and `message`. */
export function limit(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request) ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (options.key(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('rate_limited', options.message);
    }
  };
}
