import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, isViolationOf } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import {
  CURRENCY_BY_COUNTRY,
  EventFieldsSchema,
  TicketPackageFieldsSchema,
  canTransition,
  endsAfterStart,
  isPublishedStatus,
  needsSaleStart,
  resolveEventTimes,
  resolveSaleWindow,
  resolveWallClock,
  type EventFields,
  type EventFieldsPatch,
  type FieldIssue,
  type TicketPackageFields,
  type TicketPackageFieldsPatch,
} from '@marquee/domain/authoring';
import type {
  ConsoleEventAnswer,
  ConsoleEventListAnswer,
  ConsolePackage,
  EventStatusBody,
} from '@marquee/domain/console';
import { fieldErrorsFromZod } from '@marquee/domain/errors';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { DEFAULT_ADMIT_PER_MINUTE } from '@marquee/domain/queue';
import { eventPath } from '@marquee/domain/slug';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import {
  checklistOf,
  countryOf,
  eventAnswer,
  packageAnswer,
  seatMapOf,
  summaryAnswer,
  wallClockOf,
  wasPublished,
  type ChecklistFacts,
} from './answers';
import * as repository from './repository';
import type { EventWithVenue, PackageRow, PackageWithHeld } from './repository';

export type AuthoringService = ReturnType<typeof createAuthoringService>;

export interface AuthoringServiceDeps {
  db: Db;
  /** The kinds of payment a configured provider takes now (PaymentGateways.offeredKinds): the checklist's. */
  offeredKinds: ReadonlySet<'card' | 'instalments'>;
}

const MESSAGES = {
  noEvent: 'No such event.',
  noPackage: 'No such ticket package.',
  cancelled: 'The event is cancelled: it can no longer be changed.',
  noVenue: 'names no venue of this organisation',
  capacityRequired: 'is required for free seating, and at a venue without a seat map',
  capacityOfSeats: 'is the number of seats the package owns: assign its seats on the map instead',
  freeEventPrice: 'must be 0: the event is free',
  moveTaken: 'Tickets of this event are sold or held: it can no longer move to another venue.',
  moveCountry:
    'The event was published with prices in its currency: it cannot move to a venue in another country (another currency).',
  freeSeatingSeats: 'A free seating package owns no seats: buyers take a count. Make it seated to assign seats.',
  noSeatMap: 'The venue has no seat map: there are no seats to assign.',
  packageTaken: 'Tickets of this package were sold or held: it cannot be deleted. Make it inactive instead.',
  eventChangeRequired: (to: 'cancelled' | 'postponed') =>
    to === 'cancelled'
      ? 'Cancel an event with its cancellation (POST …/cancellation), which e-mails its buyers and refunds their orders; the status route does not cancel.'
      : 'Postpone an event with its postponement (POST …/postponement), which e-mails its buyers; the status route does not postpone.',
} as const;

/** Ids listed in a message: the first `max`, then how many more. */
function listed(ids: readonly string[], max = 20): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown;
}

/** A 422 from rule issues (`{ path, message }`), keyed like zod's. */
function invalidFields(issues: readonly FieldIssue[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return new AppError('validation_failed', issues[0]?.message ?? 'The request is invalid.', errors);
}

function conflict(message: string): AppError {
  return new AppError('conflict', message);
}

const UID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A fresh uid in the importer's format (8 lowercase letters or digits), drawn at random. */
function newEventUid(): string {
  let uid = '';
  for (let i = 0; i < 8; i++) uid += UID_ALPHABET[randomInt(UID_ALPHABET.length)];
  return uid;
}

/** The fields of `after` that differ from `before`, each side holding only those (for an audit row). */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** An event's own fields as the console writes them (EventFieldsSchema's names), from its row. */
function eventFieldsOf(found: EventWithVenue): EventFields {
  const { event, venue } = found;
  return {
    name: event.name,
    type: event.type,
    description: event.description,
    artists: [...event.artists],
    venue_id: event.venueId,
    start_local: wallClockOf(event.startDate, venue.timeZone) ?? '',
    end_local: wallClockOf(event.endDate, venue.timeZone),
    handling_cost: event.handlingCost,
    payment_gateway_ids: [...event.paymentGatewayIds],
    featured: event.featured,
    free_event: event.freeEvent,
    waiting_room: event.waitingRoom,
    admit_per_minute: event.admitPerMinute,
  };
}

