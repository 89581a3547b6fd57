import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import type { CreateOrderRequest, CreatedOrder } from '@marquee/domain/orders';
import { eventPath } from '@marquee/domain/slug';
import { buyerStatusOf, isOnSale, isVisibleToBuyers } from '@marquee/domain/statuses';
import {
  WAITLIST_MESSAGES,
  type WaitlistEntryAnswer,
  type WaitlistJoinAnswer,
  type WaitlistJoinRequest,
  type WaitlistOfferAnswer,
} from '@marquee/domain/waitlist';
import { hashLinkToken, linkTokenHash, makeLinkToken } from '../../lib/link-tokens';
import { AppError } from '../../plugins/app-error';
import { EVENT_UID_PATTERN, isPackageSoldOut } from '../catalog/service';
import * as repository from './repository';

export type WaitlistService = ReturnType<typeof createWaitlistService>;

/** Confirmation e-mails to one address per 24 hours, all waitlists together: nobody can mail-bomb a stranger. */
export const CONFIRM_MAILS_PER_DAY = 3;
/** Entries tried per package and run: the head of the line, past those whose seats do not fit together. */
const LINE_HEAD = 10;
/** Packages served per run. */
const PACKAGES_PER_RUN = 50;
/** How long a process has a package's line to itself while it makes offers. */
const LEASE_SECONDS = 60;

const MESSAGES = {
  unknownEvent: 'This event does not exist or is no longer listed.',
  unknownPackage: 'This ticket package does not exist.',
  closed: 'The waitlist is closed: tickets for this event or package are not on sale.',
  gateway: 'Choose one of the payment methods this event accepts.',
  linkInvalid: 'This link is not valid. Open the link from the e-mail again, exactly as it was sent.',
  linkExpired: 'This confirmation link has expired. Join the waitlist again on the event page.',
  offer: {
    waiting: 'No tickets are held for you yet: we e-mail you when they are.',
    bought: 'You have bought these tickets already: find them with Download Your Tickets.',
    lapsed: 'This offer has ended: the tickets were held for 10 minutes and went to the next person in line.',
    left: 'You left this waitlist.',
  },
} as const;

/** What the waitlist needs from checkout: an order placed for the next in line, with the tickets kept for them. */
export type PlaceWaitlistOffer = (
  request: CreateOrderRequest,
  idempotencyKey: string,
  userId: string | null,
) => Promise<{ order: CreatedOrder }>;

/**
 * The waitlist of a sold-out package (issue 23; decisions/049): join (double opt-in), confirm, leave, open an
 * offer, and the worker's run that offers tickets that came back to the next in line. Its e-mails go through the
 * outbox (modules/mail).
 */
