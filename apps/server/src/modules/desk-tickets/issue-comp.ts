import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { UNIQUE_VIOLATION, isViolationOf } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import { NIC_DEFAULT } from '@marquee/domain/checkout';
import { COMP_MESSAGES, type CompAnswer, type CompRequest } from '@marquee/domain/comps';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import * as inventory from '../inventory/service';
import { newBookingId } from '../orders/create-order';
import { retryOnDeadlock } from '../orders/retry-on-deadlock';
import { issueTickets } from '../tickets/issue-tickets';
import * as repository from './repository';

const CODE_SUFFIX_LENGTH = 5;

const MESSAGES = {
  eventNotFound: 'No such event.',
  cancelled: 'This event is cancelled: it takes no comps.',
  packageNotFound: 'Choose a ticket package of this event.',
  seatsNeeded: (name: string, quantity: number) =>
    `${name} seats are numbered: name ${quantity === 1 ? 'the seat' : `the ${quantity} seats`} to give (seat_ids).`,
  seatsCount: (quantity: number) => `Name exactly ${quantity} seat${quantity === 1 ? '' : 's'}, one per ticket.`,
  seatsNotNumbered: (name: string) => `${name} seats are not numbered: give a quantity without seats.`,
  seatsNotOfPackage: (seats: string[]) => `Not seats of this package: ${seats.join(', ')}.`,
  soldOut: (name: string) =>
    `Not enough ${name} tickets are left for this comp: it counts against capacity like a sale.`,
  seatsTaken: 'One of these seats is already sold or held. Choose other seats.',
} as const;

/** What makes two requests with one key the same comp (seat order does not matter). */
function requestHash(request: CompRequest): string {
  const seats = [...(request.seat_ids ?? [])].sort();
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.first_name,
        request.last_name,
        request.email,
        request.phone ?? null,
        request.package_id,
        request.quantity,
        seats,
        request.note,
      ]),
    )
    .digest('hex');
}

async function answerOf(tx: ScopedTx, orderRowId: number): Promise<CompAnswer> {
  const found = await repository.findCompAnswerRows(tx, orderRowId);
  if (!found) throw new Error(`comp order ${orderRowId} has no line`);
  const { order } = found;
  return {
    booking_id: order.bookingId,
    kind: 'comp',
    event: { uid: order.eventUid, name: order.eventName },
    guest: { first_name: order.firstName, last_name: order.lastName },
    package_name: order.packageName,
    quantity: order.quantity,
    note: order.note ?? '',
    tickets: found.tickets.map((ticket) => {
      const seat = ticket.seatId === null ? null : describeSeat(order.seatMap, ticket.seatId);
      return {
        id: ticket.id,
        code_suffix: ticket.code.slice(-CODE_SUFFIX_LENGTH),
        seat: seat === null ? null : { ...seat, label: seatLabel(seat) },
      };
    }),
    created_at: order.createdAt.toISOString(),
  };
}

/**
 * POST …/events/{eventUid}/comps (decisions/039): free tickets for a named guest, in one scoped transaction
 * (walls 1 and 2; the console role's grants of migration 0018). The order is written complete, kind 'comp', total
 * 0; its inventory is taken by the sale's own path (inventory `sellHeldInventory`: the seats claimed sold, the
 * package's counter raised only while sold + held + quantity <= capacity, expired holds and buckets' spare tickets
 * reclaimed before a refusal), so a comp can never oversell, whatever sales run beside it; then its tickets are
 * issued, the guest's e-mail queued and the audit row written. The Idempotency-Key (namespaced by organisation)
 * makes a retry answer the same order: looked up first, and the orders' unique key settles two at once.
 */
