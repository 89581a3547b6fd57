import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent, createTicketPackage, createVenue, smallSeatMap, type Venue } from '@marquee/db/factories';
import { appSecrets, orders, tickets, webhookDeliveries, webhookEndpoints } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { formatMoney } from '@marquee/domain/money';
import type { CreatedOrder } from '@marquee/domain/orders';
import {
  CheckInAdmittedSchema,
  CheckInRefusedSchema,
  TICKET_MESSAGES,
  TicketsPublicKeySchema,
  formatTicketCode,
  parseTicketCode,
  ticketSigningInput,
} from '@marquee/domain/tickets';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { createTicketsService } from './service';
import { buyTickets, orderTickets } from '../../test-support/buy-tickets';
import { decodePageQr, readPdf, savePreview } from '../../test-support/read-pdf';
import { createTicketSigner, parseSigningKey } from './ticket-signing';

const STAFF_TOKEN = 'gate-staff-token-0123456789';
/** 00:30 on Friday 15 March 2030 in Sydney (AEDT, UTC+11), still the 14th in UTC: the zone must be applied. */
const STARTS_AT = new Date('2030-03-14T13:30:00Z');

let t: TestApp;
let service: ReturnType<typeof createTicketsService>;

/** A seated venue in Sydney: seats of "Premium Stalls" and a free-seating "Standing" package. */
let harbourHall: Venue | null = null;
async function harbourEvent() {
  harbourHall ??= await createVenue(t.db, {
    name: 'Harbour Hall',
    address: '1 Circular Quay',
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
    seatMap: smallSeatMap(2, 5),
  });
  const venue = harbourHall;
  const event = await createEvent(t.db, {
    venueId: venue.id,
    name: 'Harbour Lights Gala',
    currency: 'AUD',
    startDate: STARTS_AT,
    bannerImg: '/images/events/default-concerts-banner.svg',
  });
  const seated = await createTicketPackage(t.db, {
    eventId: event.id,
    name: 'Premium Stalls',
    price: 1_250_000,
    seatingRange: ['A-1-1', 'A-1-2', 'A-1-3', 'B-2-4', 'B-2-5'],
  });
  const standing = await createTicketPackage(t.db, { eventId: event.id, name: 'Standing', price: 4_500, capacity: 50, freeSeating: true });
  return { venue, event, seated, standing };
}

async function gaEvent(bannerImg = '/images/events/default-concerts-banner.svg') {
  const event = await createEvent(t.db, { name: 'Lagoon Nights', startDate: STARTS_AT, bannerImg });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, name: 'General', price: 300_000, capacity: 100 });
  return { event, pkg };
}

async function fetchPdf(bookingId: string): Promise<Buffer> {
  const response = await t.app.inject({ url: await service.ticketUrl(bookingId) });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.rawPayload;
}

function checkIn(code: string, token: string | null = STAFF_TOKEN, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/check-in',
    payload: JSON.stringify({ code, ...extra }),
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
  });
}

async function publicKeyPem(): Promise<string> {
  return TicketsPublicKeySchema.parse((await t.app.inject({ url: '/api/tickets/public-key' })).json()).public_key_pem;
}

/** What a gate app does offline: check the signature with the published public key. */
function isSignedBy(pem: string, code: string): boolean {
  const parsed = parseTicketCode(code);
  if (!parsed.ok) return false;
  return verify(null, Buffer.from(parsed.code.signingInput), createPublicKey(pem), Buffer.from(parsed.code.signature, 'base64url'));
}

function ticketNumber(code: string): string {
  const parsed = parseTicketCode(code);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.code.claims.c;
}

async function setBuyerName(order: CreatedOrder, firstName: string, lastName: string): Promise<void> {
  await t.db.update(orders).set({ firstName, lastName }).where(eq(orders.orderId, order.order_id));
}

beforeAll(async () => {
  t = await buildTestApp({ tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } });
  service = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
});
afterAll(async () => {
  await t.close();
});

