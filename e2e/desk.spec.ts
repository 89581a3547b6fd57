import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ConsoleEventListAnswerSchema } from '@marquee/domain/console';
import { formatMoney } from '@marquee/domain/money';
import { CreatedOrderSchema } from '@marquee/domain/orders';
import { EMPTY_SELECTION, remainingAllowance } from '@marquee/domain/selection';
import { protectedCallHeaders } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { buyerEmail } from './support/buyer';
import { getEventDetail } from './support/catalog';
import { signInToConsole } from './support/organiser';

/**
 * The orders desk (issue 22) end to end: the demo box office finds a two-ticket order by its Booking ID and
 * refunds one ticket of it; the order's page then shows that ticket voided, the refund, and what is left.
 */
const ORG = 'lanka-live';

/** Two tickets without seats of one of the organisation's paid, on-sale events, bought and paid by card. */
async function buyTwoTickets(page: Page, request: APIRequestContext) {
  const answer = await page.request.get(`/api/organiser/${ORG}/events`);
  expect(answer.status()).toBe(200);
  const { events } = ConsoleEventListAnswerSchema.parse(await answer.json());
  for (const summary of events.filter((event) => event.status === 'ongoing' && !event.sold_out)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.free_event || event.payment_gateways[0]?.kind !== 'card') continue;
    // Tickets without seats: a ticket list, or a free-seating package (a standing area) at a seated venue.
    const ticketPackage = event.ticket_packages.find(
      (p) =>
        (event.venue.seat_map === null || p.free_seating) &&
        p.active &&
        !p.sold_out &&
        p.price > 0 &&
        remainingAllowance(p, EMPTY_SELECTION) >= 2,
    );
    if (!ticketPackage) continue;
    const created = await request.post('/api/orders', {
      data: {
        event_id: event.id,
        buyer: { first_name: 'Dilani', last_name: 'Fernando', email: buyerEmail('dilani'), phone: '077 555 0101' },
        ticket_package_details: [{ package_id: ticketPackage.id, ticket_count: 2 }],
        terms_agreed: true,
      },
      headers: await protectedCallHeaders(request),
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = CreatedOrderSchema.parse(await created.json());
    const paid = await request.post(`/api/sandbox/payment_intents/${order.payment?.intent_id}/confirm`, {
      data: {
        client_secret: order.payment?.client_secret,
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
          name: 'Dilani Fernando',
        },
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    // The return address settles the order (as the buyer's browser would follow it).
    await request.get(`/api/bookings/status?orderId=${order.order_id}`, { maxRedirects: 0 });
    return { bookingId: order.order_id, unitPrice: ticketPackage.price, currency: event.currency };
  }
  throw new Error(`${ORG} has no paid, on-sale event with tickets without seats in the demo.`);
}

test('the box office finds an order by its Booking ID and refunds one of its two tickets', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page, `box-office@${ORG}.example`);
  const { bookingId, unitPrice, currency } = await buyTwoTickets(page, request);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(bookingId.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: 'Orders' });
  await expect(results.getByRole('link')).toHaveText([bookingId]);
  await expectNoAxeViolations(page, 'the desk: a search');
  await results.getByRole('link', { name: bookingId }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Order ${bookingId}` })).toBeVisible();
  const tickets = page.getByRole('region', { name: 'Tickets' }).getByRole('listitem');
  await expect(tickets).toHaveCount(2);
  await expect(tickets.filter({ hasText: 'Valid' })).toHaveCount(2);
  await expectNoAxeViolations(page, "the desk: an order's page");

  // The dialog starts with every ticket that still admits; one is left out, and the amount follows.
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${bookingId}` });
  const choices = dialog.getByRole('list', { name: 'Tickets' }).getByRole('checkbox');
  await expect(choices).toHaveCount(2);
  await choices.nth(1).uncheck();
  await expect(dialog.getByLabel(`Amount (${currency})`)).toHaveValue(/^[\d,]+(\.\d{2})?$/);
  await dialog.getByLabel('Reason').fill('The buyer cannot come on the night.');
  await expectNoAxeViolations(page, 'the desk: the refund dialog', { within: 'dialog[open]' });
  await dialog.getByRole('button', { name: `Refund ${formatMoney(unitPrice, currency)}` }).click();
  await expect(dialog).toBeHidden();

  await expect(tickets.filter({ hasText: /^.*Voided/ })).toHaveCount(1);
  await expect(tickets.filter({ hasText: 'Valid' })).toHaveCount(1);
  const refunds = page.getByRole('region', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText(formatMoney(unitPrice, currency));
  await expect(refunds.first()).toContainText('The buyer cannot come on the night.');
});