export function createWaitlistService(deps: {
  db: Db;
  publicUrl: string;
  log: FastifyBaseLogger;
  placeOffer: PlaceWaitlistOffer;
  confirmMailsPerDay?: number;
}) {
  const { db, log } = deps;
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const linkTo = (page: 'confirm' | 'offer', token: string) =>
    `${origin}/waitlist/${page}?token=${encodeURIComponent(token)}`;
  const confirmMailsPerDay = deps.confirmMailsPerDay ?? CONFIRM_MAILS_PER_DAY;
  let isStopping = false;

  /**
   * Join: an unconfirmed entry and its confirmation e-mail. Refused before anything is written: an unknown or
   * hidden event or package (404), a sale not open (409 waitlist_closed), a package with tickets (409
   * not_sold_out). The answer is the same for a new address, one waiting for its confirmation and one in line.
   */
  async function join(uid: string, request: WaitlistJoinRequest, userId: string | null): Promise<WaitlistJoinAnswer> {
    const found = EVENT_UID_PATTERN.test(uid) ? await repository.findJoinTarget(db, uid, request.package_id) : null;
    if (!found) throw new AppError('not_found', MESSAGES.unknownEvent);
    const { event, pkg } = found;
    if (!pkg) throw new AppError('not_found', MESSAGES.unknownPackage);
    const shown = isVisibleToBuyers({ status: event.status, isUnpublished: false })
      ? buyerStatusOf(event.status, { isSoldOut: false, isSaleOpen: event.isSaleOpen })
      : null;
    if (shown === null || !isOnSale(shown) || !pkg.active || !pkg.isInSaleWindow) {
      throw new AppError('waitlist_closed', MESSAGES.closed);
    }
    if (!(await isPackageSoldOut(db, pkg.id))) throw new AppError('not_sold_out', WAITLIST_MESSAGES.notSoldOut);
    if (request.quantity > pkg.maxPerOrder) {
      const message = `No more than ${pkg.maxPerOrder} tickets of this package per order.`;
      throw new AppError('validation_failed', message, { quantity: [message] });
    }
    const gatewayId = request.payment_gateway_id ?? null;
    if (gatewayId !== null && !event.paymentGatewayIds.includes(gatewayId)) {
      throw new AppError('validation_failed', MESSAGES.gateway, { payment_gateway_id: [MESSAGES.gateway] });
    }

    const answer = { status: 'pending', message: WAITLIST_MESSAGES.joined } as const;
    const { buyer } = request;
    await db.transaction(async (tx) => {
      await repository.lockAddress(tx, buyer.email);
      const existing = await repository.findLiveEntry(tx, pkg.id, buyer.email);
      // In line already, or holding an offer: nothing to confirm again, and nothing to tell whoever asked.
      if (existing && existing.status !== 'unconfirmed') return;
      if ((await repository.countConfirmMailsToday(tx, buyer.email)) >= confirmMailsPerDay) {
        log.info({ eventId: event.id }, 'Waitlist: daily confirmation e-mails to this address reached');
        return;
      }
      const token = makeLinkToken();
      const entryId = await repository.saveUnconfirmed(
        tx,
        {
          eventId: event.id,
          packageId: pkg.id,
          quantity: request.quantity,
          firstName: buyer.first_name,
          lastName: buyer.last_name,
          email: buyer.email,
          phone: buyer.phone,
          nic: buyer.nic,
          paymentGatewayId: gatewayId,
          userId,
          confirmTokenHash: hashLinkToken(token),
        },
        existing?.id ?? null,
      );
      await repository.queueMail(tx, { kind: 'waitlist_confirm', entryId, url: linkTo('confirm', token) });
    });
    return answer;
  }

  async function entryByToken(which: 'confirm' | 'offer', token: string) {
    const hash = linkTokenHash(token);
    const entry = hash ? await repository.findByTokenHash(db, which, hash) : null;
    if (!entry) throw new AppError('link_invalid', MESSAGES.linkInvalid);
    return entry;
  }

  async function answerFor(entry: NonNullable<Awaited<ReturnType<typeof repository.findByTokenHash>>>) {
    const isOffered = entry.status === 'offered' && entry.order !== null && !entry.order.isHoldOver;
    const status = entry.status === 'offered' && !isOffered ? 'lapsed' : entry.status;
    const answer: WaitlistEntryAnswer = {
      status: status === 'unconfirmed' ? 'waiting' : status,
      event: { uid: entry.event.uid, name: entry.event.name, path: eventPath(entry.event) },
      package_name: entry.packageName,
      quantity: entry.quantity,
      position:
        entry.status === 'waiting' && entry.confirmedAt
          ? await repository.positionOf(db, {
              id: entry.id,
              packageId: entry.packageId,
              confirmedAt: entry.confirmedAt,
            })
          : null,
      offer_expires_at: isOffered && entry.order ? entry.order.holdExpiresAt.toISOString() : null,
    };
    return answer;
  }

  /** The double opt-in's second step (a button on the link's page). Using the link again answers the same. */
  async function confirm(token: string): Promise<WaitlistEntryAnswer> {
    const entry = await entryByToken('confirm', token);
    if (entry.status !== 'unconfirmed') return answerFor(entry);
    if (entry.isConfirmExpired) throw new AppError('link_expired', MESSAGES.linkExpired);
    await repository.markConfirmed(db, entry.id);
    kick();
    return answerFor(await entryByToken('confirm', token));
  }

  /** Out of the line; idempotent. An offer already held stays the buyer's to pay or let go. */
  async function leave(token: string): Promise<WaitlistEntryAnswer> {
    const entry = await entryByToken('confirm', token);
    if (entry.status !== 'unconfirmed' && entry.status !== 'waiting') return answerFor(entry);
    await repository.markLeft(db, entry.id);
    return answerFor(await entryByToken('confirm', token));
  }

  /** The offer link's page: the held order's access, so the checkout's payment step shows it. */
  async function openOffer(token: string): Promise<WaitlistOfferAnswer> {
    const entry = await entryByToken('offer', token);
    const { order } = entry;
    if (entry.status === 'offered' && order && order.status === 'pending' && !order.isHoldOver) {
      return {
        order_id: order.bookingId,
        access_token: order.accessToken,
        event: { uid: entry.event.uid, name: entry.event.name, path: eventPath(entry.event) },
        hold_expires_at: order.holdExpiresAt.toISOString(),
      };
    }
    const isBought = entry.status === 'bought' || order?.status === 'complete' || order?.status === 'verified';
    const status = isBought
      ? 'bought'
      : entry.status === 'left'
        ? 'left'
        : entry.status === 'waiting'
          ? 'waiting'
          : 'lapsed';
    // The event, so the page can lead back to it.
    throw new AppError('offer_unavailable', MESSAGES.offer[status], undefined, {
      event: { uid: entry.event.uid, name: entry.event.name, path: eventPath(entry.event) },
    });
  }

  /**
   * One offer for the entry at the head of the line: an order placed for them with the tickets kept for the line.
   * Answers what happened: `offered`; `passed` (no order for this entry now: try the next), or `stop` (nothing
   * more to give now).
   */
  async function offerTo(
    entry: Awaited<ReturnType<typeof repository.findLineHead>>[number],
  ): Promise<'offered' | 'passed' | 'stop'> {
    const request: CreateOrderRequest = {
      event_id: entry.eventId,
      buyer: {
        first_name: entry.firstName,
        last_name: entry.lastName,
        email: entry.email,
        phone: entry.phone,
        nic: entry.nic,
      },
      ticket_package_details: entry.isSeated ? [] : [{ package_id: entry.packageId, ticket_count: entry.quantity }],
      seats: [],
      ...(entry.isSeated
        ? { best_available: { package_id: entry.packageId, quantity: entry.quantity, accessible: false } }
        : {}),
      promo_code: null,
      ...(entry.paymentGatewayId === null ? {} : { payment_gateway_id: entry.paymentGatewayId }),
      terms_agreed: true,
    };
    let created: CreatedOrder;
    try {
      // One key per entry: a run that died after placing finds the same order again instead of a second one.
      ({ order: created } = await deps.placeOffer(request, `waitlist-${entry.id}`, entry.userId));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'sold_out') return 'stop';
      // Seats together for this many are not free: someone further down who asked for fewer may fit.
      if (error.code === 'no_seats_together') return 'passed';
      if (error.code === 'hold_limit_reached') {
        await repository.markLapsed(db, [entry.id], 'buyer_limit');
        return 'passed';
      }
      if (error.code === 'not_on_sale' || error.code === 'validation_failed' || error.code === 'not_found') {
        await repository.markLapsed(db, [entry.id], 'sale_ended');
        return 'passed';
      }
      throw error;
    }
    const order = await repository.findOrderPk(db, created.order_id);
    if (!order) throw new Error(`The waitlist's order ${created.order_id} was not found.`);
    const token = makeLinkToken();
    const isMarked = await repository.markOffered(db, {
      entryId: entry.id,
      orderId: order.id,
      offerTokenHash: hashLinkToken(token),
      url: linkTo('offer', token),
      isPaid: order.status !== 'pending',
    });
    if (!isMarked) log.info({ entryId: entry.id }, 'Waitlist: the buyer left while tickets were being held for them');
    return 'offered';
  }

  /**
   * The worker's run (every process runs it): offers that ended are settled, then each package with a line is
   * served by one process at a time (a lease), head first, until its tickets run out.
   */
  async function makeOffers(): Promise<number> {
    await repository.settleOffers(db);
    let offers = 0;
    for (const packageId of await repository.findPackagesWithLine(db, PACKAGES_PER_RUN)) {
      if (isStopping) break;
      if (!(await repository.takeLease(db, packageId, LEASE_SECONDS))) continue;
      try {
        for (const entry of await repository.findLineHead(db, packageId, LINE_HEAD)) {
          if (isStopping) break;
          const outcome = await offerTo(entry);
          if (outcome === 'stop') break;
          if (outcome === 'offered') offers += 1;
        }
      } finally {
        await repository.releaseLease(db, packageId);
      }
    }
    return offers;
  }

  // The routes' worker registers itself here, so a confirmation is served at once when tickets wait.
  let kick: () => void = () => {};

  return {
    join,
    confirm,
    leave,
    openOffer,
    /** Offers tickets that came back to the next in line; the worker calls it, tests too. */
    makeOffers,
    setKick(next: () => void) {
      kick = next;
    },
    /** No more offers are started; the one under way finishes. */
    stop() {
      isStopping = true;
    },
  };
}
