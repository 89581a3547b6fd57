import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { mediaFiles, organisationInvitations, platformOperators, promoCodes, tickets } from '@marquee/db/schema';
import { buildGenericSeatMap, GenericLayoutSpecSchema } from '@marquee/domain/authoring';
import { ORGANISATION_ROLES, type OrganisationRole } from '@marquee/domain/permissions';
import { z } from 'zod';
import { insertDeskTestOrder } from '../modules/desk/desk-test-orders';
import type { TestApp } from './build-test-app';
import { buyTickets } from './buy-tickets';
import { insertCheckInList, signedQrOf } from './gate-tickets';
import { insertTestApiKey, insertTestWebhookEndpoint } from './integration-rows';
import { createOrganiserActor, type OrganiserTestActor } from './organiser-actor';
import { pngOf } from './test-images';

/**
 * One organisation of the console's attack tests (tenant isolation, the console fuzz): a venue with a
 * generic layout and no events (its layout can change), a venue with two draft events, a package with seats,
 * a free-seating package, a member, an invitation, an image; and a signed-in actor of every role (each with a
 * second-factor session, so that what refuses them is the permission, never the code), a manager limited to
 * the second event, and (`platform`) an operator.
 */
export interface ConsoleOrganisation {
  organisation: Organisation;
  slug: string;
  venueId: number;
  /** The venue of the events (its layout is not what the tests change). */
  eventVenueId: number;
  eventUid: string;
  eventId: number;
  /** The other event: the only one the limited manager may act on. */
  otherEventUid: string;
  packageId: number;
  seatIds: string[];
  memberId: number;
  invitationId: number;
  mediaFile: string;
  actors: Record<OrganisationRole, OrganiserTestActor> & { limitedManager: OrganiserTestActor };
}

export interface ConsoleFixture {
  ours: ConsoleOrganisation;
  theirs: ConsoleOrganisation;
  operator: OrganiserTestActor;
  /** A 1600 x 900 PNG: a valid banner. */
  banner: Buffer;
}

const LAYOUT = GenericLayoutSpecSchema.parse({
  sections: [{ id: 'A', name: 'Stalls', rows: [{ seats: 6 }, { seats: 6 }] }],
});

let made = 0;

async function consoleOrganisation(t: TestApp, name: string): Promise<ConsoleOrganisation> {
  made += 1;
  const organisation = await createOrganisation(t.db, { name });
  const seatMap = buildGenericSeatMap(LAYOUT);
  const venue = await createVenue(t.db, { organisationId: organisation.id, seatMap, layoutSpec: LAYOUT });
  const eventVenue = await createVenue(t.db, { organisationId: organisation.id, seatMap, layoutSpec: LAYOUT });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: eventVenue.id, status: 'draft' });
  const other = await createEvent(t.db, { organisationId: organisation.id, venueId: eventVenue.id, status: 'draft' });
  const seatIds = seatIdsOf(seatMap).slice(0, 4);
  const pkg = await createTicketPackage(t.db, { eventId: event.id, seatingRange: seatIds });
  await createTicketPackage(t.db, { eventId: event.id, freeSeating: true, capacity: 50 });

  const actor = (role: OrganisationRole) => createOrganiserActor(t, { organisation, role, twoFactor: true });
  const owner = await actor('owner');
  const actors = {
    owner,
    manager: await actor('manager'),
    box_office: await actor('box_office'),
    door: await actor('door'),
    limitedManager: await createOrganiserActor(t, {
      organisation,
      role: 'manager',
      allEvents: false,
      eventIds: [other.id],
      twoFactor: true,
    }),
  };
  const member = await actor('door');
  const [invitation] = await t.db
    .insert(organisationInvitations)
    .values({
      organisationId: organisation.id,
      email: `invited-${made}@example.com`,
      role: 'door',
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      invitedBy: owner.userId,
    })
    .returning({ id: organisationInvitations.id });
  const bytes = randomBytes(64);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await t.db.insert(mediaFiles).values({
    sha256,
    organisationId: organisation.id,
    contentType: 'image/webp',
    width: 1,
    height: 1,
    size: bytes.length,
    bytes,
  });
  if (!invitation || member.memberId === null) throw new Error('the console fixture is incomplete');
  return {
    organisation,
    slug: organisation.slug,
    venueId: venue.id,
    eventVenueId: eventVenue.id,
    eventUid: event.uid,
    eventId: event.id,
    otherEventUid: other.uid,
    packageId: pkg.id,
    seatIds,
    memberId: member.memberId,
    invitationId: invitation.id,
    mediaFile: `${sha256}.webp`,
    actors,
  };
}

