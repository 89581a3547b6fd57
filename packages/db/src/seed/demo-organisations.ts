import type { DemoVenueKey } from './demo-venues';

/**
 * The demo's organisers (fictional): each demo venue belongs to exactly one of them, so every demo event
 * belongs to its venue's organiser. The demo seed creates them approved and imports each one's events
 * under it (seed-demo.ts); their owner accounts are the server's to seed (better-auth lives there).
 */

export interface DemoOrganisation {
  /** The console's address, /organiser/{slug}; owner@{slug}.example is its demo owner. */
  slug: string;
  name: string;
  contactEmail: string;
  country: 'LK' | 'SG' | 'AU';
  venues: readonly DemoVenueKey[];
}

export const DEMO_ORGANISATIONS: readonly DemoOrganisation[] = [
  {
    slug: 'lanka-live',
    name: 'Lanka Live Promotions',
    contactEmail: 'hello@lanka-live.example',
    country: 'LK',
    venues: ['beiraStadium', 'galleRamparts'],
  },
  {
    slug: 'lotus-pond',
    name: 'Lotus Pond Theatre Company',
    contactEmail: 'boxoffice@lotus-pond.example',
    country: 'LK',
    venues: ['lotusPond', 'kollupitiyaHall'],
  },
  {
    slug: 'hillside-society',
    name: 'Hillside University Cultural Society',
    contactEmail: 'culture@hillside-society.example',
    country: 'LK',
    venues: ['hillsideOpenAir'],
  },
  {
    slug: 'harbourlight',
    name: 'Harbourlight Events',
    contactEmail: 'events@harbourlight.example',
    country: 'SG',
    venues: ['marinaBayfront', 'kallangHall', 'tanjongBlackBox'],
  },
  {
    slug: 'southern-cross',
    name: 'Southern Cross Presents',
    contactEmail: 'tickets@southern-cross.example',
    country: 'AU',
    venues: [
      'harbourside',
      'redfernSheds',
      'southbankPlayhouse',
      'collingwoodBallroom',
      'parkvilleQuad',
      'swanAmphitheatre',
      'northbridgeStudio',
      'riverstageGardens',
    ],
  },
];

/** The demo organisation that owns a demo venue. */
export function demoOrganisationOf(venue: DemoVenueKey): DemoOrganisation {
  const found = DEMO_ORGANISATIONS.find((organisation) => organisation.venues.includes(venue));
  if (!found) throw new Error(`Demo organisations: no organisation owns the venue ${venue}`);
  return found;
}
