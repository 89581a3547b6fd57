import type { DeskOrderAnswer } from '@marquee/domain/desk';
import type { OrderStatus } from '@marquee/domain/orders';
import type { Refund } from '@marquee/domain/refunds';
import type { StatusBadge } from './event-display';
import { formatInstant } from './instant-display';

/** An order's status in the desk's words. */
export const ORDER_STATUS_BADGES: Record<OrderStatus, StatusBadge> = {
  pending: { label: 'Awaiting payment', tone: 'amber' },
  complete: { label: 'Paid', tone: 'green' },
  verified: { label: 'Paid, verified', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The order's refunds on its badge: none, part, or the whole total. */
export function refundBadge(order: Pick<DeskOrderAnswer, 'refunded_amount' | 'totals'>): StatusBadge | null {
  if (order.refunded_amount <= 0) return null;
  return order.refunded_amount >= order.totals.total
    ? { label: 'Refunded', tone: 'violet' }
    : { label: 'Partly refunded', tone: 'violet' };
}

type DeskTicket = DeskOrderAnswer['tickets'][number];

/** A ticket's badge: voided by a refund (when), checked in at the gate (when), or valid. */
export function ticketBadge(ticket: Pick<DeskTicket, 'used_at' | 'voided_at'>): StatusBadge {
  if (ticket.voided_at !== null) return { label: `Voided ${formatInstant(ticket.voided_at)}`, tone: 'red' };
  if (ticket.used_at !== null) return { label: `Checked in ${formatInstant(ticket.used_at)}`, tone: 'blue' };
  return { label: 'Valid', tone: 'green' };
}

export const REFUND_STATUS_BADGES: Record<Refund['status'], StatusBadge> = {
  pending: { label: 'Pending', tone: 'amber' },
  succeeded: { label: 'Done', tone: 'green' },
};

export const EMAIL_STATUS_BADGES: Record<DeskOrderAnswer['emails'][number]['status'], StatusBadge> = {
  pending: { label: 'Queued', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const EMAIL_KINDS: Record<string, string> = {
  order_confirmation: 'Order confirmation',
  order_refunded: 'Refund',
  tickets_reissued: 'Corrected tickets',
};

/** An e-mail's kind in words; a kind the outbox gains later is shown as it is. */
export function emailKindWords(kind: string): string {
  return EMAIL_KINDS[kind] ?? kind.replace(/_/g, ' ');
}

/** One step of the payment's story in words. */
export function paymentStepWords(step: DeskOrderAnswer['payment']['timeline'][number]): string {
  switch (step.kind) {
    case 'created':
      return 'Order made, payment started';
    case 'hold_expires':
      return 'Seats held until';
    case 'paid':
      return 'Paid';
    case 'provider_event':
      return `Provider event${step.provider ? ` from ${step.provider}` : ''}${step.type ? `: ${step.type}` : ''}`;
  }
}
