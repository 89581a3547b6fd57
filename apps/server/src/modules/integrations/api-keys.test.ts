import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Event,
  type Organisation,
} from '@marquee/db/factories';
import { apiKeys, auditLog, organisationMembers, refunds } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { ApiKeyCreatedAnswerSchema, ApiKeyListAnswerSchema } from '@marquee/domain/integrations';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../plugins/organiser-access';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { insertTestApiKey } from '../../test-support/integration-rows';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * API keys (issue 22; decisions/044): made by an owner, their secret shown once and stored as a hash; used as
 * `Authorization: Bearer mq_live_…` through the console's one guard, with exactly their scopes, on their own
 * organisation only; revoked at once; counted per key; recorded in the audit log as the key.
 */
let t: TestApp;
let organisation: Organisation;
let theirs: Organisation;
let event: Event;
let otherEvent: Event;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let theirOwner: OrganiserTestActor;
let keyNumber = 0;

beforeAll(async () => {
  t = await buildTestApp();
  organisation = await createOrganisation(t.db, { name: 'Keyed Promotions' });
  theirs = await createOrganisation(t.db, { name: 'Other Keyed Promotions' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  otherEvent = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  owner = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
  manager = await createOrganiserActor(t, { organisation, role: 'manager', twoFactor: true });
  theirOwner = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
});
afterAll(async () => {
  await t.close();
});

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

function consoleCall(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  auth: { actor?: OrganiserTestActor; key?: string },
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...headers,
      ...(auth.actor ? { cookie: auth.actor.cookie } : {}),
      ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function createKey(body: Record<string, unknown>, actor = owner, slug = organisation.slug) {
  keyNumber += 1;
  const response = await consoleCall(
    'POST',
    `/api/organiser/${slug}/api-keys`,
    { actor },
    {
      name: `Reporting ${keyNumber}`,
      ...body,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return ApiKeyCreatedAnswerSchema.parse(response.json());
}

/** A paid order of our event: its Booking ID. */
async function paidOrder(): Promise<string> {
  const pkg = await createTicketPackage(t.db, { eventId: event.id, freeSeating: true, capacity: 10, price: 100_000 });
  const order = await buyTickets(t, {
    event_id: event.id,
    ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
  });
  return order.order_id;
}

function refund(bookingId: string, auth: { actor?: OrganiserTestActor; key?: string }) {
  return consoleCall(
    'POST',
    `/api/organiser/${organisation.slug}/orders/${bookingId}/refunds`,
    auth,
    { amount: 10_000, reason: 'a key tried' },
    { 'idempotency-key': `key-test-${Date.now()}-${keyNumber++}` },
  );
}

describe('making a key', () => {
  it('answers the secret once and stores only its hash, with a short prefix to tell it apart', async () => {
    const created = await createKey({ scopes: ['report.read', 'order.read'] });
    expect(created.secret).toMatch(/^mq_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key.prefix).toBe(created.secret.slice(0, 12));
    expect(created.key.scopes).toEqual(['report.read', 'order.read']);
    expect(created.key.created_by).toBe(owner.email);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await consoleCall('GET', `/api/organiser/${organisation.slug}/api-keys`, { actor: owner });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret.slice(12));
    const key = ApiKeyListAnswerSchema.parse(listed.json()).keys.find((each) => each.id === created.key.id);
    expect(key).toMatchObject({ prefix: created.key.prefix, last_used_at: null, revoked_at: null });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.entityId, String(created.key.id))));
    expect(audit?.actorEmail).toBe(owner.email);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(12));
  });

  it.each([
    ['organisation or team management', ['team.manage']],
    ['integration.manage itself', ['integration.manage']],
    ['event authoring', ['event.write']],
  ])('refuses %s as a scope (422), writing nothing', async (_what, scopes) => {
    const before = await consoleContentDigest(t.db);
    const response = await consoleCall(
      'POST',
      `/api/organiser/${organisation.slug}/api-keys`,
      { actor: owner },
      {
        name: 'Too much',
        scopes,
      },
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('scopes');
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('is for owners only: a manager is refused (403)', async () => {
    const response = await consoleCall(
      'POST',
      `/api/organiser/${organisation.slug}/api-keys`,
      { actor: manager },
      {
        name: 'Not mine to make',
        scopes: ['order.read'],
      },
    );
    expect(response.statusCode).toBe(403);
  });

  it("refuses another organisation's event in event_uids (422)", async () => {
    const theirEvent = await createEvent(t.db, { organisationId: theirs.id });
    const response = await consoleCall(
      'POST',
      `/api/organiser/${organisation.slug}/api-keys`,
      { actor: owner },
      {
        name: 'Theirs',
        scopes: ['order.read'],
        event_uids: [theirEvent.uid],
      },
    );
    expect(response.statusCode).toBe(422);
    expect(codeOf(response.body)).toBe('validation_failed');
  });
});

describe('using a key', () => {
  it('reads what its scopes allow, and is marked used', async () => {
    const { key, secret } = await createKey({ scopes: ['report.read', 'order.read'] });
    const orders = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, { key: secret });
    expect(orders.statusCode, orders.body).toBe(200);
    const [row] = await t.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("sees buyers' contact details only with order.contact.read, whatever its maker's role", async () => {
    const bookingId = await paidOrder();
    const reader = await createKey({ scopes: ['order.read'] });
    const contactReader = await createKey({ scopes: ['order.read', 'order.contact.read'] });
    const url = `/api/organiser/${organisation.slug}/orders/${bookingId}`;
    const without = await consoleCall('GET', url, { key: reader.secret });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json()).toMatchObject({ contact: null });
    const withContact = await consoleCall('GET', url, { key: contactReader.secret });
    expect(withContact.json()).toMatchObject({ contact: { email: expect.any(String) } });
  });

  it('cannot refund with report.read (403), and nothing is written', async () => {
    const { secret } = await createKey({ scopes: ['report.read', 'order.read'] });
    const bookingId = await paidOrder();
    const before = await consoleContentDigest(t.db);
    const response = await refund(bookingId, { key: secret });
    expect(response.statusCode, response.body).toBe(403);
    expect(codeOf(response.body)).toBe('forbidden');
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('refunds with order.refund, and the audit log records the key as the actor', async () => {
    const { key, secret } = await createKey({ scopes: ['order.read', 'order.refund'] });
    const bookingId = await paidOrder();
    const response = await refund(bookingId, { key: secret });
    expect([201, 202], response.body).toContain(response.statusCode);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, bookingId)));
    expect(audit).toMatchObject({
      actorKind: 'api_key',
      actorRole: `api_key:${key.prefix}`,
      actorUserId: owner.userId,
    });
    const made = await t.db
      .select({ requestedBy: refunds.requestedBy })
      .from(refunds)
      .where(sql`${refunds.orderId} = (SELECT id FROM orders WHERE order_id = ${bookingId})`);
    expect(made.map((row) => row.requestedBy)).toEqual([owner.userId]);
  });

  it('is a stranger to another organisation: their routes are a 404, as for a session', async () => {
    const { secret } = await createKey({ scopes: ['order.read'] });
    const response = await consoleCall('GET', `/api/organiser/${theirs.slug}/orders`, { key: secret });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response.body)).toBe('not_found');
    // And their owner's key on ours likewise.
    const theirKey = await createKey({ scopes: ['order.read'] }, theirOwner, theirs.slug);
    const back = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, { key: theirKey.secret });
    expect(back.statusCode).toBe(404);
  });

  it('never manages integrations, nor acts on routes of no organisation', async () => {
    const { secret } = await createKey({ scopes: ['order.read'] });
    const keys = await consoleCall('GET', `/api/organiser/${organisation.slug}/api-keys`, { key: secret });
    expect(keys.statusCode).toBe(403);
    const me = await consoleCall('GET', '/api/organiser/me', { key: secret });
    expect(me.statusCode).toBe(401);
    expect(codeOf(me.body)).toBe('api_key_invalid');
  });

  it('is refused (401 api_key_invalid) once revoked, and when unknown', async () => {
    const { key, secret } = await createKey({ scopes: ['order.read'] });
    const revoked = await consoleCall('POST', `/api/organiser/${organisation.slug}/api-keys/${key.id}/revoke`, {
      actor: owner,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.entityId, String(key.id))));
    expect(audit).toBeDefined();

    const response = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, { key: secret });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response.body)).toBe('api_key_invalid');
    const unknown = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, {
      key: `mq_live_${'A'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(401);
    expect(codeOf(unknown.body)).toBe('api_key_invalid');
  });

  it("acts on the key alone: a bad key is refused even beside the owner's session cookie", async () => {
    const response = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, {
      actor: owner,
      key: `mq_live_${'B'.repeat(43)}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('follows its maker: narrowed to their role now, refused once they are limited to events or leave', async () => {
    const maker = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
    const { secret } = await createKey({ scopes: ['order.read', 'report.read'] }, maker);
    const orders = `/api/organiser/${organisation.slug}/orders`;
    expect((await consoleCall('GET', orders, { key: secret })).statusCode).toBe(200);
    // Made door staff: the key keeps nothing door staff do not hold.
    await t.db.update(organisationMembers).set({ role: 'door' }).where(eq(organisationMembers.userId, maker.userId));
    expect((await consoleCall('GET', orders, { key: secret })).statusCode).toBe(403);
    // A manager limited to chosen events: refused, rather than wider than the maker.
    await t.db
      .update(organisationMembers)
      .set({ role: 'manager', allEvents: false })
      .where(eq(organisationMembers.userId, maker.userId));
    expect((await consoleCall('GET', orders, { key: secret })).statusCode).toBe(403);
    await t.db.delete(organisationMembers).where(eq(organisationMembers.userId, maker.userId));
    const response = await consoleCall('GET', `/api/organiser/${organisation.slug}/orders`, { key: secret });
    expect(response.statusCode).toBe(401);
  });

  it('limited to an event: the other events do not exist for it', async () => {
    const { secret } = await createKey({ scopes: ['promo.read'], event_uids: [otherEvent.uid] });
    const own = await consoleCall('GET', `/api/organiser/${organisation.slug}/events/${otherEvent.uid}/promotions`, {
      key: secret,
    });
    expect(own.statusCode, own.body).toBe(200);
    const other = await consoleCall('GET', `/api/organiser/${organisation.slug}/events/${event.uid}/promotions`, {
      key: secret,
    });
    expect(other.statusCode).toBe(404);
  });

  it(`is counted per key: past ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, 429 with Retry-After`, async () => {
    const { id, secret } = await insertTestApiKey(t.db, {
      organisationId: organisation.id,
      createdBy: owner.userId,
      scopes: ['organisation.read'],
    });
    const url = `/api/organiser/${organisation.slug}`;
    for (let sent = 0; sent < API_KEY_REQUESTS_PER_MINUTE; sent += 1) {
      const response = await consoleCall('GET', url, { key: secret });
      expect(response.statusCode, `request ${sent + 1}`).toBe(200);
    }
    const over = await consoleCall('GET', url, { key: secret });
    expect(over.statusCode).toBe(429);
    expect(codeOf(over.body)).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same organisation is not slowed by it.
    const other = await insertTestApiKey(t.db, {
      organisationId: organisation.id,
      createdBy: owner.userId,
      scopes: ['organisation.read'],
    });
    expect((await consoleCall('GET', url, { key: other.secret })).statusCode).toBe(200);
    expect(id).not.toBe(other.id);
  });
});

