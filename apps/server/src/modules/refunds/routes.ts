import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RefundAnswerSchema,
  RefundHeadersSchema,
  RefundParamsSchema,
  RefundRequestSchema,
} from '@marquee/domain/refunds';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { RefundsService } from './service';

export interface RefundsModuleOptions {
  service: RefundsService;
  /** How often pending refunds whose gateway call failed or stalled are retried; 0 turns the sweeper off (tests). */
  sweepIntervalMs?: number;
}

/** Refunds from the console's orders desk (issue 22; docs/decisions/037). */
export const refundsModule: FastifyPluginAsync<RefundsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  const sweeper = startPeriodicWorker(fastify, {
    name: 'refund sweeper',
    intervalMs: options.sweepIntervalMs ?? 0,
    run: () => service.retryStalled(),
  });
  fastify.addHook('onClose', () => sweeper.stop());

  app.post(
    '/api/organiser/:org/orders/:orderId/refunds',
    {
      config: { permission: 'order.refund' },
      schema: {
        tags: ['organiser'],
        summary: 'Refund an order, in full or in part, and void its tickets',
        description:
          "Needs `order.refund`. Gives `amount` (minor units) back through the order's payment gateway and voids `ticket_ids` at once (left out: every ticket not yet voided; `[]`: money only): the gate refuses them and their seats and places are on sale again. The amount is at most what was paid minus what was refunded (422 `refund_exceeds_paid`); an instalment order is refunded whole only (409 `partial_refund_unsupported`). An `Idempotency-Key` is required: the same key answers the same refund (200), with another body 409 `refund_key_reused`. 201: refunded; 202: decided and recorded, the provider not yet confirmed: it is retried (send the same request again, or let the sweeper).",
        security: securedBy('session'),
        params: RefundParamsSchema,
        headers: RefundHeadersSchema,
        body: RefundRequestSchema,
        response: {
          200: RefundAnswerSchema.describe('The refund this Idempotency-Key made before.'),
          201: RefundAnswerSchema.describe('Refunded.'),
          202: RefundAnswerSchema.describe('Recorded and the tickets voided; the provider has not confirmed yet.'),
          ...errorResponses(
            'sign_in_required',
            'two_factor_required',
            'forbidden',
            'not_found',
            'not_paid',
            'ticket_already_voided',
            'ticket_already_used',
            'partial_refund_unsupported',
            'refund_key_reused',
            'validation_failed',
            'refund_exceeds_paid',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, isReplay } = await service.refund(
        organiserOf(request),
        request.params.orderId,
        request.body,
        request.headers['idempotency-key'],
      );
      const status = answer.refund.status === 'pending' ? 202 : isReplay ? 200 : 201;
      return reply.code(status).send(answer);
    },
  );
};
