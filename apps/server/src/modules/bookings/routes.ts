import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOOKING_LOOKUP_MESSAGES,
  BookingLookupRequestSchema,
  BookingLookupResultSchema,
  BookingWithoutTicketsBodySchema,
} from '@marquee/domain/bookings';
import { ACCOUNT_MESSAGES, MyBookingsAnswerSchema } from '@marquee/domain/accounts';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { normaliseBookingId } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import { securedBy } from '../../plugins/openapi';
import { guessLimit } from '../../plugins/rate-limits';
import type { CaptchaService } from '../captcha/service';
import type { BookingsService } from './service';

export interface BookingsModuleOptions {
  service: BookingsService;
  /** Failed lookups per client, and per client and Booking ID, per window: a NIC must not be guessable by brute force. */
  lookupLimit?: { max: number; windowMs: number };
  captcha: CaptchaService;
  /** The signed-in account of a request (accounts module); null: nobody. */
  currentUserId: (request: FastifyRequest) => Promise<string | null>;
}

/** Download Your Tickets: the booking lookup by Booking ID and NIC. */
export const bookingsModule: FastifyPluginAsync<BookingsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const lookupLimit = options.lookupLimit ?? { max: 10, windowMs: 10 * 60_000 };
  // Failed lookups (404: no such booking, or the wrong NIC) per client and per (client, Booking ID), never
  // per Booking ID alone: a stranger's guesses cannot lock the owner out of their tickets (decisions/028).
  // One booking guessed at from many addresses (a botnet) leaves each address two tries at it.
  const lookupLimits = guessLimit(fastify, {
    name: 'lookup',
    windowMs: lookupLimit.windowMs,
    message: BOOKING_LOOKUP_MESSAGES.tooManyAttempts,
    perClient: lookupLimit.max,
    perClientAndSubject: lookupLimit.max,
    subject: (request) => {
      const body = request.body as { booking_id?: unknown } | undefined;
      return typeof body?.booking_id === 'string' ? normaliseBookingId(body.booking_id) : null;
    },
    failed: ['not_found'],
    siege: { clients: 20, perClientAndSubject: Math.min(2, lookupLimit.max) },
  });

  app.post(
    '/api/bookings/lookup',
    {
      preHandler: [lookupLimits, options.captcha.require],
      schema: {
        tags: ['bookings'],
        summary: 'Find a booking by Booking ID and NIC (or the checkout e-mail when no NIC was given)',
        description:
          "The spec's Booking lookup result with a signed, expiring `ticket_url`. An unknown or malformed Booking ID and a wrong NIC get the same 404. Failed lookups are limited per client and per client and Booking ID (429 with Retry-After).",
        body: BookingLookupRequestSchema,
        response: {
          200: BookingLookupResultSchema,
          403: ErrorBodySchema.describe('The captcha (X-Captcha) is missing, wrong or used.'),
          404: ErrorBodySchema,
          409: BookingWithoutTicketsBodySchema.describe(
            'Found, but not paid yet (`not_paid`, `status: pending`) or cancelled or failed (`not_valid`).',
          ),
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.lookUp(request.body);
    },
  );

  app.get(
    '/api/me/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'My bookings: the orders the signed-in account placed, newest first',
        description: 'Only orders placed while signed in (never others that share the e-mail). 401 when signed out.',
        security: securedBy('session'),
        response: { 200: MyBookingsAnswerSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await options.currentUserId(request);
      if (!userId) throw new AppError('sign_in_required', ACCOUNT_MESSAGES.signInRequired);
      return { data: await service.listForAccount(userId) };
    },
  );
};
