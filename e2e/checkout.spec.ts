import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyerEmail } from './support/buyer';
import { expectCaptchaSolved } from './support/captcha';
import type { EventDetail } from '@marquee/domain/catalog';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { formatMoney } from '@marquee/domain/money';
import { CreatedOrderSchema, OrderSchema, SeatStatesSchema } from '@marquee/domain/orders';
import { priceOrder } from '@marquee/domain/pricing';
import { EMPTY_SELECTION, remainingAllowance } from '@marquee/domain/selection';
import { getEventDetail, listEvents } from './support/catalog';

/** An on-sale paid event without a seat map, one of whose packages can take two tickets. */
async function findListEvent(request: APIRequestContext) {
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing' && !e.free_event)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map !== null || event.promo_auto_apply) continue;
    const ticketPackage = event.ticket_packages.find(
      (p) => p.active && !p.sold_out && p.price > 0 && remainingAllowance(p, EMPTY_SELECTION) >= 2,
    );
    if (ticketPackage) return { event, ticketPackage };
  }
  throw new Error('The demo catalogue has no paid, on-sale event without a seat map.');
}

/** An on-sale paid event at a venue with a seat map. */
async function findSeatMapEvent(request: APIRequestContext): Promise<EventDetail> {
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing' && !e.free_event)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map !== null && !event.promo_auto_apply) return event;
  }
  throw new Error('The demo catalogue has no paid, on-sale event with a seat map.');
}

async function fillBuyer(page: Page) {
  await page.getByLabel('First name').fill('Nimal');
  await page.getByLabel('Last name').fill('Perera');
  await page.getByLabel('Email').fill(buyerEmail('Nimal.Perera', 'Example.com'));
  await page.getByLabel('Phone').fill('077 123 4567');
}

/** The order as its holder reads it (the access token the checkout keeps in this tab). */
async function readOrder(page: Page, request: APIRequestContext, uid: string) {
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), `marquee:checkout-order:${uid}`);
  const parsed: unknown = JSON.parse(stored ?? 'null');
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('orderId' in parsed) ||
    !('accessToken' in parsed) ||
    typeof parsed.orderId !== 'string' ||
    typeof parsed.accessToken !== 'string'
  ) {
    throw new Error('The checkout keeps no order in this tab.');
  }
  const access = { orderId: parsed.orderId, accessToken: parsed.accessToken };
  const read = async () =>
    OrderSchema.parse(
      await (
        await request.get(`/api/orders/${access.orderId}`, {
          headers: { authorization: `Bearer ${access.accessToken}` },
        })
      ).json(),
    );
  return { access, read };
}

test('checkout from the ticket list: details, summary, promo, hold, reload, cancel', async ({ page, request }) => {
  const { event, ticketPackage } = await findListEvent(request);
  const totals = priceOrder({
    packages: [{ packageId: ticketPackage.id, unitPrice: ticketPackage.price, quantity: 2 }],
    handlingCost: event.handling_cost,
  });

  await page.goto(`${event.path}?step=2`);
  const card = page.getByRole('listitem', { name: ticketPackage.name, exact: true });
  await card.getByRole('button', { name: /^ADD/ }).click();
  await card.getByRole('button', { name: `Add one ${ticketPackage.name} ticket` }).click();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\?step=3$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm details and pay' })).toBeFocused();

  // Step 1: Continue validates.
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').focus();
  await expect(page.getByText(BUYER_MESSAGES.email)).toBeVisible();
  await fillBuyer(page);
  await expect(page.getByText(BUYER_MESSAGES.email)).toBeHidden();
  await continueButton.click();

  // Step 2: the summary, a refused promo code, the terms.
  const summary = page.getByRole('table', { name: 'Your order' });
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText(formatMoney(totals.total, event.currency));
  if (totals.convenienceFee > 0) {
    await expect(summary.getByRole('row', { name: /Convenience Fee/ })).toContainText(
      formatMoney(totals.convenienceFee, event.currency),
    );
  }
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText('Promo code');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');

  const proceed = page.getByRole('button', { name: /Proceed to pay/ });
  await proceed.click({ force: true }); // aria-disabled: focusable, says what is missing
  await expect(page.getByText(BUYER_MESSAGES.terms)).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await expectCaptchaSolved(page);
  await proceed.click();

  // Step 3: the hold, counted down from the server's expiry.
  await expect(page.getByText('We are holding your seat...')).toBeVisible();
  await expect(page.getByTestId('hold-countdown')).toHaveText(/^(10:00|09:[0-5]\d)$/);
  const orderId = (await page.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^MQ[0-9A-Z]{10}$/);
  await expect(page.getByRole('region', { name: 'Step 3 Payment Details' })).toContainText(
    formatMoney(totals.total, event.currency),
  );
  // The hold is real: the server has the order pending, its tickets held until the expiry shown.
  const { read } = await readOrder(page, request, event.uid);
  const held = await read();
  expect(held).toMatchObject({ order_id: orderId, status: 'pending', total: totals.total });
  expect(Date.parse(held.hold_expires_at) - Date.parse(held.server_time)).toBeGreaterThan(9 * 60_000);

  // A reload resumes the same order.
  await page.reload();
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  await expect(page.getByText('We are holding your seat...')).toBeVisible();

  // Cancelling releases the hold at once.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order was cancelled and your seats released.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step 2 Order Summary' })).toHaveAttribute('aria-expanded', 'true');
  expect(await read()).toMatchObject({ status: 'cancelled', cancel_reason: 'cancelled_by_buyer' });
});

