import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyerEmail } from './support/buyer';
import { expectCaptchaSolved } from './support/captcha';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { CARD_ERROR_MESSAGES, PAYMENT_ERROR_MESSAGES } from '@marquee/domain/payments';
import { EMPTY_SELECTION, remainingAllowance } from '@marquee/domain/selection';
import { getEventDetail, listEvents } from './support/catalog';

/**
 * Paying for an order (issue 5) against the real server's sandbox provider: its card form, its test cards,
 * its 3-D Secure and instalment pages, and the return address that lands on step 4, the confirmation.
 */

/** An on-sale paid event without a seat map (with an instalment provider when asked) and a package with room. */
async function findEvent(
  request: APIRequestContext,
  needs: { instalments?: boolean } = {},
): Promise<{ event: EventDetail; ticketPackage: TicketPackage }> {
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing' && !e.free_event)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map !== null || event.promo_auto_apply) continue;
    if (needs.instalments && !event.payment_gateways.some((gateway) => gateway.kind === 'instalments')) continue;
    if (!needs.instalments && event.payment_gateways[0]?.kind !== 'card') continue;
    const ticketPackage = event.ticket_packages.find(
      (p) => p.active && !p.sold_out && p.price > 0 && remainingAllowance(p, EMPTY_SELECTION) >= 1,
    );
    if (ticketPackage) return { event, ticketPackage };
  }
  throw new Error('The demo catalogue has no paid, on-sale event without a seat map for this payment.');
}

/** Step 2 → 3: one ticket, the buyer, the terms, Proceed to pay; returns the Booking ID the hold shows. */
async function checkoutOneTicket(
  page: Page,
  event: EventDetail,
  ticketPackage: TicketPackage,
  gatewayName?: string,
): Promise<string> {
  await page.goto(`${event.path}?step=2`);
  const card = page.getByRole('listitem', { name: ticketPackage.name, exact: true });
  await card.getByRole('button', { name: /^ADD/ }).click();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\?step=3$/);

  await page.getByLabel('First name').fill('Nimal');
  await page.getByLabel('Last name').fill('Perera');
  await page.getByLabel('Email').fill(buyerEmail('nimal.perera'));
  await page.getByLabel('Phone').fill('077 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();

  if (gatewayName) await page.getByRole('radio', { name: gatewayName }).check();
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: /Proceed to pay/ }).click();
  await expect(page.getByText('We are holding your seat...')).toBeVisible();
  const orderId = (await page.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^MQ[0-9A-Z]{10}$/);
  return orderId;
}

/** Step 4 as the return address leaves it: paid, the Booking ID, the ticket. */
async function expectConfirmation(page: Page, orderId: string, ticketPackage: TicketPackage) {
  await expect(page).toHaveURL(new RegExp(`\\?step=4&orderId=${orderId}$`));
  const heading = page.getByRole('heading', { level: 2, name: 'Payment successful' });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(heading).toBeFocused();
  await expect(page.getByText('Your tickets are booked.')).toBeVisible();
  await expect(page.getByTestId('booking-id')).toHaveText(orderId);
  const tickets = page.getByRole('region', { name: 'Your tickets' }).getByRole('listitem');
  await expect(tickets).toHaveCount(1);
  await expect(tickets.first()).toContainText(ticketPackage.name);
  await expect(page.getByText(/A confirmation e-mail is on its way to/)).toContainText(buyerEmail('nimal.perera'));
  await expect(page.getByRole('link', { name: 'Download Your Tickets' }).last()).toHaveAttribute(
    'href',
    '/download-tickets',
  );
}

test('pay by card: the test card 4242 4242 4242 4242 books the ticket and lands on the confirmation', async ({
  page,
  request,
}) => {
  const { event, ticketPackage } = await findEvent(request);
  const orderId = await checkoutOneTicket(page, event, ticketPackage);

  // The sandbox's card form, checked as typed.
  await expect(page.getByRole('region', { name: /Test mode/ })).toContainText('4242 4242 4242 4242');
  const number = page.getByLabel('Card number');
  await number.pressSequentially('4242424242424241');
  await expect(number).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByText(CARD_ERROR_MESSAGES.incorrect_number)).toBeVisible();
  await number.fill('4242 4242 4242 4242');
  await expect(page.getByText(CARD_ERROR_MESSAGES.incorrect_number)).toBeHidden();
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await page.getByLabel('Expiry (MM / YY)').pressSequentially(`11${year}`);
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveValue(`11 / ${year}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nimal Perera');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expectConfirmation(page, orderId, ticketPackage);

  // A reload of the confirmation still shows the booking; the checkout is over.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('booking-id')).toHaveText(orderId);
  const order = await request.get(`/api/bookings/status?orderId=${orderId}`, { maxRedirects: 0 });
  expect(order.status()).toBe(303);
  expect(order.headers()['location']).toContain(`step=4&orderId=${orderId}`);
});

test('a declined card says so and keeps the form; another card then pays', async ({ page, request }) => {
  const { event, ticketPackage } = await findEvent(request);
  const orderId = await checkoutOneTicket(page, event, ticketPackage);

  await page.getByRole('button', { name: /^Use test card 4000 0000 0000 0002/ }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();
  const region = page.getByRole('region', { name: 'Step 3 Payment Details' });
  await expect(region.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\?step=3$/);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);

  await page.getByRole('button', { name: /^Use test card 4242 4242 4242 4242/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectConfirmation(page, orderId, ticketPackage);
});

test('a card that needs 3-D Secure: the challenge page, Approve, the confirmation', async ({ page, request }) => {
  const { event, ticketPackage } = await findEvent(request);
  const orderId = await checkoutOneTicket(page, event, ticketPackage);

  await page.getByRole('button', { name: /^Use test card 4000 0027 6000 3184/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expectConfirmation(page, orderId, ticketPackage);
});

test('a failed 3-D Secure challenge comes back to step 3 with its message, once', async ({ page, request }) => {
  const { event, ticketPackage } = await findEvent(request);
  const orderId = await checkoutOneTicket(page, event, ticketPackage);

  await page.getByRole('button', { name: /^Use test card 4000 0027 6000 3184/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  const region = page.getByRole('region', { name: 'Step 3 Payment Details' });
  await expect(region.getByRole('alert').first()).toContainText(PAYMENT_ERROR_MESSAGES.authentication_failed);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  // Told once: the parameter leaves the address, so a reload does not repeat it.
  await expect(page).toHaveURL(/\?step=3$/);
  await page.reload();
  await expect(page.getByText('We are holding your seat...')).toBeVisible();
  await expect(page.getByText(PAYMENT_ERROR_MESSAGES.authentication_failed)).toBeHidden();
});

test('pay by instalments: Continue to the provider, approve the plan, the confirmation', async ({ page, request }) => {
  const { event, ticketPackage } = await findEvent(request, { instalments: true });
  const provider = event.payment_gateways.find((gateway) => gateway.kind === 'instalments');
  const providerName = provider?.name ?? '';
  const orderId = await checkoutOneTicket(page, event, ticketPackage, providerName);

  await expect(page.getByText(`Pay in 3 instalments with ${providerName}`)).toBeVisible();
  await page.getByRole('button', { name: `Continue to ${providerName}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/instalments\//);
  await expect(page.getByRole('heading', { name: `Pay in 3 with ${providerName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve plan' }).click();

  await expectConfirmation(page, orderId, ticketPackage);
});
