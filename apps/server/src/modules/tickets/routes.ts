import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingWithoutTicketsBodySchema } from '@marquee/domain/bookings';
import { ErrorBodySchema } from '@marquee/domain/errors';
import {
  CheckInAdmittedSchema,
  CheckInRefusedSchema,
  CheckInRequestSchema,
  TICKET_LINK_TTL_DAYS,
  TicketLinkQuerySchema,
  TicketsPublicKeySchema,
} from '@marquee/domain/tickets';
import { AppError } from '../../plugins/app-error';
import { securedBy } from '../../plugins/openapi';
import { byClient, limit } from '../../plugins/rate-limits';
import type { TicketsService } from './service';

export interface TicketsModuleOptions {
  /** The one tickets service of the app (the e-mail and the booking lookup use it too). */
  service: TicketsService;
}

/** Tickets: the signed tickets PDF of a booking, the gates' public key and check-in. */
export const ticketsModule: FastifyPluginAsync<TicketsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  app.addHook('onReady', () => service.prepare());

  app.get(
    '/api/tickets/public-key',
    {
      schema: {
        tags: ['tickets'],
        summary: 'The public key gates verify ticket QR codes with, offline',
        description:
          'A QR code carries `MQ1.{claims}.{signature}`: `claims` is base64url JSON `{ c: ticket code, o: Booking ID, e: event uid, s: seat id or null }`, `signature` base64url Ed25519 over the ASCII text `MQ1.{claims}`.',
        response: { 200: TicketsPublicKeySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.publicKey();
    },
  );

  app.get(
    '/api/tickets/:file',
    {
      schema: {
        tags: ['tickets'],
        summary: "A booking's tickets PDF (the booking's `ticket_url`)",
        description: `One A4 page per ticket with its signed QR code. The link is signed and valid for ${TICKET_LINK_TTL_DAYS} days: a link we did not sign (or one changed) is 403, an expired one 410; a booking that is not paid is 409. Saved as \`{order_id}.pdf\`.`,
        params: z.object({ file: z.string().max(40).describe('{order_id}.pdf') }),
        querystring: TicketLinkQuerySchema,
        response: {
          200: {
            description: 'The tickets PDF, one page per ticket',
            content: { 'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
          },
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: BookingWithoutTicketsBodySchema.describe(
            'The booking is not paid (`not_paid`) or no longer valid (`not_valid`).',
          ),
          410: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.openTicketLink(request.params.file, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Wrong staff tokens per client: counted before the token is looked at, so that over the limit even the
  // right one is refused (else the limit would still answer which guess was right). A gate with the
  // right token is never counted.
  const wrongTokenLimit = limit(fastify, {
    name: 'checkin-wrong-token',
    max: 20,
    windowMs: 15 * 60_000,
    key: byClient,
    counts: ['staff_token_required'],
    message: 'Too many wrong staff tokens from this connection. Please wait a few minutes and try again.',
  });

  app.post(
    '/api/check-in',
    {
      // The token is checked before the body: a caller without it learns nothing, not even what is valid.
      onRequest: [
        async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        wrongTokenLimit,
        async (request, reply) => {
          try {
            service.authorizeStaff(request.headers.authorization);
          } catch (error) {
            if (error instanceof AppError && error.code === 'staff_token_required')
              reply.header('www-authenticate', 'Bearer realm="check-in"');
            throw error;
          }
        },
      ],
      schema: {
        tags: ['tickets'],
        summary: 'Check a ticket in at the gate (gate staff)',
        description:
          "Needs `Authorization: Bearer {STAFF_TOKEN}` (401 without it; 404 when the server has no STAFF_TOKEN; 20 wrong tokens from one client in 15 minutes: 429 with Retry-After, for any token). Verifies the scanned code's signature (422 when it is malformed or forged), finds its ticket (404) and marks it used, once: a second scan, or the loser of two at the same moment, gets 409 `reason: already_used` with `first_scanned_at`. With `event_uid`, a ticket for another event is refused (409 `other_event`) and not marked. A code replaced by a name correction at the orders desk is refused (409 `reissued`: the holder has a new ticket).",
        body: CheckInRequestSchema,
        security: securedBy('staffToken'),
        response: {
          200: CheckInAdmittedSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: CheckInRefusedSchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => service.checkIn(request.body),
  );
};
