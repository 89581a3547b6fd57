import { describe, expect, it } from 'vitest';
import type { TicketPackage } from '../catalog/catalog.schema';
import { formatInstalments } from '../money/money';
import {
  EMPTY_SELECTION,
  MAX_TICKETS_PER_ORDER,
  SelectionSchema,
  allowanceHint,
  parseBookingStep,
  reconcileSelection,
  remainingAllowance,
  selectionLines,
  selectionSubtotal,
  ticketCount,
  withPackageCount,
  withSeatToggled,
} from './selection';

function makePackage(overrides: Partial<TicketPackage> = {}): TicketPackage {
  return {
    id: 1,
    name: 'Gold',
    description: 'Front rows',
    price: 250000,
    reserved_seats: 0,
    available_seats: 90,
    free_seating: false,
    color_class: 0,
    active: true,
    message: null,
    sold_out: false,
    max_per_order: 6,
    ...overrides,
  };
}

describe('selection', () => {
  it('sets and removes package counts without mutating', () => {
    const one = withPackageCount(EMPTY_SELECTION, 1, 2);
    expect(one.packages).toEqual({ '1': 2 });
    expect(EMPTY_SELECTION.packages).toEqual({});
    expect(withPackageCount(one, 1, 0).packages).toEqual({});
  });

  it('toggles seats', () => {
    const picked = withSeatToggled(EMPTY_SELECTION, 'A-1');
    expect(picked.seats).toEqual(['A-1']);
    expect(withSeatToggled(picked, 'A-1').seats).toEqual([]);
  });

  it('limits by the package, by what is left and by the order', () => {
    const gold = makePackage({ max_per_order: 4 });
    expect(remainingAllowance(gold, withPackageCount(EMPTY_SELECTION, 1, 3))).toBe(1);
    expect(remainingAllowance(gold, withPackageCount(EMPTY_SELECTION, 1, 4))).toBe(0);
    expect(allowanceHint(gold, withPackageCount(EMPTY_SELECTION, 1, 4))).toBe('Up to 4 per order');

    const few = makePackage({ available_seats: 2 });
    expect(remainingAllowance(few, withPackageCount(EMPTY_SELECTION, 1, 2))).toBe(0);
    expect(allowanceHint(few, withPackageCount(EMPTY_SELECTION, 1, 2))).toBe('Only 2 left');

    const big = makePackage({ id: 2, max_per_order: 20 });
    const full = withPackageCount(EMPTY_SELECTION, 9, MAX_TICKETS_PER_ORDER);
    expect(ticketCount(full)).toBe(MAX_TICKETS_PER_ORDER);
    expect(remainingAllowance(big, full)).toBe(0);
    expect(allowanceHint(big, full)).toBe(`Up to ${MAX_TICKETS_PER_ORDER} tickets per order`);
    expect(allowanceHint(big, EMPTY_SELECTION)).toBeNull();
  });

  it('prices lines and the subtotal, free events at zero', () => {
    const event = { free_event: false, ticket_packages: [makePackage(), makePackage({ id: 2, name: 'Silver', price: 100050 })] };
    const selection = withPackageCount(withPackageCount(EMPTY_SELECTION, 1, 2), 2, 1);
    const lines = selectionLines(event, selection);
    expect(lines.map((line) => [line.name, line.count, line.amount])).toEqual([
      ['Gold', 2, 500000],
      ['Silver', 1, 100050],
    ]);
    expect(selectionSubtotal(lines)).toBe(600050);
    expect(selectionSubtotal(selectionLines({ ...event, free_event: true }, selection))).toBe(0);
  });

  it('counts seats by their package', () => {
    const event = { free_event: false, ticket_packages: [makePackage()] };
    const lines = selectionLines(event, { packages: {}, seats: ['A-1', 'A-2'] }, () => 1);
    expect(lines[0]).toMatchObject({ count: 2, amount: 500000, seats: ['A-1', 'A-2'] });
  });

  it('shows instalments as the price divided by 3', () => {
    expect(formatInstalments(750000, 'LKR')).toBe('2,500.00 LKR X 3');
    expect(formatInstalments(100000, 'LKR')).toBe('333.33 LKR X 3');
  });

  it('reads the step from the URL, step 1 when invalid or not on sale', () => {
    expect(parseBookingStep('2', true)).toBe(2);
    expect(parseBookingStep('3', true)).toBe(3);
    expect(parseBookingStep('4', true)).toBe(1);
    expect(parseBookingStep(null, true)).toBe(1);
    expect(parseBookingStep('2', false)).toBe(1);
  });

  it('reconciles a stored selection with the event as it is now', () => {
    const event = {
      ticket_packages: [
        makePackage(),
        makePackage({ id: 2, name: 'Silver', sold_out: true }),
        makePackage({ id: 3, name: 'Bronze', available_seats: 1 }),
      ],
    };
    const stored = SelectionSchema.parse({ packages: { '1': 2, '2': 1, '3': 3, '7': 1 }, seats: ['A-1'] });
    const { selection, removed } = reconcileSelection(event, stored);
    expect(selection).toEqual({ packages: { '1': 2, '3': 1 }, seats: ['A-1'] });
    expect(removed).toEqual(['Silver', 'Bronze', 'Package 7']);
    expect(reconcileSelection(event, selection).removed).toEqual([]);
  });
});
