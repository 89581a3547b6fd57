import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConsoleEvent, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the events page', () => {
  it('lists the events: name, date in the venue zone, venue, status and tickets sold', async () => {
    renderConsole('/organiser/acme/events', {
      api: {
        'GET /api/organiser/acme/events': () =>
          Response.json({
            events: [
              makeConsoleEvent(),
              makeConsoleEvent({ uid: 'ev2', name: 'Swan Lake', status: 'draft', sold: 0 }),
              makeConsoleEvent({ uid: 'ev3', name: 'Sold Out Show', sold: 400, sold_out: true }),
              makeConsoleEvent({ uid: 'ev4', name: 'Presale Gig', status: 'presale' }),
            ],
          }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Colombo Jazz Night');
    // 19:30 at the venue, whatever the browser's zone.
    expect(rows[0]).toHaveTextContent('Sat, 5 Dec 2026, 7:30 pm');
    expect(rows[0]).toHaveTextContent('Nelum Pokuna');
    expect(rows[0]).toHaveTextContent('On sale');
    expect(rows[0]).toHaveTextContent('120 / 400 sold');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[2]).toHaveTextContent('Sold out');
    expect(rows[3]).toHaveTextContent('Presale');
    // Phones get cards with the same facts.
    const cards = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('Sat, 5 Dec 2026, 7:30 pm');
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/organiser/acme/events/new');
  });

  it('none yet: an empty state with Create an event', async () => {
    renderConsole('/organiser/acme/events', {
      api: { 'GET /api/organiser/acme/events': () => Response.json({ events: [] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/organiser/acme/events/new');
  });
});
