import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, createPromoCode, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { orders, outbox, sandboxPaymentIntents } from '@marquee/db/schema';
import type { CreatedOrder } from '@marquee/domain/orders';
import { eventPath } from '@marquee/domain/slug';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import type { MailConfig } from '../../config';
import { createTicketsService } from '../tickets/service';
import { MAX_ATTEMPTS, createMailService, retryDelaySeconds } from './service';
import { buyTickets, orderTickets, payWith4242, TEST_BUYER } from '../../test-support/buy-tickets';
import { expireHold } from '../../test-support/expire-hold';
import {
  attachmentsOf,
  partText,
  startSmtpSink,
  type MimePart,
  type ReceivedMail,
  type SmtpSink,
} from '../../test-support/smtp-sink';

const FROM = 'Marquee <tickets@marquee.test>';
const PUBLIC_URL = 'http://marquee.test';

let t: TestApp;
let sink: SmtpSink;
const sinks: SmtpSink[] = [];

async function startSink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const started = await startSmtpSink(options);
  sinks.push(started);
  return started;
}

/** The worker as app.ts wires it: the tickets module renders the PDF and signs the link to it. */
function mailService(smtpUrl: string) {
  const config: MailConfig = { smtpUrl, from: FROM, viewer: 'off' };
  const tickets = createTicketsService({ db: t.db, config: { publicUrl: PUBLIC_URL } });
  return createMailService({
    db: t.db,
    config,
    publicUrl: PUBLIC_URL,
    log: t.app.log,
    renderTicketsPdf: tickets.renderTicketsPdf,
    ticketsLink: (bookingId) => tickets.ticketUrl(bookingId, { absolute: true }),
  });
}

async function outboxRow(bookingId: string, kind: 'order_confirmation' | 'payment_refunded' = 'order_confirmation') {
  const [row] = await t.db
    .select({
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      isSent: sql<boolean>`${outbox.sentAt} IS NOT NULL`,
      isLater: sql<boolean>`${outbox.nextAttemptAt} > now()`,
      secondsAhead: sql<number>`extract(epoch FROM ${outbox.nextAttemptAt} - now())::float8`,
    })
    .from(outbox)
    .innerJoin(orders, eq(orders.id, outbox.orderId))
    .where(sql`${orders.orderId} = ${bookingId} AND ${outbox.kind} = ${kind}`);
  if (!row) throw new Error(`No ${kind} e-mail queued for ${bookingId}`);
  return row;
}

async function makeDue(bookingId: string): Promise<void> {
  await t.db.execute(
    sql`UPDATE outbox SET next_attempt_at = now() WHERE order_id = (SELECT id FROM orders WHERE order_id = ${bookingId})`,
  );
}

/** An Australian event at a fixed instant, so the e-mail's date and time in the venue's zone are known. */
async function sydneyEvent(overrides: { capacity?: number; price?: number } = {}) {
  const venue = await createVenue(t.db, {
    name: `Harbour Hall ${Math.random().toString(36).slice(2, 8)}`,
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
  });
  const event = await createEvent(t.db, {
    venueId: venue.id,
    currency: 'AUD',
    handlingCost: 1_000,
    startDate: new Date('2030-03-01T09:30:00Z'),
  });
  const pkg = await createTicketPackage(t.db, {
    eventId: event.id,
    name: 'Front Stalls',
    capacity: overrides.capacity ?? 50,
    price: overrides.price ?? 250_000,
  });
  return { venue, event, pkg };
}

function messageOf(mail: ReceivedMail | undefined): MimePart {
  if (!mail) throw new Error('No such e-mail was received');
  return mail.message;
}

function subjectOf(mail: ReceivedMail | undefined): string {
  return mail?.message.headers.get('subject') ?? '';
}

beforeAll(async () => {
  // The app is configured for SMTP (so it has no outbox viewer); the tests drive its worker's sendDue themselves.
  t = await buildTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: FROM, viewer: 'off' } });
  sink = await startSink();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await Promise.all(sinks.map((started) => started.close()));
  await t.close();
});

