import { expect } from 'vitest';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import type { TestApp } from './build-test-app';

export const TEST_BUYER = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' };
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

function post(t: TestApp, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
}

/** Saves an order through the checkout API, unpaid. */
export async function orderTickets(t: TestApp, body: object, buyer: object = {}): Promise<CreatedOrder> {
  const response = await post(t, '/api/orders', { buyer: { ...TEST_BUYER, ...buyer }, terms_agreed: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return CreatedOrderSchema.parse(response.json());
}

/** Saves an order and pays it with the sandbox's 4242 card, back through the return address, as a buyer does. */
export async function buyTickets(t: TestApp, body: object, buyer: object = {}): Promise<CreatedOrder> {
  const order = await orderTickets(t, body, buyer);
  const confirmed = await post(t, `/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`, {
    client_secret: order.payment?.client_secret ?? '',
    card: { number: '4242 4242 4242 4242', ...CARD },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const back = await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
  expect(back.statusCode).toBe(303);
  expect(back.headers.location).toContain('step=4');
  return order;
}
