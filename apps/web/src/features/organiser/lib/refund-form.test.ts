import { describe, expect, it } from 'vitest';
import { makeDeskOrder, makeDeskTicket } from '../test/desk-fixtures';
import { checkRefundAmount, refundSummary, ticketShare } from './refund-form';

describe('ticketShare', () => {
  const order = makeDeskOrder();

  it('is the chosen tickets’ unit prices, found by seat or by package', () => {
    expect(ticketShare(order, new Set([502]))).toBe(500_000);
    expect(ticketShare(order, new Set([501, 503]))).toBe(700_000);
    expect(ticketShare(order, new Set())).toBe(0);
  });

  it('is the whole refundable amount, fees included, when every ticket not yet voided is chosen', () => {
    expect(ticketShare(order, new Set([501, 502, 503]))).toBe(1_230_000);
    const partly = makeDeskOrder({
      refunded_amount: 200_000,
      refundable_amount: 1_030_000,
      tickets: order.tickets.map((ticket) =>
        ticket.id === 503 ? { ...ticket, voided_at: '2026-11-22T10:00:00.000Z' } : ticket,
      ),
    });
    expect(ticketShare(partly, new Set([501, 502]))).toBe(1_030_000);
  });

  it('never more than is left to refund', () => {
    const discounted = makeDeskOrder({
      refundable_amount: 400_000,
      tickets: [makeDeskTicket(), makeDeskTicket({ id: 9 })],
    });
    expect(ticketShare(discounted, new Set([501]))).toBe(400_000);
  });
});

describe('checkRefundAmount', () => {
  it('takes major units and answers minor units, more than zero and at most what is left', () => {
    expect(checkRefundAmount('5,000', 1_230_000, 'LKR')).toEqual({ ok: true, value: 500_000 });
    expect(checkRefundAmount('0', 1_230_000, 'LKR')).toEqual({
      ok: false,
      message: 'The amount to refund must be more than zero.',
    });
    expect(checkRefundAmount('12,300.01', 1_230_000, 'LKR')).toEqual({
      ok: false,
      message: 'At most LKR 12,300.00 is left to refund on this order.',
    });
    expect(checkRefundAmount('five', 1_230_000, 'LKR')).toMatchObject({ ok: false });
  });
});

describe('refundSummary', () => {
  it('says what happens', () => {
    expect(refundSummary(500_000, 'LKR', 1)).toBe(
      'Refund LKR 5,000.00 and void 1 ticket: the gate will refuse it, the buyer is e-mailed.',
    );
    expect(refundSummary(100_000, 'LKR', 0)).toBe(
      'Refund LKR 1,000.00 and void no ticket: the tickets still admit, the buyer is e-mailed.',
    );
  });
});