describe('the tickets PDF', () => {
  it('has a page per ticket with every field, in the venue’s time zone, and a QR code a gate can verify', async () => {
    const { event, seated, standing } = await harbourEvent();
    const order = await buyTickets(t, {
      event_id: event.id,
      seats: ['A-1-2', 'B-2-5'],
      ticket_package_details: [{ package_id: standing.id, ticket_count: 1 }],
    });
    const pdf = await fetchPdf(order.order_id);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await savePreview(pdf, 1, 'seated');
    await savePreview(pdf, 3, 'general-admission');
    const { title, pages } = await readPdf(pdf);
    expect(title).toBe(`Marquee tickets ${order.order_id}`);
    expect(pages).toHaveLength(3);

    const codes = (await t.db.select({ code: tickets.code, seat: tickets.seatId }).from(tickets).innerJoin(orders, eq(orders.id, tickets.orderId)).where(eq(orders.orderId, order.order_id)).orderBy(tickets.packageId, tickets.admissionNo));
    const expected = [
      { seat: ['Section A', '1', '2'], pkg: seated, code: codes[0]?.code },
      { seat: ['Section B', '2', '5'], pkg: seated, code: codes[1]?.code },
      { seat: null, pkg: standing, code: codes[2]?.code },
    ];
    pages.forEach((page, index) => {
      const want = expected[index];
      if (!want) throw new Error('a page too many');
      const text = page.text;
      expect(text).toContain('Harbour Lights Gala');
      expect(text).toContain('Harbour Hall');
      expect(text).toContain('1 Circular Quay, Sydney, Australia');
      expect(text).toContain('Fri, 15 Mar 2030');
      expect(text).toContain('12:30 AM (AEDT)');
      expect(text).toContain(want.pkg.name);
      expect(text).toContain(formatMoney(want.pkg.price, 'AUD'));
      expect(text).toContain(order.order_id);
      expect(text).toContain('Nimal Perera');
      expect(text).toContain(want.code);
      expect(text).toContain(`Ticket ${index + 1} of 3`);
      expect(text).toContain('Show this QR code at the entrance');
      if (want.seat) {
        const [section, row, number] = want.seat;
        expect(text).toContain(`SECTION\n${section}\nROW\n${row}\nSEAT\n${number}\n`);
      } else {
        expect(text).toContain('General admission');
      }
    });
    expect(formatMoney(seated.price, 'AUD')).toBe('AUD 12,500.00');

    // The QR code, decoded from the rendered page, is signed with the published key and names this ticket.
    const pem = await publicKeyPem();
    const qr = await decodePageQr(pdf, 1);
    expect(qr).not.toBeNull();
    expect(isSignedBy(pem, qr ?? '')).toBe(true);
    const parsed = parseTicketCode(qr ?? '');
    expect(parsed.ok && parsed.code.claims).toEqual({ c: codes[0]?.code, o: order.order_id, e: event.uid, s: 'A-1-2' });
    const last = parseTicketCode((await decodePageQr(pdf, 3)) ?? '');
    expect(last.ok && last.code.claims).toEqual({ c: codes[2]?.code, o: order.order_id, e: event.uid, s: null });
  });

  it('prints names in Sinhala, Tamil and Chinese in their own fonts', async () => {
    const { event, pkg } = await gaEvent();
    const sinhala = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] }, {
      first_name: 'නිමල්',
      last_name: 'පෙරේරා',
    });
    const tamil = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] }, {
      first_name: 'முருகன்',
      last_name: 'செல்வம்',
    });
    // Checkout asks for 4 letters per name (spec 5): a three-character Chinese name is written here directly.
    const chinese = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    await setBuyerName(chinese, '陈美玲', 'Tan');

    const [sinhalaPdf, tamilPdf, chinesePdf] = await Promise.all([sinhala, tamil, chinese].map((order) => fetchPdf(order.order_id)));
    await savePreview(sinhalaPdf ?? Buffer.alloc(0), 1, 'sinhala');
    await savePreview(tamilPdf ?? Buffer.alloc(0), 1, 'tamil');
    await savePreview(chinesePdf ?? Buffer.alloc(0), 1, 'chinese');
    // Sinhala and Tamil glyphs are reordered by shaping; their words are the pages' ActualText.
    const [sinhalaPage] = (await readPdf(sinhalaPdf ?? Buffer.alloc(0))).pages;
    expect(sinhalaPage?.actualTexts).toContain('නිමල් පෙරේරා');
    const [tamilPage] = (await readPdf(tamilPdf ?? Buffer.alloc(0))).pages;
    expect(tamilPage?.actualTexts).toContain('முருகன் செல்வம்');
    const [chinesePage] = (await readPdf(chinesePdf ?? Buffer.alloc(0))).pages;
    expect(chinesePage?.text).toContain('陈美玲 Tan');
    expect(chinesePage?.text).toContain('Lagoon Nights');
  });

  it('is attached without HTTP: renderTicketsPdf by Booking ID or by numeric id', async () => {
    const { event, pkg } = await gaEvent();
    const order = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] });
    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
    const byNumber = await readPdf(await service.renderTicketsPdf(row?.id ?? 0));
    const byBookingId = await readPdf(await service.renderTicketsPdf(order.order_id));
    expect(byNumber.pages).toHaveLength(2);
    expect(byBookingId.pages.map((page) => page.text)).toEqual(byNumber.pages.map((page) => page.text));
    expect(byNumber.pages[1]?.text).toContain(order.order_id);
    await expect(service.renderTicketsPdf('MQ0000000000')).rejects.toThrow(TICKET_MESSAGES.bookingNotFound);
  });

  it('is printed without the artwork when the event has none to read (missing file, or a path out of the folder)', async () => {
    for (const banner of ['/images/events/no-such-banner.svg', '/images/../../../../etc/hostname.svg', 'https://example.com/x.svg']) {
      const { event, pkg } = await gaEvent(banner);
      const order = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
      const [page] = (await readPdf(await fetchPdf(order.order_id))).pages;
      expect(page?.text).toContain('Lagoon Nights');
      expect(page?.text).not.toContain('LIVE MUSIC');
    }
  });

  it('is served as an attachment named {order_id}.pdf, never cached', async () => {
    const { event, pkg } = await gaEvent();
    const order = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    const response = await t.app.inject({ url: await service.ticketUrl(order.order_id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${order.order_id}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(await service.ticketUrl(order.order_id, { absolute: true })).toMatch(
      new RegExp(`^http://marquee\\.test/api/tickets/${order.order_id}\\.pdf\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
  });
});

describe('ticket links', () => {
  let paid: CreatedOrder;
  beforeAll(async () => {
    const { event, pkg } = await gaEvent();
    paid = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
  });

  async function status(url: string) {
    const response = await t.app.inject({ url });
    return { status: response.statusCode, message: ErrorBodySchema.safeParse(response.json()).data?.message };
  }

  it('an expired link is 410 Gone', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    const old = createTicketsService({ db: t.db, config: TEST_APP_CONFIG, now: () => eightDaysAgo });
    expect(await status(await old.ticketUrl(paid.order_id))).toEqual({ status: 410, message: TICKET_MESSAGES.linkExpired });
  });

  it('a changed signature, expiry or Booking ID, or no signature, is 403 with one message', async () => {
    const url = await service.ticketUrl(paid.order_id);
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    const signature = params.get('signature') ?? '';
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const invalid = { status: 403, message: TICKET_MESSAGES.linkInvalid };
    expect(await status(`${path}?expires=${params.get('expires')}&signature=${flipped}`)).toEqual(invalid);
    expect(await status(`${path}?expires=${Number(params.get('expires')) + 3600}&signature=${signature}`)).toEqual(invalid);
    expect(await status(`/api/tickets/MQ0000000000.pdf?${query}`)).toEqual(invalid);
    expect(await status(path)).toEqual(invalid);
    expect(await status(`/api/tickets/${paid.order_id}?${query}`)).toEqual(invalid);
  });

  it('a signed link to a booking that does not exist is 404; to an unpaid one 409; to a cancelled one 409', async () => {
    expect(await status(await service.ticketUrl('MQ0000000000'))).toEqual({ status: 404, message: TICKET_MESSAGES.bookingNotFound });
    const { event, pkg } = await gaEvent();
    const unpaid = await orderTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    expect(await status(await service.ticketUrl(unpaid.order_id))).toEqual({ status: 409, message: TICKET_MESSAGES.notPaid });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderId, unpaid.order_id));
    expect(await status(await service.ticketUrl(unpaid.order_id))).toEqual({ status: 409, message: TICKET_MESSAGES.notValid });
  });
});

describe('check-in', () => {
  let order: CreatedOrder;
  let codes: string[];
  let eventUid: string;
  beforeAll(async () => {
    const { event, standing } = await harbourEvent();
    eventUid = event.uid;
    order = await buyTickets(t, {
      event_id: event.id,
      seats: ['A-1-3'],
      ticket_package_details: [{ package_id: standing.id, ticket_count: 4 }],
    });
    codes = await service.signedCodes(order.order_id);
    expect(codes).toHaveLength(5);
  });

  it('admits a ticket once; the second scan is refused with the time of the first', async () => {
    const code = codes[0] ?? '';
    const first = await checkIn(code);
    expect(first.statusCode).toBe(200);
    const admitted = CheckInAdmittedSchema.parse(first.json());
    expect(admitted.ticket).toMatchObject({
      booking_id: order.order_id,
      event: { uid: eventUid, name: 'Harbour Lights Gala', starts_at: STARTS_AT.toISOString() },
      package_name: 'Premium Stalls',
      seat: { id: 'A-1-3', section: 'Section A', row: '1', number: '3' },
      holder_name: 'Nimal Perera',
    });

    const second = await checkIn(code);
    expect(second.statusCode).toBe(409);
    const refusal = CheckInRefusedSchema.parse(second.json());
    expect(refusal.reason).toBe('already_used');
    expect(refusal.first_scanned_at).toBe(admitted.scanned_at);
    expect(refusal.message).toMatch(/^Already scanned at \d{1,2}:\d{2}:\d{2} [AP]M on \w{3}, \d{1,2} \w{3} \d{4} \(AE[DS]T\)\.$/);
  });

  it('of two gates scanning one ticket at the same moment, exactly one admits', async () => {
    const code = codes[1] ?? '';
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await t.db.select({ usedAt: tickets.usedAt }).from(tickets).where(eq(tickets.code, ticketNumber(code)));
    expect(row?.usedAt).not.toBeNull();
  });

  it("announces an admission to the organisation's webhooks once, with its ticket, seat and time; a refusal announces nothing", async () => {
    const { event, standing } = await harbourEvent();
    await t.db.insert(webhookEndpoints).values({
      organisationId: event.organisationId,
      url: 'https://hooks.example.com/check-in',
      secret: 'whsec_check_in_test',
      events: ['ticket.checked_in'],
    });
    const booked = await buyTickets(t, {
      event_id: event.id,
      seats: ['B-2-4'],
      ticket_package_details: [{ package_id: standing.id, ticket_count: 1 }],
    });
    const code = (await service.signedCodes(booked.order_id)).find((each) => {
      const parsed = parseTicketCode(each);
      return parsed.ok && parsed.code.claims.s === 'B-2-4';
    });
    if (code === undefined) throw new Error('no seated code');
    expect((await checkIn(code, STAFF_TOKEN, { event_uid: 'zzzzzzzz' })).statusCode).toBe(409);
    const first = await checkIn(code);
    expect(first.statusCode, first.body).toBe(200);
    const admitted = CheckInAdmittedSchema.parse(first.json());
    expect((await checkIn(code)).statusCode).toBe(409);

    const deliveries = await t.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'ticket.checked_in'));
    const mine = deliveries.filter((each) => JSON.stringify(each.payload).includes(ticketNumber(code)));
    expect(mine).toEqual([
      {
        payload: expect.objectContaining({
          type: 'ticket.checked_in',
          data: {
            ticket_code: ticketNumber(code),
            booking_id: booked.order_id,
            event_uid: event.uid,
            seat_id: 'B-2-4',
            scanned_at: admitted.scanned_at,
          },
        }),
      },
    ]);
  });

  it('refuses a forged code (one character changed) and a malformed one with 422, without marking anything', async () => {
    const code = codes[2] ?? '';
    const parsed = parseTicketCode(code);
    if (!parsed.ok) throw new Error(parsed.reason);
    // Another ticket's number under this ticket's signature, and this ticket's claims with a flipped signature.
    const swapped = formatTicketCode(ticketSigningInput({ ...parsed.code.claims, c: 'T000000000000000' }), parsed.code.signature);
    const signature = parsed.code.signature;
    const flipped = formatTicketCode(parsed.code.signingInput, `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    for (const forged of [swapped, flipped]) {
      const answer = await checkIn(forged);
      expect(answer.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(answer.json())).toEqual({ code: 'validation_failed', message: TICKET_MESSAGES.forged, errors: { code: [TICKET_MESSAGES.forged] } });
    }
    for (const [text, message] of [
      ['hello', 'This is not a Marquee ticket code.'],
      [`${code}x`, 'The ticket code is damaged: its signature is not readable.'],
      ['', 'Scan a ticket code.'],
    ] as const) {
      const answer = await checkIn(text);
      expect(answer.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(answer.json()).message).toBe(message);
    }
    expect((await checkIn(code)).statusCode).toBe(200);
  });

  it('needs the staff token: missing or wrong is 401 (before the body is looked at)', async () => {
    const missing = await checkIn(codes[3] ?? '', null);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="check-in"');
    expect(ErrorBodySchema.parse(missing.json()).message).toBe(TICKET_MESSAGES.staffTokenRequired);
    expect((await checkIn(codes[3] ?? '', 'gate-staff-token-0123456788')).statusCode).toBe(401);
    expect((await checkIn(codes[3] ?? '', `${STAFF_TOKEN}0`)).statusCode).toBe(401);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/check-in', payload: 'junk', headers: { 'content-type': 'application/json' } });
    expect(noBody.statusCode).toBe(401);
    // Nothing was marked: the ticket still admits.
    expect((await checkIn(codes[3] ?? '')).statusCode).toBe(200);
  });

  it('refuses a ticket for another event (unmarked), a signed code of no ticket (404) and a cancelled booking (409)', async () => {
    const code = codes[4] ?? '';
    const elsewhere = await checkIn(code, STAFF_TOKEN, { event_uid: 'zzzzzzzz' });
    expect(elsewhere.statusCode).toBe(409);
    expect(CheckInRefusedSchema.parse(elsewhere.json())).toEqual({
      code: 'check_in_refused',
      message: `${TICKET_MESSAGES.otherEvent} It is for Harbour Lights Gala.`,
      reason: 'other_event',
      first_scanned_at: null,
    });

    const [secret] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'ticket_signing_key'));
    const signer = createTicketSigner(parseSigningKey(secret?.value ?? ''));
    const ghost = await checkIn(signer.sign({ c: 'T000000000000000', o: order.order_id, e: eventUid, s: null }));
    expect(ghost.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(ghost.json()).message).toBe(TICKET_MESSAGES.unknownTicket);

    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderId, order.order_id));
    const cancelled = await checkIn(code, STAFF_TOKEN, { event_uid: eventUid });
    expect(cancelled.statusCode).toBe(409);
    expect(CheckInRefusedSchema.parse(cancelled.json()).reason).toBe('booking_not_valid');
    await t.db.update(orders).set({ status: 'complete' }).where(eq(orders.orderId, order.order_id));
    expect((await checkIn(code, STAFF_TOKEN, { event_uid: eventUid })).statusCode).toBe(200);
  });
});

