import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { ADMISSION_COOKIE_PREFIX, QUEUE_COOKIE, QueueStatusSchema } from '@marquee/domain/queue';
import { byClient, limit } from '../../plugins/rate-limits';
import { newQueueCookie, visitorOf, type QueueReply, type WaitingRoomService } from './service';

export interface WaitingRoomModuleOptions {
  service: WaitingRoomService;
  /** Cookies marked Secure (the public address is https). */
  isHttps: boolean;
}

const ParamsSchema = z.object({
  uid: z.string().max(64).describe('The event uid.'),
});

/** The browser's place in every queue is kept a week; each admission as long as it lasts. */
const QUEUE_COOKIE_DAYS = 7;

function cookieOf(request: FastifyRequest, name: string): string | null {
  const value = (request.cookies as Record<string, string | undefined> | undefined)?.[name];
  return typeof value === 'string' ? value : null;
}

/** The waiting room's routes (issue 23; decisions/048). */
export const waitingRoomModule: FastifyPluginAsync<WaitingRoomModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const base = { path: '/', sameSite: 'lax' as const, secure: options.isHttps, httpOnly: true };

  function send(reply: FastifyReply, answer: QueueReply) {
    reply.header('cache-control', 'no-store');
    if (answer.admission) {
      reply.setCookie(answer.admission.name, answer.admission.value, { ...base, maxAge: answer.admission.maxAgeSeconds });
    }
    return answer.status;
  }

  app.post(
    '/api/events/:uid/queue',
    {
      // One connection joining for many (a bot with many cookie jars): 30 places per client per 10 minutes.
      preHandler: limit(fastify, {
        name: 'queue-join',
        max: 30,
        windowMs: 10 * 60_000,
        key: byClient,
        message: 'Too many places asked for from your connection. Please wait a few minutes and try again.',
      }),
      schema: {
        tags: ['waiting room'],
        summary: 'Join an event’s waiting room, or find your place in it',
        description:
          'One place per browser (the HttpOnly `mq_queue` cookie, set here when missing): refreshing or many tabs keep it. Before the sale opens the place is in the pre-queue, drawn at random when it opens; after, it goes to the end. When admitted, the answer sets the `mq_admit_{event id}` cookie that `POST /api/orders` needs for this event. 30 joins per client per 10 minutes.',
        params: ParamsSchema,
        response: {
          200: QueueStatusSchema,
          404: ErrorBodySchema.describe('No such event.'),
          409: ErrorBodySchema.describe('The event has no waiting room (`conflict`), or is not on sale (`not_on_sale`).'),
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      let cookie = cookieOf(request, QUEUE_COOKIE);
      let visitor = visitorOf(cookie);
      if (!visitor) {
        cookie = newQueueCookie();
        visitor = visitorOf(cookie) as string;
        reply.setCookie(QUEUE_COOKIE, cookie, { ...base, maxAge: QUEUE_COOKIE_DAYS * 86_400 });
      }
      return send(reply, await service.join(request.params.uid, visitor));
    },
  );

  app.get(
    '/api/events/:uid/queue',
    {
      schema: {
        tags: ['waiting room'],
        summary: 'Your place in an event’s waiting room',
        description:
          'Where the browser is (`state`, `position`, `estimated_wait_seconds`), and when to ask again (`poll_after_seconds`). When admitted it (re)sets the `mq_admit_{event id}` cookie. 404 when this browser has no place.',
        params: ParamsSchema,
        response: {
          200: QueueStatusSchema,
          404: ErrorBodySchema.describe('No such event, or no place for this browser.'),
          409: ErrorBodySchema.describe('The event has no waiting room.'),
        },
      },
    },
    async (request, reply) =>
      send(reply, await service.status(request.params.uid, visitorOf(cookieOf(request, QUEUE_COOKIE)))),
  );
};

/** The admission an order for an event behind a waiting room carries: the browser's place and its token. */
export function admissionOf(request: FastifyRequest, eventId: number): { visitor: string | null; token: string | null } {
  return {
    visitor: visitorOf(cookieOf(request, QUEUE_COOKIE)),
    token: cookieOf(request, `${ADMISSION_COOKIE_PREFIX}${eventId}`),
  };
}
