import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketPackage } from '@marquee/domain/catalog';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { WAITLIST_MESSAGES } from '@marquee/domain/waitlist';
import { makeEventDetail, makeTicketPackage } from '../../../test/catalog-fixtures';
import { fakeAltcha } from '../../../test/fake-altcha';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { JoinWaitlist } from './join-waitlist';
import type { JoinWaitlistProps } from './join-waitlist-form';

const GOLD = makeTicketPackage({ id: 1, name: 'Gold', sold_out: true, available_seats: 0, max_per_order: 4 });
const SILVER = makeTicketPackage({ id: 2, name: 'Silver', price: 100000, sold_out: true, max_per_order: 2 });
const JOIN_PATH = 'POST /api/events/abc123/waitlist';
const JOINED = { status: 'pending', message: WAITLIST_MESSAGES.joined };

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = fakeApi());
  routes[JOIN_PATH] = () => Response.json(JOINED, { status: 202 });
});
afterEach(() => vi.unstubAllGlobals());

function renderJoin(props: Partial<JoinWaitlistProps> = {}) {
  render(
    <MemoryRouter>
      <JoinWaitlist event={makeEventDetail()} packages={[GOLD]} buyerPrefill={null} isIdRequired={false} {...props} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function openForm(user: ReturnType<typeof userEvent.setup>, name = 'Join the waitlist for Gold') {
  await user.click(screen.getByRole('button', { name }));
  const dialog = screen.getByRole('dialog', { name });
  // The form's code loads on the first press.
  const form = await within(dialog).findByRole('form', { name: 'Join the waitlist for Colombo Jazz Night' });
  return { dialog, form };
}

async function fillBuyer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Nimal');
  await user.type(screen.getByLabelText('Last name'), 'Perera');
  await user.type(screen.getByLabelText('Email'), 'nimal@example.com');
  await user.type(screen.getByLabelText('Phone'), '077 123 4567');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

const BUYER = {
  first_name: 'Nimal',
  last_name: 'Perera',
  email: 'nimal@example.com',
  phone: '077 123 4567',
  nic: 'n/a',
};

describe('Join the waitlist', () => {
  it('opens a dialog with the form, by keyboard too, and sends nothing until submitted', async () => {
    const user = renderJoin();
    const button = screen.getByRole('button', { name: 'Join the waitlist for Gold' });
    expect(button).toHaveTextContent('Join the waitlist');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Join the waitlist for Gold' });
    await within(dialog).findByRole('form');
    // One package: no choice of package; the number of tickets goes to its limit per order.
    expect(within(dialog).queryByLabelText('Package')).not.toBeInTheDocument();
    const quantity = within(dialog).getByLabelText('Number of tickets');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(quantity).toHaveAccessibleDescription('Up to 4 in Gold.');
    expect(within(dialog).getByTestId('captcha')).toBeInTheDocument();
    // One payment method: nothing to choose.
    expect(within(dialog).queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends the request with the human check, then says to check the e-mail, politely', async () => {
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await user.selectOptions(within(dialog).getByLabelText('Number of tickets'), '2');
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent(WAITLIST_MESSAGES.joined);
    expect(status).toHaveTextContent('We sent it to nimal@example.com');
    expect(status).toHaveFocus();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/events/abc123/waitlist');
    expect(sent[0]?.body).toEqual({ package_id: 1, quantity: 2, buyer: BUYER, terms_agreed: true });
    expect(sent[0]?.headers.get('X-Captcha')).toMatch(/^captcha-\d+$/);
  });

  it('starts with the signed-in buyer, and offers the choice of package and payment method a sold-out event has', async () => {
    const event = makeEventDetail({
      payment_gateways: [
        { id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' },
        { id: 2, name: 'PayIn3', logo: '/images/gateways/payin3.svg', kind: 'instalments' },
      ],
    });
    const user = renderJoin({
      event,
      packages: [GOLD, SILVER],
      buyerPrefill: { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com' },
    });
    const { dialog } = await openForm(user, 'Join the waitlist');
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Nimal');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('nimal@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Number of tickets'), '4');
    // Silver allows 2 per order: the number follows.
    await user.selectOptions(within(dialog).getByLabelText('Package'), 'Silver');
    expect(within(dialog).getByLabelText('Number of tickets')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Number of tickets')).toHaveAccessibleDescription('Up to 2 in Silver.');
    const methods = within(dialog).getByRole('group', { name: 'Payment method' });
    expect(within(methods).getByRole('radio', { name: 'Card' })).toBeChecked();
    await user.click(within(methods).getByRole('radio', { name: 'PayIn3' }));
    await user.type(within(dialog).getByLabelText('Phone'), '0771234567');
    await user.click(within(dialog).getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    await within(dialog).findByRole('status');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      package_id: 2,
      quantity: 2,
      buyer: { ...BUYER, phone: '0771234567' },
      payment_gateway_id: 2,
      terms_agreed: true,
    });
  });

  it("checks the details with the checkout's messages before sending anything", async () => {
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    expect(await within(dialog).findByText(BUYER_MESSAGES.email)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(new RegExp(BUYER_MESSAGES.email));
    expect(within(dialog).getByLabelText('First name')).toHaveAccessibleDescription(BUYER_MESSAGES.firstName);
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(new RegExp(BUYER_MESSAGES.phone));
    expect(within(dialog).getByRole('checkbox', { name: /I agree to the/ })).toHaveAccessibleDescription(
      BUYER_MESSAGES.terms,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's field errors beside their fields", async () => {
    routes[JOIN_PATH] = () =>
      Response.json(
        {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          errors: { 'buyer.email': ['Email is invalid'], quantity: ['No more than 4 tickets per order.'] },
        },
        { status: 422 },
      );
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    const quantity = within(dialog).getByLabelText('Number of tickets');
    await vi.waitFor(() => expect(quantity).toHaveAccessibleDescription(/No more than 4 tickets per order\./));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(/Email is invalid/);
    expect(quantity).toHaveFocus();
    // Every message has its field: no alert at the top repeats them.
    expect(within(dialog).queryByText('Some fields are invalid.')).not.toBeInTheDocument();
  });

  it('shows a field error the form has no field for above it', async () => {
    routes[JOIN_PATH] = () =>
      Response.json(
        {
          code: 'validation_failed',
          message: 'x',
          errors: { payment_gateway_id: ['This payment method is not offered.'] },
        },
        { status: 422 },
      );
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payment method is not offered.');
  });

  it.each([
    ['waitlist_closed', 409, 'The sale of this event has ended.'],
    ['not_found', 404, 'This event does not exist or is no longer listed.'],
    ['rate_limited', 429, WAITLIST_MESSAGES.tooMany],
    ['captcha_failed', 403, 'The human check failed. Please try again.'],
    ['validation_failed', 422, 'The request is invalid.'],
  ])('a %s answer shows its message and keeps the form', async (code, status, message) => {
    routes[JOIN_PATH] = () => Response.json({ code, message }, { status });
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
  });

  it('a not_sold_out answer tells the buyer to choose the tickets, and takes them there', async () => {
    routes[JOIN_PATH] = () => Response.json({ code: 'not_sold_out', message: 'Not sold out.' }, { status: 409 });
    const onChooseTickets = vi.fn();
    const user = renderJoin({ onChooseTickets });
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WAITLIST_MESSAGES.notSoldOut);
    await user.click(within(dialog).getByRole('button', { name: 'Choose tickets' }));
    expect(onChooseTickets).toHaveBeenCalledOnce();
  });

  it('tells when the human check cannot be solved, and sends nothing', async () => {
    fakeAltcha.outcome = 'error';
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The human check could not be completed.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows it is sending, and ignores a second press meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    routes[JOIN_PATH] = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = renderJoin();
    const { dialog } = await openForm(user);
    await fillBuyer(user);
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    const busy = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    answer(Response.json(JOINED, { status: 202 }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(WAITLIST_MESSAGES.joined);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers nothing without a sold-out package', () => {
    renderJoin({ packages: [] satisfies TicketPackage[] });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
