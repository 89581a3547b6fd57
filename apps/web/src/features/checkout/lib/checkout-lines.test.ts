import { describe, expect, it } from 'vitest';
import { makeEventDetail, makeTicketPackage } from '../../../test/catalog-fixtures';
import { createOrderInput, describeSeatGroups, summariseSelection, type DescribeSeat } from './checkout-lines';

const describeSeat: DescribeSeat = (seatId) =>
  seatId.startsWith('S-')
    ? {
        label: seatId,
        packageId: 1,
        place: { section: 'Stalls', row: seatId.split('-')[1] ?? '', number: Number(seatId.split('-')[2]) },
      }
    : undefined;

describe('describeSeatGroups', () => {
  it('one phrase per row, numbers in order, by the map’s section names', () => {
    expect(describeSeatGroups(['S-C-6', 'S-C-5', 'S-D-1'], describeSeat)).toEqual([
      'Stalls, row C, seats 5 and 6',
      'Stalls, row D, seat 1',
    ]);
  });

  it('without the map, from the seat ids (a row label may hold a dash); anything else by its id', () => {
    expect(describeSeatGroups(['B-AA-1-3', 'B-AA-1-4', 'B-AA-1-5', 'odd'])).toEqual([
      'B, row AA-1, seats 3, 4 and 5',
      'Seat odd',
    ]);
  });
});

describe('best available in the summary and the order', () => {
  const event = makeEventDetail({
    handling_cost: 0,
    ticket_packages: [makeTicketPackage({ id: 1, name: 'Gold', price: 250000 })],
  });
  const choice = { request: { package_id: 1, quantity: 2, accessible: false }, sectionName: null };

  it('prices the request as a line of its package', () => {
    const summary = summariseSelection(event, { packages: {}, seats: [] }, undefined, choice);
    expect(summary.lines).toEqual([
      expect.objectContaining({ packageId: 1, count: 2, amount: 500000, note: '2 best available seats, Gold' }),
    ]);
    expect(summary.totals.subtotal).toBe(500000);
  });

  it('a request for a package no longer on the event is left out', () => {
    const summary = summariseSelection(event, { packages: {}, seats: [] }, undefined, {
      ...choice,
      request: { ...choice.request, package_id: 9 },
    });
    expect(summary.lines).toEqual([]);
  });

  it('sends best_available instead of seats', () => {
    const input = createOrderInput({
      event,
      selection: { packages: {}, seats: ['S-C-1'] },
      bestAvailable: choice,
      buyer: { first_name: 'Nimal', last_name: 'Perera', email: 'n@example.com', phone: '0771234567', nic: 'n/a' },
      promoCode: null,
      paymentGatewayId: undefined,
    });
    expect(input).toMatchObject({ seats: [], best_available: { package_id: 1, quantity: 2, accessible: false } });
  });
});
