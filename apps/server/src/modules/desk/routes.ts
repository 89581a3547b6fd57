import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONFIRMATION_RESENDS_PER_HOUR,
  ConfirmationResendAnswerSchema,
  DESK_MAX_PER_PAGE,
  DeskOrderAnswerSchema,
  DeskOrderListAnswerSchema,
  DeskOrderParamsSchema,
  OrderSearchQuerySchema,
} from '@marquee/domain/desk';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import { ResendLimitedError, type DeskService } from './service';

export interface DeskModuleOptions {
  service: DeskService;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

const CONTACT_NOTE =
  "The buyer's e-mail, phone and NIC (`contact`) only for roles with `order.contact.read`; null for the others.";
const SCOPE_NOTE =
  "Only orders of the organisation's events; a member limited to chosen events sees only those events' orders.";

/**
 * The orders desk of the console (issue 22): the box office's search, an order's page, and resending its
 * confirmation. Organisation routes (`:orderId` is a Booking ID, found inside the organisation and the
 * member's events by the service: anything else is a 404). Answers are never cached.
 */
export const deskModule: FastifyPluginAsync<DeskModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/:org/orders',
    {
      config: { permission: 'order.read' },
      schema: {
        tags: ['organiser'],
        summary: "Find the organisation's orders",
        description: `Needs \`order.read\`. Newest first, \`per_page\` (at most ${DESK_MAX_PER_PAGE}) at a time. \`q\` is a Booking ID (exact, any case), or part of the buyer's name; with \`order.contact.read\`, part of their e-mail or phone too. Filters: \`event\` (uid), \`status\`, \`from\`/\`to\` (days of the order, UTC, both included). ${SCOPE_NOTE} ${CONTACT_NOTE}`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        querystring: OrderSearchQuerySchema,
        response: { 200: DeskOrderListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.search(organiserOf(request), request.query);
    },
  );

  app.get(
    '/api/organiser/:org/orders/:orderId',
    {
      config: { permission: 'order.read' },
      schema: {
        tags: ['organiser'],
        summary: "An order's page",
        description: `Needs \`order.read\`. Its lines and seats, totals, the payment's story (created, hold expiry, the provider's webhooks, paid), its tickets (the end of each code only) and their check-ins, and the e-mails queued for it (never their content). Another organisation's order, or one of an event the member may not see, is a 404. ${CONTACT_NOTE}`,
        security: securedBy('session'),
        params: DeskOrderParamsSchema,
        response: { 200: DeskOrderAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.order(organiserOf(request), request.params.orderId);
    },
  );

  app.post(
    '/api/organiser/:org/orders/:orderId/confirmation',
    {
      config: { permission: 'order.edit' },
      schema: {
        tags: ['organiser'],
        summary: "Resend an order's confirmation e-mail",
        description: `Needs \`order.edit\`. Queues the confirmation (with its tickets) to be sent once more; recorded in the audit log. Only for a paid order: 409 \`not_paid\` while its payment is pending, \`not_valid\` when it is cancelled or failed; 409 \`conflict\` while a send is already queued. At most ${CONFIRMATION_RESENDS_PER_HOUR} resends per order per hour (429, with Retry-After).`,
        security: securedBy('session'),
        params: DeskOrderParamsSchema,
        response: {
          202: ConfirmationResendAnswerSchema,
          ...errorResponses(...GUARD_CODES, 'not_paid', 'not_valid', 'conflict', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const answer = await service.resendConfirmation(organiserOf(request), request.params.orderId);
        return reply.code(202).send(answer);
      } catch (error) {
        if (error instanceof ResendLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );
};
