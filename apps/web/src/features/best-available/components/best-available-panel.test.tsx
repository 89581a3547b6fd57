import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventDetail, EventSeatMap, TicketPackage } from '@marquee/domain/catalog';
import { EMPTY_SELECTION, type Selection } from '@marquee/domain/selection';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../../test/catalog-fixtures';
import { BestAvailablePanel, type BestAvailableFormValue } from './best-available-panel';
import { SeatPreview } from './seat-preview';

function makePackage(overrides: Partial<TicketPackage>): TicketPackage {
  return makeTicketPackage({ description: '', price: 500000, available_seats: 100, max_per_order: 6, ...overrides });
}

const GOLD = makePackage({ id: 1, name: 'Gold' });
const SILVER = makePackage({
  id: 2,
  name: 'Silver',
  color_class: 1,
  price: 250000,
  max_per_order: 20,
  available_seats: 3,
});
const LAWN = makePackage({ id: 3, name: 'Lawn', color_class: 2, free_seating: true });
const SOLD_OUT = makePackage({ id: 4, name: 'Box', color_class: 3, sold_out: true, available_seats: 0 });
const NO_SEATS = makePackage({ id: 5, name: 'Standing', color_class: 4 });

const event: EventDetail = makeEventDetail({
  uid: 'ev1',
  venue: { ...TEST_VENUE, seat_map: { type: 'generic', seat_count: 16 } },
  payment_gateways: [],
  ticket_packages: [GOLD, SILVER, LAWN, SOLD_OUT, NO_SEATS],
});

const seatMap: EventSeatMap = {
  seat_map: {
    type: 'generic',
    width: 200,
    height: 100,
    stage: { x: 0, y: 0, width: 200, height: 10, label: 'STAGE' },
    sections: [
      {
        id: 'S',
        name: 'Stalls',
        rows: [{ label: 'A', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10, wheelchair: [1], companion: [2] }],
      },
      { id: 'B', name: 'Balcony', rows: [{ label: 'A', count: 4, firstNumber: 1, x: 110, y: 30, spacing: 10 }] },
      { id: 'L', name: 'Lawn', rows: [{ label: 'A', count: 4, firstNumber: 1, x: 10, y: 60, spacing: 10 }] },
      { id: 'X', name: 'Boxes', rows: [{ label: 'A', count: 4, firstNumber: 1, x: 110, y: 60, spacing: 10 }] },
    ],
  },
  packages: [
    { id: 1, color_class: 0, seating_range: ['S-A-1', 'S-A-2', 'S-A-3', 'S-A-4', 'B-A-1', 'B-A-2'] },
    { id: 2, color_class: 1, seating_range: ['B-A-3', 'B-A-4'] },
    { id: 3, color_class: 2, seating_range: ['L-A-1', 'L-A-2'] },
    { id: 4, color_class: 3, seating_range: ['X-A-1'] },
    { id: 5, color_class: 4, seating_range: [] },
  ],
};

function renderPanel({
  selection = EMPTY_SELECTION,
  initial = null,
  data = seatMap,
  isLoading = false,
  isError = false,
}: {
  selection?: Selection;
  initial?: BestAvailableFormValue | null;
  data?: EventSeatMap;
  isLoading?: boolean;
  isError?: boolean;
} = {}) {
  const onFindSeats = vi.fn<(value: BestAvailableFormValue) => void>();
  const user = userEvent.setup();
  function Harness() {
    const [current] = useState(selection);
    return (
      <BestAvailablePanel
        event={event}
        seatMap={isLoading ? undefined : data}
        isError={isError}
        selection={current}
        initial={initial}
        onFindSeats={onFindSeats}
      />
    );
  }
  const view = render(<Harness />);
  return { user, onFindSeats, view };
}

