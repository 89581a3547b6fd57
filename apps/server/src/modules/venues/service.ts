import type { Db } from '@marquee/db/client';
import { isViolationOf, UNIQUE_VIOLATION } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import {
  CountryFieldSchema,
  buildGenericSeatMap,
  type VenueFields,
  type VenueFieldsPatch,
} from '@marquee/domain/authoring';
import type { VenueAnswer, VenueLayoutAnswer, VenueLayoutBody, VenueListAnswer } from '@marquee/domain/console';
import { countSeats, expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';
import { AppError, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import {
  countVenueEvents,
  findVenue,
  findVenueSeatMap,
  insertVenue,
  listVenues,
  lockEventPackages,
  lockVenue,
  lockVenueEvents,
  updatePackageSeats,
  updateVenue,
  type LockedVenue,
  type NewVenueFields,
  type VenueRow,
} from './repository';

export type VenuesService = ReturnType<typeof createVenuesService>;

export const VENUE_MESSAGES = {
  notFound: 'No such venue.',
  noSeatMap: 'This venue has no seat map.',
  duplicate: 'This organisation already has a venue of that name in that city.',
  placeFixed:
    "This venue has events: its country and time zone can no longer change, because its events' currency and times depend on them.",
  publishedEvent: 'The layout can no longer change: an event at this venue is published.',
  ticketsTaken: 'The layout can no longer change: tickets of an event at this venue are sold or held.',
} as const;

/** The unique index of a venue's name and city within its organisation (schema.ts). */
const NAME_CITY_KEY = 'venues_organisation_name_city_key';

/** Runs a venue write; a name and city the organisation already has is a 409, never a 500. */
async function refusingDuplicates<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isViolationOf(error, UNIQUE_VIOLATION, NAME_CITY_KEY)) throw new AppError('conflict', VENUE_MESSAGES.duplicate);
    throw error;
  }
}

function layoutOf(seatMap: SeatMap | null, layoutSpec: VenueRow['layoutSpec']): VenueLayoutAnswer {
  if (!seatMap) return { kind: 'none' };
  if (layoutSpec) return { kind: 'generic', spec: layoutSpec, seat_count: countSeats(seatMap) };
  return { kind: 'special', type: seatMap.type, seat_count: countSeats(seatMap) };
}

/** The layout's kind and size, as the audit log records a layout (never the whole spec). */
function layoutSummary(seatMap: SeatMap | null, layoutSpec: VenueRow['layoutSpec']) {
  const layout = layoutOf(seatMap, layoutSpec);
  return { layout: layout.kind, seat_count: layout.kind === 'none' ? 0 : layout.seat_count };
}

function toAnswer(row: VenueRow): VenueAnswer {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    country: CountryFieldSchema.parse(row.country),
    time_zone: row.timeZone,
    layout: layoutOf(row.seatMap, row.layoutSpec),
    layout_locked: row.layoutLocked,
    event_count: row.eventCount,
  };
}

async function answerOf(tx: ScopedTx, venueId: number): Promise<VenueAnswer> {
  const row = await findVenue(tx, venueId);
  if (!row) throw notFound(VENUE_MESSAGES.notFound);
  return toAnswer(row);
}

/** A venue's fields by their API names (what the audit log records), from the columns' names. */
const API_FIELD = {
  name: 'name',
  address: 'address',
  city: 'city',
  country: 'country',
  timeZone: 'time_zone',
} as const satisfies Record<keyof NewVenueFields, string>;

function fieldsOfPatch(patch: VenueFieldsPatch): Partial<NewVenueFields> {
  return {
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.address === undefined ? {} : { address: patch.address }),
    ...(patch.city === undefined ? {} : { city: patch.city }),
    ...(patch.country === undefined ? {} : { country: patch.country }),
    ...(patch.time_zone === undefined ? {} : { timeZone: patch.time_zone }),
  };
}

/** The fields of `wanted` that differ from the venue's, with their before and after by API name. */
function changesOf(venue: LockedVenue, wanted: Partial<NewVenueFields>) {
  const set: Partial<NewVenueFields> = {};
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const key of Object.keys(API_FIELD) as (keyof NewVenueFields)[]) {
    const value = wanted[key];
    if (value === undefined || value === venue[key]) continue;
    set[key] = value;
    before[API_FIELD[key]] = venue[key];
    after[API_FIELD[key]] = value;
  }
  return { set, before, after };
}

/** A package's seats on the new layout: those that still exist; its capacity follows them. */
interface PrunedPackage {
  id: number;
  eventId: number;
  eventUid: string;
  seatsBefore: number;
  capacityBefore: number;
  kept: string[];
}

/**
 * The console's venues (issue 21): each use case runs in one transaction scoped to the actor's organisation
 * (withOrganiserScope), and every change appends its audit row in it.
 */
