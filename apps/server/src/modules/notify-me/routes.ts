import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { errorResponses } from '../../plugins/openapi';
import { byClient, limit } from '../../plugins/rate-limits';
import type { CaptchaService } from '../captcha/service';
import {
  ConfirmAnswerSchema,
  LinkTokenSchema,
  NOTIFY_ME_MESSAGES,
  NotifyMeAnswerSchema,
  NotifyMeParamsSchema,
  NotifyMeRequestSchema,
  UnsubscribeAnswerSchema,
} from './notify-me.schema';
import type { NotifyMeService } from './service';

export interface NotifyMeModuleOptions {
  service: NotifyMeService;
  captcha: CaptchaService;
  /** The signed-in account of a request (accounts module); null: nobody. */
  currentUserId: (request: FastifyRequest) => Promise<string | null>;
  /** How often the worker looks for sales that opened; 0 turns it off (tests call `notifyOpenSales`). */
  intervalMs: number;
  /** Subscriptions per client per window (decisions/028: counted per client, never per address). */
  subscribeLimit?: { max: number; windowMs: number };
}

/** Notify Me (issue 23; decisions/047): subscribe, confirm, unsubscribe, and the worker that tells subscribers. */
export const notifyMeModule: FastifyPluginAsync<NotifyMeModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const subscribeLimit = options.subscribeLimit ?? { max: 5, windowMs: 10 * 60_000 };

  app.post(
    '/api/events/:uid/notify-me',
    {
      preHandler: [
        limit(fastify, {
          name: 'notify-me-client',
          max: subscribeLimit.max,
          windowMs: subscribeLimit.windowMs,
          key: byClient,
          message: NOTIFY_ME_MESSAGES.tooMany,
        }),
        options.captcha.require,
      ],
      schema: {
        tags: ['notify-me'],
        summary: 'Notify Me: e-mail me when this event goes on sale',
        description:
          'For an event not on sale yet (pending or presale). Queues a confirmation e-mail (double opt-in): nothing else is sent until its link is used. The answer is the same whether the address is new, waiting for its confirmation or confirmed already. Needs a captcha (`X-Captcha`). Limited per client (5 per 10 minutes: 429 with Retry-After), and to 3 confirmation e-mails per address per day (the answer does not say when an e-mail was held back). Nothing is written when the answer is an error.',
        params: NotifyMeParamsSchema,
        body: NotifyMeRequestSchema,
        response: {
          202: NotifyMeAnswerSchema,
          ...errorResponses('captcha_failed', 'not_found', 'notify_me_closed', 'validation_failed', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await options.currentUserId(request);
      const answer = await service.subscribe({ uid: request.params.uid, email: request.body.email, userId });
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/api/notify-me/confirm',
    {
      schema: {
        tags: ['notify-me'],
        summary: "Confirm a Notify Me with the token of its e-mail's link",
        description:
          'No session needed. The web page the link opens posts this when its button is pressed (mail scanners that follow links confirm nothing). Using a link again answers the same. The answer carries the unsubscribe token, so the page can offer to undo it.',
        body: LinkTokenSchema,
        response: {
          200: ConfirmAnswerSchema,
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
    '/api/notify-me/unsubscribe',
    {
      schema: {
        tags: ['notify-me'],
        summary: "Unsubscribe from a Notify Me with the token of its e-mail's link",
        description:
          'No session needed, and idempotent: unsubscribing again answers the same. The link in the e-mails opens a page whose button posts this (a mail scanner that follows the link unsubscribes nobody). E-mails not sent yet are dropped.',
        body: LinkTokenSchema,
        response: {
          200: UnsubscribeAnswerSchema,
          ...errorResponses('link_invalid', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.unsubscribe(request.body.token);
    },
  );

  // Every server process runs it; each subscriber is claimed by one (repository.claimDue).
  const worker = startPeriodicWorker(fastify, {
    name: 'Notify Me run',
    intervalMs: options.intervalMs,
    run: () => service.notifyOpenSales(),
  });
  service.setKick(() => worker.kick());
  app.addHook('onClose', async () => {
    service.stop();
    await worker.stop();
  });
};
