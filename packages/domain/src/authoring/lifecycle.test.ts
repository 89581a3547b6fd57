import { describe, expect, it } from 'vitest';
import { EVENT_STATUSES } from '../catalog/statuses';
import {
  EVENT_LIFECYCLE,
  EVENT_TRANSITIONS,
  EventLifecycleStatusSchema,
  canTransition,
  isPublicStatus,
  lifecycleStatusOf,
  needsPublishingChecklist,
  needsSaleStart,
  type EventLifecycleStatus,
} from './lifecycle';

/** The design's transitions, written out by hand: from → every status it may go to. */
const ALLOWED: Record<EventLifecycleStatus, EventLifecycleStatus[]> = {
  draft: ['ongoing', 'presale', 'pending'],
  ongoing: ['postponed', 'closed', 'cancelled'],
  presale: ['ongoing', 'postponed', 'closed', 'cancelled'],
  pending: ['ongoing', 'postponed', 'closed', 'cancelled'],
  postponed: ['ongoing', 'presale', 'pending', 'cancelled'],
  closed: ['ongoing', 'cancelled'],
  cancelled: [],
};

describe('the event lifecycle', () => {
  it('stores no sold-out status: it is computed', () => {
    expect(EVENT_LIFECYCLE).toEqual(['draft', 'ongoing', 'presale', 'pending', 'postponed', 'closed', 'cancelled']);
    expect(EventLifecycleStatusSchema.safeParse('soldout').success).toBe(false);
  });

  it.each(EVENT_LIFECYCLE.flatMap((from) => EVENT_LIFECYCLE.map((to) => [from, to] as const)))(
    '%s → %s is allowed only if the design says so',
    (from, to) => {
      expect(canTransition(from, to)).toBe(ALLOWED[from].includes(to));
    },
  );

  it('lists the same transitions it allows', () => {
    expect(EVENT_TRANSITIONS).toEqual(ALLOWED);
  });

  it('never goes back to draft, never leaves cancelled, never stays put', () => {
    for (const status of EVENT_LIFECYCLE) {
      expect(canTransition(status, 'draft')).toBe(false);
      expect(canTransition('cancelled', status)).toBe(false);
      expect(canTransition(status, status)).toBe(false);
    }
  });

  it('runs the checklist before sales open, and asks presale and pending for a sale start', () => {
    expect(EVENT_LIFECYCLE.filter(needsPublishingChecklist)).toEqual(['ongoing', 'presale', 'pending']);
    expect(EVENT_LIFECYCLE.filter(needsSaleStart)).toEqual(['presale', 'pending']);
    expect(EVENT_LIFECYCLE.filter((s) => !isPublicStatus(s))).toEqual(['draft']);
  });

  it("stores the importer's statuses, sold out as on sale", () => {
    expect(EVENT_STATUSES.map(lifecycleStatusOf)).toEqual([
      'ongoing',
      'presale',
      'pending',
      'ongoing',
      'postponed',
      'closed',
    ]);
  });
});