/** Whether buyers pick the package's seats on the map (else they take a count of its capacity). */
function isSeated(pkg: { freeSeating: boolean }, hasSeatMap: boolean): boolean {
  return hasSeatMap && !pkg.freeSeating;
}

/** A package's fields as the console writes them (TicketPackageFieldsSchema's names), from its row. */
function packageFieldsOf(pkg: PackageRow, found: EventWithVenue): TicketPackageFields {
  const zone = found.venue.timeZone;
  return {
    name: pkg.name,
    description: pkg.description,
    price: pkg.price,
    capacity: isSeated(pkg, found.venue.seatMap !== null) ? null : pkg.capacity,
    max_per_order: pkg.maxPerOrder,
    sale_start_local: wallClockOf(pkg.saleStartsAt, zone),
    sale_end_local: wallClockOf(pkg.saleEndsAt, zone),
    active: pkg.active,
    inactive_message: pkg.inactiveMessage,
    free_seating: pkg.freeSeating,
  };
}

/** The first of the six package colours no package of the event uses; round robin once all are used. */
function nextColourClass(used: readonly number[]): number {
  for (let colour = 0; colour < 6; colour++) if (!used.includes(colour)) return colour;
  return used.length % 6;
}

/**
 * The console's events, ticket packages, seat assignment and publishing (issue 21). Every use case runs in one
 * transaction scoped to the actor (withOrganiserScope): what it reads and writes is found through the scope,
 * a refusal throws (nothing written), and a change appends its audit row in the same transaction. Writes to an
 * event lock its row first, so two of them on one event run one after the other.
 */
