import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../lib/instant-display';
import { bodiesOf, renderConsole, type ApiHandler } from '../test/render-console';
import { asRole, BOOKING_ID, makeDeskOrder, makeDeskTicket, makeRefundAnswer, requests } from '../test/desk-fixtures';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_PATH = `/api/organiser/acme/orders/${BOOKING_ID}`;
const REFUNDS_PATH = `${ORDER_PATH}/refunds`;
const PAGE = `/organiser/acme/orders/${BOOKING_ID}`;
const GOLD_1 = 'Gold, Stalls · Row A · Seat 1 (ticket …K3F9X)';
const GOLD_2 = 'Gold, Stalls · Row A · Seat 2 (ticket …Q8ZT2)';
const GENERAL = 'General (ticket …M4PW7)';

function openOrder(api: Record<string, ApiHandler> = {}, order = makeDeskOrder()) {
  return renderConsole(PAGE, { api: { [`GET ${ORDER_PATH}`]: () => Response.json(order), ...api } });
}

async function openDialog(world: ReturnType<typeof openOrder>) {
  await world.user.click(await screen.findByRole('button', { name: 'Refund…' }));
  return screen.getByRole('dialog', { name: `Refund order ${BOOKING_ID}` });
}

/** The Idempotency-Key each refund request carried. */
const refundKeys = () => requests(REFUNDS_PATH, 'POST').map((call) => call.headers['Idempotency-Key']);

/** Gold seat 2 only, LKR 5,000.00, and a reason. */
async function chooseGoldTwo(world: ReturnType<typeof openOrder>, dialog: HTMLElement) {
  await world.user.click(within(dialog).getByRole('checkbox', { name: GOLD_1 }));
  await world.user.click(within(dialog).getByRole('checkbox', { name: GENERAL }));
  await world.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cannot come');
}

