/**
 * The console's addresses, in one place (as config/paths.ts holds the buyer's): `/organiser`, then the
 * organisation's slug and its pages.
 */
const base = '/organiser';
const organisation = (org: string) => `${base}/${encodeURIComponent(org)}`;

export const organiserPaths = {
  home: () => base,
  organisation,
  events: (org: string) => `${organisation(org)}/events`,
  newEvent: (org: string) => `${organisation(org)}/events/new`,
  /** An event's page, at one of its sections (`?section=`; none: the details). */
  event: (org: string, eventUid: string, section?: string) =>
    `${organisation(org)}/events/${encodeURIComponent(eventUid)}${section ? `?section=${encodeURIComponent(section)}` : ''}`,
  eventPreview: (org: string, eventUid: string) =>
    `${organisation(org)}/events/${encodeURIComponent(eventUid)}/preview`,
  venues: (org: string) => `${organisation(org)}/venues`,
  newVenue: (org: string) => `${organisation(org)}/venues/new`,
  venue: (org: string, venueId: number) => `${organisation(org)}/venues/${venueId}`,
  team: (org: string) => `${organisation(org)}/team`,
  audit: (org: string) => `${organisation(org)}/audit`,
  /** One event's audit log: the organisation's, filtered by the event. */
  eventAudit: (org: string, eventUid: string) => `${organisation(org)}/audit?event=${encodeURIComponent(eventUid)}`,
  imports: (org: string) => `${organisation(org)}/imports`,
  /** The orders desk, with its search and filters as the address's query (`q=…&status=…`, without `?`). */
  orders: (org: string) => `${organisation(org)}/orders`,
  /** An order's page on the desk, by its Booking ID. */
  order: (org: string, bookingId: string) => `${organisation(org)}/orders/${encodeURIComponent(bookingId)}`,
  /** The gate (issue 22): the events to scan at, an event's check-in lists, and one list's scanner. */
  gates: (org: string) => `${organisation(org)}/gate`,
  gate: (org: string, eventUid: string) => `${organisation(org)}/events/${encodeURIComponent(eventUid)}/gate`,
  gateScanner: (org: string, eventUid: string, listId: number) =>
    `${organisation(org)}/events/${encodeURIComponent(eventUid)}/gate/${listId}`,
  /** The sales reports (issue 22): the organisation's, and one event's. */
  reports: (org: string) => `${organisation(org)}/reports`,
  eventReport: (org: string, eventUid: string) => `${organisation(org)}/events/${encodeURIComponent(eventUid)}/report`,
  /** API keys and webhooks (issue 22; decisions/044): owners only. */
  integrations: (org: string) => `${organisation(org)}/integrations`,
  /** Pages outside an organisation (their names are reserved slugs: RESERVED_ORGANISATION_SLUGS). */
  join: (token: string) => `${base}/join?token=${encodeURIComponent(token)}`,
  newOrganisation: () => `${base}/new`,
  operator: () => `${base}/operator`,
} as const;
