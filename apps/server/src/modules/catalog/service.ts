import type { z } from 'zod';
import type { Db } from '@marquee/db/client';
import type {
  Banner,
  CategorySchema,
  EventDetail,
  EventList,
  EventListQuery,
  EventSeatMap,
  EventSummary,
  PaymentGateway,
  PriceListRow,
  SearchResult,
  Testimonial,
  TicketPackage,
  TrendingQuerySchema,
} from '@marquee/domain/catalog';
import { CATEGORIES, type CategoryKey, type EventType } from '@marquee/domain/categories';
import { buildPrefixTsQuery } from '@marquee/db/search';
import { countSeats } from '@marquee/domain/seat-map';
import { eventPath } from '@marquee/domain/slug';
import { buyerStatusOf } from '@marquee/domain/statuses';
import { notFound } from '../../plugins/app-error';
import * as repository from './repository';
import type { EventSummaryRow, TicketPackageRow } from './repository';

export type Category = z.infer<typeof CategorySchema>;
export type TrendingQuery = z.infer<typeof TrendingQuerySchema>;

/** Event uids are 4-32 lower-case letters and digits; anything else cannot name an event. */
export const EVENT_UID_PATTERN = /^[a-z0-9]{4,32}$/;
export const EVENT_NOT_FOUND = 'Event not found.';
export const SUGGESTION_LIMIT = 6;

/** What the web app needs to render an event page's link-preview tags (see modules/pages/service.ts). */
export interface EventPageMeta {
  uid: string;
  type: EventType;
  name: string;
  path: string;
  description: string;
  image: string;
  startDate: string;
  venue: { name: string; city: string; timeZone: string };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** What an event page's link-preview tags say, from the event as the API sends it. */
export function eventPageMetaOf(event: EventDetail): EventPageMeta {
  return {
    uid: event.uid,
    type: event.type,
    name: event.name,
    path: event.path,
    description: event.description,
    image: event.banner_img || event.thumbnail_img,
    startDate: event.start_date,
    venue: { name: event.venue.name, city: event.venue.city, timeZone: event.venue.time_zone },
  };
}

export interface CatalogOptions {
  /**
   * The kinds of payment a configured provider takes (PaymentGateways.offeredKinds): an event page lists
   * only these, so that no buyer is offered a way to pay that would then be refused (decisions/030).
   */
  offeredKinds: ReadonlySet<PaymentGateway['kind']>;
}

/** The catalogue's use cases: browsing, event pages, search and home-page content. Never sees HTTP. */
export function createCatalogService(db: Db, options: CatalogOptions) {
  async function requireEvent(uid: string): Promise<repository.EventDetailRow> {
    const row = isEventUid(uid) ? await repository.findEventByUid(db, uid) : null;
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return row;
  }

  async function toEventDetail(row: repository.EventDetailRow): Promise<EventDetail> {
    const [packages, gateways] = await Promise.all([
      repository.listTicketPackages(db, row.id),
      repository.listPaymentGateways(db, row.paymentGatewayIds),
    ]);
    const seatMap = row.venue.seatMap;
    return {
      ...toEventSummary(row),
      id: row.id,
      end_date: row.endDate ? row.endDate.toISOString() : null,
      featured: row.featured,
      description: row.description,
      artists: row.artists,
      banner_img: row.bannerImg,
      venue: {
        ...toVenueSummary(row.venue),
        id: row.venue.id,
        country: row.venue.country,
        address: row.venue.address,
        seat_map: seatMap ? { type: seatMap.type, seat_count: countSeats(seatMap) } : null,
      },
      free_seating: row.freeSeating,
      promo: row.promo,
      promo_auto_apply: row.promoAutoApply,
      promo_code: row.promoCode,
      handling_cost: row.handlingCost,
      waiting_room: row.waitingRoom,
      payment_gateways: orderGateways(
        gateways.filter((gateway) => options.offeredKinds.has(gateway.kind)),
        row.paymentGatewayIds,
      ),
      ticket_packages: packages.map(toTicketPackage),
    };
  }

  async function search(query: { q: string; limit: number }): Promise<SearchResult> {
    const tsQuery = buildPrefixTsQuery(query.q);
    if (tsQuery === null) return { data: [], query: query.q };
    const rows = await repository.searchUpcomingEvents(db, { tsQuery, limit: query.limit });
    return { data: rows.map((row) => ({ ...toEventSummary(row), artists: row.artists })), query: query.q };
  }

  return {
    listCategories(): Category[] {
      return CATEGORIES.map((category) => ({
        id: category.id,
        key: category.key,
        name: category.name,
        path: category.path,
        is_home_tab: category.isHomeTab,
      }));
    },

    async listEvents(query: EventListQuery): Promise<EventList> {
      const { rows, total } = await repository.listUpcomingEvents(db, {
        type: eventTypeOf(query.category),
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        data: rows.map(toEventSummary),
        meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) },
      };
    },

    async listTrending(query: TrendingQuery): Promise<{ data: EventSummary[] }> {
      const rows = await repository.listTrendingEvents(db, { type: eventTypeOf(query.category), limit: query.limit });
      return { data: rows.map(toEventSummary) };
    },

    async getEvent(uid: string): Promise<EventDetail> {
      return toEventDetail(await requireEvent(uid));
    },

    /**
     * The team's preview (issue 21): the buyer's event page answer (the same EventDetail as GET
     * /api/events/{uid}) for an event of any status, drafts and unpublished events included, without the
     * buyer-side filter. The caller (the console route, behind the organiser guard that resolved the event
     * in its organisation) must keep it out of every shared cache: nothing here caches it, and the route
     * answers `cache-control: no-store`. A draft shows as it would be published on sale (buyerStatusOf).
     */
    async previewEvent(eventId: number): Promise<EventDetail> {
      const row = await repository.findEventById(db, eventId);
      if (!row) throw notFound(EVENT_NOT_FOUND);
      return toEventDetail(row);
    },

    /** For the server-rendered event pages; null (never an error) when there is no such event. */
    async findEvent(uid: string): Promise<EventDetail | null> {
      const row = isEventUid(uid) ? await repository.findEventByUid(db, uid) : null;
      return row ? toEventDetail(row) : null;
    },

    async getSeatMap(uid: string): Promise<EventSeatMap> {
      const found = isEventUid(uid) ? await repository.findEventSeatMap(db, uid) : null;
      if (!found) throw notFound(EVENT_NOT_FOUND);
      if (!found.seatMap) return { seat_map: null, packages: [] };
      return {
        seat_map: found.seatMap,
        packages: found.packages.map((p) => ({ id: p.id, color_class: p.colorClass, seating_range: p.seatingRange })),
      };
    },

    /** The spec's price list: one row per package, with nothing picked yet (ticket_count and tot_cost 0). */
    async getPriceList(uid: string): Promise<PriceListRow[]> {
      const row = await requireEvent(uid);
      const packages = await repository.listTicketPackages(db, row.id);
      return packages.map((pkg) => {
        const ticketPackage = toTicketPackage(pkg);
        return {
          package_id: pkg.id,
          package_name: pkg.name,
          package_desc: pkg.description,
          package_price: pkg.price,
          tot_cost: 0,
          ticket_count: 0,
          sold_out: ticketPackage.sold_out,
          active: pkg.active,
          message: ticketPackage.message,
          free_seating: pkg.freeSeating,
          promo: row.promo,
          promo_auto_apply: row.promoAutoApply,
          promo_code: row.promoCode,
        };
      });
    },

    /** Full-text search: every typed word as a prefix, ranked by where it matched, then the soonest. */
    search,

    /** The header's type-ahead: the same search, a handful of results. */
    suggest(query: { q: string }): Promise<SearchResult> {
      return search({ q: query.q, limit: SUGGESTION_LIMIT });
    },

    async listBanners(): Promise<Banner[]> {
      const rows = await repository.listBanners(db);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        subtitle: row.subtitle,
        image: row.image,
        link: row.link,
      }));
    },

    async listTestimonials(): Promise<Testimonial[]> {
      const rows = await repository.listTestimonials(db);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        profession: row.profession,
        description: row.description,
      }));
    },
  };
}