describe('the refund dialog', () => {
  it('starts with every ticket that still admits and the whole amount left; the chosen tickets set the amount', async () => {
    const world = openOrder();
    const dialog = await openDialog(world);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (LKR)' });
    // All three: the whole order, fee included.
    expect(amount).toHaveValue('12,300.00');
    expect(dialog).toHaveTextContent(
      'Refund LKR 12,300.00 and void 3 tickets: the gate will refuse them, the buyer is e-mailed.',
    );
    await world.user.click(within(dialog).getByRole('checkbox', { name: GOLD_1 }));
    expect(amount).toHaveValue('7,000.00');
    await world.user.click(within(dialog).getByRole('checkbox', { name: GENERAL }));
    expect(amount).toHaveValue('5,000.00');
    expect(dialog).toHaveTextContent(
      'Refund LKR 5,000.00 and void 1 ticket: the gate will refuse it, the buyer is e-mailed.',
    );
    expect(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' })).toBeInTheDocument();
    // Editable: the summary follows what is typed.
    await world.user.clear(amount);
    await world.user.type(amount, '4500');
    expect(dialog).toHaveTextContent('Refund LKR 4,500.00 and void 1 ticket');
  });

  it('voided and checked-in tickets cannot be chosen, and say why', async () => {
    const world = openOrder(
      {},
      makeDeskOrder({
        refunded_amount: 200_000,
        refundable_amount: 1_030_000,
        tickets: [
          makeDeskTicket({ used_at: '2026-12-05T13:40:00.000Z' }),
          makeDeskTicket({
            id: 502,
            code_suffix: 'Q8ZT2',
            seat: { id: 'S-A-2', section: 'Stalls', row: 'A', number: '2', label: 'Stalls · Row A · Seat 2' },
          }),
          makeDeskTicket({
            id: 503,
            code_suffix: 'M4PW7',
            package_name: 'General',
            seat: null,
            voided_at: '2026-11-22T10:00:00.000Z',
          }),
        ],
      }),
    );
    const dialog = await openDialog(world);
    const used = within(dialog).getByRole('checkbox', { name: GOLD_1 });
    expect(used).toBeDisabled();
    expect(used).not.toBeChecked();
    expect(used).toHaveAccessibleDescription(
      expect.stringContaining(`Checked in ${formatInstant('2026-12-05T13:40:00.000Z')}`),
    );
    const voided = within(dialog).getByRole('checkbox', { name: GENERAL });
    expect(voided).toBeDisabled();
    expect(voided).toHaveAccessibleDescription(
      `Voided ${formatInstant('2026-11-22T10:00:00.000Z')} by an earlier refund.`,
    );
    // Seat 2 is all that still admits, but the admitted ticket keeps its share: its own price, not the rest.
    expect(within(dialog).getByRole('checkbox', { name: GOLD_2 })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Amount (LKR)' })).toHaveValue('5,000.00');
  });

  it('sends the tickets, the amount in minor units and the reason, with an Idempotency-Key; then reloads the order', async () => {
    const world = openOrder({ [`POST ${REFUNDS_PATH}`]: () => Response.json(makeRefundAnswer(), { status: 201 }) });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    expect(await screen.findByText('Refunded LKR 5,000.00. The buyer is e-mailed.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', REFUNDS_PATH)).toEqual([
      { ticket_ids: [502], amount: 500_000, reason: 'Cannot come' },
    ]);
    expect(refundKeys()[0]).toMatch(/^[A-Za-z0-9_:-]{8,100}$/);
    await waitFor(() => expect(requests(ORDER_PATH).length).toBe(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Refund money only sends ticket_ids: [] and says no ticket is voided', async () => {
    const world = openOrder({ [`POST ${REFUNDS_PATH}`]: () => Response.json(makeRefundAnswer(), { status: 201 }) });
    const dialog = await openDialog(world);
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'Refund money only: void no ticket' }));
    expect(within(dialog).getByRole('checkbox', { name: GOLD_1 })).toBeDisabled();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (LKR)' });
    await world.user.clear(amount);
    await world.user.type(amount, '1,000');
    await world.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Late start');
    expect(dialog).toHaveTextContent(
      'Refund LKR 1,000.00 and void no ticket: the tickets still admit, the buyer is e-mailed.',
    );
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 1,000.00' }));
    await screen.findByText(/^Refunded/);
    expect(bodiesOf(world, 'POST', REFUNDS_PATH)).toEqual([{ ticket_ids: [], amount: 100_000, reason: 'Late start' }]);
  });

  it('a retry after a network error sends the same Idempotency-Key; a new opening a new one', async () => {
    let tries = 0;
    const world = openOrder({
      [`POST ${REFUNDS_PATH}`]: () =>
        ++tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Response.json(makeRefundAnswer(), { status: 201 }),
    });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not reach Marquee.');
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    await screen.findByText(/^Refunded/);
    const [first, second] = refundKeys();
    expect(first).toEqual(expect.any(String));
    expect(second).toBe(first);

    const again = await openDialog(world);
    await chooseGoldTwo(world, again);
    await world.user.click(within(again).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    await waitFor(() => expect(refundKeys()).toHaveLength(3));
    expect(refundKeys()[2]).not.toBe(first);
  });

  it('a double click sends one request, the button busy meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const world = openOrder({
      [`POST ${REFUNDS_PATH}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.dblClick(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    const busy = await within(dialog).findByRole('button', { name: 'Refunding…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await world.user.click(busy);
    expect(requests(REFUNDS_PATH, 'POST')).toHaveLength(1);
    answer(Response.json(makeRefundAnswer(), { status: 201 }));
    await screen.findByText(/^Refunded/);
    expect(requests(REFUNDS_PATH, 'POST')).toHaveLength(1);
  });

  it('202: recorded, but the provider has not confirmed yet and it is retried', async () => {
    const world = openOrder({
      [`POST ${REFUNDS_PATH}`]: () =>
        Response.json(makeRefundAnswer({ refund: { status: 'pending', succeeded_at: null } }), { status: 202 }),
    });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    expect(await screen.findByText(/the payment provider has not confirmed it yet/)).toHaveTextContent(
      'Marquee retries it until it does.',
    );
  });

  it('422 refund_exceeds_paid goes under the amount', async () => {
    const message = 'At most LKR 3,000.00 is left to refund on this order.';
    const world = openOrder({
      [`POST ${REFUNDS_PATH}`]: () => refusal(422, 'refund_exceeds_paid', message, { amount: [message] }),
    });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (LKR)' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('checked in the browser first: above what is left, no reason; nothing sent', async () => {
    const world = openOrder();
    const dialog = await openDialog(world);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (LKR)' });
    await world.user.clear(amount);
    await world.user.type(amount, '20,000');
    // The button names no amount the server would refuse.
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('At most LKR 12,300.00 is left to refund'));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(requests(REFUNDS_PATH, 'POST')).toEqual([]);
  });

  it('a 409 is said above the form', async () => {
    const message = 'Already admitted at the gate, so not voided: ticket 502. Refund money only (ticket_ids: []).';
    const world = openOrder({ [`POST ${REFUNDS_PATH}`]: () => refusal(409, 'ticket_already_used', message) });
    const dialog = await openDialog(world);
    await chooseGoldTwo(world, dialog);
    await world.user.click(within(dialog).getByRole('button', { name: 'Refund LKR 5,000.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('the box office may refund (the permission table gives it order.refund)', async () => {
    openOrder(asRole('box_office'));
    expect(await screen.findByRole('button', { name: 'Refund…' })).toBeInTheDocument();
  });

  it('the door cannot open the order, so sees no Refund button', async () => {
    openOrder(asRole('door'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('nothing left to refund: no Refund button', async () => {
    openOrder({}, makeDeskOrder({ refunded_amount: 1_230_000, refundable_amount: 0 }));
    expect(await screen.findByRole('button', { name: 'Resend confirmation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
    expect(screen.getByText('Refunded', { selector: 'span' })).toBeInTheDocument();
  });
});
