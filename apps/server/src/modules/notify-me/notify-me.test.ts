import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '@marquee/db/client';
import { createEvent, type Event } from '@marquee/db/factories';
import { events, notifyMeSubscriptions, outbox, users } from '@marquee/db/schema';
import { eventPath } from '@marquee/domain/slug';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { partText, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test-support/smtp-sink';
import { createMailService, type MailService } from '../mail/service';
import { registerRateLimits } from '../../plugins/rate-limits';
import type { CaptchaService } from '../captcha/service';
import { notifyMeModule } from './routes';
import { createNotifyMeService, type NotifyMeService } from './service';

let t: TestApp;
let sink: SmtpSink;
let mail: MailService;
let notifyMe: NotifyMeService;
/** Each test's requests come from a client of their own, so the per-client limit is only met where it is tested. */
let clients = 0;
const nextClient = () => `198.51.100.${(clients += 1)}`;

const inADay = () => new Date(Date.now() + 86_400_000);

beforeAll(async () => {
  t = await buildTestApp();
  sink = await startSmtpSink();
  mail = createMailService({
    db: t.db,
    config: { smtpUrl: sink.url, from: 'Marquee <tickets@marquee.local>', viewer: 'off' },
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
  });
  // The worker as the app builds it (its own periodic run is off in tests: they run it here).
  notifyMe = createNotifyMeService({ db: t.db, publicUrl: TEST_APP_CONFIG.publicUrl, log: t.app.log });
});
afterAll(async () => {
  mail.close();
  await sink.close();
  await t.close();
});

function pendingEvent(overrides: Partial<Event> = {}): Promise<Event> {
  return createEvent(t.db, { status: 'pending', saleStartsAt: inADay(), ...overrides });
}

function subscribe(uid: string, email: unknown, remoteAddress = nextClient()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${uid}/notify-me`,
    payload: { email },
    remoteAddress,
  });
}

function post(url: string, token: string) {
  return t.app.inject({ method: 'POST', url, payload: { token } });
}

/** The e-mails the sink received to `address`, oldest first. */
function mailsTo(address: string): ReceivedMail[] {
  return sink.received.filter((received) => received.envelope.to.includes(address));
}

function subjectOf(received: ReceivedMail | undefined): string {
  return received?.message.headers.get('subject') ?? '';
}

/** An e-mail's plain text or HTML part ('' when there is no such e-mail or part). */
function textOf(received: ReceivedMail | undefined, type: 'text/plain' | 'text/html' = 'text/plain'): string {
  return received ? (partText(received.message, type) ?? '') : '';
}

/** The token of the link to `page` (confirm, unsubscribe) in an e-mail's plain text. */
function tokenIn(received: ReceivedMail | undefined, page: 'confirm' | 'unsubscribe'): string {
  const text = textOf(received);
  const match = new RegExp(`${TEST_APP_CONFIG.publicUrl}/notify-me/${page}\\?token=(\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${page} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

async function rowsFor(eventId: number) {
  return t.db.select().from(notifyMeSubscriptions).where(eq(notifyMeSubscriptions.eventId, eventId));
}

async function counts(): Promise<{ subscriptions: number; outbox: number }> {
  const [row] = await t.db
    .select({
      subscriptions: sql<number>`(SELECT count(*)::int FROM ${notifyMeSubscriptions})`,
      outbox: sql<number>`(SELECT count(*)::int FROM ${outbox})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row ?? { subscriptions: -1, outbox: -1 };
}

async function openSale(eventId: number): Promise<void> {
  await t.db.update(events).set({ status: 'ongoing' }).where(eq(events.id, eventId));
}

/** Subscribes and confirms through the e-mail's link, as a buyer does; answers the confirmation's answer. */
async function subscribeAndConfirm(event: Event, email: string) {
  expect((await subscribe(event.uid, email)).statusCode).toBe(202);
  await mail.sendDue();
  const confirmation = mailsTo(email).at(-1);
  const answer = await post('/api/notify-me/confirm', tokenIn(confirmation, 'confirm'));
  expect(answer.statusCode).toBe(200);
  return answer.json<{ unsubscribe_token: string; event: { is_on_sale: boolean } }>();
}

describe('subscribing (double opt-in)', () => {
  it('queues a confirmation e-mail, and no "on sale" e-mail before the link is used', async () => {
    const event = await pendingEvent({ name: 'Quiet Storm Live' });
    const email = 'first.buyer@example.com';
    const answer = await subscribe(event.uid, '  First.Buyer@Example.com ');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ status: 'pending', message: expect.stringContaining('Check your e-mail') });

    const [row] = await rowsFor(event.id);
    expect(row).toMatchObject({ email, status: 'pending', confirmedAt: null, notifiedAt: null });
    // Only a hash of the token is kept.
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await mail.sendDue()).sent).toBe(1);
    const [confirmation] = mailsTo(email);
    expect(subjectOf(confirmation)).toContain('Confirm');
    expect(subjectOf(confirmation)).toContain('Quiet Storm Live');
    const token = tokenIn(confirmation, 'confirm');
    expect(row?.confirmTokenHash).not.toContain(token);
    expect(textOf(confirmation, 'text/html')).toContain('Confirm');

    // The sale opens before the buyer confirmed: nobody is told.
    await openSale(event.id);
    expect(await notifyMe.notifyOpenSales()).toBe(0);
    await mail.sendDue();
    expect(mailsTo(email)).toHaveLength(1);

    // Confirmed now: told once, with the event's link and an unsubscribe link.
    const confirmed = await post('/api/notify-me/confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      event: { name: 'Quiet Storm Live', path: eventPath(event), is_on_sale: true },
    });
    expect(await notifyMe.notifyOpenSales()).toBe(1);
    expect(await notifyMe.notifyOpenSales()).toBe(0);
    expect((await mail.sendDue()).sent).toBe(1);
    const onSale = mailsTo(email)[1];
    expect(subjectOf(onSale)).toBe('On sale now: Quiet Storm Live');
    expect(textOf(onSale)).toContain(`${TEST_APP_CONFIG.publicUrl}${eventPath(event)}`);
    expect(tokenIn(onSale, 'unsubscribe')).toBe(confirmed.json<{ unsubscribe_token: string }>().unsubscribe_token);
    expect((await rowsFor(event.id))[0]?.notifiedAt).toBeInstanceOf(Date);

    // Using the link again changes nothing and tells nobody twice.
    expect((await post('/api/notify-me/confirm', token)).statusCode).toBe(200);
    expect(await notifyMe.notifyOpenSales()).toBe(0);
    expect((await mail.sendDue()).sent).toBe(0);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("tells subscribers when the event's sale start passes, not before", async () => {
    const event = await createEvent(t.db, { status: 'presale', saleStartsAt: inADay() });
    const email = 'presale.fan@example.com';
    const confirmed = await subscribeAndConfirm(event, email);
    expect(confirmed.event.is_on_sale).toBe(false);
    expect(await notifyMe.notifyOpenSales()).toBe(0);

    await t.db
      .update(events)
      .set({ saleStartsAt: new Date(Date.now() - 1_000) })
      .where(eq(events.id, event.id));
    expect(await notifyMe.notifyOpenSales()).toBe(1);
    await mail.sendDue();
    expect(mailsTo(email).map(subjectOf)).toEqual([expect.stringContaining('Confirm'), `On sale now: ${event.name}`]);
  });

  it('answers the same for an address already confirmed, and sends it nothing more', async () => {
    const event = await pendingEvent();
    const email = 'already@example.com';
    await subscribeAndConfirm(event, email);
    const before = await counts();
    const again = await subscribe(event.uid, email);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: 'pending', message: expect.any(String) });
    expect(await counts()).toEqual(before);
    expect((await rowsFor(event.id))[0]?.status).toBe('confirmed');
  });

  it("keeps the signed-in buyer's account with the subscription", async () => {
    const account = { name: 'Ama Perera', email: 'ama@example.com', password: 'correct horse' };
    const send = (url: string, payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { origin: TEST_APP_CONFIG.publicUrl },
        remoteAddress: nextClient(),
      });
    expect((await send('/register', { ...account, password_confirmation: account.password })).statusCode).toBe(201);
    const signedIn = await send('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    expect(user?.id).toEqual(expect.any(String));
    const event = await pendingEvent();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.uid}/notify-me`,
      payload: { email: 'ama@example.com' },
      headers: { cookie },
      remoteAddress: nextClient(),
    });
    expect(answer.statusCode).toBe(202);
    expect((await rowsFor(event.id))[0]).toMatchObject({
      email: 'ama@example.com',
      userId: user?.id,
      status: 'pending',
    });
  });

  it('refuses a confirmation link that is not ours (403) or is too old (410)', async () => {
    expect((await post('/api/notify-me/confirm', 'x'.repeat(43))).json()).toMatchObject({ code: 'link_invalid' });
    expect((await post('/api/notify-me/confirm', 'not a token')).statusCode).toBe(403);

    const event = await pendingEvent();
    const email = 'slow.reader@example.com';
    expect((await subscribe(event.uid, email)).statusCode).toBe(202);
    await mail.sendDue();
    const token = tokenIn(mailsTo(email)[0], 'confirm');
    await t.db
      .update(notifyMeSubscriptions)
      .set({ confirmRequestedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(notifyMeSubscriptions.eventId, event.id));
    const expired = await post('/api/notify-me/confirm', token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'link_expired' });
    expect((await rowsFor(event.id))[0]?.status).toBe('pending');
  });
});

