import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsoleEventParamsSchema } from '@marquee/domain/console';
import {
  EventCancellationHeadersSchema,
  EventCancellationRequestSchema,
  EventCancellationSchema,
  EventCancellationStateSchema,
  EventPostponementAnswerSchema,
  EventPostponementRequestSchema,
} from '@marquee/domain/event-changes';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { CancellationWorker } from './cancellation-worker';
import type { EventChangesService } from './service';

export interface EventChangesModuleOptions {
  service: EventChangesService;
  worker: CancellationWorker;
  /** How often the worker refunds a batch of cancelled events' orders; 0 turns it off (tests drive it). */
  intervalMs?: number;
}

const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

/** Cancelling or postponing a whole event (issue 22; docs/decisions/040). */
export const eventChangesModule: FastifyPluginAsync<EventChangesModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  // A batch per tick in every process, and at once at start: a cancellation a stopped process was working on
  // goes on as soon as any process runs (its claimed orders once their lease runs out).
  const worker = startPeriodicWorker(fastify, {
    name: 'event cancellation refunds',
    intervalMs: options.intervalMs ?? 0,
    run: () => options.worker.runOnce(),
  });
  fastify.addHook('onClose', () => worker.stop());

  app.get(
    '/api/organiser/:org/events/:eventUid/cancellation',
    {
      config: { permission: 'event.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "An event's cancellation and its refunds' progress",
        description:
          "Needs `event.read`. `paid_orders` (buyers a cancellation or postponement e-mails) and `refundable_orders` (orders with money to give back); `cancellation` once the event was cancelled here: `total`, `refunded` (confirmed by the provider), `failed` (with the first 50 in `failures`) and `pending`, counted from the orders' refunds. The console polls it while `status` is `running`.",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: EventCancellationStateSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.readCancellation(organiserOf(request));
    },
  );

  app.post(
    '/api/organiser/:org/events/:eventUid/cancellation',
    {
      config: { permission: 'event.publish', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Cancel an event: every buyer e-mailed, every paid order refunded in full in the background',
        description:
          'Needs `event.publish`, and `order.refund` for `refund: true` (the default). At once: the event is cancelled (off sale), one e-mail per paid order is queued with `reason`, and the job is recorded; the refunds run in the background in any server process, each order once (its own refund key), surviving restarts. 202: the job (poll `GET …/cancellation`). An `Idempotency-Key` is required: the same key and body answer the same job (200); another body 422 `idempotency_key_reused`; a second cancellation 409 `event_already_cancelled`. A draft or an event whose lifecycle ended cannot be cancelled (409 `conflict`).',
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        headers: EventCancellationHeadersSchema,
        body: EventCancellationRequestSchema,
        response: {
          200: EventCancellationSchema.describe('The cancellation this Idempotency-Key started before.'),
          202: EventCancellationSchema.describe('Cancelled; the refunds run in the background.'),
          ...errorResponses(
            ...GUARD_CODES,
            'event_already_cancelled',
            'conflict',
            'validation_failed',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { cancellation, isReplay } = await service.cancel(
        organiserOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (cancellation.status === 'running') worker.kick();
      return reply.code(isReplay ? 200 : 202).send(cancellation);
    },
  );

  app.post(
    '/api/organiser/:org/events/:eventUid/postponement',
    {
      config: { permission: 'event.publish', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Postpone an event: every buyer e-mailed, their tickets stay valid',
        description:
          "Needs `event.publish`. The event becomes postponed (off sale), with its new start and end (the venue's clocks) when given (a new start without a new end clears the end), and one e-mail per paid order is queued with `message`. Nothing is refunded. A postponed event may be postponed again (to give its new date). A draft, a closed or a cancelled event cannot (409 `conflict`).",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: EventPostponementRequestSchema,
        response: {
          200: EventPostponementAnswerSchema,
          ...errorResponses(...GUARD_CODES, 'conflict', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.postpone(organiserOf(request), request.body);
    },
  );
};
