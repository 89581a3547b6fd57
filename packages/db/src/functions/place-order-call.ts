import { z } from 'zod';
import { orders } from '../schema';

/**
 * The JSON that `marquee_place_orders(p_calls jsonb)` reads (packages/db/functions/marquee_place_orders.sql),
 * one element per order, each passed on to `marquee_place_order(p_order, p_lines, p_hold_minutes, p_user_id)`
 * (marquee_place_order.sql). The SQL reads the keys by name and ignores any other, so the objects are
 * strict: a misspelt key is an error here rather than a NULL there.
 *
 * A key renamed here breaks the type check of the code that builds the calls (placeOrders() in the
 * server's inventory repository); a key renamed in the SQL must be renamed here too.
 */

/** Whole numbers as PostgreSQL's `integer` holds them (the SQL casts with `::int`). */
const Int = z.int32();

/**
 * `p_order`: the new orders row, snake_case column names, read with `jsonb_populate_record(NULL::orders, …)`.
 * Only these columns are copied; the rest (id, status, hold_expires_at, timestamps) are the database's.
 * A key left out would be NULL: every key is present, null where the column allows it.
 */
export const PlaceOrderRowSchema = z.strictObject({
  order_id: z.string(),
  event_id: Int,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  nic: z.string(),
  currency: z.enum(orders.currency.enumValues),
  /** Amounts in minor units of the currency; the orders table refuses a negative one. */
  subtotal: Int.nonnegative(),
  convenience_fee: Int.nonnegative(),
  discount: Int.nonnegative(),
  total: Int.nonnegative(),
  promo_code_id: Int.nullable(),
  payment_gateway_id: Int,
  payment_intent_id: z.string().nullable(),
  payment_client_secret: z.string().nullable(),
  payment_redirect_url: z.string().nullable(),
  access_token: z.string(),
  /** NULL: no Idempotency-Key. A second order with the same key is not placed: it is answered as existing. */
  idempotency_key: z.string().nullable(),
  request_hash: z.string(),
});

/** An element of `p_lines`: one order line, its hold and (seated packages) its seat claims. */
export const PlaceOrderLineSchema = z.strictObject({
  package_id: Int,
  package_name: z.string(),
  unit_price: Int,
  /** Tickets held; the order_lines and holds tables refuse 0. */
  quantity: Int.positive(),
  /** Seat ids claimed for the line; empty for a counted package, and for a best-available line. */
  seats: z.array(z.string()).readonly(),
  /**
   * Best available (issue 24): the database picks `quantity` seats together of the package (in `section` if
   * given; with a wheelchair space if `accessible`), claims them and writes them into the line.
   */
  best: z.strictObject({ section: z.string().nullable(), accessible: z.boolean() }).optional(),
});

/** One call: an order, its lines, how long its hold lasts and who places it. */
export const PlaceOrderCallSchema = z.strictObject({
  order: PlaceOrderRowSchema,
  lines: z.array(PlaceOrderLineSchema).readonly(),
  /** The hold's length in minutes, from the database clock (`now()`). */
  hold_minutes: Int.positive(),
  /**
   * The signed-in buyer's account (users.id), or null (or absent) when anonymous: the order is linked to it
   * (user_orders) and the buyer's limits count its orders too (marquee_check_buyer_limits.sql).
   */
  user_id: z.string().min(1).nullable().optional(),
});

/** `p_calls`: the orders to place, in order (the answer's call_index counts them from 0). */
export const PlaceOrderCallsSchema = z.array(PlaceOrderCallSchema).readonly();

export type PlaceOrderRow = z.input<typeof PlaceOrderRowSchema>;
export type PlaceOrderLine = z.input<typeof PlaceOrderLineSchema>;
export type PlaceOrderCall = z.input<typeof PlaceOrderCallSchema>;
export type PlaceOrderCalls = z.input<typeof PlaceOrderCallsSchema>;