export function createAuthoringService(deps: AuthoringServiceDeps) {
  const { db, offeredKinds } = deps;

  const inScope = <T>(actor: OrganiserActor, run: (tx: ScopedTx) => Promise<T>) =>
    withOrganiserScope(db, organiserScopeOf(actor), run);

  /** The route's event (the guard found it in the organisation and the member's events). */
  function eventIdOf(actor: OrganiserActor): number {
    if (!actor.event) throw new Error('an event route without the guard’s event (is its scope "event"?)');
    return actor.event.id;
  }

  async function checklistFacts(tx: ScopedTx): Promise<ChecklistFacts> {
    const gateways = await repository.findPaymentGateways(tx);
    return {
      now: await repository.databaseNow(tx),
      organisationApproved: await repository.isOrganisationApproved(tx),
      unavailablePaymentGatewayIds: gateways.filter((gateway) => !offeredKinds.has(gateway.kind)).map((g) => g.id),
    };
  }

  async function answerFor(tx: ScopedTx, eventId: number): Promise<ConsoleEventAnswer> {
    const found = await repository.findEvent(tx, eventId);
    if (!found) throw notFound(MESSAGES.noEvent);
    const packages = await repository.findPackages(tx, eventId);
    return eventAnswer(found, packages, await checklistFacts(tx));
  }

  /** The event, locked for this transaction's change; cancelled events refuse every change. */
  async function lockEditableEvent(tx: ScopedTx, actor: OrganiserActor): Promise<EventWithVenue> {
    const found = await repository.lockEvent(tx, eventIdOf(actor));
    if (!found) throw notFound(MESSAGES.noEvent);
    if (found.event.status === 'cancelled') throw conflict(MESSAGES.cancelled);
    return found;
  }

  /** A package of the event, found through it; 404 for any other package (another event's, another organisation's). */
  async function packageOf(tx: ScopedTx, eventId: number, packageId: number): Promise<PackageWithHeld> {
    const packages = await repository.findPackages(tx, eventId);
    const pkg = packages.find((candidate) => candidate.id === packageId);
    if (!pkg) throw notFound(MESSAGES.noPackage);
    return pkg;
  }

  /** The package of the event, locked (FOR NO KEY UPDATE, as a sale locks it) until the transaction ends. */
  async function lockPackageOf(tx: ScopedTx, eventId: number, packageId: number): Promise<PackageRow> {
    const locked = await repository.lockPackage(tx, eventId, packageId);
    if (!locked) throw notFound(MESSAGES.noPackage);
    return locked;
  }

  /**
   * Makes the counts of the event's packages true before a rule judges them (expired holds ended, buckets'
   * reserve returned): the inventory's housekeeping, run outside the console's transaction (its role only reads
   * holds), for packages the scope first shows to be the actor's. `packageId` null: every package of the event.
   * An unknown package is a 404 here already.
   */
  async function settleCounts(actor: OrganiserActor, packageId: number | null): Promise<void> {
    const eventId = eventIdOf(actor);
    const ids = await inScope(actor, async (tx) => {
      const packages = await repository.findPackages(tx, eventId);
      if (packageId === null) return packages.map((pkg) => pkg.id);
      if (!packages.some((pkg) => pkg.id === packageId)) throw notFound(MESSAGES.noPackage);
      return [packageId];
    });
    for (const id of [...ids].sort((a, b) => a - b)) await repository.settlePackageCounts(db, id);
  }

  async function packageAnswerFor(tx: ScopedTx, found: EventWithVenue, packageId: number): Promise<ConsolePackage> {
    return packageAnswer(await packageOf(tx, found.event.id, packageId), found.venue.timeZone);
  }

  async function checkPaymentGateways(tx: ScopedTx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const known = new Set((await repository.findPaymentGateways(tx)).map((gateway) => gateway.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) invalidFieldThrow('payment_gateway_ids', `names no payment gateway: ${unknown.join(', ')}`);
  }

  function invalidFieldThrow(field: string, message: string): never {
    throw invalidField(field, message);
  }

  /** A capacity write the database refused (sold + held above it) is the same 409 as the rule's. */
  async function writeCapacity(run: () => Promise<void>, refusal: () => AppError): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (
        isViolationOf(error, CHECK_VIOLATION, 'ticket_packages_taken_within_capacity') ||
        isViolationOf(error, CHECK_VIOLATION, 'ticket_packages_sold_within_capacity')
      ) {
        throw refusal();
      }
      throw error;
    }
  }

  const capacityBelowTaken = (taken: number) =>
    new AppError('capacity_below_taken', `The capacity must be at least ${taken}: ${taken} tickets are sold or held.`, {
      capacity: [`must be at least ${taken}: ${taken} tickets are sold or held`],
    });

  return {
    /** The scope's events (a limited member: only theirs), newest start first. */
    listEvents(actor: OrganiserActor): Promise<ConsoleEventListAnswer> {
      return inScope(actor, async (tx) => {
        const rows = await repository.findScopedEvents(tx);
        const counts = await repository.findPackageCounts(
          tx,
          rows.map((row) => row.id),
        );
        const byEvent = new Map<number, { active: boolean; sold: number; held: number; capacity: number }[]>();
        for (const count of counts) {
          const list = byEvent.get(count.eventId) ?? [];
          list.push({
            active: count.active,
            sold: count.sold,
            held: Math.max(0, count.held),
            capacity: count.capacity,
          });
          byEvent.set(count.eventId, list);
        }
        return { events: rows.map((row) => summaryAnswer(row, byEvent.get(row.id) ?? [])) };
      });
    },

    /** One event of the scope, with its packages and its publishing checklist. */
    getEvent(actor: OrganiserActor): Promise<ConsoleEventAnswer> {
      return inScope(actor, (tx) => answerFor(tx, eventIdOf(actor)));
    },

    /** A draft at one of the organisation's venues: its currency the venue's country's, its times in the venue's zone. */
    createEvent(actor: OrganiserActor, fields: EventFields): Promise<ConsoleEventAnswer> {
      return inScope(actor, async (tx) => {
        const venue = await repository.findScopedVenue(tx, fields.venue_id);
        // Another organisation's venue is refused as one that does not exist (the composite FK would refuse it too).
        if (!venue) invalidFieldThrow('venue_id', MESSAGES.noVenue);
        await checkPaymentGateways(tx, fields.payment_gateway_ids);
        const times = resolveEventTimes(fields, venue.timeZone);
        if (!times.ok) throw invalidFields(times.issues);

        const row: repository.NewEventRow = {
          name: fields.name,
          type: fields.type,
          description: fields.description,
          artists: [...fields.artists],
          startDate: times.value.starts_at,
          endDate: times.value.ends_at,
          // No image yet: uploaded apart (the checklist asks for both before publishing).
          thumbnailImg: '',
          bannerImg: '',
          featured: fields.featured,
          currency: CURRENCY_BY_COUNTRY[countryOf(venue)],
          status: 'draft',
          freeEvent: fields.free_event,
          waitingRoom: fields.waiting_room ?? false,
          admitPerMinute: fields.admit_per_minute ?? DEFAULT_ADMIT_PER_MINUTE,
          freeSeating: seatMapOf(venue) === null,
          handlingCost: fields.handling_cost,
          paymentGatewayIds: [...fields.payment_gateway_ids],
          createdBy: actor.kind === 'member' ? actor.userId : null,
        };
        let created: { id: number; uid: string } | null = null;
        // 36^8 uids: a clash is all but impossible, and a clash is tried again rather than trusted away.
        for (let attempt = 0; attempt < 5 && created === null; attempt++) {
          const uid = newEventUid();
          const id = await repository.insertEvent(tx, {
            uid,
            path: eventPath({ type: fields.type, name: fields.name, uid }),
            venueId: venue.id,
            row,
          });
          if (id !== null) created = { id, uid };
        }
        if (created === null) throw new Error('no free event uid after 5 tries');
        await appendAudit(tx, {
          action: 'event.create',
          entityType: 'event',
          entityId: created.uid,
          eventId: created.id,
          eventUid: created.uid,
          after: { ...fields, status: 'draft', currency: row.currency },
        });
        return answerFor(tx, created.id);
      });
    },

    /**
     * Changes an event: the change merged with the stored event and checked whole again (EventFieldsSchema, the
     * venue's zone). Moving to another venue releases the seats packages own on the old map; it is refused once
     * tickets are sold or held, and once published when the new venue's country (currency) differs.
     */
    async updateEvent(actor: OrganiserActor, patch: EventFieldsPatch): Promise<ConsoleEventAnswer> {
      // A move is judged on true counts (it is refused once tickets are sold or held).
      if (patch.venue_id !== undefined) await settleCounts(actor, null);
      return inScope(actor, async (tx) => {
        const found = await lockEditableEvent(tx, actor);
        const { event } = found;
        const stored = eventFieldsOf(found);
        const merged = EventFieldsSchema.safeParse({ ...stored, ...patch });
        if (!merged.success) {
          const errors = fieldErrorsFromZod(merged.error);
          throw new AppError('validation_failed', Object.values(errors)[0]?.[0] ?? 'The event is invalid.', errors);
        }
        const fields = merged.data;

        const isMoving = fields.venue_id !== event.venueId;
        const venue = isMoving ? await repository.findScopedVenue(tx, fields.venue_id) : found.venue;
        if (!venue) invalidFieldThrow('venue_id', MESSAGES.noVenue);
        if (patch.payment_gateway_ids) await checkPaymentGateways(tx, patch.payment_gateway_ids);

        // Times: the wall clocks sent, or the stored ones read in a new zone; an unchanged time keeps its instant.
        const isNewZone = venue.timeZone !== found.venue.timeZone;
        let startDate = event.startDate;
        let endDate = event.endDate;
        if (patch.start_local !== undefined || patch.end_local !== undefined || isNewZone) {
          const times = resolveEventTimes(fields, venue.timeZone);
          if (!times.ok) throw invalidFields(times.issues);
          if (patch.start_local !== undefined || isNewZone) startDate = times.value.starts_at;
          if (patch.end_local !== undefined || isNewZone) endDate = times.value.ends_at;
          if (endDate !== null && !endsAfterStart(startDate, endDate)) {
            throw invalidFields([{ path: ['end_local'], message: 'must be after the start' }]);
          }
        }

        const packages = await repository.findPackages(tx, event.id);
        if (fields.free_event && !event.freeEvent) {
          const priced = packages.filter((pkg) => pkg.price > 0).map((pkg) => pkg.name);
          if (priced.length > 0) {
            invalidFieldThrow('free_event', `every package must be free (price 0) first: ${listed(priced)}`);
          }
        }

        const newCountry = countryOf(venue);
        const values: Parameters<typeof repository.updateEvent>[2] = {
          name: fields.name,
          type: fields.type,
          description: fields.description,
          artists: [...fields.artists],
          startDate,
          endDate,
          handlingCost: fields.handling_cost,
          paymentGatewayIds: [...fields.payment_gateway_ids],
          featured: fields.featured,
          freeEvent: fields.free_event,
          waitingRoom: fields.waiting_room ?? false,
          admitPerMinute: fields.admit_per_minute ?? DEFAULT_ADMIT_PER_MINUTE,
        };
        const extraBefore: Record<string, unknown> = {};
        const extraAfter: Record<string, unknown> = {};
        if (isMoving) {
          if (wasPublished(event) && newCountry !== countryOf(found.venue)) throw conflict(MESSAGES.moveCountry);
          // Every package locked (id order, as a sale locks them), so no sale slips in between the check and the move.
          const locked = await repository.lockPackagesOfEvent(tx, event.id);
          if (locked.some((pkg) => pkg.soldCount + pkg.heldCount > 0)) throw conflict(MESSAGES.moveTaken);
          const hasSeatMap = seatMapOf(venue) !== null;
          const hadSeatMap = seatMapOf(found.venue) !== null;
          Object.assign(values, {
            venueId: venue.id,
            currency: CURRENCY_BY_COUNTRY[newCountry],
            freeSeating: !hasSeatMap,
          });
          // Seats belong to the old venue's map: released. A counted package stays counted (free seating at a
          // venue with a map); without a map every package is counted, a seated one keeping its seat count as
          // its tickets; from one map to another, a seated package starts again at 0 seats.
          const withSeats = locked.filter((pkg) => pkg.seatingRange.length > 0);
          for (const pkg of withSeats) {
            await repository.updatePackage(tx, event.id, pkg.id, {
              seatingRange: [],
              capacity: hasSeatMap && isSeated(pkg, hadSeatMap) ? 0 : pkg.capacity,
            });
          }
          const counted = locked.filter((pkg) => !hasSeatMap || !isSeated(pkg, hadSeatMap));
          await repository.updatePackagesOfEvent(
            tx,
            event.id,
            counted.filter((pkg) => !pkg.freeSeating).map((pkg) => pkg.id),
            { freeSeating: true },
          );
          extraBefore['currency'] = event.currency;
          extraAfter['currency'] = CURRENCY_BY_COUNTRY[newCountry];
          if (withSeats.length > 0) extraAfter['seats_released_from_packages'] = withSeats.map((pkg) => pkg.id);
        }

        const apiAfter: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(fields)) if (key in patch) apiAfter[key] = value;
        const diff = changedFields({ ...stored, ...extraBefore }, { ...apiAfter, ...extraAfter });
        if (diff) {
          await repository.updateEvent(tx, event.id, values);
          await appendAudit(tx, {
            action: 'event.update',
            entityType: 'event',
            entityId: event.uid,
            eventId: event.id,
            eventUid: event.uid,
            ...diff,
          });
        }
        return answerFor(tx, event.id);
      });
    },

    /**
     * A new package. Without a seat map, or for free seating, it sells `capacity` tickets; a seated package's
     * capacity is its seat count (0 until seats are assigned). Its colour is the next free of six; it goes last.
     */
    createPackage(actor: OrganiserActor, fields: TicketPackageFields): Promise<ConsolePackage> {
      return inScope(actor, async (tx) => {
        const found = await lockEditableEvent(tx, actor);
        const { event, venue } = found;
        const hasSeatMap = seatMapOf(venue) !== null;
        const freeSeating = !hasSeatMap || fields.free_seating;
        const issues: FieldIssue[] = [];
        if (freeSeating && fields.capacity === null)
          issues.push({ path: ['capacity'], message: MESSAGES.capacityRequired });
        if (!freeSeating && fields.capacity !== null)
          issues.push({ path: ['capacity'], message: MESSAGES.capacityOfSeats });
        if (event.freeEvent && fields.price > 0) issues.push({ path: ['price'], message: MESSAGES.freeEventPrice });
        const window = resolveSaleWindow(fields, venue.timeZone);
        if (!window.ok) issues.push(...window.issues);
        if (issues.length > 0 || !window.ok) throw invalidFields(issues);

        const packages = await repository.findPackages(tx, event.id);
        const id = await repository.insertPackage(tx, {
          eventId: event.id,
          name: fields.name,
          description: fields.description,
          price: fields.price,
          capacity: freeSeating ? (fields.capacity ?? 0) : 0,
          seatingRange: [],
          freeSeating,
          colorClass: nextColourClass(packages.map((pkg) => pkg.colorClass)),
          active: fields.active,
          inactiveMessage: fields.inactive_message,
          maxPerOrder: fields.max_per_order,
          sortOrder: packages.reduce((last, pkg) => Math.max(last, pkg.sortOrder + 1), 0),
          saleStartsAt: window.value.sale_starts_at,
          saleEndsAt: window.value.sale_ends_at,
        });
        await appendAudit(tx, {
          action: 'package.create',
          entityType: 'ticket_package',
          entityId: id,
          eventId: event.id,
          eventUid: event.uid,
          after: { ...fields, free_seating: freeSeating },
        });
        return packageAnswerFor(tx, found, id);
      });
    },

    /**
     * Changes a package, merged with the stored one and checked whole again. Its capacity never goes below what
     * is sold and held: checked under the package's row lock (a sale takes the same lock), and the database's
     * check is the last wall, refused alike.
     */
    async updatePackage(
      actor: OrganiserActor,
      packageId: number,
      patch: TicketPackageFieldsPatch,
    ): Promise<ConsolePackage> {
      await settleCounts(actor, packageId);
      return inScope(actor, async (tx) => {
        const found = await lockEditableEvent(tx, actor);
        const { event, venue } = found;
        const current = await packageOf(tx, event.id, packageId);
        const stored = packageFieldsOf(current, found);
        const merged = TicketPackageFieldsSchema.safeParse({ ...stored, ...patch });
        if (!merged.success) {
          const errors = fieldErrorsFromZod(merged.error);
          throw new AppError('validation_failed', Object.values(errors)[0]?.[0] ?? 'The package is invalid.', errors);
        }
        const fields = merged.data;
        const hasSeatMap = seatMapOf(venue) !== null;
        const freeSeating = !hasSeatMap || fields.free_seating;
        const issues: FieldIssue[] = [];
        if (freeSeating && fields.capacity === null)
          issues.push({ path: ['capacity'], message: MESSAGES.capacityRequired });
        if (!freeSeating && patch.capacity !== undefined && patch.capacity !== null) {
          issues.push({ path: ['capacity'], message: MESSAGES.capacityOfSeats });
        }
        if (event.freeEvent && fields.price > 0) issues.push({ path: ['price'], message: MESSAGES.freeEventPrice });
        const window = resolveSaleWindow(fields, venue.timeZone);
        if (!window.ok) issues.push(...window.issues);
        if (issues.length > 0 || !window.ok) throw invalidFields(issues);

        const locked = await lockPackageOf(tx, event.id, packageId);
        const wasSeated = isSeated(locked, hasSeatMap);
        // Seated → free seating releases its seats (refused while any of them is sold or held); free → seated
        // counts the seats it owns.
        let seatingRange = locked.seatingRange;
        if (wasSeated && freeSeating && seatingRange.length > 0) {
          const taken = new Set(await repository.findTakenSeats(tx, event.id));
          const locking = seatingRange.filter((seat) => taken.has(seat));
          if (locking.length > 0) {
            throw new AppError(
              'seats_locked',
              `Seats ${listed(locking)} are sold or held: the package cannot become free seating.`,
              { free_seating: [`seats ${listed(locking)} are sold or held`] },
            );
          }
          seatingRange = [];
        }
        const capacity = freeSeating ? (fields.capacity ?? 0) : seatingRange.length;
        const taken = locked.soldCount + locked.heldCount;
        if (capacity < taken) throw capacityBelowTaken(taken);

        const values = {
          name: fields.name,
          description: fields.description,
          price: fields.price,
          capacity,
          seatingRange,
          freeSeating,
          maxPerOrder: fields.max_per_order,
          saleStartsAt: window.value.sale_starts_at,
          saleEndsAt: window.value.sale_ends_at,
          active: fields.active,
          inactiveMessage: fields.inactive_message,
        };
        const after: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(fields)) if (key in patch) after[key] = value;
        const diff = changedFields(
          {
            ...stored,
            capacity: current.capacity,
            free_seating: current.freeSeating,
            seat_count: current.seatingRange.length,
          },
          {
            ...after,
            ...(capacity !== current.capacity ? { capacity } : {}),
            ...(freeSeating !== current.freeSeating ? { free_seating: freeSeating } : {}),
            ...(seatingRange.length !== current.seatingRange.length ? { seat_count: seatingRange.length } : {}),
          },
        );
        if (diff) {
          await writeCapacity(
            () => repository.updatePackage(tx, event.id, packageId, values),
            () => capacityBelowTaken(taken),
          );
          await appendAudit(tx, {
            action: 'package.update',
            entityType: 'ticket_package',
            entityId: packageId,
            eventId: event.id,
            eventUid: event.uid,
            ...diff,
          });
        }
        return packageAnswerFor(tx, found, packageId);
      });
    },

    /** Deletes a package on which nothing was ever sold or held. */
    deletePackage(actor: OrganiserActor, packageId: number): Promise<void> {
      return inScope(actor, async (tx) => {
        const found = await lockEditableEvent(tx, actor);
        const { event } = found;
        const current = await packageOf(tx, event.id, packageId);
        const locked = await repository.lockPackage(tx, event.id, packageId);
        if (!locked) throw notFound(MESSAGES.noPackage);
        if (locked.soldCount > 0 || locked.heldCount > 0 || (await repository.hasPackageHistory(tx, packageId))) {
          throw conflict(MESSAGES.packageTaken);
        }
        try {
          await repository.deletePackage(tx, event.id, packageId);
        } catch (error) {
          // A row naming the package that the checks above do not know of: still "it was used", never a 500.
          if (isViolationOf(error, FOREIGN_KEY_VIOLATION)) throw conflict(MESSAGES.packageTaken);
          throw error;
        }
        await appendAudit(tx, {
          action: 'package.delete',
          entityType: 'ticket_package',
          entityId: packageId,
          eventId: event.id,
          eventUid: event.uid,
          before: {
            ...packageFieldsOf(locked, found),
            capacity: current.capacity,
            seat_count: locked.seatingRange.length,
          },
        });
      });
    },

    /**
     * The package's seats, all of them (what is not listed is released). The event row's lock is what keeps a
     * seat in one package: two assignments on one event run one after the other, the second seeing the first.
     */
    async assignSeats(actor: OrganiserActor, packageId: number, seatIds: readonly string[]): Promise<ConsolePackage> {
      await settleCounts(actor, packageId);
      return inScope(actor, async (tx) => {
        const found = await lockEditableEvent(tx, actor);
        const { event, venue } = found;
        const current = await packageOf(tx, event.id, packageId);
        const seatMap = seatMapOf(venue);
        if (current.freeSeating) throw conflict(MESSAGES.freeSeatingSeats);
        if (seatMap === null) throw conflict(MESSAGES.noSeatMap);

        const mapSeats = expandSeatMap(seatMap).map((seat) => seat.id);
        const onMap = new Set(mapSeats);
        const unknown = seatIds.filter((seat) => !onMap.has(seat));
        if (unknown.length > 0) {
          const message = `${unknown.length === 1 ? 'is not a seat' : `are not seats`} of the venue's map: ${listed(unknown)}`;
          throw new AppError('validation_failed', `Seat ids ${message}`, { seat_ids: [message] });
        }

        const owner = new Map<string, string>();
        for (const other of await repository.findOtherPackagesSeats(tx, event.id, packageId)) {
          for (const seat of other.seats) owner.set(seat, other.name);
        }
        const takenByOthers = seatIds.filter((seat) => owner.has(seat));
        if (takenByOthers.length > 0) {
          const names = [...new Set(takenByOthers.map((seat) => owner.get(seat) ?? ''))];
          const message = `Seats ${listed(takenByOthers)} belong to another package (${listed(names, 5)}): release them there first.`;
          throw new AppError('seats_taken', message, { seat_ids: [message] }, { taken_seats: takenByOthers });
        }

        const wanted = new Set(seatIds);
        const before = new Set(current.seatingRange);
        const added = seatIds.filter((seat) => !before.has(seat));
        const removed = current.seatingRange.filter((seat) => !wanted.has(seat));

        const locked = await lockPackageOf(tx, event.id, packageId);
        if (removed.length > 0) {
          const taken = new Set(await repository.findTakenSeats(tx, event.id));
          const locking = removed.filter((seat) => taken.has(seat));
          if (locking.length > 0) {
            const message = `Seats ${listed(locking)} are sold or held: they stay in the package.`;
            throw new AppError('seats_locked', message, { seat_ids: [message] });
          }
        }
        // The map's own order: section by section, row by row.
        const seatingRange = mapSeats.filter((seat) => wanted.has(seat));
        const seatsLocked = () =>
          new AppError('seats_locked', 'Sold or held tickets of this package need the seats it has.', {
            seat_ids: ['sold or held tickets of this package need the seats it has'],
          });
        if (seatingRange.length < locked.soldCount + locked.heldCount) throw seatsLocked();
        if (added.length === 0 && removed.length === 0) return packageAnswerFor(tx, found, packageId);

        await writeCapacity(
          () => repository.updatePackage(tx, event.id, packageId, { seatingRange, capacity: seatingRange.length }),
          seatsLocked,
        );
        await appendAudit(tx, {
          action: 'package.seats',
          entityType: 'ticket_package',
          entityId: packageId,
          eventId: event.id,
          eventUid: event.uid,
          before: { seat_count: before.size },
          after: {
            seat_count: seatingRange.length,
            added: added.slice(0, 100),
            removed: removed.slice(0, 100),
            ...(added.length > 100 ? { added_count: added.length } : {}),
            ...(removed.length > 100 ? { removed_count: removed.length } : {}),
          },
        });
        return packageAnswerFor(tx, found, packageId);
      });
    },

    /**
     * Moves the event along its lifecycle. Opening sales (publishing, or bringing an event back) runs the
     * publishing checklist for the target status first. Cancelling and postponing are event-changes' (they tell
     * buyers and refund orders): refused here with 409 `event_change_required`.
     */
    changeStatus(actor: OrganiserActor, body: EventStatusBody): Promise<ConsoleEventAnswer> {
      return inScope(actor, async (tx) => {
        const found = await repository.lockEvent(tx, eventIdOf(actor));
        if (!found) throw notFound(MESSAGES.noEvent);
        const { event, venue } = found;
        const from = event.status;
        const { to } = body;
        if (!canTransition(from, to)) throw conflict(`An event cannot go from ${from} to ${to}.`);
        // Setting the status alone would tell no buyer and refund no order: modules/event-changes does both.
        if (to === 'cancelled' || to === 'postponed') {
          throw new AppError('event_change_required', MESSAGES.eventChangeRequired(to));
        }

        const saleStartLocal = body.sale_start_local ?? null;
        if (saleStartLocal !== null && !needsSaleStart(to)) {
          invalidFieldThrow('sale_start_local', 'is only for a presale or pending event');
        }
        let saleStartsAt = event.saleStartsAt;
        if (needsSaleStart(to) && saleStartLocal !== null) {
          const resolved = resolveWallClock(saleStartLocal, venue.timeZone);
          if (!resolved.ok) invalidFieldThrow('sale_start_local', resolved.message);
          saleStartsAt = resolved.instant;
        }

        if (isPublishedStatus(to)) {
          const packages = await repository.findPackages(tx, event.id);
          const problems = checklistOf(found, packages, await checklistFacts(tx), to, saleStartsAt);
          if (problems.length > 0) {
            throw new AppError(
              'not_publishable',
              `The event cannot be published as ${to} yet: ${problems.length === 1 ? 'one thing is' : `${problems.length} things are`} missing.`,
              undefined,
              { problems },
            );
          }
        }

        const isFirstPublication = isPublishedStatus(to) && event.publishedAt === null;
        await repository.updateEvent(tx, event.id, {
          status: to,
          ...(isFirstPublication ? { publishedAt: sql`now()` } : {}),
          ...(needsSaleStart(to) ? { saleStartsAt } : {}),
        });
        await appendAudit(tx, {
          action: 'event.status',
          entityType: 'event',
          entityId: event.uid,
          eventId: event.id,
          eventUid: event.uid,
          before: { status: from },
          after: {
            status: to,
            ...(needsSaleStart(to) ? { sale_start_local: wallClockOf(saleStartsAt, venue.timeZone) } : {}),
            ...(isFirstPublication ? { first_publication: true } : {}),
          },
        });
        return answerFor(tx, event.id);
      });
    },
  };
}
