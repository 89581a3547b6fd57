import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ConsoleEventListAnswerSchema } from '@marquee/domain/console';
import { GatePackSchema } from '@marquee/domain/gate';
import { formatMoney } from '@marquee/domain/money';
import { CreatedOrderSchema } from '@marquee/domain/orders';
import { EMPTY_SELECTION, remainingAllowance } from '@marquee/domain/selection';
import { protectedCallHeaders } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { buyerEmail } from './support/buyer';
import { getEventDetail } from './support/catalog';
import { signInToConsole } from './support/organiser';
import { ticketQrCodes, type TicketQr } from './support/ticket-qr';

/**
 * The gate (issue 22) end to end: the box office refunds one ticket of a three-ticket order; a manager makes a
 * check-in list; the door opens its scanner and is fed the tickets' QR codes as photos: the refunded ticket is
 * refused, another admitted and then "already scanned"; with the network cut the third is admitted from the
 * phone's copy of the list and queued, and once the network is back the queue syncs and the server has it in.
 */
const ORG = 'lanka-live';
const BUYER = { first_name: 'Gayan', last_name: 'Wickramasinghe' };

/** Three tickets without seats of one of the organisation's paid, on-sale events, in one paid order. */
async function buyThreeTickets(page: Page, request: APIRequestContext) {
  const answer = await page.request.get(`/api/organiser/${ORG}/events`);
  expect(answer.status()).toBe(200);
  const { events } = ConsoleEventListAnswerSchema.parse(await answer.json());
  for (const summary of events.filter((event) => event.status === 'ongoing' && !event.sold_out)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.free_event || event.payment_gateways[0]?.kind !== 'card') continue;
    const ticketPackage = event.ticket_packages.find(
      (p) =>
        (event.venue.seat_map === null || p.free_seating) &&
        p.active &&
        !p.sold_out &&
        p.price > 0 &&
        remainingAllowance(p, EMPTY_SELECTION) >= 3,
    );
    if (!ticketPackage) continue;
    const email = buyerEmail('gayan');
    const created = await request.post('/api/orders', {
      data: {
        event_id: event.id,
        buyer: { ...BUYER, email, phone: '077 555 0202' },
        ticket_package_details: [{ package_id: ticketPackage.id, ticket_count: 3 }],
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
          name: 'Gayan W',
        },
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    await request.get(`/api/bookings/status?orderId=${order.order_id}`, { maxRedirects: 0 });
    return {
      bookingId: order.order_id,
      email,
      eventUid: summary.uid,
      packageName: ticketPackage.name,
      unitPrice: ticketPackage.price,
      currency: event.currency,
    };
  }
  throw new Error(`${ORG} has no paid, on-sale event with three tickets without seats left in the demo.`);
}

/** The box office refunds the order's first ticket on the desk; the code suffix of the refunded ticket. */
async function refundFirstTicket(
  page: Page,
  bookingId: string,
  unitPrice: number,
  currency: Parameters<typeof formatMoney>[1],
): Promise<string> {
  await page.goto(`/organiser/${ORG}/orders/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${bookingId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${bookingId}` });
  const choices = dialog.getByRole('list', { name: 'Tickets' }).getByRole('checkbox');
  await expect(choices).toHaveCount(3);
  await choices.nth(1).uncheck();
  await choices.nth(2).uncheck();
  const label = (await dialog.getByRole('list', { name: 'Tickets' }).getByRole('listitem').first().textContent()) ?? '';
  const suffix = /…(\w+)\)/.exec(label)?.[1];
  expect(suffix, label).toBeTruthy();
  await dialog.getByLabel('Reason').fill('The buyer cannot come.');
  await dialog.getByRole('button', { name: `Refund ${formatMoney(unitPrice, currency)}` }).click();
  await expect(dialog).toBeHidden();
  return suffix ?? '';
}

/** Hands a QR picture to the scanner's "Scan from a photo", as a phone's camera app would. */
async function scanPhoto(page: Page, qr: TicketQr) {
  await page
    .getByLabel('Scan from a photo')
    .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: qr.png });
}