describe('the confirmation e-mail through SMTP', () => {
  let order: CreatedOrder;
  let received: ReceivedMail | undefined;
  let event: Awaited<ReturnType<typeof sydneyEvent>>['event'];

  it('is sent once after a 4242 payment: envelope, subject, text and HTML, the PDF attached', async () => {
    const created = await sydneyEvent();
    event = created.event;
    await createPromoCode(t.db, { eventId: event.id, code: 'SAVE10', kind: 'percent', value: 10 });
    order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: created.pkg.id, ticket_count: 3 }],
      promo_code: 'SAVE10',
    });
    expect(await outboxRow(order.order_id)).toMatchObject({ status: 'pending', attempts: 0 });

    const result = await mailService(sink.url).sendDue();
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
    received = sink.received[0];

    expect(received?.envelope).toEqual({ from: 'tickets@marquee.test', to: [TEST_BUYER.email] });
    expect(received?.user).toBe('marquee'); // SMTP_URL's user and password were used to log in
    const headers = received?.message.headers;
    expect(headers?.get('from')).toBe('Marquee <tickets@marquee.test>');
    expect(headers?.get('to')).toBe(`Nimal Perera <${TEST_BUYER.email}>`);
    expect(subjectOf(received)).toBe(`Your Marquee tickets: ${event.name} · ${order.order_id}`);
    expect(headers?.get('message-id')).toBe(`<order-confirmation.${order.order_id}@marquee.test>`);

    const text = partText(messageOf(received), 'text/plain') ?? '';
    expect(text).toContain('Hello Nimal,');
    expect(text).toContain(`Booking ID: ${order.order_id}`);
    expect(text).toContain(`Event:      ${event.name}`);
    expect(text).toContain('When:       Fri, 1 Mar 2030 · 8:30 PM AEDT');
    expect(text).toMatch(/Where: {6}Harbour Hall \w+, Sydney/);
    expect(text).toContain('- Front Stalls: 3 × AUD 2,500.00 = AUD 7,500.00');
    expect(text).toContain('Convenience fee: AUD 10.00');
    expect(text).toContain('Discount (SAVE10): − AUD 750.00');
    expect(order.total).toBe(750_000 + 1_000 - 75_000);
    expect(text).toContain('Total paid: AUD 6,760.00');
    expect(text).toContain(`Download Your Tickets: ${PUBLIC_URL}/download-tickets`);
    expect(text).toContain(`attached to this e-mail as ${order.order_id}.pdf`);

    const html = partText(messageOf(received), 'text/html') ?? '';
    expect(html).toMatch(/^<!doctype html>\n<html lang="en"/);
    expect(html).toContain('<h1');
    expect(html).toContain(order.order_id);
    expect(html).toContain(event.name);
    expect(html).toContain('AUD 6,760.00');
    expect(html).toContain('3 × AUD 2,500.00');
    expect(html).toContain(`href="${PUBLIC_URL}/download-tickets"`);
    expect(html).not.toContain('<script');

    // The tickets PDF from the tickets module, attached as {Booking ID}.pdf.
    const attachments = attachmentsOf(messageOf(received));
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.filename).toBe(`${order.order_id}.pdf`);
    expect(attachments[0]?.type).toBe('application/pdf');
    const pdf = attachments[0]?.content ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pdf.length).toBeGreaterThan(2_000);
    // And a signed link straight to it, which answers with the same tickets.
    const link = new RegExp(`${PUBLIC_URL}(/api/tickets/${order.order_id}\\.pdf\\?\\S+)`).exec(text)?.[1];
    expect(link).toBeDefined();
    const download = await t.app.inject({ url: link ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    expect(await outboxRow(order.order_id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      isSent: true,
    });
  });

  it('is not sent again: sendDue finds nothing, and paying or returning again queues nothing new', async () => {
    expect(await mailService(sink.url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
    expect(await mailService(sink.url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
  });
});

describe('failures, retries and restarts', () => {
  it('SMTP server down: the e-mail stays pending with its error and backs off; once the server is back, it is sent once', async () => {
    const { event, pkg } = await sydneyEvent();
    const order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const down = await startSink();
    const port = down.port;
    await down.close();
    const url = `smtp://marquee:secret@127.0.0.1:${port}`;

    expect(await mailService(url).sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const failed = await outboxRow(order.order_id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, isSent: false, isLater: true });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.secondsAhead).toBeGreaterThan(retryDelaySeconds(1) - 5);
    expect(failed.secondsAhead).toBeLessThanOrEqual(retryDelaySeconds(1));

    // A restart: a new worker (a new process) reads the same table. Not due yet: nothing is sent.
    const back = await startSink({ port });
    expect(await mailService(url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(back.received).toHaveLength(0);

    await makeDue(order.order_id);
    expect(await mailService(url).sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await mailService(url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(back.received).toHaveLength(1);
    expect(subjectOf(back.received[0])).toContain(order.order_id);
    expect(await outboxRow(order.order_id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('backs off from 30 s, doubling, to an hour between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelaySeconds(attempts))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts: status failed, and an error is logged`, async () => {
    const { event, pkg } = await sydneyEvent();
    const order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    await t.db.execute(
      sql`UPDATE outbox SET attempts = ${MAX_ATTEMPTS - 1} WHERE order_id = (SELECT id FROM orders WHERE order_id = ${order.order_id})`,
    );
    const logged = vi.spyOn(t.app.log, 'error');
    expect(await mailService('smtp://127.0.0.1:9').sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await outboxRow(order.order_id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, isSent: false });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'order_confirmation', attempts: MAX_ATTEMPTS }),
      'e-mail given up',
    );
    await makeDue(order.order_id);
    expect(await mailService(sink.url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('a recipient the server refuses for good (550) is not retried', async () => {
    const refusing = await startSink({ rejectRecipient: (address) => address.startsWith('nobody') });
    const { event, pkg } = await sydneyEvent();
    const order = await buyTickets(
      t,
      { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] },
      { email: 'nobody@example.com' },
    );
    vi.spyOn(t.app.log, 'error');
    expect(await mailService(refusing.url).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await outboxRow(order.order_id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('550');
  });

  it('three workers at once (three processes) send each of 12 e-mails once', async () => {
    const { event, pkg } = await sydneyEvent();
    const bookingIds: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const order = await buyTickets(t, {
        event_id: event.id,
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      });
      bookingIds.push(order.order_id);
    }
    const before = sink.received.length;
    const results = await Promise.all([1, 2, 3].map(() => mailService(sink.url).sendDue()));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);
    const ids = sink.received.slice(before).map((mail) => mail.message.headers.get('message-id') ?? '');
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(ids.every((id) => bookingIds.some((bookingId) => id.includes(bookingId)))).toBe(true);
  });

  it('a crash between sending and marking sends again with the same Message-ID (the at-least-once window)', async () => {
    const { event, pkg } = await sydneyEvent();
    const order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const before = sink.received.length;
    expect((await mailService(sink.url).sendDue()).sent).toBe(1);
    // As if the process had died after the server accepted the message but before the row was marked sent.
    await t.db.execute(
      sql`UPDATE outbox SET status = 'pending', sent_at = NULL, next_attempt_at = now() WHERE order_id = (SELECT id FROM orders WHERE order_id = ${order.order_id})`,
    );
    expect((await mailService(sink.url).sendDue()).sent).toBe(1);
    const ids = sink.received.slice(before).map((mail) => mail.message.headers.get('message-id'));
    expect(ids).toEqual([
      `<order-confirmation.${order.order_id}@marquee.test>`,
      `<order-confirmation.${order.order_id}@marquee.test>`,
    ]);
  });
});

describe('the payment_refunded e-mail', () => {
  it('tells a buyer whose payment came after the hold ended, with the seat sold meanwhile, that it was refunded', async () => {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(1, 3), timeZone: 'Asia/Colombo', city: 'Colombo' });
    const event = await createEvent(t.db, { venueId: venue.id, startDate: new Date('2030-06-12T13:00:00Z') });
    await createTicketPackage(t.db, {
      eventId: event.id,
      name: 'Stalls',
      price: 5_000,
      seatingRange: ['A-1-1', 'A-1-2', 'A-1-3'],
    });
    const late = await orderTickets(
      t,
      { event_id: event.id, seats: ['A-1-2'] },
      { first_name: 'Kamala', email: 'kamala@example.com' },
    );
    await expireHold(t.db, late.order_id);
    const other = await orderTickets(t, { event_id: event.id, seats: ['A-1-2'] });
    await payWith4242(t, other);
    // The late buyer's payment succeeds at the provider after all: the order fails and is refunded.
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    await t.app.inject({ url: `/api/bookings/status?orderId=${late.order_id}` });

    const before = sink.received.length;
    expect(await mailService(sink.url).sendDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const refund = sink.received.slice(before).find((mail) => mail.envelope.to[0] === 'kamala@example.com');
    // The buyer who got the seat is told which one, as the tickets PDF names it.
    const confirmation = sink.received.slice(before).find((mail) => mail.envelope.to[0] === TEST_BUYER.email);
    expect(partText(messageOf(confirmation), 'text/plain')).toContain(
      '- Stalls: 1 × LKR 50.00 = LKR 50.00\n  Seat: Section A · Row 1 · Seat 2',
    );
    expect(subjectOf(refund)).toBe(`Your payment for ${event.name} was refunded · ${late.order_id}`);
    expect(refund?.message.headers.get('message-id')).toBe(`<payment-refunded.${late.order_id}@marquee.test>`);
    expect(attachmentsOf(messageOf(refund))).toEqual([]);
    const text = partText(messageOf(refund), 'text/plain') ?? '';
    expect(text).toContain('Hello Kamala,');
    expect(text).toContain('after the 10 minutes we hold tickets for had run out');
    expect(text).toContain('We have refunded the full amount, LKR 50.00,');
    expect(text).toContain('We are sorry');
    expect(text).toContain('When:       Wed, 12 Jun 2030 · 6:30 PM GMT+5:30');
    expect(text).toContain(`${PUBLIC_URL}${eventPath(event)}`);
    const html = partText(messageOf(refund), 'text/html') ?? '';
    expect(html).toContain('Your payment was refunded');
    expect(html).toContain('LKR 50.00');
    expect(await outboxRow(late.order_id, 'payment_refunded')).toMatchObject({ status: 'sent' });
  });
});

describe('buyer-provided values in the HTML', () => {
  it('are escaped: a name like <script> is text, in the HTML part of the message actually sent', async () => {
    const { event, pkg } = await sydneyEvent();
    const order = await orderTickets(
      t,
      { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] },
      {
        first_name: "Seán O'Brien",
      },
    );
    // The API refuses such names; a row written some other way (an import, an old version) must still be harmless.
    await t.db
      .update(orders)
      .set({ firstName: '<script>alert("first")</script>', lastName: '"><img src=x onerror=alert(1)>' })
      .where(eq(orders.orderId, order.order_id));
    await payWith4242(t, order);
    const before = sink.received.length;
    expect((await mailService(sink.url).sendDue()).sent).toBe(1);
    const mail = sink.received[before];
    const html = partText(messageOf(mail), 'text/html') ?? '';
    expect(html).toContain('Hello &#60;script&#62;alert(&#34;first&#34;)&#60;/script&#62;,');
    expect(html).not.toMatch(/<script|<img/i);
    const text = partText(messageOf(mail), 'text/plain') ?? '';
    expect(text).toContain('Hello <script>alert("first")</script>,');
    // The display name is quoted in the header, whatever it holds.
    expect(mail?.envelope.to).toEqual([TEST_BUYER.email]);
  });
});