describe('unsubscribing', () => {
  it('works without a session, with one request, any number of times', async () => {
    const event = await pendingEvent();
    const email = 'leaving@example.com';
    const { unsubscribe_token: token } = await subscribeAndConfirm(event, email);

    // No cookie, no header: the token is all.
    const first = await post('/api/notify-me/unsubscribe', token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'unsubscribed', event: { name: event.name, path: eventPath(event) } });
    const second = await post('/api/notify-me/unsubscribe', token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const [row] = await rowsFor(event.id);
    expect(row).toMatchObject({ status: 'unsubscribed', confirmTokenHash: null });
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);

    // The sale opens: an unsubscribed address is told nothing.
    await openSale(event.id);
    expect(await notifyMe.notifyOpenSales()).toBe(0);
    await mail.sendDue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('drops the "on sale" e-mail that is queued but not sent yet', async () => {
    const event = await pendingEvent();
    const email = 'changed.mind@example.com';
    const { unsubscribe_token: token } = await subscribeAndConfirm(event, email);
    await openSale(event.id);
    expect(await notifyMe.notifyOpenSales()).toBe(1);
    expect((await post('/api/notify-me/unsubscribe', token)).statusCode).toBe(200);
    expect((await mail.sendDue()).sent).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses a token we did not sign (403), and the old confirmation link stops working', async () => {
    const event = await pendingEvent();
    const email = 'forger@example.com';
    expect((await subscribe(event.uid, email)).statusCode).toBe(202);
    await mail.sendDue();
    const confirmToken = tokenIn(mailsTo(email)[0], 'confirm');
    const [row] = await rowsFor(event.id);
    const before = await counts();
    for (const forged of [
      `${row?.id}.${'A'.repeat(43)}`,
      `${row?.id}`,
      'garbage',
      `${(row?.id ?? 0) + 1}.${confirmToken}`,
    ]) {
      const answer = await post('/api/notify-me/unsubscribe', forged);
      expect(answer.statusCode, forged).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'link_invalid' });
    }
    expect(await counts()).toEqual(before);
    expect((await rowsFor(event.id))[0]?.status).toBe('pending');

    // Unsubscribed from the confirmation page's offer: the confirmation link no longer confirms.
    const { unsubscribe_token: token } = (await post('/api/notify-me/confirm', confirmToken)).json<{
      unsubscribe_token: string;
    }>();
    expect((await post('/api/notify-me/unsubscribe', token)).statusCode).toBe(200);
    expect((await post('/api/notify-me/confirm', confirmToken)).statusCode).toBe(403);
  });
});

