import type { Db } from '@marquee/db/client';
import { instalmentOf } from '@marquee/domain/money';
import { isPaidStatus, type CreatedOrder, type Order } from '@marquee/domain/orders';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import { notFound } from '../../plugins/app-error';
import { listOrderTickets } from '../tickets/list-order-tickets';
import * as repository from './repository';
import type { OrderRow } from './repository';

export const ORDER_NOT_FOUND = 'Order not found.';

/** What the reply says of the order itself: its row, or the same facts in hand when it was just placed. */
export type OrderFacts = Pick<
  OrderRow,
  | 'orderId'
  | 'status'
  | 'cancelReason'
  | 'failureReason'
  | 'paidAt'
  | 'eventId'
  | 'eventUid'
  | 'currency'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'nic'
  | 'subtotal'
  | 'convenienceFee'
  | 'discount'
  | 'total'
  | 'promoCode'
  | 'paymentGatewayId'
  | 'paymentIntentId'
  | 'paymentClientSecret'
  | 'paymentRedirectUrl'
  | 'holdExpiresAt'
  | 'serverTime'
  | 'isHoldExpired'
  | 'bestAvailable'
  | 'seatRetries'
>;

export interface OrderReplyLine {
  packageId: number;
  packageName: string;
  unitPrice: number;
  quantity: number;
  seats: string[];
}

export interface OrderReplyTicket {
  code: string;
  packageName: string;
  seatId: string | null;
}

/**
 * The one mapping from an order (its facts, lines, gateway kind and tickets) to the API's Order. A
 * pending order whose hold has passed is over, whether or not the sweeper has got to it yet.
 */
export function toOrderReply(
  order: OrderFacts,
  lines: readonly OrderReplyLine[],
  gatewayKind: 'card' | 'instalments' | null,
  tickets: readonly OrderReplyTicket[],
): Order {
  const isExpired = order.status === 'pending' && order.isHoldExpired;
  return {
    order_id: order.orderId,
    status: isExpired ? 'cancelled' : order.status,
    cancel_reason: isExpired ? 'expired' : order.cancelReason,
    event_id: order.eventId,
    event_uid: order.eventUid,
    currency: order.currency,
    buyer: {
      first_name: order.firstName,
      last_name: order.lastName,
      email: order.email,
      phone: order.phone,
      nic: order.nic,
    },
    lines: lines.map((line) => ({
      package_id: line.packageId,
      package_name: line.packageName,
      unit_price: line.unitPrice,
      ticket_count: line.quantity,
      amount: line.unitPrice * line.quantity,
      seats: line.seats,
    })),
    subtotal: order.subtotal,
    convenience_fee: order.convenienceFee,
    discount: order.discount,
    total: order.total,
    first_instalment: gatewayKind === 'instalments' ? instalmentOf(order.total) : null,
    promo_code: order.promoCode,
    payment:
      order.paymentIntentId === null || gatewayKind === null
        ? null
        : {
            gateway_id: order.paymentGatewayId,
            kind: gatewayKind,
            intent_id: order.paymentIntentId,
            client_secret: order.paymentClientSecret,
            redirect_url: order.paymentRedirectUrl,
          },
    hold_expires_at: order.holdExpiresAt.toISOString(),
    server_time: order.serverTime.toISOString(),
    failure_reason: order.failureReason,
    paid_at: order.paidAt ? order.paidAt.toISOString() : null,
    tickets: tickets.map((ticket) => ({
      code: ticket.code,
      package_name: ticket.packageName,
      seat_id: ticket.seatId,
    })),
    best_available: order.bestAvailable
      ? {
          package_id: order.bestAvailable.package_id,
          section: order.bestAvailable.section,
          accessible: order.bestAvailable.accessible,
          retries_left: Math.max(0, MAX_BEST_AVAILABLE_RETRIES - order.seatRetries),
        }
      : null,
  };
}

/** The order's reply read from the database: its lines, its gateway's kind and, once paid, its tickets. */
export async function readOrderReply(db: Db, row: OrderRow): Promise<Order> {
  const [lines, kind, tickets] = await Promise.all([
    repository.findOrderLines(db, row.id),
    repository.findGatewayKind(db, row.paymentGatewayId),
    isPaidStatus(row.status) ? listOrderTickets(db, row.id) : [],
  ]);
  return toOrderReply(row, lines, kind, tickets);
}

/** The create answer of an order already saved (a free order, a replay): its reply with the access token. */
export async function readCreatedOrderReply(db: Db, bookingId: string): Promise<CreatedOrder> {
  const row = await repository.findOrderByPublicId(db, bookingId);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return { ...(await readOrderReply(db, row)), access_token: row.accessToken };
}
