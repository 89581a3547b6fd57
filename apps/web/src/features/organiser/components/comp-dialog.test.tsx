import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompAnswer } from '@marquee/domain/comps';
import { makeConsoleEvent, renderConsole, bodiesOf, type ApiHandler } from '../test/render-console';
import { asRole, makeDeskOrderSummary, requests } from '../test/desk-fixtures';
import { makeConsoleEventAnswer, makeConsolePackage } from '../test/event-fixtures';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const COMPS_PATH = '/api/organiser/acme/events/ev1/comps';

const answer: CompAnswer = {
  booking_id: 'MQCOMP000001',
  kind: 'comp',
  event: { uid: 'ev1', name: 'Colombo Jazz Night' },
  guest: { first_name: 'Anura', last_name: 'Bandara' },
  package_name: 'Lawn',
  quantity: 2,
  note: 'Sponsor guest',
  tickets: [],
  created_at: '2026-11-27T10:00:00.000Z',
};

const api = (extra: Record<string, ApiHandler> = {}): Record<string, ApiHandler> => ({
  'GET /api/organiser/acme/events': () =>
    Response.json({
      events: [makeConsoleEvent(), makeConsoleEvent({ uid: 'ev9', name: 'Called Off', status: 'cancelled' })],
    }),
  'GET /api/organiser/acme/events/ev1': () =>
    Response.json(
      makeConsoleEventAnswer({
        uid: 'ev1',
        packages: [
          makeConsolePackage({ id: 13, name: 'Lawn', capacity: 50, sold: 40, held: 2 }),
          makeConsolePackage({ id: 11, name: 'Gold', free_seating: false, capacity: 2, seat_ids: ['A-A-1', 'A-A-2'] }),
        ],
      }),
    ),
  'GET /api/organiser/acme/orders': () =>
    Response.json({
      orders: [makeDeskOrderSummary({ booking_id: 'MQCOMP000001', kind: 'comp', total: 0 })],
      page: 1,
      per_page: 25,
      total: 1,
    }),
  ...extra,
});

async function openDialog(world: ReturnType<typeof renderConsole>) {
  await world.user.click(await screen.findByRole('button', { name: 'Comp tickets…' }));
  return screen.getByRole('dialog', { name: 'Comp tickets' });
}

async function fillGuest(world: ReturnType<typeof renderConsole>, dialog: HTMLElement, packageName: string) {
  await world.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Event' }), 'ev1');
  const pkg = within(dialog).getByRole('combobox', { name: 'Package' });
  await waitFor(() => expect(pkg).toBeEnabled());
  await world.user.selectOptions(pkg, within(dialog).getByRole('option', { name: new RegExp(`^${packageName} `) }));
  await world.user.type(within(dialog).getByRole('textbox', { name: 'Guest’s first name' }), 'Anura');
  await world.user.type(within(dialog).getByRole('textbox', { name: 'Guest’s last name' }), 'Bandara');
  await world.user.type(within(dialog).getByRole('textbox', { name: 'Guest’s e-mail' }), 'anura@example.com');
  const tickets = within(dialog).getByRole('textbox', { name: 'Tickets' });
  await world.user.clear(tickets);
  await world.user.type(tickets, '2');
  await world.user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Sponsor guest');
}

// Typing a whole form on a loaded two-core machine takes more than the default 5 s.
describe('comp tickets from the orders desk', { timeout: 30_000 }, () => {
  it('marks comps in the list', async () => {
    renderConsole('/organiser/acme/orders', { api: api() });
    const row = (await screen.findAllByRole('link', { name: 'MQCOMP000001' }, { timeout: 5_000 }))[0]?.closest('tr');
    expect(row).toBeTruthy();
    expect(within(row as HTMLElement).getByText('Comp')).toBeInTheDocument();
  });

  it('issues a comp: event, package with what is left, guest, tickets, note; one key per opening; the result links to the order', async () => {
    const world = renderConsole('/organiser/acme/orders', {
      api: api({ [`POST ${COMPS_PATH}`]: () => Response.json(answer, { status: 201 }) }),
    });
    const dialog = await openDialog(world);
    // A cancelled event takes no comps: not offered.
    expect(within(dialog).queryByRole('option', { name: 'Called Off' })).not.toBeInTheDocument();
    await fillGuest(world, dialog, 'Lawn');
    expect(within(dialog).getByRole('option', { name: 'Lawn (8 left)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Seats' })).not.toBeInTheDocument();
    await world.user.click(within(dialog).getByRole('button', { name: 'Issue the comp tickets' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      '2 comp tickets of Lawn issued to Anura Bandara, who is e-mailed them: MQCOMP000001.',
    );
    expect(within(status).getByRole('link', { name: 'MQCOMP000001' })).toHaveAttribute(
      'href',
      '/organiser/acme/orders/MQCOMP000001',
    );
    expect(bodiesOf(world, 'POST', COMPS_PATH)).toEqual([
      {
        first_name: 'Anura',
        last_name: 'Bandara',
        email: 'anura@example.com',
        package_id: 13,
        quantity: 2,
        note: 'Sponsor guest',
      },
    ]);
    const keys = requests(COMPS_PATH, 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_:-]{8,100}$/);
  });

  it('a seated package asks for one seat per ticket; a taken seat is said at the seats; a retry keeps the key', async () => {
    let calls = 0;
    const world = renderConsole('/organiser/acme/orders', {
      api: api({
        [`POST ${COMPS_PATH}`]: () => {
          calls += 1;
          return calls === 1
            ? refusal(409, 'seats_taken', 'One of these seats is already sold or held. Choose other seats.')
            : Response.json({ ...answer, package_name: 'Gold' }, { status: 201 });
        },
      }),
    });
    const dialog = await openDialog(world);
    await fillGuest(world, dialog, 'Gold');
    const seats = within(dialog).getByRole('textbox', { name: 'Seats' });
    await world.user.type(seats, 'A-A-1');
    await world.user.click(within(dialog).getByRole('button', { name: 'Issue the comp tickets' }));
    expect(within(dialog).getByText('Name 2 seats, one per ticket.')).toBeInTheDocument();
    expect(calls).toBe(0);

    await world.user.type(seats, ', A-A-2');
    await world.user.click(within(dialog).getByRole('button', { name: 'Issue the comp tickets' }));
    expect(
      await within(dialog).findByText('One of these seats is already sold or held. Choose other seats.'),
    ).toBeInTheDocument();
    await world.user.click(within(dialog).getByRole('button', { name: 'Issue the comp tickets' }));
    expect(await screen.findByRole('status')).toHaveTextContent('of Gold issued to Anura Bandara');
    const keys = requests(COMPS_PATH, 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(bodiesOf(world, 'POST', COMPS_PATH)[0]).toMatchObject({ seat_ids: ['A-A-1', 'A-A-2'] });
  });

  it('checks the form before sending', async () => {
    const world = renderConsole('/organiser/acme/orders', { api: api() });
    const dialog = await openDialog(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Issue the comp tickets' }));
    expect(within(dialog).getByText('Choose the event.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is invalid')).toBeInTheDocument();
    expect(requests(COMPS_PATH, 'POST')).toHaveLength(0);
  });

  it('is offered to the box office, not to the door (which has no orders desk)', async () => {
    renderConsole('/organiser/acme/orders', { api: { ...api(), ...asRole('box_office') } });
    expect(await screen.findByRole('button', { name: 'Comp tickets…' })).toBeInTheDocument();
  });
});
