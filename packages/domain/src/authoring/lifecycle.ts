import { z } from 'zod';
import type { EventStatus } from '../catalog/statuses';

/**
 * An event's life as the organiser drives it (issue 21): a `draft` only the team sees; published as on sale
 * (`ongoing`), or announced until its sales open (`presale`, `pending`, with a sale start); then `postponed`,
 * `closed` or `cancelled`. Sold out is not a status anyone sets: it is computed from the packages, so it
 * ends by itself when tickets come back. The buyer API keeps the spec's statuses (catalog/statuses.ts).
 */
export const EVENT_LIFECYCLE = ['draft', 'ongoing', 'presale', 'pending', 'postponed', 'closed', 'cancelled'] as const;
export const EventLifecycleStatusSchema = z.enum(EVENT_LIFECYCLE, {
  error: `must be one of ${EVENT_LIFECYCLE.join(', ')}`,
});
export type EventLifecycleStatus = z.infer<typeof EventLifecycleStatusSchema>;

/** The statuses that publish an event's sales: on sale now, or from a sale start. */
export const PUBLISHED_STATUSES = ['ongoing', 'presale', 'pending'] as const satisfies readonly EventLifecycleStatus[];
export type PublishedStatus = (typeof PUBLISHED_STATUSES)[number];

/** Where each status may go. Cancelled is final; nothing goes back to draft (an operator unpublishes apart). */
export const EVENT_TRANSITIONS: Readonly<Record<EventLifecycleStatus, readonly EventLifecycleStatus[]>> = {
  draft: ['ongoing', 'presale', 'pending'],
  ongoing: ['postponed', 'closed', 'cancelled'],
  presale: ['ongoing', 'postponed', 'closed', 'cancelled'],
  pending: ['ongoing', 'postponed', 'closed', 'cancelled'],
  postponed: ['ongoing', 'presale', 'pending', 'cancelled'],
  closed: ['ongoing', 'cancelled'],
  cancelled: [],
};

export function canTransition(from: EventLifecycleStatus, to: EventLifecycleStatus): boolean {
  return EVENT_TRANSITIONS[from].includes(to);
}

export function isPublishedStatus(status: EventLifecycleStatus): status is PublishedStatus {
  return (PUBLISHED_STATUSES as readonly EventLifecycleStatus[]).includes(status);
}

/** Presale and pending wait for a sale start (`sale_starts_at`), after which the event is on sale. */
export function needsSaleStart(status: EventLifecycleStatus): boolean {
  return status === 'presale' || status === 'pending';
}

/**
 * Whether moving to `to` opens (or reopens) sales, so the publishing checklist must pass first: publishing a
 * draft, and bringing a postponed or closed event back.
 */
export function needsPublishingChecklist(to: EventLifecycleStatus): boolean {
  return isPublishedStatus(to);
}

/** Whether buyers can see an event in this status at all (an operator may still have unpublished it). */
export function isPublicStatus(status: EventLifecycleStatus): boolean {
  return status !== 'draft';
}

/**
 * The stored status for a buyer-side status (the importer's format keeps the spec's list): `soldout` is
 * computed now, so an event imported as sold out is stored on sale, and shows sold out while it is.
 */
export function lifecycleStatusOf(status: EventStatus): EventLifecycleStatus {
  return status === 'soldout' ? 'ongoing' : status;
}
