import type { ApiKeyScope, WebhookDelivery, WebhookEventType } from '@marquee/domain/integrations';

/** What each scope a key may be given lets it do, in the console's words. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'organisation.read': 'Read the organisation',
  'venue.read': 'Read venues',
  'event.read': 'Read events',
  'audit.read': 'Read the audit log',
  'order.read': 'Read orders',
  'order.contact.read': "Read buyers' contact details",
  'order.edit': 'Change orders (resend confirmations)',
  'order.refund': 'Refund orders',
  'order.comp': 'Issue complimentary tickets',
  'promo.read': 'Read promo codes',
  'promo.write': 'Make and change promo codes',
  'report.read': 'Read sales reports',
  'export.run': 'Download exports',
  'checkin.scan': 'Scan tickets at the gate',
  'checkin.manage': 'Manage check-in lists',
  'ticket.lookup': 'Look up tickets',
};

export const EVENT_TYPE_LABELS: Record<WebhookEventType, string> = {
  'order.completed': 'Order completed (paid)',
  'order.refunded': 'Order refunded',
  'ticket.checked_in': 'Ticket checked in',
};

/** A delivery's outcome in a word or two, with its last HTTP status or error. */
export function deliveryOutcome(delivery: WebhookDelivery): string {
  const detail =
    delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? 'not tried yet');
  switch (delivery.status) {
    case 'delivered':
      return `Delivered (${detail})`;
    case 'failed':
      return `Gave up (${detail})`;
    case 'pending':
      return delivery.attempts === 0 ? 'Waiting to be sent' : `Retrying (${detail})`;
  }
}
