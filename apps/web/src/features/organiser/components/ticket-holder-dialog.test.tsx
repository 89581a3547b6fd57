import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketHolderAnswer } from '@marquee/domain/comps';
import { bodiesOf, renderConsole, type ApiHandler } from '../test/render-console';
import { asRole, BOOKING_ID, makeDeskOrder, makeDeskTicket } from '../test/desk-fixtures';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_PATH = `/api/organiser/acme/orders/${BOOKING_ID}`;
const HOLDER_PATH = `${ORDER_PATH}/tickets/501/holder`;
const PAGE = `/organiser/acme/orders/${BOOKING_ID}`;

function answer(overrides: Partial<TicketHolderAnswer> = {}): TicketHolderAnswer {
  return {
    booking_id: BOOKING_ID,
    reissued: true,
    ticket: {
      id: 501,
      code_suffix: 'ZZ9Q1',
      holder: { first_name: 'Kamala', last_name: 'Wijesinghe' },
      reissued_at: '2026-11-27T10:00:00.000Z',
    },
    email_queued: true,
    ...overrides,
  };
}

function openOrder(api: Record<string, ApiHandler> = {}, order = makeDeskOrder()) {
  return renderConsole(PAGE, { api: { [`GET ${ORDER_PATH}`]: () => Response.json(order), ...api } });
}

async function openDialog(world: ReturnType<typeof openOrder>) {
  await world.user.click(await screen.findByRole('button', { name: 'Correct name on ticket …K3F9X' }));
  return screen.getByRole('dialog', { name: 'Correct the name on a ticket' });
}

// Typing into the dialog on a loaded two-core machine takes more than the default 5 s.
describe('correcting the name on a ticket', { timeout: 20_000 }, () => {
  it('starts with the current name, sends the new one, and says the ticket was re-issued', async () => {
    const world = openOrder({ [`POST ${HOLDER_PATH}`]: () => Response.json(answer()) });
    const dialog = await openDialog(world);
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    const last = within(dialog).getByRole('textbox', { name: 'Last name' });
    expect(first).toHaveValue('Nimal');
    expect(last).toHaveValue('Perera');
    await world.user.clear(first);
    await world.user.type(first, 'Kamala');
    await world.user.clear(last);
    // Enter submits, as in every console form.
    await world.user.type(last, 'Wijesinghe{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ticket re-issued for Kamala Wijesinghe: its new code ends …ZZ9Q1, and the old QR code no longer admits. The buyer is e-mailed the corrected tickets.',
    );
    expect(bodiesOf(world, 'POST', HOLDER_PATH)).toEqual([{ first_name: 'Kamala', last_name: 'Wijesinghe' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the names as the checkout does before sending, and places the server’s messages by field', async () => {
    const message = 'Last name is invalid';
    const world = openOrder({
      [`POST ${HOLDER_PATH}`]: () => refusal(422, 'validation_failed', message, { last_name: [message] }),
    });
    const dialog = await openDialog(world);
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    await world.user.clear(first);
    await world.user.type(first, 'Al');
    await world.user.click(within(dialog).getByRole('button', { name: 'Re-issue the ticket' }));
    expect(within(dialog).getByText('First name is invalid')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', HOLDER_PATH)).toEqual([]);

    await world.user.type(first, 'ice');
    await world.user.click(within(dialog).getByRole('button', { name: 'Re-issue the ticket' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a ticket admitted meanwhile: the refusal is said in the dialog', async () => {
    const world = openOrder({
      [`POST ${HOLDER_PATH}`]: () =>
        refusal(
          409,
          'ticket_already_used',
          'This ticket was already admitted at the gate: its name can no longer be corrected.',
        ),
    });
    const dialog = await openDialog(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Re-issue the ticket' }));
    expect(
      await within(dialog).findByText(
        'This ticket was already admitted at the gate: its name can no longer be corrected.',
      ),
    ).toBeInTheDocument();
  });

  it('the same name again changes nothing, and says so', async () => {
    const world = openOrder({
      [`POST ${HOLDER_PATH}`]: () =>
        Response.json(
          answer({
            reissued: false,
            email_queued: false,
            ticket: { ...answer().ticket, holder: { first_name: 'Nimal', last_name: 'Perera' } },
          }),
        ),
    });
    const dialog = await openDialog(world);
    await world.user.click(within(dialog).getByRole('button', { name: 'Re-issue the ticket' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The ticket already carries the name Nimal Perera: nothing was changed or sent.',
    );
  });

  it('offers no correction for a voided or admitted ticket, and shows a corrected holder', async () => {
    openOrder(
      {},
      makeDeskOrder({
        tickets: [
          makeDeskTicket({ used_at: '2026-12-05T13:40:00.000Z' }),
          makeDeskTicket({ id: 502, code_suffix: 'Q8ZT2', voided_at: '2026-11-22T10:00:00.000Z' }),
          makeDeskTicket({
            id: 503,
            code_suffix: 'M4PW7',
            holder: { first_name: 'Kamala', last_name: 'Silva' },
            reissued_at: '2026-11-23T10:00:00.000Z',
          }),
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Correct name on ticket …M4PW7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct name on ticket …K3F9X' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct name on ticket …Q8ZT2' })).not.toBeInTheDocument();
    expect(screen.getByText(/Holder: Kamala Silva \(name corrected, re-issued\)/)).toBeInTheDocument();
  });

  it('a comp order is marked as one', async () => {
    openOrder({}, makeDeskOrder({ kind: 'comp', comp_note: 'Sponsor guest' }));
    expect(await screen.findByText('Comp')).toBeInTheDocument();
    expect(screen.getByText('Sponsor guest')).toBeInTheDocument();
  });

  it('the box office (order.edit) is offered it', async () => {
    renderConsole(PAGE, {
      api: { ...asRole('box_office'), [`GET ${ORDER_PATH}`]: () => Response.json(makeDeskOrder()) },
    });
    expect(await screen.findByRole('button', { name: 'Correct name on ticket …K3F9X' })).toBeInTheDocument();
  });
});
