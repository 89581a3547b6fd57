import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../lib/instant-display';
import { makeConsoleEvent, renderConsole } from '../test/render-console';
import { makeAuditEntry, refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const events = {
  'GET /api/organiser/acme/events': () =>
    Response.json({
      events: [makeConsoleEvent(), makeConsoleEvent({ uid: 'ev2', name: 'Swan Lake', status: 'draft' })],
    }),
};

/** The addresses fetch was asked for, with their query (the fake API's table keys by path alone). */
function requestedUrls(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)))
    .filter((url) => url.includes('/audit'));
}

describe('the audit log', () => {
  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/acme/audit', {
      api: { ...events, 'GET /api/organiser/acme/audit': () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the audit log…');
  });

  it('each entry: when in your time, who, what in words, on what, and the fields before → after', async () => {
    const long = Array.from({ length: 10 }, () => 'A long description.').join(' ');
    renderConsole('/organiser/acme/audit', {
      api: {
        ...events,
        'GET /api/organiser/acme/audit': () =>
          Response.json({
            entries: [
              makeAuditEntry({
                id: 103,
                at: '2026-11-21T10:00:00.000Z',
                actor: { kind: 'operator', email: 'ops@marquee.example', role: 'operator' },
                action: 'event.unpublish',
                before: { unpublished: false },
                after: { unpublished: true, reason: 'Reported as a scam' },
              }),
              makeAuditEntry({
                id: 102,
                action: 'package.seats',
                entity_type: 'ticket_package',
                entity_id: '12',
                before: { seat_count: 0 },
                after: { seat_count: 2, seat_ids: ['A-1-1', 'A-1-2'] },
              }),
              makeAuditEntry({
                id: 101,
                action: 'widget.polish',
                entity_type: 'widget',
                entity_id: '9',
                event_uid: null,
                before: { description: 'Short' },
                after: { description: long },
              }),
              makeAuditEntry(),
            ],
            next_before: null,
          }),
      },
    });
    const log = await screen.findByRole('list', { name: 'Audit log, newest first' });
    const [unpublish, seats, unknown, update] = within(log).getAllByRole('listitem');
    expect(unpublish).toHaveTextContent(formatInstant('2026-11-21T10:00:00.000Z'));
    expect(unpublish).toHaveTextContent('Marquee operator (ops@marquee.example) took the event off the site');
    expect(unpublish).toHaveTextContent('Event Colombo Jazz Night');
    const rows = within(within(unpublish!).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldBeforeAfter',
      'unpublishednoyes',
      'reason—Reported as a scam',
    ]);
    expect(seats).toHaveTextContent('kumari@example.com (Owner) assigned seats');
    expect(seats).toHaveTextContent('Ticket package 12 (Colombo Jazz Night)');
    expect(seats).toHaveTextContent('["A-1-1","A-1-2"]');
    expect(unknown).toHaveTextContent('widget.polish');
    expect(unknown).toHaveTextContent('widget 9');
    const cut = within(unknown!).getByTitle(long);
    expect(cut.textContent).toHaveLength(80);
    expect(cut.textContent?.endsWith('…')).toBe(true);
    expect(update).toHaveTextContent('changed the event');
    expect(update).toHaveTextContent('nameJazz NightColombo Jazz Night');
    expect(screen.getByText('That is the beginning of the log.')).toBeInTheDocument();
  });

  it('Load older asks for the entries before the last one, and adds them below', async () => {
    const pages = [
      { entries: [makeAuditEntry({ id: 100 })], next_before: 100 },
      {
        entries: [makeAuditEntry({ id: 60, action: 'venue.create', entity_type: 'venue', event_uid: null })],
        next_before: null,
      },
    ];
    const world = renderConsole('/organiser/acme/audit', {
      api: { ...events, 'GET /api/organiser/acme/audit': () => Response.json(pages.shift()) },
    });
    const log = await screen.findByRole('list', { name: 'Audit log, newest first' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    await world.user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(log).toHaveTextContent('added a venue');
    expect(requestedUrls()).toEqual([
      '/api/organiser/acme/audit?limit=50',
      '/api/organiser/acme/audit?limit=50&before=100',
    ]);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('one event: the select moves to its log, and back', async () => {
    const world = renderConsole('/organiser/acme/audit', {
      api: {
        ...events,
        'GET /api/organiser/acme/audit': () => Response.json({ entries: [makeAuditEntry()], next_before: null }),
        'GET /api/organiser/acme/events/ev2/audit': () =>
          Response.json({
            entries: [makeAuditEntry({ id: 7, event_uid: 'ev2', action: 'event.create', before: null })],
            next_before: null,
          }),
      },
    });
    const select = await screen.findByLabelText('Show');
    await screen.findByRole('option', { name: 'Swan Lake' });
    await world.user.selectOptions(select, 'ev2');
    expect(await screen.findByText(/created the event/)).toBeInTheDocument();
    expect(world.router.state.location.search).toBe('?event=ev2');
    await world.user.selectOptions(select, '');
    expect(await screen.findByText(/changed the event/)).toBeInTheDocument();
    expect(world.router.state.location.search).toBe('');
  });

  it("an event that is not the organisation's: not found, with the way back", async () => {
    renderConsole('/organiser/acme/audit?event=zzzz9999', { api: events });
    expect(await screen.findByRole('heading', { name: 'No such event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The whole audit log' })).toHaveAttribute('href', '/organiser/acme/audit');
  });

  it('nothing yet: says what the log is for', async () => {
    renderConsole('/organiser/acme/audit', {
      api: { ...events, 'GET /api/organiser/acme/audit': () => Response.json({ entries: [], next_before: null }) },
    });
    expect(await screen.findByRole('heading', { name: 'Nothing recorded yet' })).toBeInTheDocument();
  });

  it('a failure says so, and Try again loads it', async () => {
    const world = renderConsole('/organiser/acme/audit', {
      api: {
        ...events,
        'GET /api/organiser/acme/audit': () => refusal(500, 'internal_error', 'Something went wrong on our side.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded');
    world.routes['GET /api/organiser/acme/audit'] = () =>
      Response.json({ entries: [makeAuditEntry()], next_before: null });
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Audit log, newest first' })).toBeInTheDocument();
  });
});