test('checkout of a seat chosen from the list: the seat is priced, held and then shown taken', async ({
  page,
  request,
}) => {
  const event = await findSeatMapEvent(request);
  await page.goto(`${event.path}?step=2`);
  await page.getByRole('button', { name: 'Choose seats from a list' }).click();
  // The last row of the last section: far from the seats other specs pick.
  const sectionSelect = page.getByRole('combobox', { name: /^Section/ });
  const sections = await sectionSelect.locator('option').allTextContents();
  await sectionSelect.selectOption({ label: sections.at(-1) ?? '' });
  const rowSelect = page.getByRole('combobox', { name: /^Row/ });
  const rows = await rowSelect.locator('option').allTextContents();
  await rowSelect.selectOption({ label: rows.at(-1) ?? '' });
  const seat = page.locator('fieldset input[type="checkbox"]:not([disabled])').last();
  const seatLabel = (await seat.getAttribute('aria-label')) ?? '';
  await seat.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\?step=3$/);

  await fillBuyer(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('table', { name: 'Your order' });
  await expect(summary.getByRole('list', { name: /^Seats for / })).toContainText(/Row .* Seat /);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/orders'));
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: /Proceed to pay/ }).click();
  const order = CreatedOrderSchema.parse(await (await saved).json());
  await expect(page.getByText('We are holding your seat...')).toBeVisible();
  const seatId = order.lines[0]?.seats[0] ?? '';
  expect(order.lines.flatMap((line) => line.seats)).toEqual([seatId]);
  expect(seatLabel).toContain(`seat ${seatId.split('-').at(-1)},`);

  // The seat is now taken for everyone else, and free again once the order is cancelled.
  const takenSeats = async () =>
    SeatStatesSchema.parse(await (await request.get(`/api/events/${event.uid}/seats`)).json()).taken;
  await expect.poll(takenSeats, { timeout: 5_000 }).toContain(seatId);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order was cancelled and your seats released.')).toBeVisible();
  await expect.poll(takenSeats, { timeout: 5_000 }).not.toContain(seatId);
});

test('a free event: the order is complete when saved, and the confirmation lists the tickets', async ({
  page,
  request,
}) => {
  let found: { event: EventDetail; name: string } | null = null;
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing' && e.free_event)) {
    const event = await getEventDetail(request, summary.uid);
    const ticketPackage = event.ticket_packages.find((p) => p.active && !p.sold_out && p.available_seats > 0);
    if (event.venue.seat_map === null && ticketPackage) found = { event, name: ticketPackage.name };
  }
  if (!found) throw new Error('The demo catalogue has no free on-sale event without a seat map.');
  const { event, name } = found;

  await page.goto(`${event.path}?step=2`);
  const card = page.getByRole('listitem', { name, exact: true });
  await card.getByRole('button', { name: /^ADD/ }).click();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await fillBuyer(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: /Proceed to pay/ }).click();

  await expect(page).toHaveURL(/\?step=4&orderId=MQ[0-9A-Z]{10}$/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByText('Your tickets are booked.')).toBeVisible();
});
