import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectCaptchaSolved } from './support/captcha';
import { protectedCallHeaders } from './support/api';
import { BOOKING_LOOKUP_MESSAGES } from '@marquee/domain/bookings';
import { CreatedOrderSchema } from '@marquee/domain/orders';
import { EMPTY_SELECTION, remainingAllowance } from '@marquee/domain/selection';
import { getEventDetail, listEvents } from './support/catalog';

/**
 * After the purchase (issue 6): the booking is found on Download Your Tickets by its Booking ID and the
 * checkout e-mail (no NIC was given), its PDF downloads as {order_id}.pdf, and the confirmation e-mail
 * is in the local outbox viewer.
 */
const EMAIL = 'kumari.silva@example.com';

async function buyOneTicket(request: APIRequestContext): Promise<string> {
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing' && !e.free_event)) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map !== null || event.payment_gateways[0]?.kind !== 'card') continue;
    const ticketPackage = event.ticket_packages.find(
      (p) => p.active && !p.sold_out && p.price > 0 && remainingAllowance(p, EMPTY_SELECTION) >= 1,
    );
    if (!ticketPackage) continue;
    const created = await request.post('/api/orders', {
      data: {
        event_id: event.id,
        buyer: { first_name: 'Kumari', last_name: 'Silva', email: EMAIL, phone: '077 765 4321' },
        ticket_package_details: [{ package_id: ticketPackage.id, ticket_count: 1 }],
        terms_agreed: true,
      },
      headers: await protectedCallHeaders(request),
    });
    expect(created.status()).toBe(201);
    const order = CreatedOrderSchema.parse(await created.json());
    const paid = await request.post(`/api/sandbox/payment_intents/${order.payment?.intent_id}/confirm`, {
      data: {
        client_secret: order.payment?.client_secret,
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
          name: 'Kumari Silva',
        },
      },
    });
    expect(paid.status()).toBe(200);
    const back = await request.get(`/api/bookings/status?orderId=${order.order_id}`, { maxRedirects: 0 });
    expect(back.headers()['location']).toContain('step=4');
    return order.order_id;
  }
  throw new Error('The demo catalogue has no paid, on-sale event without a seat map.');
}

test('Download Your Tickets: find the booking with the checkout e-mail and download its PDF', async ({
  page,
  request,
}) => {
  const orderId = await buyOneTicket(request);

  await page.goto('/download-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Download Your Tickets' })).toBeVisible();

  // A wrong NIC is answered like an unknown booking.
  await page.getByLabel('Booking ID').fill(orderId);
  await page.getByLabel('NIC').fill('952345678V');
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: 'Search Ticket' }).click();
  await expect(page.getByRole('alert')).toContainText(BOOKING_LOOKUP_MESSAGES.notFound);

  await page.getByLabel('NIC').fill(EMAIL);
  await expectCaptchaSolved(page);
  await page.getByRole('button', { name: 'Search Ticket' }).click();
  const summary = page.getByRole('region', { name: /./ }).filter({ hasText: orderId }).first();
  await expect(summary).toContainText('Complete');
  await expect(summary).toContainText('found it with the e-mail used at checkout');
  const list = page.getByRole('region', { name: 'Your tickets' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Download tickets (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${orderId}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The confirmation e-mail went through the outbox (no SMTP here: the local viewer keeps it).
  await expect.poll(async () => (await request.get('/dev/mail')).text(), { timeout: 20_000 }).toContain(orderId);
});