/**
 * Whether a package has no tickets left for buyers, as its page shows it (sold, on unexpired holds, or kept for
 * its waitlist's line); null: no such package. The waitlist takes buyers only then.
 */
export async function isPackageSoldOut(db: Db, packageId: number): Promise<boolean | null> {
  const found = await repository.findPackageTaken(db, packageId);
  return found ? found.taken >= found.capacity : null;
}

export function isEventUid(uid: string): boolean {
  return EVENT_UID_PATTERN.test(uid);
}

function eventTypeOf(category: CategoryKey): EventType | null {
  return category === 'all' ? null : category;
}

function toVenueSummary(venue: EventSummaryRow['venue']): EventSummary['venue'] {
  return { name: venue.name, city: venue.city, time_zone: venue.timeZone };
}

function toEventSummary(row: EventSummaryRow): EventSummary {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    path: eventPath(row),
    start_date: row.startDate.toISOString(),
    thumbnail_img: row.thumbnailImg,
    status: buyerStatusOf(row.status, row),
    currency: row.currency,
    free_event: row.freeEvent,
    price_from: row.priceFrom,
    venue: toVenueSummary(row.venue),
  };
}

/** Availability from what is taken: sold, and on unexpired holds (reservedSeatsSql). */
function toTicketPackage(row: TicketPackageRow): TicketPackage {
  const reserved = Math.max(0, row.reservedSeats);
  const available = Math.max(0, row.capacity - reserved);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    reserved_seats: reserved,
    available_seats: available,
    free_seating: row.freeSeating,
    color_class: row.colorClass,
    active: row.active,
    message: row.active ? null : row.inactiveMessage,
    sold_out: available === 0,
    max_per_order: row.maxPerOrder,
  };
}

/** Gateways in the order the event lists them (the first is the default); unknown ids are skipped. */
function orderGateways(
  gateways: { id: number; name: string; kind: PaymentGateway['kind']; logo: string }[],
  ids: number[],
): PaymentGateway[] {
  const byId = new Map(gateways.map((gateway) => [gateway.id, gateway]));
  return ids.flatMap((id) => {
    const gateway = byId.get(id);
    return gateway ? [{ id: gateway.id, name: gateway.name, logo: gateway.logo, kind: gateway.kind }] : [];
  });
}
