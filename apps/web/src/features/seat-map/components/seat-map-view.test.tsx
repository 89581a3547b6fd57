import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../../test/catalog-fixtures';
import type { VenueSeatMap } from '../lib/seat-model';
import { EMPTY_SELECTION, type Selection } from '@marquee/domain/selection';
import { buildSeatModel, seatState } from '../lib/seat-model';
import { INFO_POPUP_MS, SeatMapPanel } from './seat-map-view';

function makePackage(overrides: Partial<TicketPackage>): TicketPackage {
  return makeTicketPackage({ description: '', price: 500000, available_seats: 100, max_per_order: 2, ...overrides });
}

const packages = [
  makePackage({ id: 1, name: 'Gold' }),
  makePackage({ id: 2, name: 'Silver', color_class: 1, sold_out: true, available_seats: 0 }),
  makePackage({ id: 3, name: 'Lawn', color_class: 2, price: 100000, free_seating: true, max_per_order: 5 }),
];

const event: EventDetail = makeEventDetail({
  uid: 'ev1',
  name: 'Test Night',
  path: '/concerts/test-night/ev1',
  price_from: 100000,
  description: '',
  venue: { ...TEST_VENUE, name: 'Hall', address: '', seat_map: { type: 'generic', seat_count: 8 } },
  payment_gateways: [],
  ticket_packages: packages,
});

const seatMap: VenueSeatMap = {
  seat_map: {
    type: 'generic',
    width: 100,
    height: 60,
    stage: { x: 0, y: 0, width: 100, height: 5, label: 'STAGE' },
    sections: [
      {
        id: 'A',
        name: 'A',
        rows: [
          { label: 'A', count: 4, firstNumber: 1, x: 10, y: 20, spacing: 10 },
          { label: 'B', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10 },
        ],
      },
    ],
  },
  packages: [
    { id: 1, color_class: 0, seating_range: ['A-A-1', 'A-A-2', 'A-A-3'] },
    { id: 2, color_class: 1, seating_range: ['A-A-4'] },
    { id: 3, color_class: 2, seating_range: ['A-B-1', 'A-B-2'] },
  ],
};

function Harness({
  initial = EMPTY_SELECTION,
  onContinue = () => {},
  reserved = ['A-A-3'],
}: {
  initial?: Selection;
  onContinue?: () => void;
  reserved?: string[];
}) {
  const [selection, setSelection] = useState(initial);
  return (
    <SeatMapPanel
      event={event}
      selection={selection}
      onSelectionChange={setSelection}
      onBack={() => {}}
      onContinue={onContinue}
      seatMap={seatMap}
      reservedSeatIds={new Set(reserved)}
    />
  );
}

const map = () => screen.getByRole('application');
const announced = () => screen.getByTestId('seat-map-focus').textContent;
const press = (key: string) => fireEvent.keyDown(map(), { key });

afterEach(() => vi.useRealTimers());

describe('seat states', () => {
  it('derives unavailable, reserved, selected and available', () => {
    const model = buildSeatModel(seatMap);
    const byId = new Map(packages.map((p) => [p.id, p]));
    const state = (id: string, selected: string[] = []) =>
      seatState(model.packageIdOf[model.indexOf.get(id)!], id, byId, new Set(selected), new Set(['A-A-3']));
    expect(state('A-A-1')).toBe('available');
    expect(state('A-A-1', ['A-A-1'])).toBe('selected');
    expect(state('A-A-3')).toBe('reserved');
    expect(state('A-A-4')).toBe('unavailable'); // sold-out package
    expect(state('A-B-3')).toBe('unavailable'); // no package
  });
});

describe('SeatMapPanel', () => {
  it('moves between seats with the arrow keys and toggles with Enter and Space', () => {
    render(<Harness />);
    fireEvent.focus(map());
    expect(announced()).toBe('Section A, row A, seat 1, Gold, LKR 5,000.00, available');
    press('ArrowRight');
    expect(announced()).toContain('row A, seat 2');
    press('Enter');
    expect(announced()).toBe('Section A, row A, seat 2, Gold, LKR 5,000.00, selected');
    press(' ');
    expect(announced()).toContain('seat 2, Gold, LKR 5,000.00, available');
    press('ArrowDown');
    expect(announced()).toContain('row B, seat 2');
  });

  it('does not let reserved or unavailable seats be chosen', () => {
    render(<Harness />);
    fireEvent.focus(map());
    press('ArrowRight');
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 3, Gold, LKR 5,000.00, reserved');
    expect(screen.getByRole('status')).toHaveTextContent('cannot be chosen');
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 4, Silver, LKR 5,000.00, unavailable');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the free-seating popup for five seconds', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.focus(map());
    press('ArrowDown');
    press('Enter');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seats in Lawn are not numbered: choose how many tickets in the table below.',
    );
    act(() => vi.advanceTimersByTime(INFO_POPUP_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Lawn');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('respects the package limit and totals the table', () => {
    const onContinue = vi.fn();
    render(<Harness initial={{ packages: {}, seats: ['A-A-1', 'A-A-2'] }} onContinue={onContinue} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Price', 'No. of Tickets', 'Amount']);
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
    // Clicking a selected seat deselects it; choosing it again adds it back.
    fireEvent.focus(map());
    press('Enter');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 5,000.00');
    press('Enter');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
    // Lawn counter.
    fireEvent.click(screen.getByRole('button', { name: 'Add a Lawn ticket' }));
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 11,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('refuses a seat past the package maximum (Gold: 2 per order)', () => {
    render(<Harness initial={{ packages: {}, seats: ['A-A-1', 'A-A-2'] }} reserved={[]} />);
    fireEvent.focus(map());
    press('ArrowRight');
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 3, Gold, LKR 5,000.00, available');
    expect(screen.getByRole('status')).toHaveTextContent('You can choose at most 2 tickets in Gold.');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
  });

  it('offers a list alternative', () => {
    render(<Harness initial={{ packages: {}, seats: ['A-A-2'] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose seats from a list' }));
    const seat2 = screen.getByRole('checkbox', { name: /seat 2, Gold.*selected/ });
    expect(seat2).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /seat 4, Silver/ })).toBeDisabled();
  });
});
