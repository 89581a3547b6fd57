import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditAnswerSchema, ConsoleEventParamsSchema } from '@marquee/domain/console';
import { AuditQuerySchema } from '@marquee/domain/console-params';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { AuditService } from './service';

export interface AuditModuleOptions {
  service: AuditService;
}

const refusals = errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found');

/** The audit log, per organisation and per event (issue 21). Read only: nothing can edit or delete it. */
export const auditModule: FastifyPluginAsync<AuditModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/:org/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['organiser'],
        summary: "The organisation's audit log, newest first",
        description:
          'Every change a member or an operator made: who, when (the database clock), what, and the changed fields before and after. Pages of `limit` entries; `next_before` asks for the next. A member limited to chosen events sees only the entries of those events.',
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditAnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { before, limit } = request.query;
      return service.page(organiserOf(request), { before, limit });
    },
  );

  app.get(
    '/api/organiser/:org/events/:eventUid/audit',
    {
      config: { permission: 'audit.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "One event's audit log, newest first",
        description: "As the organisation's audit log, for one event (its packages, seats, images and status).",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditAnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = organiserOf(request);
      const event = actor.event;
      if (!event) throw new Error('the guard sets the event of an event route');
      return service.page(actor, { eventId: event.id, before: request.query.before, limit: request.query.limit });
    },
  );
};
