import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import {
  CONFIRMATION_RESENDS_PER_HOUR,
  type ConfirmationResendAnswer,
  type DeskOrderAnswer,
  type DeskOrderListAnswer,
  type OrderSearchQuery,
} from '@marquee/domain/desk';
import { isPaidStatus, parseBookingId } from '@marquee/domain/orders';
import type { SeatMap } from '@marquee/domain/seat-map';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';
import { AppError } from '../../plugins/app-error';
import { actorCan, organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import * as repository from './repository';

export type DeskService = ReturnType<typeof createDeskService>;

const HOUR_MS = 3_600_000;
/** Characters of a ticket's code the desk shows: enough to tell tickets apart and read one out, not to forge. */
const CODE_SUFFIX_LENGTH = 5;

export const DESK_MESSAGES = {
  notFound: 'No such order.',
  notPaid: 'This order is not paid: it has no confirmation to resend.',
  notValid: 'This order is cancelled or failed: it has no confirmation to resend.',
  alreadyQueued: 'The confirmation is already queued and will be sent in a moment.',
  rateLimited: `The confirmation can be resent ${CONFIRMATION_RESENDS_PER_HOUR} times an hour. Try again later.`,
} as const;

/** A 429 that knows when the next resend is allowed (the route sends it as Retry-After). */
export class ResendLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('rate_limited', DESK_MESSAGES.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Whether the actor may see a buyer's e-mail, phone and NIC. */
export function canSeeContact(actor: OrganiserActor): boolean {
  return actorCan(actor, 'order.contact.read');
}

function seatOf(map: SeatMap | null, id: string) {
  const seat = describeSeat(map, id);
  return { ...seat, label: seatLabel(seat) };
}

/** `order_confirmation` from `<order-confirmation.MQ…@domain>` (mail/service.ts makes the Message-ID). */
function kindOfMessageId(messageId: string): string {
  return (/^<([a-z-]+)\./.exec(messageId)?.[1] ?? 'unknown').replace(/-/g, '_');
}

/**
 * The orders desk (issue 22): find an order, read its page, resend its confirmation. Orders are found in
 * the scoped transaction (walls 1 and 2: the organisation's events, a limited member's events); what hangs
 * off a found order in tables outside the console's grants is read by that order's own keys (repository).
 */
export function createDeskService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async search(actor: OrganiserActor, query: OrderSearchQuery): Promise<DeskOrderListAnswer> {
      const withContact = canSeeContact(actor);
      const text = query.q?.trim() ?? '';
      const bookingId = text === '' ? null : parseBookingId(text);
      const filter: repository.OrderFilter = {
        ...(bookingId ? { bookingId } : { text }),
        withContact,
        eventUid: query.event,
        status: query.status,
        from: query.from,
        to: query.to,
      };
      const limit = query.per_page;
      const { rows, total } = await withOrganiserScope(db, organiserScopeOf(actor), (tx) =>
        repository.findOrderPage(tx, filter, { limit, offset: (query.page - 1) * limit }),
      );
      return {
        orders: rows.map((row) => ({
          booking_id: row.bookingId,
          kind: row.kind,
          event: { uid: row.eventUid, name: row.eventName, starts_at: row.eventStartsAt.toISOString() },
          buyer: { first_name: row.firstName, last_name: row.lastName },
          contact: withContact ? { email: row.email, phone: row.phone } : null,
          status: row.status,
          currency: row.currency,
          total: row.total,
          tickets: row.tickets,
          created_at: row.createdAt.toISOString(),
        })),
        page: query.page,
        per_page: limit,
        total,
      };
    },

    async order(actor: OrganiserActor, orderId: string): Promise<DeskOrderAnswer> {
      const bookingId = parseBookingId(orderId);
      if (!bookingId) throw new AppError('not_found', DESK_MESSAGES.notFound);
      const withContact = canSeeContact(actor);
      return db.transaction(async (outer) => {
        const scoped = await withOrganiserScope(outer, organiserScopeOf(actor), async (tx) => {
          const order = await repository.findScopedOrder(tx, bookingId);
          if (!order) return null;
          const [lines, tickets, resends, refunds] = [
            await repository.findOrderLines(tx, order.id),
            await repository.findOrderTickets(tx, order.id),
            await repository.findResends(tx, bookingId),
            await repository.findOrderRefunds(tx, order.id),
          ];
          return { order, lines, tickets, resends, refunds };
        });
        if (!scoped) throw new AppError('not_found', DESK_MESSAGES.notFound);
        const { order, lines, tickets, resends, refunds } = scoped;
        // The order is in scope: what hangs off it is read by its own keys, with the connecting role.
        const providerEvents = order.intentId ? await repository.findPaymentEvents(outer, order.intentId) : [];
        const providerStatus = await repository.findSandboxIntentStatus(outer, order.bookingId);
        const emails = await repository.findOrderEmails(outer, order.id);
        const kept = await repository.findKeptEmails(outer, order.bookingId);

        const timeline: DeskOrderAnswer['payment']['timeline'] = [
          { at: order.createdAt, kind: 'created' as const, provider: null, type: null },
          { at: order.holdExpiresAt, kind: 'hold_expires' as const, provider: null, type: null },
          ...providerEvents.map((event) => ({
            at: event.receivedAt,
            kind: 'provider_event' as const,
            provider: event.provider,
            type: event.type,
          })),
          ...(order.paidAt ? [{ at: order.paidAt, kind: 'paid' as const, provider: null, type: null }] : []),
        ]
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((step) => ({ ...step, at: step.at.toISOString() }));

        return {
          booking_id: order.bookingId,
          kind: order.kind,
          comp_note: order.compNote,
          status: order.status,
          event: { uid: order.event.uid, name: order.event.name, starts_at: order.event.startsAt.toISOString() },
          buyer: { first_name: order.firstName, last_name: order.lastName },
          contact: withContact ? { email: order.email, phone: order.phone, nic: order.nic } : null,
          created_at: order.createdAt.toISOString(),
          lines: lines.map((line) => ({
            package_name: line.packageName,
            unit_price: line.unitPrice,
            quantity: line.quantity,
            seats: line.seats.map((id) => seatOf(order.seatMap, id)),
          })),
          totals: {
            currency: order.currency,
            subtotal: order.subtotal,
            convenience_fee: order.convenienceFee,
            discount: order.discount,
            total: order.total,
            promo_code: order.promoCode,
          },
          payment: {
            gateway: order.gateway,
            intent_id: order.intentId,
            provider_status: providerStatus,
            hold_expires_at: order.holdExpiresAt.toISOString(),
            paid_at: order.paidAt?.toISOString() ?? null,
            last_error: order.lastPaymentError,
            cancel_reason: order.cancelReason,
            failure_reason: order.failureReason,
            timeline,
          },
          refunded_amount: order.refundedAmount,
          refundable_amount: isPaidStatus(order.status) ? order.total - order.refundedAmount : 0,
          refunds: refunds.map((refund) => ({
            id: refund.id,
            status: refund.status,
            amount: refund.amount,
            currency: order.currency,
            ticket_ids: refund.ticketIds,
            reason: refund.reason,
            created_at: refund.createdAt.toISOString(),
            succeeded_at: refund.succeededAt?.toISOString() ?? null,
          })),
          tickets: tickets.map((ticket) => ({
            id: ticket.id,
            code_suffix: ticket.code.slice(-CODE_SUFFIX_LENGTH),
            package_name: ticket.packageName,
            seat: ticket.seatId === null ? null : seatOf(order.seatMap, ticket.seatId),
            used_at: ticket.usedAt?.toISOString() ?? null,
            voided_at: ticket.voidedAt?.toISOString() ?? null,
            holder: {
              first_name: ticket.holderFirstName ?? order.firstName,
              last_name: ticket.holderLastName ?? order.lastName,
            },
            reissued_at: ticket.reissuedAt?.toISOString() ?? null,
          })),
          emails: emails.map((email) => ({
            kind: email.kind,
            status: email.status,
            attempts: email.attempts,
            queued_at: email.createdAt.toISOString(),
            sent_at: email.sentAt?.toISOString() ?? null,
            // A transport's error may quote the buyer's address.
            last_error: withContact ? email.lastError : null,
          })),
          kept_emails: kept.map((message) => ({
            kind: kindOfMessageId(message.messageId),
            subject: message.subject,
            kept_at: message.createdAt.toISOString(),
          })),
          resends: resends.map((resend) => ({ at: resend.at.toISOString(), by: resend.by })),
        };
      });
    },

    /**
     * Queues the confirmation e-mail once more (see repository.requeueConfirmation). At most
     * CONFIRMATION_RESENDS_PER_HOUR per order, counted in the audit log, where each resend is recorded in the
     * same transaction: the count survives restarts and is the same for every server process.
     */
    async resendConfirmation(actor: OrganiserActor, orderId: string): Promise<ConfirmationResendAnswer> {
      const bookingId = parseBookingId(orderId);
      if (!bookingId) throw new AppError('not_found', DESK_MESSAGES.notFound);
      const scope = organiserScopeOf(actor);
      return db.transaction(async (outer) => {
        const { order, recent } = await withOrganiserScope(outer, scope, async (tx) => {
          const found = await repository.findScopedOrder(tx, bookingId);
          if (!found) throw new AppError('not_found', DESK_MESSAGES.notFound);
          if (!isPaidStatus(found.status)) {
            throw new AppError(
              found.status === 'pending' ? 'not_paid' : 'not_valid',
              found.status === 'pending' ? DESK_MESSAGES.notPaid : DESK_MESSAGES.notValid,
            );
          }
          await repository.lockOrderResends(tx, found.id);
          return { order: found, recent: await repository.findResends(tx, bookingId, { lastHour: true }) };
        });
        if (recent.length >= CONFIRMATION_RESENDS_PER_HOUR) {
          // The oldest resend counted leaves the window first.
          const oldest = recent[CONFIRMATION_RESENDS_PER_HOUR - 1] ?? recent.at(-1);
          const wait = oldest ? oldest.at.getTime() + HOUR_MS - Date.now() : HOUR_MS;
          throw new ResendLimitedError(Math.max(1, Math.ceil(wait / 1000)));
        }
        const requeued = await repository.requeueConfirmation(outer, order.id);
        if (!requeued) throw new AppError('conflict', DESK_MESSAGES.alreadyQueued);
        await withOrganiserScope(outer, scope, (tx) =>
          appendAudit(tx, {
            action: repository.RESEND_ACTION,
            entityType: 'order',
            entityId: order.bookingId,
            eventId: order.event.id,
            eventUid: order.event.uid,
            before: { confirmation: requeued.before },
            after: { confirmation: 'pending' },
          }),
        );
        return {
          booking_id: order.bookingId,
          status: 'queued' as const,
          resends_left: CONFIRMATION_RESENDS_PER_HOUR - recent.length - 1,
        };
      });
    },
  };
}
