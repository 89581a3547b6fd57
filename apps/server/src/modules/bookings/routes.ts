import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@marquee/db/client';
import {
  BOOKING_LOOKUP_MESSAGES,
  BookingLookupRequestSchema,
  BookingLookupResultSchema,
} from '@marquee/domain/bookings';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { AppError } from '../../plugins/app-error';
import { createBookingsService } from './service';

export interface BookingsModuleOptions {
  db: Db;
  /** The signed, expiring link to a booking's tickets PDF (the tickets module makes it). */
  ticketUrl: (bookingId: string) => Promise<string>;
  /** Lookups per client address per window; a Booking ID and NIC must not be guessable by brute force. */
  lookupLimit?: { max: number; windowMs: number };
}

/** Download Your Tickets: the booking lookup by Booking ID and NIC. */
export const bookingsModule: FastifyPluginAsync<BookingsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createBookingsService(options);
  const limit = options.lookupLimit ?? { max: 10, windowMs: 10 * 60_000 };
  await app.register(rateLimit, { global: false });

  app.post(
    '/api/bookings/lookup',
    {
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.windowMs,
          errorResponseBuilder: () => new AppError('rate_limited', BOOKING_LOOKUP_MESSAGES.tooManyAttempts),
        },
      },
      schema: {
        tags: ['bookings'],
        summary: 'Find a booking by Booking ID and NIC (or the checkout e-mail when no NIC was given)',
        description:
          "The spec's Booking lookup result with a signed, expiring `ticket_url`. An unknown or malformed Booking ID and a wrong NIC get the same 404. Limited per client address (429 with Retry-After).",
        body: BookingLookupRequestSchema,
        response: {
          200: BookingLookupResultSchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema.describe('Found, but not paid yet (`status: pending`) or cancelled/failed.'),
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
};