describe('CSRF', () => {
  it('a key in the Authorization header is left to the guard; a session cookie still needs the token', async () => {
    const guarded = await buildTestApp({ csrf: true });
    try {
      const url = `/api/organiser/${organisation.slug}/orders/MQ0000000000/refunds`;
      const headers = { 'content-type': 'application/json', 'idempotency-key': 'csrf-test-000001' };
      const payload = JSON.stringify({ amount: 1_000, reason: 'csrf' });
      // Past the CSRF check without a token: the guard answers for the (unknown) key.
      const withKey = await guarded.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, authorization: `Bearer mq_live_${'C'.repeat(43)}` },
      });
      expect(withKey.statusCode, withKey.body).toBe(401);
      expect(codeOf(withKey.body)).toBe('api_key_invalid');
      // A session cookie without the token: refused by the CSRF check first.
      const withCookie = await guarded.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, cookie: 'marquee.session_token=whatever' },
      });
      expect(withCookie.statusCode).toBe(403);
      expect(codeOf(withCookie.body)).toBe('csrf_failed');
      // Another kind of bearer (an order's access token) earns no exemption.
      const otherBearer = await guarded.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, authorization: 'Bearer not-an-api-key' },
      });
      expect(codeOf(otherBearer.body)).toBe('csrf_failed');
    } finally {
      await guarded.close();
    }
  });
});
