import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import {
  CreateOrderRequestSchema,
  CreatedOrderSchema,
  OrderSchema,
  PromoCheckRequestSchema,
  PromoCheckResponseSchema,
  UnavailableBodySchema,
} from '@marquee/domain/orders';
import { startPeriodicWorker } from '../../lib/periodic-worker';
import { securedBy } from '../../plugins/openapi';
import { byClient, limit } from '../../plugins/rate-limits';
import type { OrdersService } from './service';

export interface OrdersModuleOptions {
  service: OrdersService;
  /** How often pending orders past their hold are ended and expired holds swept; 0 turns the sweeper off (tests). */
  sweepIntervalMs?: number;
  /** The captcha an order needs (X-Captcha); a retry with the same Idempotency-Key may show it again. */
  requireCaptcha: (request: FastifyRequest, idempotencyKey: string | null) => Promise<void>;
  /**
   * The signed-in account of the request, if any (read only when the session cookie is there): the order is
   * linked to it (My bookings) as it is placed, and the buyer's limits count the account's orders (decisions/029).
   */
  currentUserId: (request: FastifyRequest) => Promise<string | null>;
  /** The waiting-room admission the request carries for an event (its cookies; decisions/048). */
  admissionOf: (request: FastifyRequest, eventId: number) => { visitor: string | null; token: string | null };
  /** Told how long each order took to answer and whether it failed on our side (the waiting room's rate). */
  recordOrderAnswer?: (durationMs: number, failed: boolean) => void;
}

const OrderParamsSchema = z.object({
  order_id: z.string().max(64).describe('The Booking ID, e.g. MQ7K3F9X2QHD.'),
});
const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_:-]{8,100}$/, 'The Idempotency-Key must be 8-100 letters, digits, "_", ":" or "-".')
    .optional()
    .describe('A key the client makes once per checkout attempt (e.g. a UUID): the same key returns the same order.'),
});
const AuthorizationSchema = z.object({
  authorization: z.string().max(200).optional().describe('`Bearer {access_token}` from the order creation answer.'),
});

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

const errors = {
  400: ErrorBodySchema.describe('A promo code rule refused the code: `errors.promo_code`.'),
  404: ErrorBodySchema.describe('Unknown event or order (also: an order whose access token is missing or wrong).'),
  409: UnavailableBodySchema.describe(
    'Tickets or seats went to someone else (`taken_seats`, `sold_out_packages`), no group of seats together left for best available (`no_seats_together`), a changed price, an event not on sale, or a limit per buyer for the event (`hold_limit_reached`: `hold_limit` held, cooldown or free; `retry_after_seconds` for the cooldown).',
  ),
  422: ErrorBodySchema.describe(
    "Invalid input: `{ message, errors: { field: [messages] } }` with the spec's messages.",
  ),
};

/** Checkout: promo check, orders with their 10-minute hold and payment intent, and cancellation. */
export const ordersModule: FastifyPluginAsync<OrdersModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.post(
    '/api/promotions/check',
    {
      // Refused codes per client: a buyer mistypes a few, a dictionary many (decisions/028).
      preHandler: limit(fastify, {
        name: 'promo-refused',
        max: 20,
        windowMs: 15 * 60_000,
        key: byClient,
        counts: ['promo_refused'],
        message: 'Too many promo codes tried from your connection. Please wait a few minutes and try again.',
      }),
      schema: {
        tags: ['checkout'],
        summary: 'Check a promo code against the chosen tickets',
        description:
          "The spec's call: `data.total_due` and `data.disc_amt` (minor units) for the selected rows with the code. Usage limits count paid orders only, so a check never uses the code up. Refused codes are limited per client (20 per 15 minutes; then 429 with Retry-After).",
        body: PromoCheckRequestSchema,
        response: {
          200: PromoCheckResponseSchema,
          400: errors[400],
          404: errors[404],
          409: errors[409],
          422: errors[422],
          429: ErrorBodySchema,
        },
      },
    },
    (request) => service.checkPromotion(request.body),
  );

  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Save the order, hold its tickets for 10 minutes and start its payment',
        description:
          "Prices everything from the database, takes the hold (never beyond capacity; a seat is held by one order at a time) and creates the gateway's payment intent. The answer's `access_token` is needed to read or cancel the order. Send an `Idempotency-Key`: repeating the request with it returns the same order (200) instead of a new one (201).",
        headers: IdempotencyHeadersSchema,
        body: CreateOrderRequestSchema,
        response: { 200: CreatedOrderSchema, 201: CreatedOrderSchema, ...errors, 403: ErrorBodySchema.describe('The captcha (X-Captcha) is missing, wrong or used (`captcha_failed`); or the event is behind a waiting room and this browser has no valid admission (`queue_required`).') },
      },
      preHandler: (request) => options.requireCaptcha(request, request.headers['idempotency-key'] ?? null),
      onResponse: async (_request, reply) => {
        options.recordOrderAnswer?.(reply.elapsedTime, reply.statusCode >= 500);
      },
    },
    async (request, reply) => {
      // The answer carries the order's access token: no cache may keep it.
      reply.header('cache-control', 'no-store');
      const userId = await options.currentUserId(request);
      const { order, isReplay } = await service.createOrder(
        request.body,
        request.headers['idempotency-key'] ?? null,
        userId,
        options.admissionOf(request, request.body.event_id),
      );
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(isReplay ? 200 : 201).send(order);
    },
  );

  app.get(
    '/api/orders/:order_id',
    {
      schema: {
        tags: ['checkout'],
        summary: 'An order, for the holder of its access token',
        description:
          'A pending order whose hold has passed reads as cancelled (`cancel_reason: expired`), by the database clock.',
        headers: AuthorizationSchema,
        params: OrderParamsSchema,
        security: securedBy('orderAccessToken'),
        response: { 200: OrderSchema, 404: errors[404] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getOrder(request.params.order_id, bearerToken(request));
    },
  );

  app.post(
    '/api/orders/:order_id/cancel',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Cancel a pending order: its hold is released at once and its payment intent cancelled',
        headers: AuthorizationSchema,
        params: OrderParamsSchema,
        security: securedBy('orderAccessToken'),
        response: { 200: OrderSchema, 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.cancelOrder(request.params.order_id, bearerToken(request));
    },
  );

  app.post(
    '/api/orders/:order_id/best-available/retry',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Swap the seats best available picked for the next best ones',
        description: `For an order placed with \`best_available\`, still pending and held: the next best group of seats is held instead, in one step, and the current seats are given back. The hold's end does not move and the price does not change. At most ${MAX_BEST_AVAILABLE_RETRIES} times per order (then 409 \`retries_used\`); when no other group is free, 409 \`no_seats_together\` and the order keeps its seats.`,
        headers: AuthorizationSchema,
        params: OrderParamsSchema,
        security: securedBy('orderAccessToken'),
        response: { 200: OrderSchema, 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.retryBestAvailable(request.params.order_id, bearerToken(request));
    },
  );

  const sweeper = startPeriodicWorker(fastify, {
    name: 'hold sweep',
    intervalMs: options.sweepIntervalMs ?? 30_000,
    run: () => service.expireOrders(),
  });
  app.addHook('onClose', () => sweeper.stop());
};
