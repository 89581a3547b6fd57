import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import { HOLDER_MESSAGES, type HolderName, type TicketHolderAnswer } from '@marquee/domain/comps';
import { isPaidStatus, parseBookingId } from '@marquee/domain/orders';
import { AppError, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { requestTicketsReissuedMail } from '../mail/service';
import { retryOnDeadlock } from '../orders/retry-on-deadlock';
import { reissueTicket } from '../tickets/reissue-ticket';
import * as repository from './repository';

/** Characters of a ticket's code the desk shows (as desk/service.ts). */
const CODE_SUFFIX_LENGTH = 5;

const MESSAGES = {
  orderNotFound: 'No such order.',
  ticketNotFound: 'No such ticket on this order.',
  notPaid: 'This order is not paid: it has no tickets to correct.',
  notValid: 'This order is cancelled or failed: its tickets no longer admit.',
  changed: 'The ticket changed while it was being corrected. Reload the order and try again.',
} as const;

/**
 * POST …/orders/{orderId}/tickets/{ticketId}/holder (decisions/039): the ticket is re-issued under the corrected
 * name. In one transaction, under the order's row lock (so a double click is one re-issue: the second finds the
 * name already there and changes nothing):
 *  1. scoped (walls 1 and 2): the order and ticket are found; a voided or admitted ticket is refused (409); the
 *     ticket gets a new code and the holder's name by one conditional UPDATE (tickets/reissue-ticket.ts), which a
 *     scan of the old code at the same moment either beats (409 ticket_already_used) or loses (the gate refuses
 *     the old code); the old code is recorded, and the audit row written (names before and after);
 *  2. with the connecting role (the console has no UPDATE on the outbox): the buyer's e-mail with the corrected
 *     tickets is queued, once per correction (mail/service.ts).
 */
export async function correctHolder(
  deps: { db: Db },
  actor: OrganiserActor,
  orderId: string,
  ticketId: number,
  name: HolderName,
): Promise<TicketHolderAnswer> {
  const bookingId = parseBookingId(orderId);
  if (!bookingId) throw notFound(MESSAGES.orderNotFound);
  const scope = organiserScopeOf(actor);
  return retryOnDeadlock(() =>
    deps.db.transaction(async (outer) => {
      const decided = await withOrganiserScope(outer, scope, async (tx) => {
        const order = await repository.lockOrderInScope(tx, bookingId);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        if (!isPaidStatus(order.status)) {
          const isPending = order.status === 'pending';
          throw new AppError(isPending ? 'not_paid' : 'not_valid', isPending ? MESSAGES.notPaid : MESSAGES.notValid);
        }
        const ticket = await repository.findOrderTicket(tx, order.id, ticketId);
        if (!ticket) throw notFound(MESSAGES.ticketNotFound);
        if (ticket.voidedAt) throw new AppError('ticket_already_voided', HOLDER_MESSAGES.voided);
        if (ticket.usedAt) throw new AppError('ticket_already_used', HOLDER_MESSAGES.used);
        const before = {
          first_name: ticket.holderFirstName ?? order.firstName,
          last_name: ticket.holderLastName ?? order.lastName,
        };
        if (before.first_name === name.first_name && before.last_name === name.last_name) {
          // Already so (a double click's second press, a retry): nothing to re-issue or send.
          return {
            order,
            reissued: false,
            ticket: { id: ticket.id, code: ticket.code, holder: before },
            reissuedAt: await repository.findLastReissue(tx, ticket.id),
          };
        }
        const replaced = await reissueTicket(tx, {
          ticketId: ticket.id,
          oldCode: ticket.code,
          holder: { firstName: name.first_name, lastName: name.last_name },
          replacedBy: actor.userId,
        });
        if (!replaced) {
          // Admitted (or voided) between the read and the update: the gate's scan came first.
          const now = await repository.findOrderTicket(tx, order.id, ticket.id);
          if (now?.usedAt) throw new AppError('ticket_already_used', HOLDER_MESSAGES.used);
          if (now?.voidedAt) throw new AppError('ticket_already_voided', HOLDER_MESSAGES.voided);
          throw new AppError('conflict', MESSAGES.changed);
        }
        await appendAudit(tx, {
          action: 'ticket.holder.correct',
          entityType: 'ticket',
          entityId: ticket.id,
          eventId: order.eventId,
          eventUid: order.eventUid,
          before: { ...before, code_suffix: ticket.code.slice(-CODE_SUFFIX_LENGTH) },
          after: { ...name, code_suffix: replaced.code.slice(-CODE_SUFFIX_LENGTH), booking_id: order.bookingId },
        });
        return {
          order,
          reissued: true,
          ticket: { id: ticket.id, code: replaced.code, holder: { ...name } },
          reissuedAt: replaced.replacedAt,
        };
      });
      const isQueued = decided.reissued ? await requestTicketsReissuedMail(outer, decided.order.id) : false;
      return {
        booking_id: decided.order.bookingId,
        reissued: decided.reissued,
        ticket: {
          id: decided.ticket.id,
          code_suffix: decided.ticket.code.slice(-CODE_SUFFIX_LENGTH),
          holder: decided.ticket.holder,
          reissued_at: decided.reissuedAt?.toISOString() ?? null,
        },
        email_queued: isQueued,
      };
    }),
  );
}
