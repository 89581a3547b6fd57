import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { buildServices } from '../../services';
import { TEST_APP_CONFIG, buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { readPdf, savePreview } from '../../test-support/read-pdf';
import { TEST_MAIL_NOTICE } from '../mail/templates/mail-parts';
import { TEST_TICKET_MARK, TEST_TICKET_NOTE } from '../tickets/ticket-pdf';

/**
 * While payments are tests, the tickets and e-mails say so (decisions/030): a test ticket can never pass
 * for one that was paid. Through the composition root, as the server builds them.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function paidOrder() {
  const event = await createEvent(t.db);
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 120_000 });
  return buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] });
}

/** The newest kept e-mail's page in the outbox viewer (its text part and, escaped, its HTML). */
async function newestMailPage(): Promise<string> {
  const list = await t.app.inject({ url: '/dev/mail' });
  const path = /href="(\/dev\/mail\/\d+)"/.exec(list.body)?.[1] ?? '';
  expect(path).not.toBe('');
  return (await t.app.inject({ url: path })).body;
}

describe('test-mode marking of tickets and e-mails', () => {
  it('with the sandbox on, every PDF page and the confirmation e-mail say these are test tickets', async () => {
    const services = await buildServices({ db: t.db, config: TEST_APP_CONFIG, redis: null, log: t.app.log });
    expect(services.gateways.testMode).toBe(true);
    const order = await paidOrder();
    const pdf = await services.tickets.renderTicketsPdf(order.order_id);
    await savePreview(pdf, 1, 'test-ticket');
    const { title, pages } = await readPdf(pdf);
    expect(title).toBe(`Marquee tickets ${order.order_id}`);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.text).toContain(TEST_TICKET_MARK);
      expect(page.text).toContain(TEST_TICKET_NOTE);
    }

    expect((await services.mail.sendDue()).sent).toBeGreaterThanOrEqual(1);
    const mail = await newestMailPage();
    expect(mail).toContain(order.order_id);
    expect(mail).toContain(`*** ${TEST_MAIL_NOTICE.title} ***`);
    expect(mail).toContain(TEST_MAIL_NOTICE.text);
  });

  it('with live Stripe keys, neither is marked', async () => {
    const services = await buildServices({
      db: t.db,
      config: {
        ...TEST_APP_CONFIG,
        stripe: { secretKey: 'sk_live_marquee', publishableKey: 'pk_live_marquee', webhookSecret: 'whsec_marquee' },
      },
      redis: null,
      log: t.app.log,
    });
    expect(services.gateways.testMode).toBe(false);
    // Paid through the test app's sandbox; rendered and mailed by a process in live mode.
    const order = await paidOrder();
    const { pages } = await readPdf(await services.tickets.renderTicketsPdf(order.order_id));
    for (const page of pages) expect(page.text).not.toContain(TEST_TICKET_MARK);
    expect((await services.mail.sendDue()).sent).toBeGreaterThanOrEqual(1);
    const mail = await newestMailPage();
    expect(mail).toContain(order.order_id);
    expect(mail).not.toContain(TEST_MAIL_NOTICE.title);
  });
});