test('the gate scanner refuses a refunded ticket, admits the other once, and syncs an offline scan', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // The box office: the order, its tickets' QR codes (from the buyer's PDF), and one ticket refunded.
  await signInToConsole(page, `box-office@${ORG}.example`);
  const order = await buyThreeTickets(page, request);
  const qrs = await ticketQrCodes(request, order.bookingId, order.email);
  expect(qrs).toHaveLength(3);
  const suffix = await refundFirstTicket(page, order.bookingId, order.unitPrice, order.currency);
  const refunded = qrs.find((qr) => qr.code.endsWith(suffix));
  const [valid, third] = qrs.filter((qr) => qr !== refunded);
  if (!refunded || !valid || !third) throw new Error(`No ticket of ${order.bookingId} ends with ${suffix}.`);

  // A manager makes the gate's list: the package of the order.
  const listName = `Main gate ${test.info().testId.slice(-6)}`;
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInToConsole(manager, `manager@${ORG}.example`);
  await manager.goto(`/organiser/${ORG}/events/${order.eventUid}/gate`);
  await expect(manager.getByRole('heading', { level: 1, name: /^Gate · / })).toBeVisible();
  await manager.getByRole('button', { name: 'New check-in list' }).first().click();
  const form = manager.getByRole('dialog', { name: 'New check-in list' });
  await form.getByRole('textbox', { name: /Name/ }).fill(listName);
  await form.getByRole('checkbox', { name: order.packageName, exact: true }).check();
  await form.getByRole('button', { name: 'Create the list' }).click();
  await expect(form).toBeHidden();
  await expect(manager.getByRole('article', { name: listName })).toContainText('of');
  await expectNoAxeViolations(manager, "the gate: an event's check-in lists");
  await managerContext.close();

  // The door: the console opens on the Gate; the event from its list; the list's scanner.
  // A phone held at the door (390 px wide, touch), where the scanner is used and checked.
  const doorContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const door = await doorContext.newPage();
  await signInToConsole(door, `door@${ORG}.example`);
  await door.goto(`/organiser/${ORG}`);
  await expect(door.getByRole('heading', { level: 1, name: 'Gate' })).toBeVisible();
  // The events it may scan at are listed (the door may not read events: the gate's own route lists them).
  await door
    .getByRole('list', { name: 'Events' })
    .locator(`a[href="/organiser/${ORG}/events/${order.eventUid}/gate"]`)
    .click();
  await door.getByRole('link', { name: `Scan at ${listName}` }).click();
  await expect(door.getByRole('heading', { level: 1, name: `Scanning · ${listName}` })).toBeVisible();
  await expect(door.getByText(/^Downloaded \d+ tickets? at \d\d:\d\d$/)).toBeVisible();
  const listId = Number(new URL(door.url()).pathname.split('/').at(-1));

  const refusedPanel = door.getByRole('alert').filter({ hasText: 'Refused' });
  const admittedPanel = door.getByRole('status').filter({ hasText: 'Admitted' });

  // The refunded ticket: refused, with why.
  await scanPhoto(door, refunded);
  await expect(refusedPanel).toContainText(/refunded|voided/i);
  await expectNoAxeViolations(door, 'the gate: the scanner with a refusal');

  // The other: admitted with the holder's name, then "already scanned".
  await scanPhoto(door, valid);
  await expect(admittedPanel).toContainText(`${BUYER.first_name} ${BUYER.last_name}`);
  await expect(admittedPanel).toContainText(order.packageName);
  await scanPhoto(door, valid);
  await expect(door.getByRole('alert').filter({ hasText: 'Already scanned' })).toBeVisible();

  // The network cut: the third ticket is admitted from the phone's list and waits.
  await doorContext.setOffline(true);
  await expect(door.getByText(/^Offline/)).toBeVisible();
  await scanPhoto(door, third);
  await expect(admittedPanel).toContainText('Admitted offline');
  await expect(door.getByText('Offline · 1 scan waiting')).toBeVisible();

  // Back online: the queue is sent, and the server has the ticket in.
  await doorContext.setOffline(false);
  await expect(door.getByText('Online', { exact: true })).toBeVisible({ timeout: 20_000 });
  const pack = await door.request.get(
    `/api/organiser/${ORG}/events/${order.eventUid}/check-in-lists/${listId}/tickets`,
  );
  expect(pack.status()).toBe(200);
  const states = new Map(GatePackSchema.parse(await pack.json()).tickets.map((ticket) => [ticket.code, ticket.state]));
  expect(states.get(third.code)).toBe('used');
  expect(states.get(valid.code)).toBe('used');
  expect(states.get(refunded.code)).toBe('voided');
  await doorContext.close();
});
