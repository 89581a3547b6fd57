import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMP_MAX_TICKETS,
  CompAnswerSchema,
  CompHeadersSchema,
  CompParamsSchema,
  CompRequestSchema,
  HolderNameSchema,
  TicketHolderAnswerSchema,
  TicketHolderParamsSchema,
} from '@marquee/domain/comps';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { DeskTicketsService } from './service';

export interface DeskTicketsModuleOptions {
  service: DeskTicketsService;
}

const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

/** The orders desk's ticket actions (issue 22; docs/decisions/039): name corrections and comps. */
export const deskTicketsModule: FastifyPluginAsync<DeskTicketsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.post(
    '/api/organiser/:org/orders/:orderId/tickets/:ticketId/holder',
    {
      config: { permission: 'order.edit' },
      schema: {
        tags: ['organiser'],
        summary: 'Correct the name on a ticket (it is re-issued)',
        description:
          "Needs `order.edit`. The ticket gets the holder's name and a new code, so a new signed QR: the old code no longer admits (the gate answers 409 `reason: reissued`), and the buyer is e-mailed the corrected tickets. Names follow the checkout's rules. A ticket that is voided (409 `ticket_already_voided`) or admitted (409 `ticket_already_used`) is not changed. The same name again (a double click, a retry) changes and sends nothing: `reissued: false`. Recorded in the audit log with the names before and after.",
        security: securedBy('session'),
        params: TicketHolderParamsSchema,
        body: HolderNameSchema,
        response: {
          200: TicketHolderAnswerSchema,
          ...errorResponses(
            ...GUARD_CODES,
            'not_paid',
            'not_valid',
            'ticket_already_voided',
            'ticket_already_used',
            'conflict',
            'validation_failed',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.correctHolder(organiserOf(request), request.params.orderId, request.params.ticketId, request.body);
    },
  );

  app.post(
    '/api/organiser/:org/events/:eventUid/comps',
    {
      config: { permission: 'order.comp', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Comp tickets: free tickets for a named guest',
        description: `Needs \`order.comp\`. Issues 1-${COMP_MAX_TICKETS} free tickets of one package to a named guest: an order of kind \`comp\`, total 0, paid at once, counted against the package's capacity exactly like a sale (409 \`sold_out\` when not enough are left; a seated package needs \`seat_ids\`, one per ticket, 409 \`seats_taken\` when one is sold or held). The guest is e-mailed their tickets. An \`Idempotency-Key\` is required: the same key answers the same comp (200), with another body 422 \`idempotency_key_reused\`. A cancelled event takes no comps (409 \`not_on_sale\`).`,
        security: securedBy('session'),
        params: CompParamsSchema,
        headers: CompHeadersSchema,
        body: CompRequestSchema,
        response: {
          200: CompAnswerSchema.describe('The comp this Idempotency-Key made before.'),
          201: CompAnswerSchema.describe('Issued.'),
          ...errorResponses(
            ...GUARD_CODES,
            'not_on_sale',
            'sold_out',
            'seats_taken',
            'validation_failed',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, isReplay } = await service.issueComp(
        organiserOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(isReplay ? 200 : 201).send(answer);
    },
  );
};
