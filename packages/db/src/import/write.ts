import { eq, inArray } from 'drizzle-orm';
import type { EventImportFile } from '@marquee/domain/import';
import { SeatMapSchema } from '@marquee/domain/seat-map';
import type { Db } from '../client';
import { events, paymentGateways, promoCodes, ticketPackages, venues } from '../schema';
import {
  EventImportError,
  eventUidOf,
  type EventImportPlan,
  type ExistingCatalogue,
  type PlannedVenueRef,
} from './plan';

/** Step 3 of an import (load → plan → write): what a plan needs from the database, and the plan's rows written. */

export interface ImportEventsResult {
  events: { id: number; uid: string; name: string; path: string }[];
  venuesCreated: { id: number; name: string; city: string }[];
  ticketPackages: number;
  promoCodes: number;
  dryRun: boolean;
}

/**
 * What exists that planEventImport depends on: the organisation's venues (never another organisation's),
 * the file's uids already taken (uids are unique across organisations), the payment gateways.
 */
export async function readExistingCatalogue(
  db: Db,
  file: EventImportFile,
  organisationId: number,
): Promise<ExistingCatalogue> {
  const venueRows = await db
    .select({
      id: venues.id,
      name: venues.name,
      city: venues.city,
      country: venues.country,
      timeZone: venues.timeZone,
      address: venues.address,
      seatMap: venues.seatMap,
    })
    .from(venues)
    .where(eq(venues.organisationId, organisationId))
    .orderBy(venues.id);
  const uids = [...new Set(file.events.map(eventUidOf))];
  const taken =
    uids.length === 0 ? [] : await db.select({ uid: events.uid }).from(events).where(inArray(events.uid, uids));
  const gateways = await db.select({ id: paymentGateways.id }).from(paymentGateways);
  return {
    venues: venueRows.map((row) => ({
      ...row,
      organisationId,
      seatMap: row.seatMap === null ? null : SeatMapSchema.parse(row.seatMap),
    })),
    takenUids: new Set(taken.map((row) => row.uid)),
    paymentGatewayIds: new Set(gateways.map((row) => row.id)),
  };
}

/**
 * Writes a plan in one transaction (a savepoint inside the caller's, where the plan's ExistingCatalogue
 * should have been read): new venues, then events, their ticket packages and promo codes, every venue and
 * event stamped with the plan's organisation. A plan with issues is refused whole (EventImportError) and
 * nothing is written. An event whose venue is another organisation's is refused by the database
 * (events_organisation_venue_fk).
 */
export async function writeEventImport(db: Db, plan: EventImportPlan): Promise<ImportEventsResult> {
  if (plan.issues.length > 0) throw new EventImportError(plan.issues);
  const { organisationId } = plan;
  return db.transaction(async (tx) => {
    const venuesCreated: ImportEventsResult['venuesCreated'] = [];
    if (plan.newVenues.length > 0) {
      const rows = await tx
        .insert(venues)
        .values(plan.newVenues.map((venue) => ({ ...venue, organisationId })))
        .returning({ id: venues.id, name: venues.name, city: venues.city });
      for (const venue of plan.newVenues) {
        const row = rows.find((candidate) => candidate.name === venue.name && candidate.city === venue.city);
        if (!row) throw new Error(`venue ${venue.name} was not created`);
        venuesCreated.push(row);
      }
    }
    const venueIdOf = (ref: PlannedVenueRef): number => {
      const id = 'existing' in ref ? ref.existing : venuesCreated[ref.new]?.id;
      if (id === undefined) throw new Error(`venue ${JSON.stringify(ref)} was not created`);
      return id;
    };

    const insertedEvents =
      plan.events.length === 0
        ? []
        : await tx
            .insert(events)
            .values(plan.events.map((event) => ({ ...event.row, organisationId, venueId: venueIdOf(event.venue) })))
            .returning({ id: events.id, uid: events.uid });
    const eventIdByUid = new Map(insertedEvents.map((row) => [row.uid, row.id]));
    const eventIdOf = (uid: string): number => {
      const id = eventIdByUid.get(uid);
      if (id === undefined) throw new Error(`event ${uid} was not inserted`);
      return id;
    };

    const packageRows = plan.events.flatMap((event) =>
      event.packages.map((pkg) => ({ ...pkg, eventId: eventIdOf(event.uid) })),
    );
    const insertedPackages =
      packageRows.length === 0
        ? []
        : await tx
            .insert(ticketPackages)
            .values(packageRows)
            .returning({ id: ticketPackages.id, eventId: ticketPackages.eventId, name: ticketPackages.name });
    const packageIdByName = new Map(insertedPackages.map((row) => [`${row.eventId}\u0000${row.name}`, row.id]));

    const promoRows = plan.events.flatMap((event) => {
      const eventId = eventIdOf(event.uid);
      return event.promos.map(({ packageNames, ...promo }) => ({
        ...promo,
        eventId,
        packageIds: packageNames.map((name) => {
          const id = packageIdByName.get(`${eventId}\u0000${name}`);
          if (id === undefined) throw new Error(`promo ${promo.code}: package ${name} was not inserted`);
          return id;
        }),
      }));
    });
    if (promoRows.length > 0) await tx.insert(promoCodes).values(promoRows);

    return {
      events: plan.events.map((event) => ({
        id: eventIdOf(event.uid),
        uid: event.uid,
        name: event.row.name,
        path: event.path,
      })),
      venuesCreated,
      ticketPackages: insertedPackages.length,
      promoCodes: promoRows.length,
      dryRun: false,
    };
  });
}
