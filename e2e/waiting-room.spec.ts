import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import type { EventDetail } from '@marquee/domain/catalog';
import { buyerEmail } from './support/buyer';
import { expectCaptchaSolved } from './support/captcha';
import { putNewEventOnSale } from './support/organiser';

/*
 * The waiting room (issue 23) end to end: the demo owner puts a new event on sale behind a waiting room, through
 * the console's own form (its "High demand" setting). A buyer arriving at the event page is sent to the queue,
 * waits, is let in, and buys with the sandbox's test card. Another browser that never queued picks tickets
 * anyway (its selection typed into the checkout's address), is refused at checkout (403 queue_required) and
 * sent to the queue.
 *
 * A new event of its own, so no other spec's buyer meets its queue.
 */

const ORG = 'lanka-live';
const PACKAGE = 'General admission';

/** The owner puts a new event on sale behind a waiting room, set in the console's own "Create an event" form. */
async function putEventOnSaleBehindAWaitingRoom(page: Page, stamp: string): Promise<EventDetail> {
  const event = await putNewEventOnSale(page, {
    org: ORG,
    venueName: `Queue Hall ${stamp}`,
    eventName: `On-sale Rush ${stamp}`,
    packageName: PACKAGE,
    capacity: 100,
    configure: async (create) => {
      // The setting under test: a waiting room, at its slowest (10 buyers a minute, so the first waits about 6 s).
      await create.getByRole('checkbox', { name: 'High demand: put the sale behind a waiting room' }).check();
      await expect(create.getByLabel('Buyers let in per minute')).toHaveValue('600');
      await create.getByLabel('Buyers let in per minute').fill('10');
      await expectNoAxeViolations(page, 'the console: a new event with a waiting room', {
        within: 'form[aria-label="Create an event"]',
      });
    },
  });
  expect(event.waiting_room).toBe(true);
  return event;
}

async function fillBuyer(page: Page, local: string) {
  await page.getByLabel('First name').fill('Nimal');
  await page.getByLabel('Last name').fill('Perera');
  await page.getByLabel('Email').fill(buyerEmail(local));
  await page.getByLabel('Phone').fill('077 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await expectCaptchaSolved(page);
}

async function newBuyer(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('waiting room: a buyer waits, is let in and buys; a browser that never queued is refused at checkout and sent to the queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const event = await putEventOnSaleBehindAWaitingRoom(page, stamp);
  const { uid } = event;
  const queuePath = `/events/${uid}/queue`;
  const ticketPackage = event.ticket_packages.find((p) => p.name === PACKAGE);
  if (!ticketPackage) throw new Error(`${event.name} has no ${PACKAGE} package.`);

  // The buyer: the event page sends them to the queue instead of Book Now.
  const buyer = await newBuyer(browser);
  await buyer.goto(event.path);
  const notice = buyer.getByRole('heading', { name: 'This sale has a waiting room' });
  await expect(notice).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  await expectNoAxeViolations(buyer, 'the event page of a sale behind a waiting room');
  await buyer.getByRole('link', { name: 'Join the queue' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${queuePath}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: event.name })).toBeVisible();

  // Waiting (the first answer), then let in at the server's pace: the page updates by itself.
  const turn = buyer.getByRole('heading', { level: 2, name: "It's your turn" });
  await expect(buyer.getByRole('heading', { level: 2, name: /^You are (next )?in line$/ })).toBeVisible();
  await expect(buyer.getByText(/^You are number 1 in line\./).first()).toBeVisible();
  await expect(buyer.getByRole('progressbar', { name: 'Your way to the front of the line' })).toBeVisible();
  await expect(buyer.getByText(/refreshing does not lose your place/)).toBeVisible();
  await expectNoAxeViolations(buyer, 'the queue page, waiting');
  await expect(turn).toBeVisible({ timeout: 60_000 });
  const turnSentence = /^It's your turn! You have until .+ to choose your tickets\.$/;
  await expect(buyer.locator('p:not([aria-live])', { hasText: turnSentence })).toBeVisible();
  // Said to screen readers once, politely, when it changed (not when the page first showed it).
  await expect(buyer.locator('[aria-live="polite"]')).toHaveText(turnSentence);
  await expectNoAxeViolations(buyer, 'the queue page, admitted');
  // A refresh keeps the place: still admitted.
  await buyer.reload();
  await expect(turn).toBeVisible();

  // Tickets, checkout, the sandbox's test card.
  await buyer.getByRole('link', { name: 'Choose your tickets' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${event.path}\\?step=2$`));
  const card = buyer.getByRole('listitem', { name: PACKAGE, exact: true });
  await card.getByRole('button', { name: /^ADD/ }).click();
  await buyer.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(buyer).toHaveURL(/\?step=3$/);
  await fillBuyer(buyer, 'queued.buyer');
  const saved = buyer.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/orders'),
  );
  await buyer.getByRole('button', { name: /Proceed to pay/ }).click();
  const savedResponse = await saved;
  expect(savedResponse.status(), await savedResponse.text()).toBe(201);
  await buyer.getByRole('button', { name: /^Use test card 4242 4242 4242 4242/ }).click();
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await expect(buyer.getByRole('heading', { level: 2, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });

  // Another browser that never queued: its tickets chosen (the selection as the ticket list keeps it), straight
  // to checkout. The server refuses the order, and the page sends it to the queue with a word of why.
  const stranger = await newBuyer(browser);
  await stranger.goto(`${event.path}?step=2`);
  await expect(stranger.getByRole('heading', { name: 'This sale has a waiting room' })).toBeVisible();
  await expect(stranger.getByRole('heading', { name: 'Choose your tickets' })).toHaveCount(0);
  await stranger.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    `marquee:selection:${uid}`,
    JSON.stringify({ packages: { [String(ticketPackage.id)]: 1 }, seats: [] }),
  ] as const);
  await stranger.goto(`${event.path}?step=3`);
  await fillBuyer(stranger, 'never.queued');
  const refused = stranger.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/orders'),
  );
  await stranger.getByRole('button', { name: /Proceed to pay/ }).click();
  const refusedResponse = await refused;
  expect(refusedResponse.status()).toBe(403);
  expect(await refusedResponse.json()).toMatchObject({ code: 'queue_required' });
  await expect(stranger).toHaveURL(new RegExp(`${queuePath}$`));
  await expect(stranger.getByText('Your order was not saved')).toBeVisible();
  await expect(
    stranger.getByRole('heading', { level: 2, name: /^(You are (next )?in line|It's your turn)$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(stranger, 'the queue page, sent from checkout');
  await stranger.context().close();
  await buyer.context().close();
});