function seatIdsOf(seatMap: ReturnType<typeof buildGenericSeatMap>): string[] {
  return seatMap.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      Array.from({ length: row.count }, (_, index) => `${section.id}-${row.label}-${row.firstNumber + index}`),
    ),
  );
}

export async function buildConsoleFixture(t: TestApp): Promise<ConsoleFixture> {
  const ours = await consoleOrganisation(t, 'Our Promotions');
  const theirs = await consoleOrganisation(t, 'Their Promotions');
  const operator = await createOrganiserActor(t, { organisation: ours.organisation, role: null, twoFactor: true });
  await t.db.insert(platformOperators).values({ userId: operator.userId });
  return { ours, theirs, operator, banner: await pngOf(1600, 900) };
}

export { ORGANISATION_ROLES };

/* ------------------------------------------------------------------------------------------------ requests */

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** JSON, or raw bytes with `contentType`. */
  body?: unknown;
  contentType?: string;
  /** Headers beyond the cookie and content type (a refund's Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * A valid request for a console route, aimed at `target`'s rows under `slug`: with `slug` and `target` of one
 * organisation it is what a member of it would send; with our slug and their rows, it is the attack.
 * `prepare` makes what a request consumes (a package to delete) in `target` first.
 */
export interface ConsoleExemplar {
  /** What the route takes from another organisation: ids in the path or body. */
  carriesIds: boolean;
  prepare?: (t: TestApp, target: ConsoleOrganisation) => Promise<Record<string, number | string>>;
  request: (
    slug: string,
    target: ConsoleOrganisation,
    prepared: Record<string, number | string>,
    fixture: ConsoleFixture,
  ) => ConsoleRequest;
}

let unique = 0;
const next = () => {
  unique += 1;
  return unique;
};

/**
 * Every organisation-scoped console route, keyed as `organiserRoutesOf(app)` lists them ("METHOD url"). The
 * tests fail for a registered route that is missing here, so a new route cannot skip the attacks.
 */
