import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { mailAttachments, mailMessages, orders, outbox } from '@marquee/db/schema';
import type { CreatedOrder } from '@marquee/domain/orders';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { appConfigFromEnv, parseEnv, type MailConfig } from '../../config';
import { FORWARDING_HEADERS, mailModule } from './routes';
import { createTicketsService } from '../tickets/service';
import { createMailService, mailConfigOf } from './service';
import { buyTickets } from '../../test-support/buy-tickets';
import { startSmtpSink } from '../../test-support/smtp-sink';

let t: TestApp;
let order: CreatedOrder;

/** The worker as app.ts builds it from the test config: no SMTP_URL, so the viewer transport. */
function mailService() {
  const tickets = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
  return createMailService({
    db: t.db,
    config: mailConfigOf(TEST_APP_CONFIG),
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
    renderTicketsPdf: tickets.renderTicketsPdf,
  });
}

async function keptCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages);
  return row?.n ?? -1;
}

beforeAll(async () => {
  t = await buildTestApp();
  const event = await createEvent(t.db, { name: 'Jazz & <Blues> Night' });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, name: 'General', price: 150_000 });
  order = await buyTickets(t, {
    event_id: event.id,
    ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
  });
});
afterAll(async () => {
  await t.close();
});

describe('the outbox viewer (no SMTP_URL)', () => {
  let messagePath = '';

  it('keeps the e-mail instead of sending it, once, and lists it at /dev/mail', async () => {
    const service = mailService();
    expect(service.transportKind).toBe('viewer');
    expect(await service.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await service.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await keptCount()).toBe(1);

    const list = await t.app.inject({ url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('No SMTP server is configured');
    expect(list.body).toContain('Your Marquee tickets: Jazz &#38; &#60;Blues&#62; Night · ' + order.order_id);
    expect(list.body).toContain('&#34;Nimal Perera&#34; &#60;nimal@example.com&#62;');
    messagePath = /href="(\/dev\/mail\/\d+)"/.exec(list.body)?.[1] ?? '';
    expect(messagePath).not.toBe('');
  });

  it('shows one message: headers, the HTML in a sandboxed frame, the text, the attachment to download', async () => {
    const page = await t.app.inject({ url: messagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`&#60;order-confirmation.${order.order_id}@marquee.local&#62;`);
    expect(page.body).toContain('Marquee &#60;tickets@marquee.local&#62;');
    // The e-mail's HTML only ever appears escaped, inside the sandboxed iframe's srcdoc.
    expect(page.body).toMatch(
      /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="The e-mail as HTML" srcdoc="&#60;!doctype html&#62;/,
    );
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain(`Booking ID: ${order.order_id}`);
    // The page needs nothing the site's CSP does not allow: no script at all, inline styles only.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");

    const link = new RegExp(`href="(${messagePath}/attachments/\\d+)" download="${order.order_id}\\.pdf"`).exec(
      page.body,
    )?.[1];
    expect(link).toBeDefined();
    const file = await t.app.inject({ url: link ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${order.order_id}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [stored] = await t.db.select({ size: mailAttachments.size }).from(mailAttachments);
    expect(file.rawPayload.length).toBe(stored?.size);
  });

  it('a send repeated after a crash keeps the message once (one Message-ID, one row)', async () => {
    await t.db.execute(sql`UPDATE outbox SET status = 'pending', next_attempt_at = now()`);
    expect((await mailService().sendDue()).sent).toBe(1);
    expect(await keptCount()).toBe(1);
  });

  it('answers 404 for an unknown message or attachment', async () => {
    expect((await t.app.inject({ url: '/dev/mail/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${messagePath}/attachments/999999` })).statusCode).toBe(404);
  });

  it('is for this machine only: another address, or a request through a proxy, gets a 404', async () => {
    const remote = await t.app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain(order.order_id);
    const proxied = await t.app.inject({ url: messagePath, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.statusCode).toBe(404);
    const ipv6 = await t.app.inject({ url: '/dev/mail', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('refuses a request that carries any forwarding header: a proxy, tunnel or CDN on this machine put it there', async () => {
    const headers: Record<string, string>[] = [
      ...[...FORWARDING_HEADERS, 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'].map(
        (name) => ({
          [name]: name === 'forwarded' ? 'for=203.0.113.7' : name === 'via' ? '1.1 nginx' : '203.0.113.7',
        }),
      ),
      // Even one that names this machine.
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1;proto=http' },
    ];
    expect(headers.length).toBeGreaterThanOrEqual(15);
    for (const header of headers) {
      for (const url of ['/dev/mail', messagePath]) {
        const answer = await t.app.inject({ url, headers: header });
        expect(answer.statusCode, `${url} ${JSON.stringify(header)}`).toBe(404);
        expect(answer.body).not.toContain(order.order_id);
      }
    }
  });

  it("refuses a page whose own name was rebound to 127.0.0.1 (DNS rebinding): only this machine's names", async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
      '127.0.0.1:3000@evil.example',
    ]) {
      const answer = await t.app.inject({ url: '/dev/mail', headers: { host } });
      expect(answer.statusCode, host).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3210', '[::1]:3000', 'marquee.localhost:3000', 'LOCALHOST']) {
      expect((await t.app.inject({ url: '/dev/mail', headers: { host } })).statusCode, host).toBe(200);
    }
  });
});

describe('when the viewer is absent', () => {
  it('does not exist when SMTP_URL is configured, nor with MAIL_VIEWER=false', async () => {
    const configs: MailConfig[] = [
      { smtpUrl: 'smtp://127.0.0.1:9', from: 'Marquee <tickets@marquee.local>', viewer: 'off' },
      { smtpUrl: null, from: 'Marquee <tickets@marquee.local>', viewer: 'off' },
    ];
    for (const mail of configs) {
      const other = await buildTestApp({ mail });
      try {
        expect((await other.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
        expect((await other.app.inject({ url: '/dev/mail/1' })).statusCode).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  it('is opened to every address by MAIL_VIEWER=true', async () => {
    const open = await buildTestApp({
      mail: { smtpUrl: null, from: 'Marquee <tickets@marquee.local>', viewer: 'open' },
    });
    try {
      expect((await open.app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('the worker in the server process', () => {
  it('starts when the app is ready, sends what is due on its own, and stops when the app closes', async () => {
    const sink = await startSmtpSink();
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    const paid = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    // A second process on the same database, with SMTP and the worker on.
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    const config = {
      ...TEST_APP_CONFIG,
      mail: { smtpUrl: sink.url, from: 'Marquee <tickets@marquee.local>', viewer: 'off' as const },
    };
    const service = createMailService({
      db: t.db,
      config: mailConfigOf(config),
      publicUrl: config.publicUrl,
      log: server.log,
    });
    await server.register(mailModule, { service, config, sendIntervalMs: 20 });
    try {
      expect(sink.received).toHaveLength(0);
      await server.ready();
      await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 5_000, interval: 20 });
      expect(sink.received[0]?.message.headers.get('subject')).toContain(paid.order_id);
    } finally {
      await server.close();
      await sink.close();
    }
    const [row] = await t.db
      .select({ status: outbox.status })
      .from(outbox)
      .innerJoin(orders, eq(orders.id, outbox.orderId))
      .where(eq(orders.orderId, paid.order_id));
    expect(row?.status).toBe('sent');
  });
});

describe('mail configuration from the environment', () => {
  const base = { NODE_ENV: 'production', PORT: '3000' };

  it('defaults: no SMTP, the default sender, the viewer for this machine', () => {
    expect(appConfigFromEnv(parseEnv(base)).mail).toEqual({
      smtpUrl: null,
      from: 'Marquee <tickets@marquee.local>',
      viewer: 'local',
    });
  });

  it('SMTP_URL and MAIL_FROM; the viewer is off with SMTP', () => {
    const env = parseEnv({
      ...base,
      SMTP_URL: 'smtp://user:pa%40ss@mail.example.com:587',
      MAIL_FROM: 'Tickets <t@example.com>',
    });
    expect(appConfigFromEnv(env).mail).toEqual({
      smtpUrl: 'smtp://user:pa%40ss@mail.example.com:587',
      from: 'Tickets <t@example.com>',
      viewer: 'off',
    });
    expect(appConfigFromEnv(parseEnv({ ...base, MAIL_VIEWER: 'true' })).mail?.viewer).toBe('open');
    expect(appConfigFromEnv(parseEnv({ ...base, MAIL_VIEWER: 'false' })).mail?.viewer).toBe('off');
  });

  it('refuses what cannot work, loudly at boot', () => {
    expect(() => parseEnv({ ...base, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => parseEnv({ ...base, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM must be an address/);
    expect(() => parseEnv({ ...base, SMTP_URL: 'smtp://mail.example.com', MAIL_VIEWER: 'true' })).toThrow(
      /MAIL_VIEWER/,
    );
  });
});
