import type { CreatedOrder } from '@marquee/domain/orders';

/** A saved order as the server answers it: pending, held 10 minutes from now, two Gold tickets, paid by card. */
export function makeCreatedOrder(overrides: Partial<CreatedOrder> = {}): CreatedOrder {
  const now = Date.now();
  return {
    order_id: 'MQ7K3F9X2QHD',
    status: 'pending',
    event_id: 1,
    event_uid: 'abc123',
    currency: 'LKR',
    buyer: { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567', nic: 'n/a' },
    lines: [{ package_id: 1, package_name: 'Gold', unit_price: 250000, ticket_count: 2, amount: 500000, seats: [] }],
    subtotal: 500000,
    convenience_fee: 15000,
    discount: 0,
    total: 515000,
    first_instalment: 171667,
    promo_code: null,
    payment: { gateway_id: 1, kind: 'card', intent_id: 'pi_1', client_secret: 'pi_1_secret_x', redirect_url: null },
    hold_expires_at: new Date(now + 10 * 60_000).toISOString(),
    server_time: new Date(now).toISOString(),
    cancel_reason: null,
    failure_reason: null,
    paid_at: null,
    tickets: [],
    access_token: 'token-123',
    ...overrides,
  };
}
