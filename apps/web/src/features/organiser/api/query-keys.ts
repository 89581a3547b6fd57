/** The console's query keys: everything under `organiser`, so one invalidation refreshes the console. */
export const organiserKeys = {
  all: ['organiser'] as const,
  /** Keyed by who is signed in: another account's organisations are never shown from the cache. */
  me: (user: string) => ['organiser', 'me', user] as const,
  organisation: (org: string) => ['organiser', 'organisation', org] as const,
  events: (org: string) => ['organiser', 'organisation', org, 'events'] as const,
  venues: (org: string) => ['organiser', 'organisation', org, 'venues'] as const,
  venue: (org: string, venueId: number) => ['organiser', 'organisation', org, 'venues', venueId] as const,
  /** A venue's seat map, for seat assignment (under the venue: a new layout refreshes it). */
  venueSeatMap: (org: string, venueId: number) =>
    ['organiser', 'organisation', org, 'venues', venueId, 'seat-map'] as const,
  /** One event (under the list: refreshing the list refreshes it too). */
  event: (org: string, eventUid: string) => ['organiser', 'organisation', org, 'events', eventUid] as const,
  eventPreview: (org: string, eventUid: string) =>
    ['organiser', 'organisation', org, 'events', eventUid, 'preview'] as const,
  /** One event's promo codes and their usage (under the event). */
  promotions: (org: string, eventUid: string) =>
    ['organiser', 'organisation', org, 'events', eventUid, 'promotions'] as const,
  team: (org: string) => ['organiser', 'organisation', org, 'team'] as const,
  /** One event's log (`eventUid`), or the organisation's (null). */
  audit: (org: string, eventUid: string | null) => ['organiser', 'organisation', org, 'audit', eventUid ?? ''] as const,
  /** The orders desk: every search and every order's page (one invalidation after a refund). */
  orders: (org: string) => ['organiser', 'organisation', org, 'orders'] as const,
  /** One search of the desk, by its query string (`q=…&page=2`). */
  orderSearch: (org: string, query: string) => ['organiser', 'organisation', org, 'orders', 'search', query] as const,
  order: (org: string, bookingId: string) => ['organiser', 'organisation', org, 'orders', 'order', bookingId] as const,
  operatorOrganisations: () => ['organiser', 'operator', 'organisations'] as const,
};