export function createVenuesService(deps: { db: Db }) {
  const { db } = deps;
  const scoped = <T>(actor: OrganiserActor, run: (tx: ScopedTx) => Promise<T>) =>
    withOrganiserScope(db, organiserScopeOf(actor), run);

  return {
    /** The venues the actor may see (a member limited to chosen events: those of their events). */
    list(actor: OrganiserActor): Promise<VenueListAnswer> {
      return scoped(actor, async (tx) => ({ venues: (await listVenues(tx)).map(toAnswer) }));
    },

    get(actor: OrganiserActor, venueId: number): Promise<VenueAnswer> {
      return scoped(actor, (tx) => answerOf(tx, venueId));
    },

    /** The venue's stored seat map, as buyers are served it; 404 when it has none. */
    seatMap(actor: OrganiserActor, venueId: number): Promise<SeatMap> {
      return scoped(actor, async (tx) => {
        const row = await findVenueSeatMap(tx, venueId);
        if (!row) throw notFound(VENUE_MESSAGES.notFound);
        if (!row.seatMap) throw notFound(VENUE_MESSAGES.noSeatMap);
        return row.seatMap;
      });
    },

    create(actor: OrganiserActor, fields: VenueFields): Promise<VenueAnswer> {
      return refusingDuplicates(() =>
        scoped(actor, async (tx) => {
          const id = await insertVenue(tx, {
            name: fields.name,
            address: fields.address,
            city: fields.city,
            country: fields.country,
            timeZone: fields.time_zone,
          });
          await appendAudit(tx, {
            action: 'venue.create',
            entityType: 'venue',
            entityId: id,
            after: { ...fields, layout: 'none' },
          });
          return answerOf(tx, id);
        }),
      );
    },

    update(actor: OrganiserActor, venueId: number, patch: VenueFieldsPatch): Promise<VenueAnswer> {
      return refusingDuplicates(() =>
        scoped(actor, async (tx) => {
          // Locked, so that no event is created at the venue (or moved to it) between the check and the write.
          const venue = await lockVenue(tx, venueId);
          if (!venue) throw notFound(VENUE_MESSAGES.notFound);
          const { set, before, after } = changesOf(venue, fieldsOfPatch(patch));
          if (set.country !== undefined || set.timeZone !== undefined) {
            if ((await countVenueEvents(tx, venueId)) > 0) throw new AppError('conflict', VENUE_MESSAGES.placeFixed);
          }
          if (Object.keys(set).length > 0) {
            await updateVenue(tx, venueId, set);
            await appendAudit(tx, { action: 'venue.update', entityType: 'venue', entityId: venueId, before, after });
          }
          return answerOf(tx, venueId);
        }),
      );
    },

    /**
     * Sets the venue's layout: none, or a generic one built from its spec. Refused (layout_locked) once an
     * event at the venue is published or has tickets sold or held; checked and written under the locks the
     * repository describes. The seats the new layout no longer has leave the packages of the venue's (draft)
     * events, whose capacity follows their seat count.
     */
    setLayout(actor: OrganiserActor, venueId: number, body: VenueLayoutBody): Promise<VenueAnswer> {
      return scoped(actor, async (tx) => {
        const venue = await lockVenue(tx, venueId);
        if (!venue) throw notFound(VENUE_MESSAGES.notFound);
        const venueEvents = await lockVenueEvents(tx, venueId);
        if (venueEvents.some((event) => event.status !== 'draft')) {
          throw new AppError('layout_locked', VENUE_MESSAGES.publishedEvent);
        }
        const packages = await lockEventPackages(
          tx,
          venueEvents.map((event) => event.id),
        );
        if (packages.some((pkg) => pkg.soldCount + pkg.heldCount > 0)) {
          throw new AppError('layout_locked', VENUE_MESSAGES.ticketsTaken);
        }

        const next =
          body.kind === 'none'
            ? { seatMap: null, layoutSpec: null }
            : { seatMap: buildGenericSeatMap(body.spec), layoutSpec: body.spec };
        const seats = new Set(next.seatMap ? expandSeatMap(next.seatMap).map((seat) => seat.id) : []);
        const uidOf = new Map(venueEvents.map((event) => [event.id, event.uid]));
        const pruned: PrunedPackage[] = [];
        for (const pkg of packages) {
          const kept = pkg.seatingRange.filter((seat) => seats.has(seat));
          if (kept.length === pkg.seatingRange.length) continue;
          pruned.push({
            id: pkg.id,
            eventId: pkg.eventId,
            eventUid: uidOf.get(pkg.eventId) ?? '',
            seatsBefore: pkg.seatingRange.length,
            capacityBefore: pkg.capacity,
            kept,
          });
          await updatePackageSeats(tx, pkg.id, pkg.eventId, { seatingRange: kept, capacity: kept.length });
        }
        await updateVenue(tx, venueId, next);

        // The layout's kind and size, and each package that lost seats: its seats and capacity before and after.
        const packagesBefore = pruned.map((pkg) => ({
          id: pkg.id,
          event_uid: pkg.eventUid,
          seat_count: pkg.seatsBefore,
          capacity: pkg.capacityBefore,
        }));
        const packagesAfter = pruned.map((pkg) => ({
          id: pkg.id,
          event_uid: pkg.eventUid,
          seat_count: pkg.kept.length,
          capacity: pkg.kept.length,
          seats_removed: pkg.seatsBefore - pkg.kept.length,
        }));
        await appendAudit(tx, {
          action: 'venue.layout',
          entityType: 'venue',
          entityId: venueId,
          before: {
            ...layoutSummary(venue.seatMap, venue.layoutSpec),
            ...(pruned.length > 0 ? { packages: packagesBefore } : {}),
          },
          after: {
            ...layoutSummary(next.seatMap, next.layoutSpec),
            ...(pruned.length > 0 ? { packages: packagesAfter } : {}),
          },
        });
        return answerOf(tx, venueId);
      });
    },
  };
}