describe('bad input: a clear 4xx and nothing written', () => {
  it('refuses a bad e-mail, an event on sale, a closed, unknown or draft event', async () => {
    const waiting = await pendingEvent();
    const onSale = await createEvent(t.db, { status: 'ongoing' });
    const saleStarted = await createEvent(t.db, { status: 'presale', saleStartsAt: new Date(Date.now() - 60_000) });
    const closed = await createEvent(t.db, { status: 'closed' });
    const draft = await createEvent(t.db, { status: 'draft' });
    const before = await counts();

    for (const email of ['not-an-email', '', 'a@b', `${'x'.repeat(250)}@example.com`, 42, null]) {
      const answer = await subscribe(waiting.uid, email);
      expect(answer.statusCode, String(email)).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'validation_failed', errors: { email: expect.any(Array) } });
    }
    for (const event of [onSale, saleStarted, closed]) {
      const answer = await subscribe(event.uid, 'buyer@example.com');
      expect(answer.statusCode, event.status).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'notify_me_closed' });
    }
    for (const uid of ['no-such-event', draft.uid]) {
      const answer = await subscribe(uid, 'buyer@example.com');
      expect(answer.statusCode, uid).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('limits against abuse', () => {
  it('takes 5 subscriptions per client per 10 minutes, then 429 with Retry-After; other clients go on', async () => {
    const event = await pendingEvent();
    const client = nextClient();
    for (let i = 1; i <= 5; i += 1) {
      expect((await subscribe(event.uid, `limit${i}@example.com`, client)).statusCode).toBe(202);
    }
    const before = await counts();
    const refused = await subscribe(event.uid, 'limit6@example.com', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    expect((await subscribe(event.uid, 'limit6@example.com', nextClient())).statusCode).toBe(202);
  });

  it('sends one address at most 3 confirmation e-mails a day, whatever the events, and answers the same', async () => {
    const email = 'stranger@example.com';
    const eventsAsked = [await pendingEvent(), await pendingEvent(), await pendingEvent(), await pendingEvent()];
    const answers = [];
    for (const event of eventsAsked) answers.push(await subscribe(event.uid, email));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    // Asked again for the first event: still no fourth e-mail.
    expect((await subscribe(eventsAsked[0]?.uid ?? '', email)).statusCode).toBe(202);
    await mail.sendDue();
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('asks for the captcha when it is on, and writes nothing without it', async () => {
    const guarded = await buildTestApp({ captcha: true });
    try {
      const event = await createEvent(guarded.db, { status: 'pending', saleStartsAt: inADay() });
      const answer = await guarded.app.inject({
        method: 'POST',
        url: `/api/events/${event.uid}/notify-me`,
        payload: { email: 'bot@example.com' },
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'captcha_failed' });
      expect(await guarded.db.select().from(notifyMeSubscriptions)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('several server processes', () => {
  it('queue exactly one "on sale" e-mail per confirmed subscriber when their workers race', async () => {
    const event = await pendingEvent();
    const subscribers = 450;
    await t.db.insert(notifyMeSubscriptions).values(
      Array.from({ length: subscribers }, (_, i) => ({
        eventId: event.id,
        email: `racer${i}@example.com`,
        status: 'confirmed' as const,
        confirmedAt: new Date(),
      })),
    );
    // A second process: its own connections to the same database when it is PostgreSQL.
    const second = t.handle.url ? createDb({ kind: 'postgres', url: t.handle.url, poolSize: 4 }) : null;
    const otherDb: Db = second?.db ?? t.db;
    const other = createNotifyMeService({ db: otherDb, publicUrl: TEST_APP_CONFIG.publicUrl, log: t.app.log });
    try {
      await openSale(event.id);
      const queued = await Promise.all([
        notifyMe.notifyOpenSales(),
        other.notifyOpenSales(),
        notifyMe.notifyOpenSales(),
        other.notifyOpenSales(),
      ]);
      // Each subscriber claimed by one run only: the counts add up to the subscribers, no more.
      expect(queued.reduce((sum, n) => sum + n, 0)).toBe(subscribers);
    } finally {
      await second?.close();
    }
    const [row] = await t.db
      .select({
        rows: sql<number>`count(*)::int`,
        subscriptions: sql<number>`count(DISTINCT ${outbox.notifyMeSubscriptionId})::int`,
      })
      .from(outbox)
      .innerJoin(notifyMeSubscriptions, eq(notifyMeSubscriptions.id, outbox.notifyMeSubscriptionId))
      .where(and(eq(outbox.kind, 'notify_me_on_sale'), eq(notifyMeSubscriptions.eventId, event.id)));
    expect(row).toEqual({ rows: subscribers, subscriptions: subscribers });
    const told = await rowsFor(event.id);
    expect(told.every((subscription) => subscription.notifiedAt !== null)).toBe(true);
    // The 450 e-mails are not this file's business to send: gone with their event (ON DELETE CASCADE).
    await t.db.delete(events).where(eq(events.id, event.id));
  });
});

describe('the worker in the server process', () => {
  it('starts when the app is ready and queues the "on sale" e-mails on its own; stops when the app closes', async () => {
    const event = await pendingEvent();
    const email = 'on.its.own@example.com';
    await subscribeAndConfirm(event, email);
    await openSale(event.id);
    // A second process on the same database, with the worker on.
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerRateLimits(server, { redis: null });
    const captcha: CaptchaService = {
      enabled: false,
      challenge: () => Promise.reject(new Error('not used')),
      require: async () => {},
      requireOnce: async () => {},
    };
    const service = createNotifyMeService({ db: t.db, publicUrl: TEST_APP_CONFIG.publicUrl, log: server.log });
    await server.register(notifyMeModule, { service, captcha, currentUserId: async () => null, intervalMs: 20 });
    const queued = () =>
      t.db
        .select({ id: outbox.id })
        .from(outbox)
        .innerJoin(notifyMeSubscriptions, eq(notifyMeSubscriptions.id, outbox.notifyMeSubscriptionId))
        .where(and(eq(outbox.kind, 'notify_me_on_sale'), eq(notifyMeSubscriptions.eventId, event.id)));
    try {
      expect(await queued()).toHaveLength(0);
      await server.ready();
      await vi.waitFor(async () => expect(await queued()).toHaveLength(1), { timeout: 5_000, interval: 20 });
    } finally {
      await server.close();
    }
    await mail.sendDue();
    expect(mailsTo(email).map(subjectOf).at(-1)).toBe(`On sale now: ${event.name}`);
  });
});
