import type { EventLifecycleStatus } from '@marquee/domain/authoring';
import { canTransition } from '@marquee/domain/authoring';
import type { EventCancellation } from '@marquee/domain/event-changes';

/*
 * The words of an event's cancellation and postponement (issue 22; docs/decisions/040): what the confirm dialogs
 * say will happen, and the progress of the refunds, as the live region reads it.
 */

function orders(count: number): string {
  return `${count} paid order${count === 1 ? '' : 's'}`;
}

function buyers(count: number): string {
  return count === 1 ? 'its buyer' : `each of their ${count} buyers`;
}

/** What cancelling does, said before it is done. */
export function cancellationConsequences(counts: { paid: number; refundable: number }, refund: boolean): string[] {
  const told =
    counts.paid === 0
      ? 'No one has bought tickets, so no one is e-mailed.'
      : `${orders(counts.paid)}: ${buyers(counts.paid)} e-mailed once, with your reason.`;
  const money = !refund
    ? 'Nothing is refunded here: refund orders on the orders desk, or tell buyers how they are refunded.'
    : counts.refundable === 0
      ? 'No order has money left to refund.'
      : `${orders(counts.refundable)} refunded in full through the payment provider, in the background: you can leave this page.`;
  return [
    'Sales stop at once and the event cannot be changed or re-opened afterwards.',
    told,
    money,
    'Every ticket stops admitting at the gate as its order is refunded.',
  ];
}

/** What postponing does, said before it is done. */
export function postponementConsequences(paid: number): string[] {
  return [
    'Sales stop; buyers see "Event Postponed". You can re-open sales later.',
    paid === 0
      ? 'No one has bought tickets, so no one is e-mailed.'
      : `${orders(paid)}: ${buyers(paid)} e-mailed once, with your message and the new date if you give one.`,
    'Nothing is refunded: tickets stay valid for the new date.',
  ];
}

/** "Refunded 37 of 120 orders", then what failed and what is left. */
export function progressWords(
  job: Pick<EventCancellation, 'total' | 'refunded' | 'failed' | 'pending' | 'status'>,
): string {
  const done = `Refunded ${job.refunded} of ${job.total} order${job.total === 1 ? '' : 's'}`;
  const failed = job.failed > 0 ? `, ${job.failed} failed` : '';
  const ending =
    job.status === 'running'
      ? job.pending > 0
        ? '.'
        : ': waiting for the payment provider to confirm.'
      : job.status === 'done'
        ? ': finished.'
        : ': finished; the failed orders need the orders desk.';
  return `${done}${failed}${ending}`;
}

/** Whether the event can still be cancelled here (a draft has no buyers; cancelled through the lifecycle, once). */
export function mayCancel(status: EventLifecycleStatus): boolean {
  return status === 'cancelled' || canTransition(status, 'cancelled');
}

/** Whether the event can be postponed (or postponed again, to give its new date). */
export function mayPostpone(status: EventLifecycleStatus): boolean {
  return status === 'postponed' || canTransition(status, 'postponed');
}
