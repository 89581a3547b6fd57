import { expect } from 'vitest';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import type { TestApp } from './build-test-app';

export const TEST_BUYER = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' };
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Saves an order through the API (the buyer's checkout), without paying it. */
export async function createOrder(t: TestApp, body: object, buyer: object = TEST_BUYER): Promise<CreatedOrder> {
  const response = await post(t, '/api/orders', { buyer: { ...TEST_BUYER, ...buyer }, terms_agreed: true, ...body });
  expect(response.statusCode).toBe(201);
  return CreatedOrderSchema.parse(response.json());
}

/** Pays with the sandbox's 4242 test card and comes back through the return address, as the buyer does. */
export async function payWith4242(t: TestApp, order: CreatedOrder): Promise<void> {
  const confirmed = await post(t, `/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`, {
    client_secret: order.payment?.client_secret ?? '',
    card: { number: '4242 4242 4242 4242', ...CARD },
  });
  expect(confirmed.statusCode).toBe(200);
  const back = await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
  expect(back.statusCode).toBe(303);
}

/** Books and pays in one go: the confirmation e-mail is then queued in `outbox`. */
export async function bookAndPay(t: TestApp, body: object, buyer: object = TEST_BUYER): Promise<CreatedOrder> {
  const order = await createOrder(t, body, buyer);
  await payWith4242(t, order);
  return order;
}
