/** The console's query keys: everything under `organiser`, so one invalidation refreshes the console. */
export const organiserKeys = {
  all: ['organiser'] as const,
  /** Keyed by who is signed in: another account's organisations are never shown from the cache. */
  me: (user: string) => ['organiser', 'me', user] as const,
  organisation: (org: string) => ['organiser', 'organisation', org] as const,
  events: (org: string) => ['organiser', 'organisation', org, 'events'] as const,
  venues: (org: string) => ['organiser', 'organisation', org, 'venues'] as const,
  venue: (org: string, venueId: number) => ['organiser', 'organisation', org, 'venues', venueId] as const,
};
