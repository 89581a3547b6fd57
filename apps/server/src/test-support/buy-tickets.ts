import { expect } from 'vitest';
import { CreatedOrderSchema, OrderSchema, type CreatedOrder, type Order } from '@marquee/domain/orders';
import type { TestApp } from './build-test-app';

export const TEST_BUYER = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' };
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

function post(t: TestApp, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
}

/** Saves an order through the checkout API, unpaid. */
export async function orderTickets(t: TestApp, body: object, buyer: object = {}): Promise<CreatedOrder> {
  const response = await post(t, '/api/orders', { buyer: { ...TEST_BUYER, ...buyer }, terms_agreed: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return CreatedOrderSchema.parse(response.json());
}

/** Pays with the sandbox's 4242 test card and comes back through the return address, as the buyer's browser does. */
export async function payWith4242(t: TestApp, order: CreatedOrder): Promise<string> {
  const confirmed = await post(t, `/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`, {
    client_secret: order.payment?.client_secret ?? '',
    card: { number: '4242 4242 4242 4242', ...CARD },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const back = await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
  expect(back.statusCode).toBe(303);
  return String(back.headers.location);
}

/** Saves an order and pays it, as a buyer does: the confirmation e-mail is then queued in `outbox`. */
export async function buyTickets(t: TestApp, body: object, buyer: object = {}): Promise<CreatedOrder> {
  const order = await orderTickets(t, body, buyer);
  expect(await payWith4242(t, order)).toContain('step=4');
  return order;
}

/** The order as its buyer reads it (GET /api/orders/{order_id} with its access token). */
export async function readOrder(t: TestApp, order: CreatedOrder): Promise<Order> {
  const response = await t.app.inject({
    url: `/api/orders/${order.order_id}`,
    headers: { authorization: `Bearer ${order.access_token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return OrderSchema.parse(response.json());
}
