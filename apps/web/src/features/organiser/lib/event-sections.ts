import type { ChecklistProblemId } from '@marquee/domain/authoring';

/** The event page's sections, in the order an organiser goes through them (`?section=` in the address). */
export const EVENT_SECTIONS = ['details', 'packages', 'seats', 'images', 'publish', 'promotions', 'preview'] as const;
export type EventSection = (typeof EVENT_SECTIONS)[number];

export const EVENT_SECTION_NAMES: Record<EventSection, string> = {
  details: 'Details',
  packages: 'Ticket packages',
  seats: 'Seats',
  images: 'Images',
  publish: 'Publish',
  promotions: 'Promotions',
  preview: 'Preview',
};

/** The section an address names; the details for none, or for one this event does not have. */
export function eventSectionOf(value: string | null, available: readonly EventSection[]): EventSection {
  return available.find((section) => section === value) ?? 'details';
}

/** Where each of the checklist's problems is put right. */
export const SECTION_OF_PROBLEM: Record<ChecklistProblemId, EventSection | null> = {
  // Marquee approves organisations: nothing on the event's page changes it.
  organisation_not_approved: null,
  start_in_past: 'details',
  end_before_start: 'details',
  no_banner: 'images',
  no_thumbnail: 'images',
  no_active_package: 'packages',
  package_sale_ends_before_start: 'packages',
  package_sale_ends_after_event: 'packages',
  seated_package_without_seats: 'seats',
  no_payment_option: 'details',
  no_future_sale_start: 'publish',
  sale_starts_after_event_start: 'publish',
};
