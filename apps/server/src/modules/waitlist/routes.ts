import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OfferUnavailableBodySchema,
  WAITLIST_MESSAGES,
  WaitlistEntryAnswerSchema,
  WaitlistJoinAnswerSchema,
  WaitlistJoinRequestSchema,
  WaitlistOfferAnswerSchema,
  WaitlistTokenSchema,
} from '@marquee/domain/waitlist';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { errorResponses } from '../../plugins/openapi';
import { byClient, limit } from '../../plugins/rate-limits';
import type { CaptchaService } from '../captcha/service';
import type { WaitlistService } from './service';

export interface WaitlistModuleOptions {
  service: WaitlistService;
  captcha: CaptchaService;
  /** The signed-in account of a request (accounts module); null: nobody. */
  currentUserId: (request: FastifyRequest) => Promise<string | null>;
  /** How often the worker offers tickets that came back; 0 turns it off (tests call `makeOffers`). */
  intervalMs: number;
  /** Joins per client per window (decisions/028: counted per client, never per address). */
  joinLimit?: { max: number; windowMs: number };
}

const ParamsSchema = z.object({
  uid: z.string().describe('The event uid: 4-32 lower-case letters and digits. Anything else is a 404.'),
});

/** The waitlist of a sold-out package (issue 23; decisions/049): join, confirm, leave, open an offer; the worker. */
export const waitlistModule: FastifyPluginAsync<WaitlistModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const joinLimit = options.joinLimit ?? { max: 5, windowMs: 10 * 60_000 };

  app.post(
    '/api/events/:uid/waitlist',
    {
      preHandler: [
        limit(fastify, {
          name: 'waitlist-client',
          max: joinLimit.max,
          windowMs: joinLimit.windowMs,
          key: byClient,
          message: WAITLIST_MESSAGES.tooMany,
        }),
        options.captcha.require,
      ],
      schema: {
        tags: ['waitlist'],
        summary: "Join a sold-out package's waitlist",
        description:
          "For a package with no tickets left (sold, or held) of an event on sale. Queues a confirmation e-mail (double opt-in): the buyer is in line from when its link is used. When tickets come back they go to the line first: an order is placed for the next in line, held 10 minutes, and e-mailed as a link to pay. The body has what that order needs (spec 5's buyer fields). The answer is the same whether the address is new, waiting for its confirmation or in line already. Needs a captcha (`X-Captcha`). Limited per client (5 per 10 minutes: 429 with Retry-After), and to 3 confirmation e-mails per address per day. Nothing is written when the answer is an error.",
        params: ParamsSchema,
        body: WaitlistJoinRequestSchema,
        response: {
          202: WaitlistJoinAnswerSchema,
          ...errorResponses(
            'captcha_failed',
            'not_found',
            'waitlist_closed',
            'not_sold_out',
            'validation_failed',
            'rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await options.currentUserId(request);
      return reply.code(202).send(await service.join(request.params.uid, request.body, userId));
    },
  );

  app.post(
    '/api/waitlist/confirm',
    {
      schema: {
        tags: ['waitlist'],
        summary: "Confirm a place on a waitlist with the token of its e-mail's link",
        description:
          'No session needed. The page the link opens posts this when its button is pressed (mail scanners that follow links confirm nothing). Using the link again answers the same, with the place in line now.',
        body: WaitlistTokenSchema,
        response: {
          200: WaitlistEntryAnswerSchema,
          ...errorResponses('link_invalid', 'link_expired', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.confirm(request.body.token);
    },
  );

  app.post(
    '/api/waitlist/leave',
    {
      schema: {
        tags: ['waitlist'],
        summary: "Leave a waitlist (the confirmation link's token)",
        description:
          'No session needed, and idempotent. Tickets already held for the buyer stay theirs to pay for or let go.',
        body: WaitlistTokenSchema,
        response: {
          200: WaitlistEntryAnswerSchema,
          ...errorResponses('link_invalid', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.leave(request.body.token);
    },
  );

  app.post(
    '/api/waitlist/offer',
    {
      schema: {
        tags: ['waitlist'],
        summary: "Open a waitlist offer with the token of its e-mail's link",
        description:
          "Answers the held order's Booking ID and bearer token, so the page continues to the checkout's payment step. `offer_unavailable` when no offer is held now (still waiting, lapsed, bought or left).",
        body: WaitlistTokenSchema,
        response: {
          200: WaitlistOfferAnswerSchema,
          409: OfferUnavailableBodySchema.describe(
            '`offer_unavailable`: no offer is held now (still waiting, lapsed, bought or left; the message says which), with the event.',
          ),
          ...errorResponses('link_invalid', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.openOffer(request.body.token);
    },
  );

  // Every server process runs it; a package's line is served by one at a time (its lease).
  const worker = startPeriodicWorker(fastify, {
    name: 'Waitlist offers',
    intervalMs: options.intervalMs,
    run: () => service.makeOffers(),
  });
  service.setKick(() => worker.kick());
  app.addHook('onClose', async () => {
    service.stop();
    await worker.stop();
  });
};
