import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { EventDetail } from '@marquee/domain/catalog';
import { protectedCallHeaders } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { buyerEmail } from './support/buyer';
import { expectCaptchaSolved } from './support/captcha';
import { getEventDetail } from './support/catalog';
import { readMail } from './support/mail';
import { putNewEventOnSale } from './support/organiser';

/*
 * The waitlist of a sold-out package (issue 23) end to end. The demo owner puts a new event on sale with one
 * package of 2 tickets, and another buyer's unpaid order holds both: the package (and so the event) is sold out.
 * A buyer joins the waitlist for 2 from the event page, confirms with the e-mail's link and is number 1 in line.
 * The owner raises the capacity by 2 in the console; the tickets that came back go to the line (a latecomer's
 * order for them is refused), the buyer is e-mailed the offer, opens it and pays with the sandbox's test card.
 *
 * A new event of its own: the demo's sold-out events stay as other specs find them.
 */

const ORG = 'lanka-live';
const PACKAGE = 'Front rows';
const CAPACITY = 2;
/** What the buyer asks for, and what the owner adds. */
const QUANTITY = 2;

/** A buyer's order for this event's package straight through the API: an answer to check, not yet checked. */
async function orderPackage(request: APIRequestContext, event: EventDetail, packageId: number, email: string) {
  return request.post('/api/orders', {
    data: {
      event_id: event.id,
      buyer: { first_name: 'Alice', last_name: 'Perera', email, phone: '0771234567' },
      seats: [],
      ticket_package_details: [{ package_id: packageId, ticket_count: QUANTITY }],
      terms_agreed: true,
    },
    headers: await protectedCallHeaders(request),
  });
}

/** The link behind an e-mail's button: the mail's HTML shown as a page, its button read as a reader would. */
async function linkOfMail(page: Page, to: string, subject: string, button: string): Promise<string> {
  const html = await readMail(page, to, subject);
  await page.setContent(html);
  const href = (await page.getByRole('link', { name: button }).getAttribute('href')) ?? '';
  expect(href, `the "${button}" link of "${subject}"`).not.toBe('');
  return href;
}

