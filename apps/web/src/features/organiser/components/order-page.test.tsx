import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../lib/instant-display';
import { renderConsole } from '../test/render-console';
import { asRole, BOOKING_ID, makeDeskOrder, makeDeskTicket, requests } from '../test/desk-fixtures';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_PATH = `/api/organiser/acme/orders/${BOOKING_ID}`;
const PAGE = `/organiser/acme/orders/${BOOKING_ID}`;
const answering = (order = makeDeskOrder()) => ({ [`GET ${ORDER_PATH}`]: () => Response.json(order) });

describe("an order's page", () => {
  it('the buyer with contact, the lines with seats, the totals, the payment timeline, e-mails and resends', async () => {
    renderConsole(PAGE, {
      api: answering(
        makeDeskOrder({
          resends: [{ at: '2026-11-21T08:00:00.000Z', by: 'nuwan@example.com' }],
          kept_emails: [{ kind: 'order_confirmation', subject: 'Your tickets', kept_at: '2026-11-20T09:17:06.000Z' }],
        }),
      ),
    });
    const buyer = await screen.findByRole('region', { name: 'Buyer' });
    expect(screen.getByRole('heading', { level: 1, name: `Order ${BOOKING_ID}` })).toBeInTheDocument();
    expect(buyer).toHaveTextContent('Nimal Perera');
    expect(buyer).toHaveTextContent('nimal@example.com');
    expect(buyer).toHaveTextContent('+94771234567');
    expect(buyer).toHaveTextContent('199012345678');
    const lines = within(screen.getByRole('table', { name: 'Lines of the order' })).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('GoldStalls · Row A · Seat 1Stalls · Row A · Seat 2LKR 5,000.002LKR 10,000.00');
    expect(lines[2]).toHaveTextContent('GeneralFree seating');
    const totals = screen.getByRole('region', { name: 'Tickets ordered' });
    expect(totals).toHaveTextContent('Convenience feeLKR 300.00');
    expect(totals).toHaveTextContent('TotalLKR 12,300.00');
    const timeline = within(screen.getByRole('list', { name: 'Payment timeline, oldest first' })).getAllByRole(
      'listitem',
    );
    expect(timeline.map((step) => step.textContent)).toEqual([
      `${formatInstant('2026-11-20T09:15:00.000Z')} Order made, payment started`,
      `${formatInstant('2026-11-20T09:16:30.000Z')} Provider event from sandbox: payment_intent.succeeded`,
      `${formatInstant('2026-11-20T09:17:00.000Z')} Paid`,
    ]);
    const emails = within(screen.getByRole('list', { name: 'E-mails' })).getAllByRole('listitem');
    expect(emails[0]).toHaveTextContent('Order confirmation');
    expect(emails[0]).toHaveTextContent('Sent');
    expect(screen.getByRole('list', { name: 'Kept e-mails' })).toHaveTextContent('Your tickets');
    expect(screen.getByRole('list', { name: 'Resends' })).toHaveTextContent(
      `${formatInstant('2026-11-21T08:00:00.000Z')} by nuwan@example.com`,
    );
  });

  it('contact null (a role without order.contact.read): "Not shown to your role"', async () => {
    renderConsole(PAGE, { api: { ...asRole('box_office'), ...answering(makeDeskOrder({ contact: null })) } });
    const buyer = await screen.findByRole('region', { name: 'Buyer' });
    expect(buyer).toHaveTextContent('ContactNot shown to your role');
    expect(buyer).not.toHaveTextContent('nimal@example.com');
    expect(buyer).toHaveTextContent('Nimal Perera');
  });

  it('tickets with their badges: valid, checked in (when), voided (when)', async () => {
    const usedAt = '2026-12-05T13:40:00.000Z';
    const voidedAt = '2026-11-22T10:00:00.000Z';
    renderConsole(PAGE, {
      api: answering(
        makeDeskOrder({
          tickets: [
            makeDeskTicket(),
            makeDeskTicket({ id: 502, code_suffix: 'Q8ZT2', used_at: usedAt }),
            makeDeskTicket({ id: 503, code_suffix: 'M4PW7', voided_at: voidedAt }),
          ],
        }),
      ),
    });
    const tickets = within(await screen.findByRole('list', { name: 'Tickets' })).getAllByRole('listitem');
    expect(tickets[0]).toHaveTextContent('Code …K3F9X');
    expect(tickets[0]).toHaveTextContent('Valid');
    expect(tickets[1]).toHaveTextContent(`Checked in ${formatInstant(usedAt)}`);
    expect(tickets[2]).toHaveTextContent(`Voided ${formatInstant(voidedAt)}`);
    expect(tickets[2]).not.toHaveTextContent('Valid');
  });

  it('refunds: amount, reason, pending or done', async () => {
    renderConsole(PAGE, {
      api: answering(
        makeDeskOrder({
          refunded_amount: 700_000,
          refundable_amount: 530_000,
          refunds: [
            {
              id: 1,
              status: 'succeeded',
              amount: 500_000,
              currency: 'LKR',
              ticket_ids: [501],
              reason: 'Cannot come',
              created_at: '2026-11-21T10:00:00.000Z',
              succeeded_at: '2026-11-21T10:00:01.000Z',
            },
            {
              id: 2,
              status: 'pending',
              amount: 200_000,
              currency: 'LKR',
              ticket_ids: [],
              reason: 'Late start',
              created_at: '2026-11-22T10:00:00.000Z',
              succeeded_at: null,
            },
          ],
        }),
      ),
    });
    const [done, pending] = within(await screen.findByRole('list', { name: 'Refunds' })).getAllByRole('listitem');
    expect(done).toHaveTextContent('LKR 5,000.00Done');
    expect(done).toHaveTextContent('Cannot come');
    expect(done).toHaveTextContent('1 ticket voided');
    expect(pending).toHaveTextContent('LKR 2,000.00Pending');
    expect(pending).toHaveTextContent('money only');
    expect(pending).toHaveTextContent('the provider has not confirmed yet');
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
  });

  it('Resend confirmation posts, says it is queued, and reloads the order', async () => {
    const world = renderConsole(PAGE, {
      api: {
        ...answering(),
        [`POST ${ORDER_PATH}/confirmation`]: () =>
          Response.json({ booking_id: BOOKING_ID, status: 'queued', resends_left: 2 }, { status: 202 }),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Resend confirmation' }));
    expect(await screen.findByText(/The confirmation is queued/)).toHaveTextContent('2 more resends this hour.');
    expect(requests(`${ORDER_PATH}/confirmation`, 'POST')).toHaveLength(1);
    await waitFor(() => expect(requests(ORDER_PATH).length).toBe(2));
  });

  it('a 429 is said in words', async () => {
    const world = renderConsole(PAGE, {
      api: {
        ...answering(),
        [`POST ${ORDER_PATH}/confirmation`]: () =>
          refusal(429, 'rate_limited', 'The confirmation can be resent 3 times an hour. Try again later.'),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Resend confirmation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The confirmation can be resent 3 times an hour. Try again later.',
    );
    expect(screen.queryByText(/The confirmation is queued/)).not.toBeInTheDocument();
  });

  it('not paid: Resend confirmation is disabled, with the reason; no Refund', async () => {
    renderConsole(PAGE, {
      api: answering(makeDeskOrder({ status: 'pending', refundable_amount: 0, tickets: [], emails: [] })),
    });
    const resend = await screen.findByRole('button', { name: 'Resend confirmation' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription('Not paid yet: there is no confirmation to resend.');
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('another organisation’s or an unknown order: No such order', async () => {
    renderConsole(PAGE, { api: { [`GET ${ORDER_PATH}`]: () => refusal(404, 'not_found', 'No such order.') } });
    expect(await screen.findByRole('heading', { name: 'No such order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/organiser/acme/orders');
  });

  it('an address that is no Booking ID is no page', async () => {
    renderConsole('/organiser/acme/orders/not-an-order', { api: answering() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(requests('/api/organiser/acme/orders')).toEqual([]);
  });

  it('a Booking ID typed in lower case opens the order', async () => {
    renderConsole(`/organiser/acme/orders/${BOOKING_ID.toLowerCase()}`, { api: answering() });
    expect(await screen.findByRole('region', { name: 'Buyer' })).toBeInTheDocument();
    expect(requests('/api/organiser/acme/orders').map((call) => call.url)).toEqual([ORDER_PATH]);
  });
});