function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('best available panel (issue 24)', () => {
  it('offers the seated packages that have seats, with prices, and the sections each has seats in', async () => {
    const { user } = renderPanel();
    const panel = screen.getByRole('region', { name: 'Best available seats' });
    const pkg = within(panel).getByLabelText('Package');
    // Free seating, sold out and no seats on the map are left out.
    expect(optionTexts(pkg)).toEqual([
      expect.stringMatching(/^Gold · LKR\s?5,000\.00$/),
      expect.stringMatching(/^Silver · LKR\s?2,500\.00$/),
    ]);
    expect(optionTexts(within(panel).getByLabelText('Preferred section'))).toEqual([
      'Any section',
      'Stalls',
      'Balcony',
    ]);
    expect(optionTexts(within(panel).getByLabelText('Number of seats'))).toEqual(['1', '2', '3', '4', '5', '6']);

    await user.selectOptions(pkg, '2');
    expect(optionTexts(within(panel).getByLabelText('Preferred section'))).toEqual(['Any section', 'Balcony']);
    // Silver: 20 per order, but only 3 left.
    expect(optionTexts(within(panel).getByLabelText('Number of seats'))).toEqual(['1', '2', '3']);
    expect(within(panel).getByText('Up to 3 in Silver.')).toBeInTheDocument();
  });

  it('asks about a wheelchair space only where the package has one', async () => {
    const { user } = renderPanel();
    expect(screen.getByRole('checkbox', { name: /I need a wheelchair space/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Preferred section'), 'Balcony');
    expect(screen.queryByRole('checkbox', { name: /wheelchair/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Preferred section'), 'Stalls');
    expect(screen.getByRole('checkbox', { name: /I need a wheelchair space/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Package'), '2');
    expect(screen.queryByRole('checkbox', { name: /wheelchair/ })).not.toBeInTheDocument();
  });

  it('Find seats sends the request, by keyboard alone', async () => {
    const { user, onFindSeats } = renderPanel();
    // Package, section, number of seats, wheelchair, Find seats: in that order by Tab.
    await user.tab();
    expect(screen.getByLabelText('Package')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Preferred section')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Preferred section'), 'Stalls');
    await user.tab();
    expect(screen.getByLabelText('Number of seats')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Number of seats'), '3');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /wheelchair/ })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Find seats' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onFindSeats).toHaveBeenCalledExactlyOnceWith({
      request: { package_id: 1, quantity: 3, section: 'S', accessible: true },
      sectionName: 'Stalls',
    });
  });

  it('any section sends no section; the default is two seats', async () => {
    const { user, onFindSeats } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Find seats' }));
    expect(onFindSeats).toHaveBeenCalledExactlyOnceWith({
      request: { package_id: 1, quantity: 2, accessible: false },
      sectionName: null,
    });
  });

  it('says that it replaces the seats picked on the map, and counts counted tickets against the order limit', () => {
    renderPanel({ selection: { packages: { '3': 7 }, seats: ['S-A-3', 'S-A-4'] } });
    expect(screen.getByText(/This replaces the 2 seats you picked on the map\./)).toBeInTheDocument();
    // 10 per order, 7 Lawn tickets already chosen.
    expect(optionTexts(screen.getByLabelText('Number of seats'))).toEqual(['1', '2', '3']);
  });

  it('starts from what was asked last time', () => {
    renderPanel({
      initial: { request: { package_id: 2, quantity: 3, section: 'B', accessible: false }, sectionName: 'Balcony' },
    });
    expect(screen.getByLabelText('Package')).toHaveValue('2');
    expect(screen.getByLabelText('Preferred section')).toHaveValue('B');
    expect(screen.getByLabelText('Number of seats')).toHaveValue('3');
  });

  it('loading, nothing to offer, and a map that failed (the map says so)', () => {
    const loading = renderPanel({ isLoading: true });
    expect(screen.getByRole('region', { name: 'Best available seats' })).toHaveAttribute('aria-busy', 'true');
    loading.view.unmount();

    const empty = renderPanel({ data: { ...seatMap, packages: [] } });
    expect(screen.getByText(/No numbered seats are left to pick for you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find seats' })).not.toBeInTheDocument();
    empty.view.unmount();

    renderPanel({ isError: true });
    expect(screen.queryByRole('region', { name: 'Best available seats' })).not.toBeInTheDocument();
  });
});

describe('seat preview', () => {
  it('marks the given seats on the venue, and says which', () => {
    if (!seatMap.seat_map) throw new Error('the test map has a layout');
    render(
      <SeatPreview
        seatMap={seatMap.seat_map}
        seatIds={['S-A-3', 'S-A-4']}
        description="Stalls, row A, seats 3 and 4"
      />,
    );
    const picture = screen.getByRole('img', { name: 'Venue map with your seats marked: Stalls, row A, seats 3 and 4' });
    const marked = [...picture.querySelectorAll('[data-seat-id]')].map((node) => node.getAttribute('data-seat-id'));
    expect(marked).toEqual(['S-A-3', 'S-A-4']);
  });
});
