import { describe, expect, it } from 'vitest';
import { bookingStatusLabel, eventActionLabel, isOnSale, unavailableSaleMessage } from './statuses';
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

describe('categories', () => {
  it('keeps the spec tab ids', () => {
    expect([0, 1, 2, 3].map((id) => findCategoryById(id)?.key)).toEqual(['all', 'concerts', 'theatre', 'dance']);
  });

  it('words the empty message per category', () => {
    expect(emptyCategoryMessage('concerts')).toBe('Apologies, currently, there are no concerts events in progress.');
    expect(emptyCategoryMessage('all')).toBe('Apologies, currently, there are no events in progress.');
  });
});
