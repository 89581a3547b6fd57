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
  /** The event editor (a later part of the console). */
  newEvent: (org: string) => `${organisation(org)}/events/new`,
  venues: (org: string) => `${organisation(org)}/venues`,
  newVenue: (org: string) => `${organisation(org)}/venues/new`,
  venue: (org: string, venueId: number) => `${organisation(org)}/venues/${venueId}`,
  team: (org: string) => `${organisation(org)}/team`,
  audit: (org: string) => `${organisation(org)}/audit`,
} as const;
