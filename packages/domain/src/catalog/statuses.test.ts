import { describe, expect, it } from 'vitest';
import { EVENT_LIFECYCLE } from '../authoring/lifecycle';
import {
  EVENT_STATUSES,
  bookingStatusLabel,
  buyerStatusOf,
  eventActionLabel,
  isOnSale,
  isVisibleToBuyers,
  unavailableSaleMessage,
} from './statuses';
import { emptyCategoryMessage, findCategoryById } from './categories';

describe('event statuses', () => {
  it.each([
    ['ongoing', 'Book Now'],
    ['soldout', 'Soldout'],
    ['postponed', 'Postponed'],
    ['closed', 'Closed'],
    ['presale', 'View Details'],
    ['pending', 'View Details'],
    ['anything', 'View Details'],
  ])('%s gives the action label %s', (status, label) => {
    expect(eventActionLabel(status)).toBe(label);
  });

  it.each([
    ['soldout', 'Tickets Soldout'],
    ['pending', 'Notify Me'],
    ['closed', 'Online Tickets Closed'],
    ['postponed', 'Event Postponed'],
    ['ongoing', null],
    ['presale', null],
  ])('%s gives the unavailable-sale message %s', (status, message) => {
    expect(unavailableSaleMessage(status)).toBe(message);
  });

  it('sells only ongoing events', () => {
    expect(isOnSale('ongoing')).toBe(true);
    expect(isOnSale('presale')).toBe(false);
  });

  it('labels booking statuses as the spec lists them', () => {
    expect(bookingStatusLabel('presale')).toBe('Pre Sale');
    expect(bookingStatusLabel('soldout')).toBe('Sold Out');
    expect(bookingStatusLabel('complete')).toBe('Complete');
  });
});

describe('what buyers see of the lifecycle (issue 21)', () => {
  it.each([
    ['ongoing', false, 'ongoing'],
    ['ongoing', true, 'soldout'],
    ['presale', true, 'soldout'],
    ['pending', false, 'pending'],
    ['pending', true, 'soldout'],
    ['postponed', true, 'postponed'],
    ['closed', true, 'closed'],
    ['cancelled', false, 'closed'],
    ['cancelled', true, 'closed'],
    // Only the team's preview shows a draft: as it would be published on sale.
    ['draft', false, 'ongoing'],
    ['draft', true, 'soldout'],
  ] as const)('%s (all taken: %s) shows %s', (status, isSoldOut, shown) => {
    expect(buyerStatusOf(status, { isSoldOut, isSaleOpen: false })).toBe(shown);
  });

  it.each([
    ['presale', false, 'ongoing'],
    ['pending', false, 'ongoing'],
    ['presale', true, 'soldout'],
    ['postponed', false, 'postponed'],
    ['closed', false, 'closed'],
  ] as const)(
    '%s whose sale start has passed (all taken: %s) shows %s: it opens by itself',
    (status, isSoldOut, shown) => {
      expect(buyerStatusOf(status, { isSoldOut, isSaleOpen: true })).toBe(shown);
    },
  );

  it('shows only the spec statuses, and on sale only an ongoing event (or a previewed draft) not sold out', () => {
    for (const status of EVENT_LIFECYCLE) {
      for (const isSoldOut of [false, true]) {
        const shown = buyerStatusOf(status, { isSoldOut, isSaleOpen: false });
        expect(EVENT_STATUSES).toContain(shown);
        // A draft shows on sale in the preview only: buyers never reach it (isVisibleToBuyers comes first).
        expect(isOnSale(shown)).toBe(!isSoldOut && (status === 'ongoing' || status === 'draft'));
      }
    }
  });

  it('hides a draft and an unpublished event from buyers, and nothing else', () => {
    for (const status of EVENT_LIFECYCLE) {
      expect(isVisibleToBuyers({ status, isUnpublished: false })).toBe(status !== 'draft');
      expect(isVisibleToBuyers({ status, isUnpublished: true })).toBe(false);
    }
  });
});

describe('categories', () => {
  it('keeps the spec tab ids', () => {
    expect([0, 1, 2, 3].map((id) => findCategoryById(id)?.key)).toEqual(['all', 'concerts', 'theatre', 'dance']);
  });

  it('words the empty message per category', () => {
    expect(emptyCategoryMessage('concerts')).toBe('Apologies, currently, there are no concerts events in progress.');
    expect(emptyCategoryMessage('all')).toBe('Apologies, currently, there are no events in progress.');
  });
});
