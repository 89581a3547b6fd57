import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { ExportKind, ExportsService } from './service';

export interface ExportsModuleOptions {
  service: ExportsService;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

const ExportParamsSchema = z.object({
  org: z.string(),
  eventUid: z.string(),
  format: z.enum(['csv', 'xlsx']).describe('`csv` (UTF-8 with a byte order mark) or `xlsx`'),
});

const FileSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });
const FILE_RESPONSE = {
  description: 'The file, streamed as it is read (`Content-Disposition: attachment`, named after the event)',
  content: {
    'text/csv': { schema: FileSchema },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: FileSchema },
  },
};

const COMMON_NOTE =
  "Needs `export.run`. The buyer's e-mail and phone columns only for members who also have `order.contact.read`. CSV cells that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) are prefixed with '. Recorded in the audit log. At most 2 exports of an organisation at once per server (429 `rate_limited` beyond).";

const DESCRIPTIONS: Record<ExportKind, { summary: string; description: string }> = {
  attendees: {
    summary: "Export an event's attendees (one row per ticket)",
    description: `${COMMON_NOTE} Columns: Booking ID, ticket id, holder name, package, seat, status (Valid, Checked in, Voided), checked in at, [e-mail, phone], order date, comp or sale; times in the venue's zone. The ticket's code is never exported (it admits at the door).`,
  },
  orders: {
    summary: "Export an event's orders (one row per order)",
    description: `${COMMON_NOTE} Columns: Booking ID, status, name, [e-mail, phone], tickets, subtotal, discount, fee, total, refunded, currency, promo code, ordered at, paid at, comp or sale; amounts in major units of the currency, times in the venue's zone.`,
  },
};

/**
 * Exports (issue 22; docs/decisions/042): an event's attendees and orders as CSV or XLSX, streamed. Event
 * routes (`scope: 'event'`): the guard finds the event inside the organisation and the member's events.
 * The browser downloads them with a plain link, so the answer is the file itself, never cached.
 */
export const exportsModule: FastifyPluginAsync<ExportsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  for (const kind of ['attendees', 'orders'] as const) {
    app.get(
      `/api/organiser/:org/events/:eventUid/exports/${kind}.:format`,
      {
        config: { permission: 'export.run', scope: 'event' },
        schema: {
          tags: ['organiser'],
          ...DESCRIPTIONS[kind],
          security: securedBy('session'),
          params: ExportParamsSchema,
          response: { 200: FILE_RESPONSE, ...errorResponses(...GUARD_CODES, 'rate_limited') },
        },
      },
      async (request, reply) => {
        const actor = organiserOf(request);
        const event = actor.event;
        if (!event) throw new Error('an event route without its event (is the route guarded?)');
        const file = await service.open(actor, kind, request.params.format, event.id);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', file.disposition)
          .header('x-content-type-options', 'nosniff')
          .type(file.contentType)
          .send(file.body);
      },
    );
  }
};
