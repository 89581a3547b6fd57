import type { z } from 'zod';
import {
  CURRENCY_BY_COUNTRY,
  type EventImportFileInput,
  type ImportEventSchema,
  type ImportPromoCodeSchema,
  type ImportTicketPackageSchema,
  type ImportVenueDefinitionSchema,
} from '@marquee/domain/import';
import { zonedDateTime } from '@marquee/domain/zoned-time';
import { DEMO_EVENTS, type DemoEvent, type DemoPackage, type DemoPromo, type DemoStart } from './demo-events';
import { DEMO_ORGANISATIONS, type DemoOrganisation } from './demo-organisations';
import { DEMO_VENUES, type DemoVenue } from './demo-venues';
import { eventUidFrom } from './event-uid';
import { CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID } from './payment-gateways';

/**
 * The demo catalogue as an import document (EventImportFileSchema, the format of `npm run events:import`),
 * with times relative to `now`. The demo seed writes it through the importer like any organiser's file.
 */

type VenueInput = z.input<typeof ImportVenueDefinitionSchema>;
type EventInput = z.input<typeof ImportEventSchema>;
type PackageInput = z.input<typeof ImportTicketPackageSchema>;
type PromoInput = z.input<typeof ImportPromoCodeSchema>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Where the generated artwork for an event lives (apps/web/public, served by Marquee). */
export function demoEventImages(uid: string): { thumbnailImg: string; bannerImg: string } {
  return { thumbnailImg: `/images/events/${uid}-thumb.svg`, bannerImg: `/images/events/${uid}-banner.svg` };
}

/** The demo event's uid: derived from its name, so URLs stay the same across re-seeds. */
export function demoEventUid(event: Pick<DemoEvent, 'name'>): string {
  return eventUidFrom(event.name);
}

function startInstant(start: DemoStart, venue: DemoVenue, now: Date): Date {
  if ('minutesFromNow' in start) {
    // Whole minutes from now, so the countdown starts on a round figure.
    const base = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
    return new Date(base + start.minutesFromNow * MINUTE_MS);
  }
  return zonedDateTime(now, start.day, start.at, venue.timeZone);
}

function demoVenue(venue: DemoVenue): VenueInput {
  return {
    name: venue.name,
    city: venue.city,
    address: venue.address,
    country: venue.country,
    time_zone: venue.timeZone,
    seat_map: venue.seatMap,
  };
}

function demoPackage(event: DemoEvent, pkg: DemoPackage): PackageInput {
  let soldCount = 0;
  if (pkg.sold === 'all') {
    // Sold out: only unseated packages have a capacity of their own to fill.
    if (pkg.capacity === undefined)
      throw new Error(`Demo catalogue: "${event.name}" / "${pkg.name}" is sold out but has no capacity`);
    soldCount = pkg.capacity;
  } else if (pkg.sold !== undefined) {
    soldCount = pkg.sold;
  }
  return {
    name: pkg.name,
    description: pkg.description ?? '',
    price: pkg.price,
    ...(pkg.sections !== undefined && { sections: pkg.sections }),
    ...(pkg.capacity !== undefined && { capacity: pkg.capacity }),
    sold_count: soldCount,
    free_seating: pkg.freeSeating ?? false,
    ...(pkg.colorClass !== undefined && { color_class: pkg.colorClass }),
    active: pkg.inactiveMessage === undefined,
    inactive_message: pkg.inactiveMessage ?? null,
    max_per_order: pkg.maxPerOrder ?? 10,
  };
}

function demoPromo(promo: DemoPromo, now: Date): PromoInput {
  const daysFromNow = (days: number): string => new Date(now.getTime() + days * DAY_MS).toISOString();
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    ...(promo.packages !== undefined && { packages: promo.packages }),
    ...(promo.validFromDays !== undefined && { valid_from: daysFromNow(promo.validFromDays) }),
    ...(promo.validToDays !== undefined && { valid_to: daysFromNow(promo.validToDays) }),
    ...(promo.maxUses !== undefined && { max_uses: promo.maxUses }),
    ...(promo.maxUsesPerEmail !== undefined && { max_uses_per_email: promo.maxUsesPerEmail }),
    used_count: promo.usedCount ?? 0,
    active: promo.active ?? true,
  };
}

function demoEvent(event: DemoEvent, venue: DemoVenue, now: Date): EventInput {
  const uid = demoEventUid(event);
  const images = demoEventImages(uid);
  const start = startInstant(event.start, venue, now);
  return {
    uid,
    name: event.name,
    type: event.type,
    description: event.description,
    artists: event.artists,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + event.durationMinutes * MINUTE_MS).toISOString(),
    // Defined once in the document's venues list, with its seat map.
    venue: { name: venue.name, city: venue.city },
    currency: CURRENCY_BY_COUNTRY[venue.country],
    status: event.status,
    featured: event.featured ?? false,
    free_event: event.freeEvent ?? false,
    handling_cost: event.handlingCost ?? 0,
    payment_gateway_ids: event.gateways ?? [CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID],
    thumbnail_img: images.thumbnailImg,
    banner_img: images.bannerImg,
    promo_auto_apply: event.autoApplyCode !== undefined,
    ...(event.autoApplyCode !== undefined && { promo_code: event.autoApplyCode }),
    ticket_packages: event.packages.map((pkg) => demoPackage(event, pkg)),
    promo_codes: (event.promos ?? []).map((promo) => demoPromo(promo, now)),
  };
}

/** An import document of the demo venues that `include` keeps and the demo events at them, timed around `now`. */
function catalogueOf(now: Date, include: (venue: DemoVenue) => boolean): EventImportFileInput {
  const venueByKey = new Map(DEMO_VENUES.map((venue) => [venue.key, venue]));
  return {
    venues: DEMO_VENUES.filter(include).map(demoVenue),
    events: DEMO_EVENTS.flatMap((event) => {
      const venue = venueByKey.get(event.venue);
      if (!venue) throw new Error(`Demo catalogue: "${event.name}" names an unknown venue ${event.venue}`);
      return include(venue) ? [demoEvent(event, venue, now)] : [];
    }),
  };
}

/** The whole demo catalogue (demo-venues.ts, demo-events.ts) as one import document, timed around `now`. */
export function demoCatalogue(now: Date = new Date()): EventImportFileInput {
  return catalogueOf(now, () => true);
}

/**
 * The demo catalogue as one import document per demo organisation (demo-organisations.ts): its venues and
 * the events at them, in the order of DEMO_ORGANISATIONS. Together they are demoCatalogue(now).
 */
export function demoCatalogues(
  now: Date = new Date(),
): { organisation: DemoOrganisation; document: EventImportFileInput }[] {
  return DEMO_ORGANISATIONS.map((organisation) => ({
    organisation,
    document: catalogueOf(now, (venue) => organisation.venues.includes(venue.key)),
  }));
}