export async function issueComp(
  deps: { db: Db },
  actor: OrganiserActor,
  request: CompRequest,
  idempotencyKey: string,
): Promise<{ answer: CompAnswer; isReplay: boolean }> {
  const event = actor.event;
  if (!event) throw notFound(MESSAGES.eventNotFound);
  const scope = organiserScopeOf(actor);
  const key = `comp:${actor.organisationId}:${idempotencyKey}`;
  const hash = requestHash(request);

  const replay = async (tx: ScopedTx) => {
    const existing = await repository.findCompByKey(tx, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) {
      throw new AppError('idempotency_key_reused', COMP_MESSAGES.keyReused, {
        'Idempotency-Key': [COMP_MESSAGES.keyReused],
      });
    }
    return { answer: await answerOf(tx, existing.id), isReplay: true };
  };

  try {
    return await retryOnDeadlock(() =>
      withOrganiserScope(deps.db, scope, async (tx) => {
        const replayed = await replay(tx);
        if (replayed) return replayed;
        const found = await repository.findCompEvent(tx, event.id);
        if (!found) throw notFound(MESSAGES.eventNotFound);
        if (found.status === 'cancelled') throw new AppError('not_on_sale', MESSAGES.cancelled);
        const pkg = await repository.findEventPackage(tx, found.id, request.package_id);
        if (!pkg) throw invalidField('package_id', MESSAGES.packageNotFound);
        const seats = request.seat_ids ?? [];
        const isSeated = pkg.seatingRange.length > 0 && !pkg.freeSeating;
        if (isSeated && seats.length === 0)
          throw invalidField('seat_ids', MESSAGES.seatsNeeded(pkg.name, request.quantity));
        if (isSeated && seats.length !== request.quantity)
          throw invalidField('seat_ids', MESSAGES.seatsCount(request.quantity));
        if (!isSeated && seats.length > 0) throw invalidField('seat_ids', MESSAGES.seatsNotNumbered(pkg.name));
        const range = new Set(pkg.seatingRange);
        const foreign = seats.filter((seat) => !range.has(seat));
        if (foreign.length > 0) throw invalidField('seat_ids', MESSAGES.seatsNotOfPackage(foreign));

        const bookingId = newBookingId();
        const orderRowId = await repository.insertCompOrder(tx, {
          orderId: bookingId,
          eventId: found.id,
          kind: 'comp',
          compNote: request.note,
          status: 'complete',
          firstName: request.first_name,
          lastName: request.last_name,
          email: request.email,
          // Not asked of a guest; the buyer's columns are NOT NULL: none, and the checkout's default NIC.
          phone: request.phone ?? '',
          nic: NIC_DEFAULT,
          currency: found.currency,
          subtotal: 0,
          convenienceFee: 0,
          discount: 0,
          total: 0,
          // A free order records the event's first gateway, as the checkout does for one (nothing is paid).
          paymentGatewayId: found.paymentGatewayIds[0] ?? 1,
          // A bearer token nobody is given: a comp is read through the desk and the guest's e-mail, not the buyer API.
          accessToken: randomBytes(24).toString('base64url'),
          idempotencyKey: key,
          requestHash: hash,
        });
        await repository.insertCompLine(tx, {
          orderId: orderRowId,
          packageId: pkg.id,
          packageName: pkg.name,
          unitPrice: 0,
          quantity: request.quantity,
          seats,
        });
        const isSold = await inventory.sellHeldInventory(tx, {
          eventId: found.id,
          orderId: orderRowId,
          lines: [{ packageId: pkg.id, quantity: request.quantity }],
          seats: seats.map((seatId) => ({ seatId, packageId: pkg.id })),
        });
        if (!isSold) {
          // Thrown inside the transaction: the order, its line and any seat claimed roll back with it.
          throw isSeated
            ? new AppError('seats_taken', MESSAGES.seatsTaken, { seat_ids: [MESSAGES.seatsTaken] })
            : new AppError('sold_out', MESSAGES.soldOut(pkg.name), { quantity: [MESSAGES.soldOut(pkg.name)] });
        }
        await issueTickets(tx, { id: orderRowId, eventId: found.id }, [
          { packageId: pkg.id, quantity: request.quantity, seats },
        ]);
        await repository.queueConfirmation(tx, orderRowId);
        await appendAudit(tx, {
          action: 'order.comp',
          entityType: 'order',
          entityId: bookingId,
          eventId: found.id,
          eventUid: found.uid,
          after: {
            guest: `${request.first_name} ${request.last_name}`,
            package_id: pkg.id,
            package_name: pkg.name,
            quantity: request.quantity,
            seat_ids: seats,
            note: request.note,
          },
        });
        return { answer: await answerOf(tx, orderRowId), isReplay: false };
      }),
    );
  } catch (error) {
    // Two requests with one key at once: the orders' unique key refused the second; it answers the first's order.
    if (!isViolationOf(error, UNIQUE_VIOLATION, 'orders_idempotency_key')) throw error;
    const replayed = await withOrganiserScope(deps.db, scope, replay);
    if (!replayed) throw error;
    return replayed;
  }
}
