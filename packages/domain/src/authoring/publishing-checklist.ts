import { z } from 'zod';
import { ErrorBodySchema } from '../errors/error-shape';
import { needsSaleStart, type PublishedStatus } from './lifecycle';

/**
 * What stands between a draft and its buyers. The console shows the list live while the event is edited, and
 * the server runs it again when the event is published (a 409 `not_publishable` carries the problems). Pure:
 * the caller gathers the event, its packages and the organisation's approval, and the clock.
 */

export const CHECKLIST_PROBLEM_IDS = [
  'organisation_not_approved',
  'start_in_past',
  'end_before_start',
  'no_banner',
  'no_thumbnail',
  'no_active_package',
  'package_sale_ends_before_start',
  'package_sale_ends_after_event',
  'seated_package_without_seats',
  'no_payment_option',
  'no_future_sale_start',
  'sale_starts_after_event_start',
] as const;
export type ChecklistProblemId = (typeof CHECKLIST_PROBLEM_IDS)[number];

export const ChecklistItemSchema = z.object({
  id: z.enum(CHECKLIST_PROBLEM_IDS),
  message: z.string(),
  /** For a package's problem: its position in the event's packages (0-based). */
  package_index: z.number().int().nonnegative().optional(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** The 409 that refuses to publish: what is missing, as the checklist lists it. */
export const NotPublishableBodySchema = ErrorBodySchema.extend({
  code: z.literal('not_publishable'),
  problems: z.array(ChecklistItemSchema),
});

export interface ChecklistPackage {
  name: string;
  active: boolean;
  freeSeating: boolean;
  /** Seats assigned to the package on the venue's map (0 without a map). */
  seatCount: number;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

export interface PublishingChecklistInput {
  /** The clock to judge "in the past" and "in the future" by (the database's, on the server). */
  now: Date;
  /** The status the event is to be published as (default: on sale now). */
  to?: PublishedStatus;
  organisationApproved: boolean;
  event: {
    startsAt: Date;
    endsAt: Date | null;
    /** When a presale or pending event's sales open. */
    saleStartsAt: Date | null;
    /** Paths of the uploaded images; null or empty when none. */
    bannerImg: string | null;
    thumbnailImg: string | null;
    freeEvent: boolean;
    /** Whether the venue has a seat map (packages then own seats, unless free seating). */
    hasSeatMap: boolean;
    paymentGatewayIds: readonly number[];
    /** Offered gateways that cannot take a payment now (instalments beside Stripe: decisions/030). */
    unavailablePaymentGatewayIds?: readonly number[];
  };
  packages: readonly ChecklistPackage[];
}

/** Every problem that stops the event being published, in the order the console lists them; [] when none. */
export function publishingChecklist(input: PublishingChecklistInput): ChecklistItem[] {
  const { now, event, packages } = input;
  const to = input.to ?? 'ongoing';
  const problems: ChecklistItem[] = [];
  const add = (id: ChecklistProblemId, message: string, packageIndex?: number) =>
    problems.push(packageIndex === undefined ? { id, message } : { id, message, package_index: packageIndex });

  if (!input.organisationApproved) {
    add(
      'organisation_not_approved',
      'Your organisation is waiting for approval by Marquee: events can be published once it is approved.',
    );
  }
  if (event.startsAt.getTime() <= now.getTime())
    add('start_in_past', 'The event starts in the past: move its start later.');
  if (event.endsAt !== null && event.endsAt.getTime() <= event.startsAt.getTime()) {
    add('end_before_start', 'The event ends before it starts: move its end after the start.');
  }
  if (!event.bannerImg) add('no_banner', 'Upload a banner image.');
  if (!event.thumbnailImg) add('no_thumbnail', 'Upload a thumbnail image.');

  if (!packages.some((pkg) => pkg.active)) {
    add('no_active_package', 'Add a ticket package, or make one active: buyers have nothing to buy.');
  }
  packages.forEach((pkg, index) => {
    const name = `Package "${pkg.name}"`;
    if (pkg.saleStartsAt && pkg.saleEndsAt && pkg.saleEndsAt.getTime() <= pkg.saleStartsAt.getTime()) {
      add('package_sale_ends_before_start', `${name}: its sales end before they start.`, index);
    }
    if (pkg.saleEndsAt && event.endsAt && pkg.saleEndsAt.getTime() > event.endsAt.getTime()) {
      add('package_sale_ends_after_event', `${name}: its sales end after the event ends.`, index);
    }
    if (event.hasSeatMap && !pkg.freeSeating && pkg.seatCount === 0) {
      add('seated_package_without_seats', `${name}: assign it seats on the map, or make it free seating.`, index);
    }
  });

  if (!event.freeEvent) {
    const unavailable = new Set(event.unavailablePaymentGatewayIds ?? []);
    if (!event.paymentGatewayIds.some((id) => !unavailable.has(id))) {
      add('no_payment_option', 'Choose at least one way to pay that Marquee can take now.');
    }
  }

  if (needsSaleStart(to)) {
    if (!event.saleStartsAt || event.saleStartsAt.getTime() <= now.getTime()) {
      add('no_future_sale_start', `A ${to} event needs a sale start in the future: set when its sales open.`);
    } else if (event.saleStartsAt.getTime() >= event.startsAt.getTime()) {
      add('sale_starts_after_event_start', 'Sales must open before the event starts.');
    }
  }
  return problems;
}
