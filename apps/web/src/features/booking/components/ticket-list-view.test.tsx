import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage } from '../../../test/catalog-fixtures';
import { useBookingSelection } from '../../../lib/use-booking-selection';
import { useReconciledSelection } from '../hooks/use-reconciled-selection';
import { TicketListView } from './ticket-list-view';

function makePackage(overrides: Partial<TicketPackage> = {}): TicketPackage {
  return makeTicketPackage({ max_per_order: 2, ...overrides });
}

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return makeEventDetail({ ticket_packages: [makePackage()], ...overrides });
}

/** The list wired as the route wires it: the stored, reconciled selection. */
function Harness({ event, onCheckout }: { event: EventDetail; onCheckout(): void }) {
  const [stored, setSelection] = useBookingSelection(event.uid);
  const [selection, removed] = useReconciledSelection(event, stored, setSelection);
  return (
    <TicketListView
      event={event}
      selection={selection}
      onSelectionChange={setSelection}
      onCheckout={onCheckout}
      removedPackages={removed}
    />
  );
}

function renderList(event: EventDetail, onCheckout = vi.fn()) {
  const view = render(
    <MemoryRouter>
      <Harness event={event} onCheckout={onCheckout} />
    </MemoryRouter>,
  );
  return { ...view, onCheckout };
}

afterEach(() => sessionStorage.clear());

describe('TicketListView', () => {
  it('shows each package with its price, ADD turning into a counter that stops at the limit', async () => {
    const user = userEvent.setup();
    const { onCheckout } = renderList(makeEvent());
    // The landing page's focus moves after the first paint (lib/focus-step-heading.ts).
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Choose your tickets' })).toHaveFocus());
    const card = screen.getByRole('listitem', { name: 'Gold' });
    expect(within(card).getByText('Front rows')).toBeInTheDocument();
    expect(within(card).getByText('LKR 2,500.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CHECKOUT' })).toBeDisabled();
    expect(screen.getByText('Add a ticket to check out')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /^ADD/ }));
    const plus = within(card).getByRole('button', { name: 'Add one Gold ticket' });
    expect(plus).toHaveFocus();
    expect(within(card).getByRole('status', { name: 'Gold tickets selected' })).toHaveTextContent('1');
    await user.click(plus);
    expect(plus).toBeDisabled();
    expect(within(card).getByText('Up to 2 per order')).toBeInTheDocument();

    const bar = screen.getByRole('region', { name: 'Your selection' });
    expect(bar).toHaveTextContent('2 tickets');
    expect(bar).toHaveTextContent('LKR 5,000.00');
    expect(bar.querySelector('[aria-live="polite"]')).not.toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Remove one Gold ticket' }));
    expect(bar).toHaveTextContent('LKR 2,500.00');
    await user.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('shows Only N left when stock is the limit', async () => {
    const user = userEvent.setup();
    renderList(makeEvent({ ticket_packages: [makePackage({ available_seats: 1, max_per_order: 5 })] }));
    await user.click(screen.getByRole('button', { name: /^ADD/ }));
    expect(screen.getByRole('button', { name: 'Add one Gold ticket' })).toBeDisabled();
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
  });

  it('shows SOLD OUT, the message of an inactive package and Free Event, without counters', () => {
    renderList(
      makeEvent({
        ticket_packages: [
          makePackage({ id: 1, name: 'Gold', sold_out: true }),
          makePackage({ id: 2, name: 'Silver', active: false, message: 'Sales open on Friday' }),
          makePackage({ id: 3, name: 'Lawn', price: 0 }),
        ],
      }),
    );
    const gold = screen.getByRole('listitem', { name: 'Gold' });
    expect(within(gold).getByText('SOLD OUT')).toBeInTheDocument();
    expect(within(gold).queryByRole('button')).not.toBeInTheDocument();
    const silver = screen.getByRole('listitem', { name: 'Silver' });
    expect(within(silver).getByText('Sales open on Friday')).toBeInTheDocument();
    expect(within(silver).queryByRole('button')).not.toBeInTheDocument();
    const lawn = screen.getByRole('listitem', { name: 'Lawn' });
    expect(within(lawn).getByText('Free Event')).toBeInTheDocument();
    expect(within(lawn).getByRole('button', { name: /^ADD/ })).toBeEnabled();
  });

  it('shows Free Event for every package of a free event', () => {
    renderList(makeEvent({ free_event: true }));
    expect(screen.getByText('Free Event')).toBeInTheDocument();
    expect(screen.queryByText('LKR 2,500.00')).not.toBeInTheDocument();
  });

  it('shows the price in three instalments only when the event offers them', () => {
    const { unmount } = renderList(makeEvent({ ticket_packages: [makePackage({ price: 750000 })] }));
    expect(screen.queryByText(/LKR X 3/)).not.toBeInTheDocument();
    unmount();
    renderList(
      makeEvent({
        ticket_packages: [makePackage({ price: 750000 })],
        payment_gateways: [
          { id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' },
          { id: 2, name: 'Instalments', logo: '/images/gateways/koko.svg', kind: 'instalments' },
        ],
      }),
    );
    expect(screen.getByText('2,500.00 LKR X 3')).toBeInTheDocument();
  });

  it('keeps the selection in sessionStorage and restores it', async () => {
    const user = userEvent.setup();
    const event = makeEvent();
    const { unmount } = renderList(event);
    await user.click(screen.getByRole('button', { name: /^ADD/ }));
    expect(JSON.parse(sessionStorage.getItem('marquee:selection:abc123') ?? 'null')).toEqual({
      packages: { '1': 1 },
      seats: [],
    });
    unmount();
    renderList(event);
    expect(screen.getByRole('status', { name: 'Gold tickets selected' })).toHaveTextContent('1');
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('LKR 2,500.00');
  });

  it('drops stored packages that sold out and says so; ignores invalid stored data', () => {
    sessionStorage.setItem('marquee:selection:abc123', JSON.stringify({ packages: { '1': 2 }, seats: [] }));
    const { unmount } = renderList(makeEvent({ ticket_packages: [makePackage({ sold_out: true })] }));
    expect(screen.getByText(/Gold is no longer available/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('0 tickets');
    expect(sessionStorage.getItem('marquee:selection:abc123')).toBeNull();
    unmount();

    sessionStorage.setItem('marquee:selection:abc123', '{"packages":{"1":-4}}');
    renderList(makeEvent());
    expect(screen.getByRole('button', { name: /^ADD/ })).toBeInTheDocument();
  });
});
