import { z } from 'zod';
import { ErrorBodySchema } from '../errors/error-shape';
import { CurrencySchema, MinorUnitsSchema } from '../money/money';
import { MAX_TICKETS_PER_ORDER } from '../booking/selection';
import { IssuedTicketSchema } from '../payments/payment.schema';
import { BuyerDetailsSchema, EmailSchema, PromoCodeSchema, TermsAgreedSchema } from './buyer-details.schema';
import { BuyerLimitKindSchema } from './buyer-limits';
import { BestAvailableRequestSchema } from '../seat-map/best-available';

export * from './buyer-limits';

/** Spec 9: the payment hold countdown. The database clock decides expiry (ARCHITECTURE invariant 3). */
export const HOLD_MINUTES = 10;

/** The spec's booking status values that an order takes (ongoing, presale and soldout are event statuses). */
export const ORDER_STATUSES = ['pending', 'complete', 'verified', 'cancelled', 'failed'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The statuses of a paid order: it has tickets, and they are valid. */
export const PAID_ORDER_STATUSES = ['complete', 'verified'] as const satisfies readonly OrderStatus[];
export type PaidOrderStatus = (typeof PAID_ORDER_STATUSES)[number];

/** Whether an order (or booking) with this status is paid: complete, or verified at the venue. */
export function isPaidStatus(status: string | null | undefined): status is PaidOrderStatus {
  return typeof status === 'string' && (PAID_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Booking ids: "MQ" and 10 Crockford base-32 characters (no I, L, O, U), e.g. MQ7K3F9X2QHD. */
export const ORDER_ID_PATTERN = /^MQ[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * A Booking ID as a person types or reads it out (" mq7k 3f9x 2qhd "): its spaces dropped and its letters
 * upper-cased. Whether the result is a Booking ID at all is BookingIdSchema's question.
 */
export function normaliseBookingId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A Booking ID as typed: normalised (normaliseBookingId), then checked against ORDER_ID_PATTERN. */
export const BookingIdSchema = z
  .string()
  .transform(normaliseBookingId)
  .pipe(z.string().regex(ORDER_ID_PATTERN, 'A Booking ID looks like MQ followed by 10 letters and digits.'));

/** The normalised Booking ID in `value`, or null when it is none (a caller answers that like an unknown one). */
export function parseBookingId(value: string): string | null {
  const parsed = BookingIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether `value` is exactly a Booking ID, as the server hands it out (no normalising: a token's URL). */
export function isBookingId(value: string): boolean {
  return ORDER_ID_PATTERN.test(value);
}

/** A database id: a positive 32-bit integer (larger numbers name nothing, and must not reach SQL). */
export const IdSchema = z.number().int().positive().max(2_147_483_647, 'This id does not exist.');

/**
 * A selected row (spec: ticket_package_details): a package and how many of it. `package_price` is
 * what the buyer was shown; when sent, it must still be the price, so a changed or tampered price is
 * refused instead of charged.
 */
export const TicketPackageDetailSchema = z.object({
  package_id: IdSchema,
  ticket_count: z
    .number()
    .int()
    .min(1, 'Choose at least one ticket.')
    .max(MAX_TICKETS_PER_ORDER, `No more than ${MAX_TICKETS_PER_ORDER} tickets per order.`),
  package_price: MinorUnitsSchema.nonnegative().optional(),
});
export type TicketPackageDetail = z.infer<typeof TicketPackageDetailSchema>;

const TicketPackageDetailsSchema = z
  .array(TicketPackageDetailSchema)
  .max(20, 'Too many packages.')
  .refine((rows) => new Set(rows.map((row) => row.package_id)).size === rows.length, 'Each package may appear once.');

const SeatIdsSchema = z
  .array(
    z
      .string()
      .min(1)
      .max(40)
      .regex(/^[\p{L}\p{N} _.:-]+$/u, 'A seat id is made of letters, digits, spaces and "-", "_", ".", ":".'),
  )
  .max(MAX_TICKETS_PER_ORDER, `No more than ${MAX_TICKETS_PER_ORDER} tickets per order.`)
  .refine((seats) => new Set(seats).size === seats.length, 'A seat may be chosen once.');

/** POST /api/promotions/check (spec 7). */
export const PromoCheckRequestSchema = z.object({
  promo_code: PromoCodeSchema,
  ticket_package_details: TicketPackageDetailsSchema.min(1, 'Choose tickets before applying a promo code.'),
  /** Per-e-mail usage limits need it; optional until the buyer has given it. */
  email: EmailSchema.optional(),
  event_id: IdSchema,
});
export type PromoCheckRequest = z.infer<typeof PromoCheckRequestSchema>;

/** The spec's promo check response: data.total_due and data.disc_amt (minor units), and the rest of the sum. */
export const PromoCheckResponseSchema = z.object({
  data: z.object({
    promo_code: z.string(),
    currency: CurrencySchema,
    subtotal: MinorUnitsSchema,
    convenience_fee: MinorUnitsSchema,
    disc_amt: MinorUnitsSchema,
    total_due: MinorUnitsSchema,
  }),
});
export type PromoCheckResponse = z.infer<typeof PromoCheckResponseSchema>;

/** POST /api/orders: save the order, hold its tickets for HOLD_MINUTES and start the payment. */
export const CreateOrderRequestSchema = z
  .object({
    event_id: IdSchema,
    buyer: BuyerDetailsSchema,
    /** Counted packages: no seat map, or a free-seating package of a seat map. */
    ticket_package_details: TicketPackageDetailsSchema.default([]),
    /** Seats chosen on the map; each seat's package is the one whose seating_range holds it. */
    seats: SeatIdsSchema.default([]),
    /**
     * Best available (issue 24), instead of `seats`: the server picks this many seats together of one seated
     * package and holds them as it holds picked seats; the answer's line lists them.
     */
    best_available: BestAvailableRequestSchema.optional(),
    promo_code: PromoCodeSchema.nullable().default(null),
    /** One of the event's payment_gateways; the first (the default) when left out. */
    payment_gateway_id: IdSchema.optional(),
    terms_agreed: TermsAgreedSchema,
  })
  .superRefine((order, ctx) => {
    if (order.best_available && order.seats.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['best_available'],
        message: 'Choose seats on the map or ask for the best available, not both.',
      });
    const count =
      order.ticket_package_details.reduce((sum, row) => sum + row.ticket_count, 0) +
      order.seats.length +
      (order.best_available?.quantity ?? 0);
    if (count === 0)
      ctx.addIssue({ code: 'custom', path: ['ticket_package_details'], message: 'Choose at least one ticket.' });
    if (count > MAX_TICKETS_PER_ORDER)
      ctx.addIssue({
        code: 'custom',
        path: ['ticket_package_details'],
        message: `No more than ${MAX_TICKETS_PER_ORDER} tickets per order.`,
      });
  });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;
export type CreateOrderInput = z.input<typeof CreateOrderRequestSchema>;

export const OrderLineSchema = z.object({
  package_id: z.number().int(),
  package_name: z.string(),
  unit_price: MinorUnitsSchema,
  ticket_count: z.number().int(),
  amount: MinorUnitsSchema,
  /** Seat ids of this line, in the order chosen; empty for counted packages. */
  seats: z.array(z.string()),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderPaymentSchema = z.object({
  gateway_id: z.number().int(),
  kind: z.enum(['card', 'instalments']),
  /** The gateway's name for the payment (e.g. a PaymentIntent id). */
  intent_id: z.string(),
  /** Card gateways: what the card element confirms with. */
  client_secret: z.string().nullable(),
  /** Hosted gateways (instalments): where the buyer approves the payment. */
  redirect_url: z.string().nullable(),
});

export const OrderSchema = z.object({
  order_id: z.string(),
  status: OrderStatusSchema,
  event_id: z.number().int(),
  event_uid: z.string(),
  currency: CurrencySchema,
  buyer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    nic: z.string(),
  }),
  lines: z.array(OrderLineSchema),
  subtotal: MinorUnitsSchema,
  convenience_fee: MinorUnitsSchema,
  discount: MinorUnitsSchema,
  total: MinorUnitsSchema,
  /** With the instalment provider: total / 3. */
  first_instalment: MinorUnitsSchema.nullable(),
  promo_code: z.string().nullable(),
  /** null when nothing is to be paid (a free order). */
  payment: OrderPaymentSchema.nullable(),
  /** When the hold ends, by the database clock; the countdown runs to it. */
  hold_expires_at: z.iso.datetime({ offset: true }),
  /** The database clock when the answer was made, so a client with a wrong clock counts down correctly. */
  server_time: z.iso.datetime({ offset: true }),
  cancel_reason: z.enum(['expired', 'cancelled_by_buyer']).nullable(),
  /**
   * Why a paid order failed (its payment was refunded): `sold_out`, the payment came after the hold ended and the
   * tickets were gone; `promo_limit`, the promo code's limits were spent by other payments first.
   */
  failure_reason: z.enum(['sold_out', 'promo_limit']).nullable(),
  /** When the payment completed the order (database clock); null until then. */
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  /** One per admission or seat, once the order is paid. */
  tickets: z.array(IssuedTicketSchema),
  /**
   * Seats the server picked (best available, issue 24): which package, and how many more times the buyer may
   * swap them for others (POST /api/orders/{order_id}/best-available/retry). Absent or null otherwise.
   */
  best_available: z
    .object({
      package_id: z.number().int(),
      section: z.string().nullable(),
      accessible: z.boolean(),
      retries_left: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** The create answer adds the order's access token: the buyer's proof of ownership for later calls. */
export const CreatedOrderSchema = OrderSchema.extend({
  access_token: z.string(),
});
export type CreatedOrder = z.infer<typeof CreatedOrderSchema>;

/** GET /api/events/{uid}/seats: the seats that are taken now (sold, or on a hold that has not expired). */
export const SeatStatesSchema = z.object({
  taken: z.array(z.string()),
});
export type SeatStates = z.infer<typeof SeatStatesSchema>;

/**
 * 409 answer when seats or tickets went to someone else: which seats and packages, so the page can refresh.
 * A `hold_limit_reached` names the buyer's limit that refused the order, and for the cooldown how long to wait.
 */
export const UnavailableBodySchema = ErrorBodySchema.extend({
  taken_seats: z.array(z.string()).optional(),
  sold_out_packages: z.array(z.number().int()).optional(),
  hold_limit: BuyerLimitKindSchema.optional(),
  retry_after_seconds: z.number().int().nonnegative().optional(),
});
