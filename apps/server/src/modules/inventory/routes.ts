import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { SeatStatesSchema } from '@marquee/domain/orders';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { JsonResponseCache, NOT_MODIFIED_RESPONSE } from '../../lib/json-response-cache';
import { getSeatStates } from './service';

export interface InventoryModuleOptions {
  db: Db;
  /** How long one process reuses a seat-state answer; 1 s by default, 0 in tests that need every change at once. */
  seatStatesTtlMs?: number;
}

/** Live seat states for the seat map's polling. */
export const inventoryModule: FastifyPluginAsync<InventoryModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A second of reuse absorbs an on-sale crowd polling the same map; `no-cache` makes each browser ask, cheaply (304).
  const cache = new JsonResponseCache({ ttlMs: options.seatStatesTtlMs ?? 1_000, cacheControl: 'no-cache' });

  app.get(
    '/api/events/:uid/seats',
    {
      compress: false,
      schema: {
        tags: ['inventory'],
        summary: "Which of the event's seats are taken now",
        description:
          'The seat ids that are sold or on a hold that has not expired (database clock), and every seat of a package whose waitlist has buyers waiting (the seats that come back are theirs), sorted; every other seat of a package is free. Poll it every few seconds: answers carry an ETag and `Cache-Control: no-cache`, so an unchanged answer is a 304.',
        params: z.object({ uid: z.string() }),
        response: { ...NOT_MODIFIED_RESPONSE, 200: SeatStatesSchema, 404: ErrorBodySchema },
      },
    },
    (request, reply) => {
      const { uid } = request.params;
      cache.send(request, reply, {
        key: `seats:${uid}`,
        schema: SeatStatesSchema,
        load: () => getSeatStates(options.db, uid),
      });
    },
  );
};