describe('keys and configuration', () => {
  it('publishes the public key as PEM and JWK; it verifies the codes', async () => {
    const key = TicketsPublicKeySchema.parse((await t.app.inject({ url: '/api/tickets/public-key' })).json());
    expect(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.jwk.x }, format: 'jwk' }).export({ format: 'pem', type: 'spki' })).toBe(
      key.public_key_pem,
    );
    const { event, pkg } = await gaEvent();
    const order = await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    const [code] = await service.signedCodes(order.order_id);
    expect(isSignedBy(key.public_key_pem, code ?? '')).toBe(true);
  });

  it('signs with TICKET_SIGNING_KEY when it is set (PEM or base64 DER), and refuses a key that is not Ed25519 at boot', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const signingKey of [
      privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    ]) {
      const configured = createTicketsService({ db: t.db, config: { ...TEST_APP_CONFIG, tickets: { signingKey, linkKey: null, staffToken: null } } });
      expect((await configured.publicKey()).public_key_pem).toBe(pem);
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => createTicketsService({ db: t.db, config: { ...TEST_APP_CONFIG, tickets: { signingKey: rsa, linkKey: null, staffToken: null } } })).toThrow(
      /must be an Ed25519 key/,
    );
  });

  it('without STAFF_TOKEN check-in is off (404), and the routes are in the OpenAPI document', async () => {
    const plain = await buildTestApp();
    try {
      const answer = await plain.app.inject({ method: 'POST', url: '/api/check-in', payload: { code: 'x' } });
      expect(answer.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(answer.json()).message).toBe(TICKET_MESSAGES.checkInNotConfigured);
      const docs = await plain.app.inject({ url: '/api/docs/json' });
      const paths = Object.keys(z.object({ paths: z.record(z.string(), z.unknown()) }).parse(docs.json()).paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/check-in', '/api/tickets/public-key', '/api/tickets/{file}']));
    } finally {
      await plain.close();
    }
  });
});
