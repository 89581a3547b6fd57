import type { DeskOrderAnswer, DeskOrderSummary } from '@marquee/domain/desk';
import type { RefundAnswer } from '@marquee/domain/refunds';
import { vi } from 'vitest';
import { makeMe, makeMembership } from './render-console';

/** Answers of the orders desk's routes, as the server's schemas (@marquee/domain/desk, /refunds) have them. */

export const BOOKING_ID = 'MQ7K3F9X2QHD';

export function makeDeskOrderSummary(overrides: Partial<DeskOrderSummary> = {}): DeskOrderSummary {
  return {
    booking_id: BOOKING_ID,
    kind: 'sale',
    event: { uid: 'ev1', name: 'Colombo Jazz Night', starts_at: '2026-12-05T14:00:00.000Z' },
    buyer: { first_name: 'Nimal', last_name: 'Perera' },
    contact: { email: 'nimal@example.com', phone: '+94771234567' },
    status: 'complete',
    currency: 'LKR',
    total: 1_030_000,
    tickets: 2,
    created_at: '2026-11-20T09:15:00.000Z',
    ...overrides,
  };
}

type DeskTicket = DeskOrderAnswer['tickets'][number];

export function makeDeskTicket(overrides: Partial<DeskTicket> = {}): DeskTicket {
  return {
    id: 501,
    code_suffix: 'K3F9X',
    package_name: 'Gold',
    seat: { id: 'S-A-1', section: 'Stalls', row: 'A', number: '1', label: 'Stalls · Row A · Seat 1' },
    used_at: null,
    voided_at: null,
    holder: { first_name: 'Nimal', last_name: 'Perera' },
    reissued_at: null,
    ...overrides,
  };
}

/**
 * A paid order of two Gold tickets at LKR 5,000.00 (seats A1 and A2) and one General at LKR 2,000.00, with a
 * LKR 300.00 fee: LKR 12,300.00, nothing refunded yet.
 */
export function makeDeskOrder(overrides: Partial<DeskOrderAnswer> = {}): DeskOrderAnswer {
  return {
    booking_id: BOOKING_ID,
    kind: 'sale',
    comp_note: null,
    status: 'complete',
    event: { uid: 'ev1', name: 'Colombo Jazz Night', starts_at: '2026-12-05T14:00:00.000Z' },
    buyer: { first_name: 'Nimal', last_name: 'Perera' },
    contact: { email: 'nimal@example.com', phone: '+94771234567', nic: '199012345678' },
    created_at: '2026-11-20T09:15:00.000Z',
    lines: [
      {
        package_name: 'Gold',
        unit_price: 500_000,
        quantity: 2,
        seats: [
          { id: 'S-A-1', section: 'Stalls', row: 'A', number: '1', label: 'Stalls · Row A · Seat 1' },
          { id: 'S-A-2', section: 'Stalls', row: 'A', number: '2', label: 'Stalls · Row A · Seat 2' },
        ],
      },
      { package_name: 'General', unit_price: 200_000, quantity: 1, seats: [] },
    ],
    totals: {
      currency: 'LKR',
      subtotal: 1_200_000,
      convenience_fee: 30_000,
      discount: 0,
      total: 1_230_000,
      promo_code: null,
    },
    payment: {
      gateway: 'sandbox',
      intent_id: 'pi_123',
      provider_status: 'succeeded',
      hold_expires_at: '2026-11-20T09:25:00.000Z',
      paid_at: '2026-11-20T09:17:00.000Z',
      last_error: null,
      cancel_reason: null,
      failure_reason: null,
      timeline: [
        { at: '2026-11-20T09:15:00.000Z', kind: 'created', provider: null, type: null },
        {
          at: '2026-11-20T09:16:30.000Z',
          kind: 'provider_event',
          provider: 'sandbox',
          type: 'payment_intent.succeeded',
        },
        { at: '2026-11-20T09:17:00.000Z', kind: 'paid', provider: null, type: null },
      ],
    },
    refunded_amount: 0,
    refundable_amount: 1_230_000,
    refunds: [],
    tickets: [
      makeDeskTicket(),
      makeDeskTicket({
        id: 502,
        code_suffix: 'Q8ZT2',
        seat: { id: 'S-A-2', section: 'Stalls', row: 'A', number: '2', label: 'Stalls · Row A · Seat 2' },
      }),
      makeDeskTicket({ id: 503, code_suffix: 'M4PW7', package_name: 'General', seat: null }),
    ],
    emails: [
      {
        kind: 'order_confirmation',
        status: 'sent',
        attempts: 1,
        queued_at: '2026-11-20T09:17:00.000Z',
        sent_at: '2026-11-20T09:17:05.000Z',
        last_error: null,
      },
    ],
    kept_emails: [],
    resends: [],
    ...overrides,
  };
}

export function makeRefundAnswer(
  overrides: { refund?: Partial<RefundAnswer['refund']>; order?: Partial<RefundAnswer['order']> } = {},
): RefundAnswer {
  return {
    refund: {
      id: 9,
      status: 'succeeded',
      amount: 500_000,
      currency: 'LKR',
      ticket_ids: [502],
      reason: 'Cannot come',
      created_at: '2026-11-21T10:00:00.000Z',
      succeeded_at: '2026-11-21T10:00:01.000Z',
      ...overrides.refund,
    },
    order: {
      booking_id: BOOKING_ID,
      total: 1_230_000,
      refunded_amount: 500_000,
      refundable_amount: 730_000,
      is_refunded: false,
      ...overrides.order,
    },
  };
}

/** /me answering that the user has this role in Acme Presents. */
export function asRole(role: 'owner' | 'manager' | 'box_office' | 'door') {
  return {
    'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
  };
}

/** Every request fetch was asked for, with its query, method and headers (the fake API keys by path alone). */
export function requests(pathPart: string, method = 'GET') {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input, init]) => ({
      url: input instanceof Request ? input.url : String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
    }))
    .filter((call) => call.url.includes(pathPart) && call.method === method);
}
