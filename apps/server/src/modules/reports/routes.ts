import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsoleEventParamsSchema } from '@marquee/domain/console';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { EventReportAnswerSchema, OrganisationReportAnswerSchema } from '@marquee/domain/reports';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { ReportsService } from './service';

export interface ReportsModuleOptions {
  service: ReportsService;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

const COUNTING_NOTE =
  'Sales are paid orders of kind `sale`; `revenue` is their totals less what was refunded (minor units); comps (free tickets the box office issued) are counted apart and never in revenue; tickets a refund voided are not counted. A day is the local day of the venue, the day the order was paid.';

/**
 * The console's sales reports (issue 22): one event's dashboard and the organisation's. Read-only, never cached
 * (the console asks again every 15 s while a report is on screen).
 */
export const reportsModule: FastifyPluginAsync<ReportsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/:org/events/:eventUid/report',
    {
      config: { permission: 'report.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "An event's sales report",
        description: `Needs \`report.read\`. Totals, tickets and revenue per day (zero-filled, from the first sale to today or the event's end), each package's sold / held (live holds) / left and comps, promo codes used, and check-in progress per list. ${COUNTING_NOTE}`,
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: EventReportAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.eventReport(organiserOf(request));
    },
  );

  app.get(
    '/api/organiser/:org/report',
    {
      config: { permission: 'report.read' },
      schema: {
        tags: ['organiser'],
        summary: "The organisation's sales report",
        description: `Needs \`report.read\`. Totals and days per currency (amounts in different currencies are never added), and every event's tickets sold, capacity and revenue. A member limited to chosen events sees only those events. ${COUNTING_NOTE}`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: { 200: OrganisationReportAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.organisationReport(organiserOf(request));
    },
  );
};