export const CONSOLE_EXEMPLARS: Record<string, ConsoleExemplar> = {
  'GET /api/organiser/:org': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}` }),
  },
  // Venues
  'GET /api/organiser/:org/venues': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/venues` }),
  },
  'POST /api/organiser/:org/venues': {
    carriesIds: false,
    request: (slug) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/venues`,
      body: { name: `Isolation Hall ${next()}`, city: 'Colombo', country: 'LK', time_zone: 'Asia/Colombo' },
    }),
  },
  'GET /api/organiser/:org/venues/:venueId': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/venues/${target.venueId}` }),
  },
  'PATCH /api/organiser/:org/venues/:venueId': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/venues/${target.venueId}`,
      body: { address: `${next()} Galle Road` },
    }),
  },
  'PUT /api/organiser/:org/venues/:venueId/layout': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PUT',
      url: `/api/organiser/${slug}/venues/${target.venueId}/layout`,
      body: {
        kind: 'generic',
        spec: { sections: [{ id: 'B', name: 'Balcony', rows: [{ seats: 2 + (next() % 5) }] }] },
      },
    }),
  },
  'GET /api/organiser/:org/venues/:venueId/seat-map': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/venues/${target.eventVenueId}/seat-map`,
    }),
  },
  // Events and packages
  'GET /api/organiser/:org/events': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/events` }),
  },
  'POST /api/organiser/:org/events': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events`,
      body: {
        name: `Isolation Night ${next()}`,
        type: 'concerts',
        venue_id: target.eventVenueId,
        start_local: '2027-03-01T19:30',
      },
    }),
  },
  'GET /api/organiser/:org/events/:eventUid': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/events/${target.eventUid}` }),
  },
  'PATCH /api/organiser/:org/events/:eventUid': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/events/${target.eventUid}`,
      body: { description: `Changed ${next()}` },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/status': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/status`,
      body: { to: 'ongoing' },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/packages': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/packages`,
      body: { name: `Standing ${next()}`, price: 150_000, capacity: 40, free_seating: true },
    }),
  },
  'PATCH /api/organiser/:org/events/:eventUid/packages/:packageId': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/events/${target.eventUid}/packages/${target.packageId}`,
      body: { description: `Changed ${next()}` },
    }),
  },
  'DELETE /api/organiser/:org/events/:eventUid/packages/:packageId': {
    carriesIds: true,
    prepare: async (t, target) => ({
      packageId: (await createTicketPackage(t.db, { eventId: target.eventId, freeSeating: true, capacity: 5 })).id,
    }),
    request: (slug, target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/events/${target.eventUid}/packages/${prepared.packageId}`,
    }),
  },
  'PUT /api/organiser/:org/events/:eventUid/packages/:packageId/seats': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PUT',
      url: `/api/organiser/${slug}/events/${target.eventUid}/packages/${target.packageId}/seats`,
      body: { seat_ids: target.seatIds.slice(0, 1 + (next() % target.seatIds.length)) },
    }),
  },
  'PUT /api/organiser/:org/events/:eventUid/images/:kind': {
    carriesIds: true,
    request: (slug, target, _prepared, fixture) => ({
      method: 'PUT',
      url: `/api/organiser/${slug}/events/${target.eventUid}/images/banner`,
      body: fixture.banner,
      contentType: 'image/png',
    }),
  },
  'GET /api/organiser/:org/events/:eventUid/preview': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/events/${target.eventUid}/preview` }),
  },
  // The import (a dry run: it checks everything and writes nothing)
  'POST /api/organiser/:org/imports': {
    carriesIds: false,
    request: (slug) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/imports`,
      body: {
        dry_run: true,
        file: {
          events: [
            {
              name: `Imported Night ${next()}`,
              type: 'concerts',
              start_date: '2027-04-01T19:00:00+05:30',
              venue: { name: 'Imported Hall', city: 'Kandy', country: 'LK', time_zone: 'Asia/Colombo' },
              currency: 'LKR',
              status: 'ongoing',
              payment_gateway_ids: [1],
              ticket_packages: [{ name: 'Entry', price: 100_000, capacity: 50 }],
            },
          ],
        },
      },
    }),
  },
  // The audit log
  'GET /api/organiser/:org/audit': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/audit` }),
  },
  'GET /api/organiser/:org/events/:eventUid/audit': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/events/${target.eventUid}/audit` }),
  },
  // The orders desk (a paid order made in the target first: its Booking ID is what another organisation sends)
  'GET /api/organiser/:org/orders': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/orders?q=nimal&status=complete&per_page=10` }),
  },
  'GET /api/organiser/:org/orders/:orderId': {
    carriesIds: true,
    prepare: async (t, target) => ({
      bookingId: (await insertDeskTestOrder(t.db, { eventId: target.eventId, packageId: target.packageId })).bookingId,
    }),
    request: (slug, _target, prepared) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/orders/${prepared.bookingId}`,
    }),
  },
  'POST /api/organiser/:org/orders/:orderId/confirmation': {
    carriesIds: true,
    prepare: async (t, target) => ({
      bookingId: (await insertDeskTestOrder(t.db, { eventId: target.eventId, packageId: target.packageId })).bookingId,
    }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/orders/${prepared.bookingId}/confirmation`,
    }),
  },
  // The team
  'GET /api/organiser/:org/team': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/team` }),
  },
  'POST /api/organiser/:org/invitations': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/invitations`,
      body: { email: `invitee-${next()}@example.com`, role: 'door', all_events: false, event_uids: [target.eventUid] },
    }),
  },
  'DELETE /api/organiser/:org/invitations/:invitationId': {
    carriesIds: true,
    prepare: async (t, target) => {
      const [row] = await t.db
        .insert(organisationInvitations)
        .values({
          organisationId: target.organisation.id,
          email: `revocable-${next()}@example.com`,
          role: 'door',
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: organisationInvitations.id });
      return { invitationId: row?.id ?? 0 };
    },
    request: (slug, _target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/invitations/${prepared.invitationId}`,
    }),
  },
  // Refunds (issue 22): a paid order of two tickets on an event on sale, made by a buyer for each request.
  'POST /api/organiser/:org/orders/:orderId/refunds': {
    carriesIds: true,
    prepare: async (t, target) => ({ bookingId: await paidOrderOf(t, target) }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/orders/${prepared.bookingId}/refunds`,
      headers: { 'idempotency-key': `isolation-${next()}-refund` },
      body: { amount: 1_000, reason: 'isolation test' },
    }),
  },
  // The desk's ticket actions (issue 22; decisions/039): a paid order's ticket renamed; a comp of a package made
  // in the target first (a free-seating one, so that any number of requests may succeed).
  'POST /api/organiser/:org/orders/:orderId/tickets/:ticketId/holder': {
    carriesIds: true,
    prepare: async (t, target) => {
      const order = await insertDeskTestOrder(t.db, { eventId: target.eventId, packageId: target.packageId });
      const [ticket] = await t.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.code, order.ticketCodes[0] ?? ''));
      return { bookingId: order.bookingId, ticketId: ticket?.id ?? 0 };
    },
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/orders/${prepared.bookingId}/tickets/${prepared.ticketId}/holder`,
      body: { first_name: 'Isolation', last_name: `Holder ${'x'.repeat(1 + (next() % 5))}` },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/comps': {
    carriesIds: true,
    prepare: async (t, target) => ({
      packageId: (await createTicketPackage(t.db, { eventId: target.eventId, freeSeating: true, capacity: 500 })).id,
    }),
    request: (slug, target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/comps`,
      headers: { 'idempotency-key': `isolation-${next()}-comp` },
      body: {
        first_name: 'Isolation',
        last_name: 'Guest',
        email: 'guest@example.com',
        package_id: prepared.packageId,
        quantity: 1,
        note: 'isolation test',
      },
    }),
  },
  // Cancelling or postponing a whole event (issue 22; decisions/040): an event on sale with a paid order, made in
  // the target for each request (cancelled is final).
  'GET /api/organiser/:org/events/:eventUid/cancellation': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/cancellation`,
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/cancellation': {
    carriesIds: true,
    prepare: async (t, target) => ({ eventUid: await eventWithPaidOrderOf(t, target) }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${prepared.eventUid}/cancellation`,
      headers: { 'idempotency-key': `isolation-${next()}-cancel` },
      body: { reason: 'The venue flooded.', refund: true },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/postponement': {
    carriesIds: true,
    prepare: async (t, target) => ({ eventUid: await eventWithPaidOrderOf(t, target) }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${prepared.eventUid}/postponement`,
      body: { message: 'The headliner is ill: a new date follows.' },
    }),
  },
  // Promotions (issue 22): a code made in the target first where one is changed.
  'GET /api/organiser/:org/events/:eventUid/promotions': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/events/${target.eventUid}/promotions` }),
  },
  'POST /api/organiser/:org/events/:eventUid/promotions': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions`,
      body: { code: `ISOLATE${next()}`, kind: 'percent', value: 10, package_ids: [target.packageId], max_uses: 50 },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/promotions/generate': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions/generate`,
      body: { prefix: `GEN${next()}`, count: 3, kind: 'fixed', value: 5_000, package_ids: [target.packageId] },
    }),
  },
  'GET /api/organiser/:org/events/:eventUid/promotions/export': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions/export`,
    }),
  },
  // Exports (issue 22; decisions/042): the event's attendees and orders, streamed (one of each format here).
  'GET /api/organiser/:org/events/:eventUid/exports/attendees.:format': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/exports/attendees.${next() % 2 === 0 ? 'csv' : 'xlsx'}`,
    }),
  },
  'GET /api/organiser/:org/events/:eventUid/exports/orders.:format': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/exports/orders.${next() % 2 === 0 ? 'csv' : 'xlsx'}`,
    }),
  },
  'PATCH /api/organiser/:org/events/:eventUid/promotions/:promoId': {
    carriesIds: true,
    prepare: async (t, target) => ({ promoId: await promoCodeOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions/${prepared.promoId}`,
      body: { value: 1 + (next() % 100), max_uses: 20 },
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/promotions/:promoId/deactivate': {
    carriesIds: true,
    prepare: async (t, target) => ({ promoId: await promoCodeOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions/${prepared.promoId}/deactivate`,
    }),
  },
  'DELETE /api/organiser/:org/events/:eventUid/promotions/:promoId': {
    carriesIds: true,
    prepare: async (t, target) => ({ promoId: await promoCodeOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/events/${target.eventUid}/promotions/${prepared.promoId}`,
    }),
  },
  // Reports (issue 22): read-only; the event's report carries its uid.
  'GET /api/organiser/:org/events/:eventUid/report': {
    carriesIds: true,
    request: (slug, target) => ({ method: 'GET', url: `/api/organiser/${slug}/events/${target.eventUid}/report` }),
  },
  'GET /api/organiser/:org/report': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/report` }),
  },
  'PATCH /api/organiser/:org/members/:memberId': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/members/${target.memberId}`,
      body: { role: next() % 2 === 0 ? 'door' : 'box_office' },
    }),
  },
  // Integrations (issue 22; decisions/044): a key or an endpoint made in the target first where one is changed.
  'GET /api/organiser/:org/api-keys': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/api-keys` }),
  },
  'POST /api/organiser/:org/api-keys': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/api-keys`,
      body: { name: `Isolation key ${next()}`, scopes: ['order.read', 'report.read'], event_uids: [target.eventUid] },
    }),
  },
  'POST /api/organiser/:org/api-keys/:keyId/revoke': {
    carriesIds: true,
    prepare: async (t, target) => ({
      keyId: (await insertTestApiKey(t.db, { organisationId: target.organisation.id, createdBy: null })).id,
    }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/api-keys/${prepared.keyId}/revoke`,
    }),
  },
  'GET /api/organiser/:org/webhooks': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/webhooks` }),
  },
  'POST /api/organiser/:org/webhooks': {
    carriesIds: false,
    // An address literal: public, and checked without DNS.
    request: (slug) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/webhooks`,
      body: { url: `https://93.184.215.14/hooks/${next()}`, events: ['order.completed', 'order.refunded'] },
    }),
  },
  'PATCH /api/organiser/:org/webhooks/:endpointId': {
    carriesIds: true,
    prepare: async (t, target) => ({
      endpointId: (await insertTestWebhookEndpoint(t.db, { organisationId: target.organisation.id })).id,
    }),
    request: (slug, _target, prepared) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/webhooks/${prepared.endpointId}`,
      body: { active: next() % 2 === 0, events: ['ticket.checked_in'] },
    }),
  },
  'DELETE /api/organiser/:org/webhooks/:endpointId': {
    carriesIds: true,
    prepare: async (t, target) => ({
      endpointId: (await insertTestWebhookEndpoint(t.db, { organisationId: target.organisation.id })).id,
    }),
    request: (slug, _target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/webhooks/${prepared.endpointId}`,
    }),
  },
  'GET /api/organiser/:org/webhooks/:endpointId/deliveries': {
    carriesIds: true,
    prepare: async (t, target) => ({
      endpointId: (await insertTestWebhookEndpoint(t.db, { organisationId: target.organisation.id })).id,
    }),
    request: (slug, _target, prepared) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/webhooks/${prepared.endpointId}/deliveries`,
    }),
  },
  'POST /api/organiser/:org/webhooks/:endpointId/test': {
    carriesIds: true,
    prepare: async (t, target) => ({
      endpointId: (await insertTestWebhookEndpoint(t.db, { organisationId: target.organisation.id })).id,
    }),
    request: (slug, _target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/webhooks/${prepared.endpointId}/test`,
    }),
  },
  'DELETE /api/organiser/:org/members/:memberId': {
    carriesIds: true,
    prepare: async (t, target) => {
      const member = await createOrganiserActor(t, { organisation: target.organisation, role: 'door' });
      return { memberId: member.memberId ?? 0 };
    },
    request: (slug, _target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/members/${prepared.memberId}`,
    }),
  },
  // The gate (issue 22): a check-in list made in the target first where one is named; a scan carries a ticket's
  // signed QR, so another organisation's is refused before it is read.
  'GET /api/organiser/:org/gate/events': {
    carriesIds: false,
    request: (slug) => ({ method: 'GET', url: `/api/organiser/${slug}/gate/events` }),
  },
  'GET /api/organiser/:org/events/:eventUid/check-in-lists': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists`,
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/check-in-lists': {
    carriesIds: true,
    request: (slug, target) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists`,
      body: { name: `Gate ${next()}`, package_ids: [target.packageId] },
    }),
  },
  'PATCH /api/organiser/:org/events/:eventUid/check-in-lists/:listId': {
    carriesIds: true,
    prepare: async (t, target) => ({ listId: await checkInListOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'PATCH',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists/${prepared.listId}`,
      body: { name: `Renamed gate ${next()}` },
    }),
  },
  'DELETE /api/organiser/:org/events/:eventUid/check-in-lists/:listId': {
    carriesIds: true,
    prepare: async (t, target) => ({ listId: await checkInListOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'DELETE',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists/${prepared.listId}`,
    }),
  },
  'GET /api/organiser/:org/events/:eventUid/check-in-lists/:listId/tickets': {
    carriesIds: true,
    prepare: async (t, target) => ({ listId: await checkInListOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists/${prepared.listId}/tickets`,
    }),
  },
  'POST /api/organiser/:org/events/:eventUid/check-in-lists/:listId/scans': {
    carriesIds: true,
    prepare: async (t, target) => {
      const order = await insertDeskTestOrder(t.db, { eventId: target.eventId, packageId: target.packageId });
      const qr = await signedQrOf(t.db, {
        c: order.ticketCodes[0] ?? '',
        o: order.bookingId,
        e: target.eventUid,
        s: null,
      });
      return { listId: await checkInListOf(t, target), qr };
    },
    request: (slug, target, prepared) => ({
      method: 'POST',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists/${prepared.listId}/scans`,
      body: {
        device_id: `isolation-device-${next()}`,
        scans: [{ client_scan_id: `scan-${next()}`, scanned_at: new Date().toISOString(), qr: prepared.qr }],
      },
    }),
  },
  'GET /api/organiser/:org/events/:eventUid/check-in-lists/:listId/lookup': {
    carriesIds: true,
    prepare: async (t, target) => ({ listId: await checkInListOf(t, target) }),
    request: (slug, target, prepared) => ({
      method: 'GET',
      url: `/api/organiser/${slug}/events/${target.eventUid}/check-in-lists/${prepared.listId}/lookup?q=nimal`,
    }),
  },
};

/** A paid order of two tickets in `target` (an event on sale of its own), bought as a buyer does: its Booking ID. */
async function paidOrderOf(t: TestApp, target: ConsoleOrganisation): Promise<string> {
  const event = await createEvent(t.db, { organisationId: target.organisation.id, venueId: target.eventVenueId });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, freeSeating: true, capacity: 10, price: 100_000 });
  const order = await buyTickets(t, {
    event_id: event.id,
    ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
  });
  return order.order_id;
}

/** An event of `target` on sale with one paid order of two tickets: its uid. */
async function eventWithPaidOrderOf(t: TestApp, target: ConsoleOrganisation): Promise<string> {
  const event = await createEvent(t.db, { organisationId: target.organisation.id, venueId: target.eventVenueId });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, freeSeating: true, capacity: 10, price: 100_000 });
  await buyTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] });
  return event.uid;
}

/** A check-in list of `target`'s event admitting its seated package: its id. */
function checkInListOf(t: TestApp, target: ConsoleOrganisation): Promise<number> {
  return insertCheckInList(t.db, {
    eventId: target.eventId,
    packageIds: [target.packageId],
    name: `Gate list ${next()}`,
  });
}

/** An active, unused promo code of `target`'s event: its id. */
async function promoCodeOf(t: TestApp, target: ConsoleOrganisation): Promise<number> {
  const [row] = await t.db
    .insert(promoCodes)
    .values({ code: `PREPARED${next()}`, eventId: target.eventId, kind: 'percent', value: 10 })
    .returning({ id: promoCodes.id });
  return row?.id ?? 0;
}

/**
 * Console routes that act on no organisation, with why the per-organisation attacks do not apply: each has
 * its own tests of what it shows and to whom.
 */
export const ORGANISATION_FREE_ROUTES: Record<string, string> = {
  'GET /api/organiser/me': "the signed-in user's own memberships (organisations/routes.test.ts)",
  'POST /api/organiser/organisations': 'makes a new organisation owned by the caller (organisations/routes.test.ts)',
  'POST /api/organiser/invitations/accept': "an invitation's secret token, for its own address (team tests)",
};

/** The operator routes, with a valid request each: only an operator with a second factor may use them. */
export const OPERATOR_EXEMPLARS: Record<string, (fixture: ConsoleFixture) => ConsoleRequest> = {
  'GET /api/operator/organisations': () => ({ method: 'GET', url: '/api/operator/organisations' }),
  'POST /api/operator/organisations/:org/status': (fixture) => ({
    method: 'POST',
    url: `/api/operator/organisations/${fixture.theirs.slug}/status`,
    body: { to: 'suspended', reason: 'isolation test' },
  }),
  'POST /api/operator/events/:eventUid/unpublish': (fixture) => ({
    method: 'POST',
    url: `/api/operator/events/${fixture.theirs.eventUid}/unpublish`,
    body: { reason: 'isolation test' },
  }),
  'POST /api/operator/events/:eventUid/waiting-room': (fixture) => ({
    method: 'POST',
    url: `/api/operator/events/${fixture.theirs.eventUid}/waiting-room`,
    body: { enabled: true, admit_per_minute: 120 },
  }),
  'POST /api/operator/events/:eventUid/republish': (fixture) => ({
    method: 'POST',
    url: `/api/operator/events/${fixture.theirs.eventUid}/republish`,
  }),
};

/** Sends a console request as `actor` (none: anonymous). */
export function sendConsole(t: TestApp, request: ConsoleRequest, actor?: OrganiserTestActor) {
  const headers: Record<string, string> = { ...request.headers, ...(actor ? { cookie: actor.cookie } : {}) };
  let payload: string | Buffer | undefined;
  if (Buffer.isBuffer(request.body)) {
    payload = request.body;
    headers['content-type'] = request.contentType ?? 'application/octet-stream';
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

const ContentRowsSchema = z.object({ rows: z.array(z.object({ name: z.string(), digest: z.string().nullable() })) });

/**
 * A digest of the content of every table the console writes, row by row (not only counts): a refused request
 * must leave each exactly as it was, `updated_at` included.
 */
export async function consoleContentDigest(db: Db): Promise<Record<string, string | null>> {
  const tables = [
    'organisations',
    'venues',
    'events',
    'ticket_packages',
    'organisation_members',
    'member_events',
    'organisation_invitations',
    'platform_operators',
    'audit_log',
    'outbox',
    'users',
    'orders',
    'order_lines',
    'tickets',
    'ticket_code_replacements',
    'seat_claims',
    'refunds',
    'event_changes',
    'event_change_orders',
    'promo_codes',
    'api_keys',
    'webhook_endpoints',
    'webhook_deliveries',
    'check_in_lists',
    'ticket_scans',
  ];
  const parts = tables.map(
    (table) =>
      sql`SELECT ${table} AS name, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier(table)} t`,
  );
  const media = sql`SELECT 'media_files' AS name, md5(string_agg(organisation_id || ':' || sha256, '|' ORDER BY organisation_id, sha256)) AS digest FROM media_files`;
  const result = await db.execute(sql.join([...parts, media], sql` UNION ALL `));
  return Object.fromEntries(ContentRowsSchema.parse(result).rows.map((row) => [row.name, row.digest]));
}