test('waitlist: a buyer joins a sold-out package, confirms, is offered the tickets that came back and pays', async ({
  page: organiser,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const event = await putNewEventOnSale(organiser, {
    org: ORG,
    venueName: `Waitlist Hall ${stamp}`,
    eventName: `Sold-out Encore ${stamp}`,
    packageName: PACKAGE,
    capacity: CAPACITY,
  });
  const ticketPackage = event.ticket_packages.find((p) => p.name === PACKAGE);
  if (!ticketPackage) throw new Error(`${event.name} has no ${PACKAGE} package.`);

  // Another buyer holds every ticket (an unpaid order holds them for 10 minutes): sold out.
  const holder = await browser.newContext();
  const held = await orderPackage(holder.request, event, ticketPackage.id, buyerEmail('ticket.holder'));
  expect(held.status(), await held.text()).toBe(201);
  // The catalogue may answer from its cache for a few seconds.
  await expect
    .poll(async () => (await getEventDetail(organiser.request, event.uid)).status, { timeout: 20_000 })
    .toBe('soldout');

  // The buyer: step 1 says Tickets Soldout and offers the waitlist; the form, by keyboard where a buyer would.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const email = buyerEmail('waitlist.buyer');
  await buyer.goto(event.path);
  await expect(buyer.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(buyer.getByText('Tickets Soldout').first()).toBeVisible();
  const join = buyer.getByRole('button', { name: `Join the waitlist for ${PACKAGE}` });
  await join.focus();
  await buyer.keyboard.press('Enter');
  const dialog = buyer.getByRole('dialog', { name: `Join the waitlist for ${PACKAGE}` });
  const form = dialog.getByRole('form', { name: `Join the waitlist for ${event.name}` });
  await expect(form).toBeVisible();
  await form.getByLabel('Number of tickets').selectOption(String(QUANTITY));
  await form.getByLabel('First name').fill('Nimal');
  await form.getByLabel('Last name').fill('Perera');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('077 123 4567');
  const terms = form.getByRole('checkbox', { name: /I agree to the Terms/ });
  await terms.focus();
  await buyer.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await expectCaptchaSolved(form);
  await expectNoAxeViolations(buyer, 'the waitlist form, open in its dialog', { within: 'dialog[open]' });
  const submit = form.getByRole('button', { name: 'Join the waitlist' });
  await submit.focus();
  const joined = buyer.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/api/events/${event.uid}/waitlist`),
  );
  await buyer.keyboard.press('Enter');
  expect((await joined).status()).toBe(202);
  const notice = dialog.getByRole('status');
  await expect(notice).toContainText('Check your e-mail: confirm your place on the waitlist');
  await expect(notice).toContainText(email);
  await expect(notice).toBeFocused();

  // The confirmation e-mail's link, and its page's button: number 1 in line.
  const confirmLink = await linkOfMail(
    buyer,
    email,
    `Confirm your place on the waitlist: ${event.name}`,
    'Confirm my place',
  );
  expect(confirmLink).toMatch(/\/waitlist\/confirm\?token=/);
  await buyer.goto(confirmLink);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Confirm your place on the waitlist' })).toBeVisible();
  await buyer.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(buyer.getByText(`You are number 1 in line for ${QUANTITY} × ${PACKAGE} — ${event.name}.`)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
  await expectNoAxeViolations(buyer, 'the waitlist confirm page, confirmed');

  // Tickets come back: the owner raises the package's capacity in the console's package editor.
  await organiser
    .getByRole('navigation', { name: 'Event sections' })
    .getByRole('link', { name: /Ticket packages/ })
    .click();
  const packages = organiser.getByRole('region', { name: 'Ticket packages' });
  await expect(packages.getByRole('article', { name: PACKAGE })).toContainText(`left of ${CAPACITY}`);
  await packages.getByRole('button', { name: `Edit ${PACKAGE}` }).click();
  const editor = packages.getByRole('form', { name: `Edit ${PACKAGE}` });
  await editor.getByLabel('Capacity').fill(String(CAPACITY + QUANTITY));
  await editor.getByRole('button', { name: 'Save the package' }).click();
  await expect(organiser.getByText(`${PACKAGE} is saved.`)).toBeVisible();
  await expect(packages.getByRole('article', { name: PACKAGE })).toContainText(`of ${CAPACITY + QUANTITY}`);

  // The returned tickets are the line's: a latecomer's order for them is refused.
  const latecomer = await browser.newContext();
  const refused = await orderPackage(latecomer.request, event, ticketPackage.id, buyerEmail('latecomer'));
  expect(refused.status(), await refused.text()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'sold_out' });

  // The offer e-mail (the server's worker places the held order), its page, and on to the payment.
  const offerLink = await linkOfMail(buyer, email, `Tickets held for you: ${event.name}`, 'Pay for my tickets');
  expect(offerLink).toMatch(/\/waitlist\/offer\?token=/);
  await buyer.goto(offerLink);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Your waitlist tickets' })).toBeVisible();
  const pay = buyer.getByRole('button', { name: 'Continue to payment' });
  await expect(pay).toBeVisible();
  await expectNoAxeViolations(buyer, 'the waitlist offer page');
  await pay.click();

  // The checkout's payment step, with the held order; the sandbox's test card pays for it.
  await expect(buyer).toHaveURL(new RegExp(`${event.path}\\?step=3$`));
  await expect(buyer.getByText('We are holding your seat...')).toBeVisible();
  const orderId = (await buyer.getByTestId('order-id').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^MQ[0-9A-Z]{10}$/);
  await buyer.getByRole('button', { name: /^Use test card 4242 4242 4242 4242/ }).click();
  await buyer.getByRole('button', { name: /^Pay / }).click();

  await expect(buyer).toHaveURL(new RegExp(`\\?step=4&orderId=${orderId}$`));
  await expect(buyer.getByRole('heading', { level: 2, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await expect(buyer.getByTestId('booking-id')).toHaveText(orderId);
  const line = buyer.getByRole('table', { name: 'Your order' }).getByRole('rowheader', { name: new RegExp(PACKAGE) });
  await expect(line).toContainText(`${QUANTITY} ×`);
  const tickets = buyer.getByRole('region', { name: 'Your tickets' }).getByRole('listitem');
  await expect(tickets).toHaveCount(QUANTITY);
  for (const ticket of await tickets.all()) await expect(ticket).toContainText(PACKAGE);
  await expect(buyer.getByText(/A confirmation e-mail is on its way to/)).toContainText(email);

  await latecomer.close();
  await buyerContext.close();
  await holder.close();
});
