import type { EventStatus } from '@marquee/domain/statuses';
import type { EventType } from '@marquee/domain/categories';
import type { DemoVenueKey } from './demo-venues';

/**
 * The demo catalogue's events. Times are relative to the moment of seeding, so a fresh demo always has
 * an event starting in minutes (the countdown and its final-five-minutes highlight), one live now, a
 * season ahead and a few past. Prices are in minor units (`major(2500)` = 2,500.00).
 */

export function major(amount: number): number {
  return Math.round(amount * 100);
}

export type DemoStart =
  /** Exactly this many minutes from now (negative: already started). */
  | { minutesFromNow: number }
  /** A local wall-clock time in the venue's zone, `day` calendar days from today there. */
  | { day: number; at: string };

export interface DemoPackage {
  name: string;
  description?: string;
  price: number;
  /** Seated venues: the seat-map sections this package owns (its seating_range is their seats). */
  sections?: string[];
  /** Venues without a map: how many tickets there are. */
  capacity?: number;
  /** Tickets already sold; 'all' marks the package sold out. Only for unseated packages (no seat is sold in the demo). */
  sold?: number | 'all';
  /** Seated venues: the package's seats are not picked on the map but bought by count. */
  freeSeating?: boolean;
  colorClass?: number;
  inactiveMessage?: string;
  maxPerOrder?: number;
}

export interface DemoPromo {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent: whole percent; fixed: minor units. */
  value: number;
  /** Package names the code applies to; absent: every package. */
  packages?: string[];
  /** Validity window in days relative to now; absent: open-ended. */
  validFromDays?: number;
  validToDays?: number;
  maxUses?: number;
  maxUsesPerEmail?: number;
  usedCount?: number;
  active?: boolean;
}

export interface DemoEvent {
  name: string;
  type: EventType;
  venue: DemoVenueKey;
  start: DemoStart;
  durationMinutes: number;
  status: EventStatus;
  featured?: boolean;
  artists: string[];
  description: string;
  /** Convenience Fee per order, minor units. */
  handlingCost?: number;
  /** Payment gateway ids in display order; default card then instalments. */
  gateways?: number[];
  freeEvent?: boolean;
  /** The code (one of `promos`) applied automatically and shown on the event. */
  autoApplyCode?: string;
  promos?: DemoPromo[];
  packages: DemoPackage[];
}

const CARD_ONLY = [1];

export const DEMO_EVENTS: readonly DemoEvent[] = [
  // ── Sri Lanka (LKR) ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'Monsoon Frequencies',
    type: 'concerts',
    venue: 'beiraStadium',
    start: { day: 18, at: '19:00' },
    durationMinutes: 300,
    status: 'ongoing',
    featured: true,
    artists: ['The Kelani Drifters', 'Anjali Wickrama', 'DJ Sayuru', 'Rukmal & The Tide'],
    description:
      "Sri Lanka's biggest night of live music returns to the lakeside: five hours of island pop, baila-funk and festival electronica under the lights. The Kelani Drifters headline with a full horn section, and Anjali Wickrama premieres songs from her new album. Gates open at 4 pm with food trucks along the promenade.",
    handlingCost: major(150),
    autoApplyCode: 'MONSOON10',
    promos: [
      {
        code: 'MONSOON10',
        kind: 'percent',
        value: 10,
        packages: ['Gold Floor', 'Silver Floor'],
        validFromDays: -7,
        validToDays: 14,
        maxUses: 500,
        maxUsesPerEmail: 2,
        usedCount: 37,
      },
    ],
    packages: [
      {
        name: 'Platinum Floor',
        description: 'Front-of-stage floor seats, express entry and a commemorative lanyard.',
        price: major(25_000),
        sections: ['FC1'],
        maxPerOrder: 6,
      },
      {
        name: 'Gold Floor',
        description: 'Floor seats in the first two bands.',
        price: major(15_000),
        sections: ['FL1', 'FR1', 'FC2'],
      },
      {
        name: 'Silver Floor',
        description: 'Floor seats in the rear bands, clear view of the main screens.',
        price: major(9_500),
        sections: ['FL2', 'FR2', 'FL3', 'FC3', 'FR3'],
      },
      {
        name: 'West & East Stands',
        description: 'Covered side stands with a raised view of the stage.',
        price: major(5_500),
        sections: ['W1', 'W2', 'W3', 'E1', 'E2', 'E3'],
      },
      {
        name: 'South Grandstand',
        description: 'Free seating on the south grandstand: choose your spot on arrival.',
        price: major(3_000),
        sections: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'],
        freeSeating: true,
        maxPerOrder: 10,
      },
    ],
  },
  {
    name: 'Nelum Strings: A Night of Sitar and Cello',
    type: 'concerts',
    venue: 'lotusPond',
    start: { day: 5, at: '19:30' },
    durationMinutes: 150,
    status: 'ongoing',
    featured: true,
    artists: ['Dilshan Perera', 'Maya Ratnayake', 'The Colombo Chamber Players'],
    description:
      'Sitar virtuoso Dilshan Perera and cellist Maya Ratnayake meet in the round for an evening of ragas, film themes and new chamber works. The Lotus Pond Theatre puts every seat within a few metres of the music.',
    handlingCost: major(100),
    packages: [
      {
        name: 'Lotus Circle',
        description: 'The six rows closest to the stage.',
        price: major(12_000),
        sections: ['I1', 'I2', 'I3', 'I4', 'I5'],
        colorClass: 0,
      },
      { name: 'Middle Ring', price: major(7_500), sections: ['M1', 'M2', 'M3', 'M4', 'M5'], colorClass: 1 },
      { name: 'Outer Ring Front', price: major(4_500), sections: ['O2', 'O3', 'O4'], colorClass: 2 },
      {
        name: 'Upper Petals',
        description: 'Side views from the upper petals.',
        price: major(2_500),
        sections: ['O1', 'O5'],
        colorClass: 3,
      },
    ],
  },
  {
    name: 'Kandyan Fire: Ves Dance Spectacular',
    type: 'dance',
    venue: 'lotusPond',
    start: { day: 25, at: '19:00' },
    durationMinutes: 120,
    status: 'ongoing',
    featured: true,
    artists: ['Chitrasena Heritage Ensemble', 'Ravibandhu Drummers'],
    description:
      'Forty dancers and drummers bring the ves tradition of the hill country to the round stage, from temple rituals to thunderous modern choreography. Costumes are hand-made in Kandy for this production.',
    gateways: CARD_ONLY,
    packages: [
      { name: 'Lotus Circle', price: major(10_000), sections: ['I1', 'I2', 'I3', 'I4', 'I5'], colorClass: 0 },
      { name: 'Middle Ring', price: major(6_000), sections: ['M1', 'M2', 'M3', 'M4', 'M5'], colorClass: 1 },
      { name: 'Outer Ring', price: major(3_500), sections: ['O1', 'O2', 'O3', 'O4', 'O5'], colorClass: 2 },
    ],
  },
  {
    name: 'The Merchant of Pettah',
    type: 'theatre',
    venue: 'kollupitiyaHall',
    start: { minutesFromNow: 35 },
    durationMinutes: 140,
    status: 'ongoing',
    featured: true,
    artists: ['Nadee Gunasekara', 'Ishan Fonseka', 'Stage Lanka Repertory'],
    description:
      "Shakespeare's Venice moves to the spice stalls and gold shops of 1950s Pettah in this sharp, funny bilingual adaptation. A moneylender, a bond and a courtroom twist that still stings seventy years on.",
    handlingCost: major(100),
    packages: [
      { name: 'Stalls Centre', price: major(5_000), sections: ['SC'], colorClass: 0 },
      { name: 'Stalls Sides', price: major(3_500), sections: ['SL', 'SR'], colorClass: 1 },
      { name: 'Balcony', price: major(2_000), sections: ['BAL'], colorClass: 2 },
    ],
  },
  {
    name: "Aunty Leela's Wedding Dinner",
    type: 'theatre',
    venue: 'kollupitiyaHall',
    start: { day: 14, at: '19:00' },
    durationMinutes: 110,
    status: 'ongoing',
    artists: ['Shanika de Alwis', 'Ruwan Jayakody'],
    description:
      "Three families, one seating plan and a caterer who has quietly vanished. Colombo's favourite farce returns for a second season with a brand-new second act.",
    promos: [{ code: 'LEELA500', kind: 'fixed', value: major(500), validFromDays: -3, validToDays: 13, maxUses: 200 }],
    packages: [
      { name: 'Stalls Centre', price: major(4_000), sections: ['SC'] },
      { name: 'Stalls Sides', price: major(3_000), sections: ['SL', 'SR'] },
      {
        name: 'Balcony',
        price: major(1_500),
        sections: ['BAL'],
        inactiveMessage: 'Balcony seats go on sale once the stalls are full.',
      },
    ],
  },
  {
    name: 'Campus Battle of the Bands',
    type: 'uni-events',
    venue: 'kollupitiyaHall',
    start: { day: 40, at: '17:30' },
    durationMinutes: 240,
    status: 'pending',
    artists: ['Twelve university bands'],
    description:
      'Twelve student bands from across the island play fifteen-minute sets for a recording contract and studio time. Line-up and running order are announced after the regional heats.',
    gateways: CARD_ONLY,
    packages: [
      {
        name: 'Student',
        description: 'Valid student ID required at the door.',
        price: major(500),
        sections: ['SL', 'SC', 'SR'],
      },
      { name: 'General', price: major(1_000), sections: ['BAL'] },
    ],
  },
  {
    name: 'Inter-Varsity Drama Festival Finals',
    type: 'uni-events',
    venue: 'kollupitiyaHall',
    start: { day: 2, at: '18:00' },
    durationMinutes: 180,
    status: 'closed',
    artists: ['Four finalist drama societies'],
    description:
      'The four finalist drama societies stage their one-act plays before a jury of working directors. Online sales have closed; remaining seats are sold at the door from 5 pm.',
    gateways: CARD_ONLY,
    packages: [
      { name: 'Stalls', price: major(800), sections: ['SL', 'SC', 'SR'] },
      { name: 'Balcony', price: major(500), sections: ['BAL'] },
    ],
  },
  {
    name: 'Peradeniya Campus Beats',
    type: 'uni-events',
    venue: 'hillsideOpenAir',
    start: { day: 10, at: '17:00' },
    durationMinutes: 240,
    status: 'ongoing',
    freeEvent: true,
    featured: true,
    artists: ['Hillside Choir', 'Arts Faculty Drum Circle', 'DJ Nethmi'],
    description:
      'The university opens its open-air theatre to the whole town for an evening of student music, drumming and dance. Entry is free, but a ticket guarantees your place on the terraces.',
    gateways: CARD_ONLY,
    packages: [
      { name: 'Free Entry: Students', price: 0, capacity: 1500, sold: 612, maxPerOrder: 2 },
      { name: 'Free Entry: Public', price: 0, capacity: 1000, sold: 388, maxPerOrder: 4 },
    ],
  },
  {
    name: 'Lantern Light Choir Evening',
    type: 'concerts',
    venue: 'galleRamparts',
    start: { day: 21, at: '18:30' },
    durationMinutes: 90,
    status: 'ongoing',
    freeEvent: true,
    artists: ['Southern Province Youth Choir', 'Galle Fort Brass'],
    description:
      'As the sun drops behind the lighthouse, three hundred voices sing on the ramparts by lantern light. Bring a mat; the lawn is free seating.',
    gateways: CARD_ONLY,
    packages: [{ name: 'Lawn Pass', price: 0, capacity: 800, sold: 240, maxPerOrder: 6 }],
  },
  {
    name: 'Galle Fort Jazz Under the Stars',
    type: 'concerts',
    venue: 'galleRamparts',
    start: { day: 32, at: '19:30' },
    durationMinutes: 180,
    status: 'presale',
    featured: true,
    artists: ['Ruvin Saldin Quartet', 'Priya Nadarajah', 'Harbour Lights Big Band'],
    description:
      'Three sets of jazz on the lawn between the lighthouse and the sea, with the Ruvin Saldin Quartet closing the night. Pre-sale is open to newsletter subscribers; general sale follows.',
    handlingCost: major(200),
    packages: [
      {
        name: 'Lawn Table for Four',
        description: 'A reserved table near the stage for four guests.',
        price: major(32_000),
        capacity: 40,
        sold: 12,
        maxPerOrder: 1,
      },
      { name: 'Lawn Pass', price: major(6_500), capacity: 900, sold: 150 },
      { name: 'Early Bird Lawn Pass', price: major(4_500), capacity: 200, sold: 'all' },
    ],
  },
  {
    name: 'Bharatanatyam Margam: Rhythms of Devotion',
    type: 'dance',
    venue: 'lotusPond',
    start: { day: -12, at: '18:30' },
    durationMinutes: 120,
    status: 'closed',
    artists: ['Kavitha Sivakumar', 'Nrityalaya Colombo'],
    description:
      'A complete margam, from the opening alarippu to the closing tillana, danced by Kavitha Sivakumar with live nattuvangam, vocals and mridangam.',
    packages: [
      { name: 'Lotus Circle', price: major(6_000), sections: ['I1', 'I2', 'I3', 'I4', 'I5'] },
      {
        name: 'Middle and Outer Rings',
        price: major(3_000),
        sections: ['M1', 'M2', 'M3', 'M4', 'M5', 'O1', 'O2', 'O3', 'O4', 'O5'],
      },
    ],
  },
  {
    name: 'Island Anthems Live',
    type: 'concerts',
    venue: 'beiraStadium',
    start: { day: -30, at: '18:30' },
    durationMinutes: 240,
    status: 'closed',
    artists: ['Ceylon Sound System', 'Hiruni Madushani', 'The Fort Boys'],
    description:
      'A stadium sing-along of three decades of Sri Lankan anthems, from baila classics to last summer’s chart-toppers. Thank you to the twenty thousand who sang every word.',
    handlingCost: major(150),
    packages: [
      { name: 'Floor', price: major(8_000), sections: ['FL1', 'FC1', 'FR1', 'FL2', 'FC2', 'FR2', 'FL3', 'FC3', 'FR3'] },
      {
        name: 'Stands',
        price: major(4_000),
        sections: ['W1', 'W2', 'W3', 'E1', 'E2', 'E3', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6'],
        freeSeating: true,
      },
    ],
  },

  // ── Singapore (SGD) ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'Neon Tides',
    type: 'concerts',
    venue: 'marinaBayfront',
    start: { minutesFromNow: 4 },
    durationMinutes: 120,
    status: 'ongoing',
    featured: true,
    artists: ['Cassia Lim', 'The Rooftop Orchestra'],
    description:
      'Synth-pop singer Cassia Lim plays her glowing debut album in full with a twenty-piece orchestra and a light show designed for the bay. Expect strings, saxophones and a very loud last chorus.',
    handlingCost: major(2.5),
    packages: [
      { name: 'Stalls Centre', price: major(128), sections: ['SC'], colorClass: 0 },
      { name: 'Stalls Sides', price: major(98), sections: ['SL', 'SR'], colorClass: 1 },
      { name: 'Dress Circle', price: major(78), sections: ['DC'], colorClass: 2 },
      { name: 'Upper Circle', price: major(48), sections: ['UC'], colorClass: 3 },
    ],
  },
  {
    name: 'Kopi and Couplets',
    type: 'theatre',
    venue: 'tanjongBlackBox',
    start: { day: 9, at: '20:00' },
    durationMinutes: 90,
    status: 'ongoing',
    artists: ['Farah Iskandar', 'Wen Jie Tan', 'Arun Pillai'],
    description:
      'A spoken-word night in four languages, served with kopi from the hawker centre next door. Six poets, one open-mic slot and a lot of stories about grandmothers.',
    handlingCost: major(1.5),
    promos: [
      {
        code: 'KOPIPAIR',
        kind: 'percent',
        value: 50,
        packages: ['Pair Bench'],
        validFromDays: -10,
        validToDays: 8,
        maxUses: 30,
        maxUsesPerEmail: 1,
        usedCount: 11,
      },
      {
        code: 'EARLYKOPI',
        kind: 'percent',
        value: 20,
        validFromDays: -30,
        validToDays: -2,
        maxUses: 50,
        usedCount: 50,
      },
    ],
    packages: [
      { name: 'Centre Bank', price: major(38), sections: ['C'] },
      {
        name: 'Pair Bench',
        description: 'Side-bank seats sold in pairs.',
        price: major(30),
        sections: ['L', 'R'],
        maxPerOrder: 2,
      },
    ],
  },
  {
    name: 'Lion City Breakers Championship',
    type: 'dance',
    venue: 'kallangHall',
    start: { day: 16, at: '14:00' },
    durationMinutes: 360,
    status: 'ongoing',
    featured: true,
    artists: ['B-Girl Kirei', 'Crew Monsoon', 'DJ Hafiz', 'Bboy Tiga'],
    description:
      'Sixteen crews from across Asia battle for the Lion City belt in an all-day breaking championship. Judges from Seoul, Manila and Paris; the top-8 battles start at 7 pm.',
    autoApplyCode: 'BREAK15',
    promos: [
      { code: 'BREAK15', kind: 'percent', value: 15, validFromDays: -1, validToDays: 10, maxUses: 300, usedCount: 42 },
    ],
    packages: [
      {
        name: 'Ringside',
        description: 'Standing at the edge of the battle circle.',
        price: major(68),
        capacity: 200,
        sold: 91,
        maxPerOrder: 4,
      },
      { name: 'General Admission', price: major(38), capacity: 1200, sold: 377 },
      {
        name: 'Day Pass + Workshop',
        description: 'Includes a 2 pm toprock workshop with Bboy Tiga.',
        price: major(58),
        capacity: 60,
        sold: 'all',
      },
    ],
  },
  {
    name: 'Peranakan Tales: The Kebaya Letters',
    type: 'theatre',
    venue: 'marinaBayfront',
    start: { day: 28, at: '19:30' },
    durationMinutes: 130,
    status: 'postponed',
    artists: ['Emily Goh', 'Seah Wei Ming'],
    description:
      'A trunk of letters sewn into the lining of a kebaya unravels three generations of a Joo Chiat family. The season is postponed because of a cast illness; ticket holders keep their seats for the new dates.',
    packages: [
      { name: 'Premium Stalls', price: major(108), sections: ['SC'] },
      { name: 'Stalls', price: major(88), sections: ['SL', 'SR'] },
      { name: 'Circle', price: major(58), sections: ['DC', 'UC'] },
    ],
  },
  {
    name: 'Kent Ridge Arts Showcase',
    type: 'uni-events',
    venue: 'tanjongBlackBox',
    start: { day: 12, at: '19:00' },
    durationMinutes: 120,
    status: 'ongoing',
    artists: ['University Chinese Orchestra', 'Kent Ridge Dance Ensemble', 'Arts Club Theatre'],
    description:
      "The university's arts groups share one stage for a night of orchestra, contemporary dance and short plays. Proceeds fund next year's student productions.",
    gateways: CARD_ONLY,
    packages: [
      {
        name: 'Student',
        description: 'Show a student pass at the door.',
        price: major(8),
        sections: ['L', 'R'],
        colorClass: 4,
      },
      { name: 'Public', price: major(15), sections: ['C'], colorClass: 5 },
    ],
  },
  {
    name: 'Orchid Garden Chamber Series',
    type: 'concerts',
    venue: 'marinaBayfront',
    start: { day: 45, at: '16:00' },
    durationMinutes: 100,
    status: 'presale',
    artists: ['Aster String Quartet', 'Lee Hui Min'],
    description:
      'An afternoon of Ravel, Debussy and a new quartet by Singaporean composer Lee Hui Min, inspired by the orchids of the national garden. Pre-sale for subscribers.',
    packages: [
      { name: 'Stalls', price: major(68), sections: ['SL', 'SC', 'SR'] },
      {
        name: 'Circle',
        price: major(42),
        sections: ['DC', 'UC'],
        inactiveMessage: 'Circle seats open at general sale.',
      },
    ],
  },
  {
    name: 'Mandopop Through the Decades',
    type: 'concerts',
    venue: 'kallangHall',
    start: { day: -5, at: '19:30' },
    durationMinutes: 150,
    status: 'closed',
    artists: ['Jasmine Koh', 'Kelvin Ong', 'The Tanjong Band'],
    description:
      'Forty years of Mandarin pop ballads, sung by the voices who made them and the ones who grew up on them. A sell-out sing-along.',
    packages: [
      { name: 'Standing', price: major(88), capacity: 1500, sold: 'all' },
      { name: 'Seated Balcony', price: major(118), capacity: 400, sold: 'all' },
    ],
  },
  {
    name: 'Between Monsoons',
    type: 'dance',
    venue: 'kallangHall',
    start: { day: 22, at: '20:00' },
    durationMinutes: 75,
    status: 'soldout',
    featured: true,
    artists: ['Ayesha Rahman', 'Tidewater Dance Company'],
    description:
      'A contemporary dance work about the weeks between the two monsoons, when the sea goes still. Performed on a flooded stage with a live cello score.',
    packages: [
      { name: 'Front Rows', price: major(75), capacity: 120, sold: 'all' },
      { name: 'General', price: major(45), capacity: 380, sold: 'all' },
    ],
  },

  // ── Australia (AUD) ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'Saltwater Sessions',
    type: 'concerts',
    venue: 'redfernSheds',
    start: { minutesFromNow: -30 },
    durationMinutes: 150,
    status: 'ongoing',
    featured: true,
    artists: ['Tilly Marr', 'Coastal Static', 'The Eveleigh Four'],
    description:
      'Surf-rock, salt and sunburn in a heritage rail shed: Tilly Marr and Coastal Static play back-to-back sets on a stage built from old railway sleepers. Happening right now; latecomers welcome.',
    handlingCost: major(3.95),
    packages: [
      { name: 'General Admission', price: major(59), capacity: 1200, sold: 1044 },
      {
        name: 'Mezzanine Bar Pass',
        description: 'Access to the mezzanine bar with a view over the stage.',
        price: major(95),
        capacity: 150,
        sold: 'all',
      },
    ],
  },
  {
    name: 'Harbour Lights Symphony Gala',
    type: 'concerts',
    venue: 'harbourside',
    start: { day: 20, at: '19:30' },
    durationMinutes: 150,
    status: 'ongoing',
    featured: true,
    artists: ['Sydney Harbour Philharmonic', 'Eleanor Whitfield', 'Hamish Osei'],
    description:
      'The Harbour Philharmonic opens its season with Mahler’s first symphony and the premiere of a violin concerto written for Eleanor Whitfield. Black tie optional, champagne in the foyer from 6:30 pm.',
    handlingCost: major(4.95),
    promos: [
      {
        code: 'GALA20',
        kind: 'percent',
        value: 20,
        packages: ['Premium Stalls'],
        validFromDays: -2,
        validToDays: 7,
        maxUses: 50,
        maxUsesPerEmail: 1,
        usedCount: 9,
      },
      {
        code: 'FRIENDS15',
        kind: 'fixed',
        value: major(15),
        packages: ['Stalls', 'Circle'],
        validToDays: 19,
        maxUses: 400,
        maxUsesPerEmail: 4,
      },
    ],
    packages: [
      { name: 'Premium Stalls', price: major(189), sections: ['PS'], colorClass: 0, maxPerOrder: 6 },
      { name: 'Stalls', price: major(139), sections: ['SL', 'SR', 'RS'], colorClass: 1 },
      { name: 'Circle', price: major(99), sections: ['CI'], colorClass: 2 },
      {
        name: 'Choir Balcony',
        description: 'Behind the orchestra, facing the conductor.',
        price: major(49),
        sections: ['CH'],
        colorClass: 3,
      },
    ],
  },
  {
    name: "The Lighthouse Keeper's Daughter",
    type: 'theatre',
    venue: 'southbankPlayhouse',
    start: { day: 8, at: '19:30' },
    durationMinutes: 125,
    status: 'ongoing',
    featured: true,
    artists: ['Grace Kowalski', 'Tomasz Reid', 'Bass Strait Theatre Company'],
    description:
      'On a storm-bound island in Bass Strait, a daughter keeps the light burning after her father disappears. A gripping new Australian play with a set that really does rain.',
    handlingCost: major(3.5),
    autoApplyCode: 'KEEPER10',
    promos: [
      {
        code: 'KEEPER10',
        kind: 'fixed',
        value: major(10),
        packages: ['A Reserve'],
        validFromDays: -5,
        validToDays: 7,
        maxUses: 150,
        usedCount: 64,
      },
      {
        code: 'OPENINGNIGHT',
        kind: 'percent',
        value: 25,
        validFromDays: -20,
        validToDays: 7,
        maxUses: 40,
        usedCount: 40,
      },
    ],
    packages: [
      { name: 'A Reserve', price: major(89), sections: ['SC'] },
      { name: 'B Reserve', price: major(69), sections: ['SL', 'SR'] },
      { name: 'Circle', price: major(49), sections: ['CI'] },
    ],
  },
  {
    name: 'Midwinter Gothic: Dracula on Stage',
    type: 'theatre',
    venue: 'southbankPlayhouse',
    start: { day: -3, at: '20:00' },
    durationMinutes: 140,
    status: 'closed',
    artists: ['Oliver Byrne', 'Saoirse Malley'],
    description:
      'Candles, fog and a very old Count: a stylish, frightening retelling of Stoker’s novel that closed its winter season to full houses.',
    packages: [
      { name: 'Stalls', price: major(79), sections: ['SL', 'SC', 'SR'] },
      { name: 'Circle', price: major(55), sections: ['CI'] },
    ],
  },
  {
    name: 'Fitzroy Swing Social',
    type: 'dance',
    venue: 'collingwoodBallroom',
    start: { day: 6, at: '19:00' },
    durationMinutes: 210,
    status: 'ongoing',
    artists: ['The Smith Street Stompers', 'Lindy with Lou'],
    description:
      'A beginners’ lindy hop lesson at 7, then a ten-piece band until late. No partner or experience needed, just comfortable shoes.',
    autoApplyCode: 'SWING5',
    promos: [{ code: 'SWING5', kind: 'fixed', value: major(5), validFromDays: -14, validToDays: 6 }],
    packages: [
      { name: 'Lesson + Social', price: major(35), capacity: 220, sold: 88 },
      { name: 'Social Only', price: major(25), capacity: 180, sold: 41 },
    ],
  },
  {
    name: 'Melbourne Jazz Cellar Nights',
    type: 'concerts',
    venue: 'collingwoodBallroom',
    start: { day: 11, at: '20:30' },
    durationMinutes: 150,
    status: 'soldout',
    artists: ['Nadia Quell Trio', 'Ben Okafor'],
    description:
      'The ballroom turns into a candle-lit cellar for two sets from the Nadia Quell Trio, with saxophonist Ben Okafor sitting in. Every table is taken; join the waitlist at the door.',
    packages: [
      { name: 'Table Seating', price: major(75), capacity: 160, sold: 'all' },
      { name: 'Bar Standing', price: major(45), capacity: 140, sold: 'all' },
    ],
  },
  {
    name: 'Parkville O-Week Carnival',
    type: 'uni-events',
    venue: 'parkvilleQuad',
    start: { day: 13, at: '11:00' },
    durationMinutes: 480,
    status: 'ongoing',
    featured: true,
    artists: ['Campus Radio DJs', 'Quadrangle Jazz Society', 'The Late Lecturers'],
    description:
      'Club stalls, food trucks, a silent disco and live bands across the south lawn to welcome new students. Students get in free; community tickets support the student union’s food bank.',
    gateways: CARD_ONLY,
    packages: [
      {
        name: 'Student Wristband',
        description: 'Free with a current student card.',
        price: 0,
        capacity: 5000,
        sold: 2310,
        maxPerOrder: 1,
      },
      { name: 'Community Day Pass', price: major(12), capacity: 1500, sold: 205 },
    ],
  },
  {
    name: 'Camperdown Revue: Deadline Panic',
    type: 'uni-events',
    venue: 'redfernSheds',
    start: { day: 19, at: '19:30' },
    durationMinutes: 120,
    status: 'ongoing',
    artists: ['Camperdown Revue Society'],
    description:
      'The annual student revue skewers group assignments, exam timetables and the campus coffee queue in two hours of sketches and songs.',
    handlingCost: major(1.5),
    packages: [
      { name: 'Student', price: major(15), capacity: 300, sold: 97 },
      { name: 'General Admission', price: major(25), capacity: 300, sold: 54 },
    ],
  },
  {
    name: 'Desert Songs on the Swan',
    type: 'concerts',
    venue: 'swanAmphitheatre',
    start: { day: 27, at: '18:00' },
    durationMinutes: 180,
    status: 'ongoing',
    artists: ['Marlee Jones', 'Red Dust Collective', 'Kimberley Strings'],
    description:
      'Songs from the desert and the coast on the banks of the Swan River at sunset. Bring a picnic rug; the amphitheatre lawn opens at 4 pm.',
    handlingCost: major(2.95),
    packages: [
      { name: 'Reserved Terrace', price: major(79), capacity: 600, sold: 211 },
      { name: 'Lawn', price: major(49), capacity: 2400, sold: 802 },
      { name: 'Family Lawn (2 adults, 2 kids)', price: major(139), capacity: 300, sold: 86, maxPerOrder: 2 },
      {
        name: 'Kids Under 12',
        description: 'Free with a paying adult.',
        price: 0,
        capacity: 400,
        sold: 133,
        maxPerOrder: 4,
      },
    ],
  },
  {
    name: 'Outback Orchestra: Songs of the Nullarbor',
    type: 'concerts',
    venue: 'swanAmphitheatre',
    start: { day: 15, at: '19:00' },
    durationMinutes: 120,
    status: 'postponed',
    artists: ['Western Australian Youth Orchestra', 'Jarrah Williams'],
    description:
      'A new orchestral suite tracing the railway across the Nullarbor Plain, with projections filmed on the journey. Postponed after storm damage to the amphitheatre; new date to be announced.',
    packages: [
      { name: 'Reserved Terrace', price: major(69), capacity: 600, sold: 140 },
      { name: 'Lawn', price: major(39), capacity: 2000, sold: 390 },
    ],
  },
  {
    name: 'Red Earth Contemporary',
    type: 'dance',
    venue: 'northbridgeStudio',
    start: { day: 35, at: '19:30' },
    durationMinutes: 80,
    status: 'ongoing',
    artists: ['Ochre Line Dance Theatre', 'Nia Walker'],
    description:
      'Six dancers, a floor of red sand and a live electronic score: a contemporary work about country, distance and return. Suitable for ages 12 and up.',
    handlingCost: major(2.5),
    packages: [
      { name: 'West Block', price: major(55), sections: ['W'] },
      { name: 'East Block', price: major(55), sections: ['E'] },
    ],
  },
  {
    name: 'Curtain Call: Improv Showdown',
    type: 'theatre',
    venue: 'northbridgeStudio',
    start: { day: 3, at: '20:00' },
    durationMinutes: 90,
    status: 'ongoing',
    artists: ['The Northbridge Players', 'Fremantle Improv Collective'],
    description:
      'Two improv troupes, one host and the audience’s worst suggestions. Scenes are scored on the night; the losing team performs the encore in costume.',
    packages: [
      { name: 'Premium Front Rows', price: major(39), sections: ['W'], maxPerOrder: 4 },
      { name: 'Standard', price: major(29), sections: ['E'] },
    ],
  },
  {
    name: 'Brisbane River Blues Festival',
    type: 'concerts',
    venue: 'riverstageGardens',
    start: { day: 50, at: '13:00' },
    durationMinutes: 540,
    status: 'pending',
    artists: ['Mississippi Marlowe', 'Gracie Fenn Band', 'Slide Street'],
    description:
      'A full day of blues, roots and soul on the river with three stages and a harmonica workshop tent. Tickets are released soon; tap Notify Me to hear first.',
    packages: [
      { name: 'Day Pass', price: major(119), capacity: 5000 },
      { name: 'VIP Deck', price: major(229), capacity: 300 },
    ],
  },
  {
    name: 'Swan Lake Reimagined',
    type: 'dance',
    venue: 'harbourside',
    start: { day: 60, at: '19:30' },
    durationMinutes: 140,
    status: 'presale',
    featured: true,
    artists: ['Australian Contemporary Ballet', 'Lucia Mendez', 'Kai Thompson'],
    description:
      'Tchaikovsky’s ballet reset on a drought-stricken lake, with a corps of thirty-two and a live orchestra. Subscriber pre-sale is open now.',
    handlingCost: major(4.95),
    packages: [
      { name: 'Premium Stalls', price: major(169), sections: ['PS'] },
      { name: 'Stalls', price: major(129), sections: ['SL', 'SR', 'RS'] },
      { name: 'Circle', price: major(89), sections: ['CI'] },
      {
        name: 'Choir Balcony',
        price: major(45),
        sections: ['CH'],
        inactiveMessage: 'Choir Balcony seats are released at general sale.',
      },
    ],
  },
  {
    name: 'Thunder of Kandy: Drummers of the Hill Country',
    type: 'dance',
    venue: 'harbourside',
    start: { day: 42, at: '19:00' },
    durationMinutes: 110,
    status: 'ongoing',
    artists: ['Hill Country Drum Ensemble', 'Sanduni Herath'],
    description:
      'Sri Lanka’s hill-country drummers and dancers on their first Australian tour: geta bera, whip cracks and acrobatic ves dancing in a concert hall built for thunder.',
    handlingCost: major(3.95),
    packages: [
      { name: 'Premium Stalls', price: major(119), sections: ['PS'] },
      { name: 'Stalls', price: major(89), sections: ['SL', 'SR', 'RS'] },
      { name: 'Circle', price: major(65), sections: ['CI'] },
      { name: 'Choir Balcony', price: major(39), sections: ['CH'] },
    ],
  },
  {
    name: 'Hamlet in the Laneway',
    type: 'theatre',
    venue: 'redfernSheds',
    start: { day: 70, at: '19:00' },
    durationMinutes: 165,
    status: 'ongoing',
    artists: ['Rafael Nunez', 'Imogen Clarke', 'Shedlight Theatre'],
    description:
      'A promenade Hamlet that follows the Prince through the rail sheds, the yard and a laneway bar. The audience moves with the action; comfortable shoes recommended.',
    packages: [
      { name: 'Promenade Ticket', price: major(65), capacity: 180, sold: 22 },
      { name: 'Promenade + Post-Show Talk', price: major(80), capacity: 40, sold: 5 },
    ],
  },
  {
    name: 'Singapore Sundown Reggae',
    type: 'concerts',
    venue: 'kallangHall',
    start: { day: 4, at: '18:00' },
    durationMinutes: 240,
    status: 'ongoing',
    artists: ['Island Root Sound', 'Ms Jah Ling', 'Selecta Rizal'],
    description:
      'A riverside reggae and dub night with three sound systems and a rooftop bar. Early arrivals catch the sunset set from Selecta Rizal.',
    handlingCost: major(2),
    packages: [
      { name: 'General Admission', price: major(45), capacity: 1500, sold: 640 },
      { name: 'Early Bird', price: major(35), capacity: 300, sold: 'all' },
      {
        name: 'Rooftop Bar Pass',
        description: 'Rooftop access and two drinks.',
        price: major(85),
        capacity: 120,
        sold: 37,
        maxPerOrder: 4,
      },
    ],
  },
  {
    name: 'Colombo Contemporary Dance Lab',
    type: 'dance',
    venue: 'kollupitiyaHall',
    start: { day: 52, at: '19:00' },
    durationMinutes: 90,
    status: 'presale',
    artists: ['Umesha Karunaratne', 'Movement Lab Colombo'],
    description:
      'Four short new works by emerging Sri Lankan choreographers, each made in a six-week residency. Pre-sale for friends of the Lab; a post-show talk follows.',
    promos: [
      {
        code: 'LABFRIEND',
        kind: 'percent',
        value: 25,
        packages: ['Stalls Centre'],
        validToDays: 30,
        maxUses: 60,
        maxUsesPerEmail: 2,
      },
    ],
    packages: [
      { name: 'Stalls Centre', price: major(3_000), sections: ['SC'] },
      { name: 'Stalls Sides', price: major(2_000), sections: ['SL', 'SR'] },
      { name: 'Balcony', price: major(1_200), sections: ['BAL'], freeSeating: true },
    ],
  },
];

export const DEMO_BANNERS = [
  {
    title: 'Monsoon Frequencies',
    subtitle: 'Twenty thousand voices at Beira Lake Stadium, Colombo. Floor seats from LKR 9,500.',
    image: '/images/banners/monsoon-frequencies.svg',
    event: 'Monsoon Frequencies',
  },
  {
    title: 'Harbour Lights Symphony Gala',
    subtitle: 'Mahler and a world premiere on Sydney Harbour. Premium Stalls 20% off with GALA20.',
    image: '/images/banners/harbour-lights-gala.svg',
    event: 'Harbour Lights Symphony Gala',
  },
  {
    title: 'The theatre season is on',
    subtitle: 'New plays, old favourites and one very wet lighthouse in Colombo, Singapore and Melbourne.',
    image: '/images/banners/theatre-season.svg',
    category: 'theatre',
  },
  {
    title: 'Move to the rhythm',
    subtitle: 'Breaking battles, Kandyan drummers and a reimagined Swan Lake.',
    image: '/images/banners/dance-season.svg',
    category: 'dance',
  },
  {
    title: 'Campus nights out',
    subtitle: 'Revues, arts showcases and free open-air concerts from universities near you.',
    image: '/images/banners/campus-nights.svg',
    category: 'uni-events',
  },
] as const;

export const DEMO_TESTIMONIALS: readonly { title: string; profession: string; description: string }[] = [
  {
    title: 'Nimali Fernando',
    profession: 'Architect, Colombo',
    description:
      'I booked four seats for my parents at the Lotus Pond Theatre in under two minutes, and the seat map showed exactly where they would be sitting. The tickets were in my inbox before I had closed the tab.',
  },
  {
    title: 'Daniel Tan',
    profession: 'Software engineer, Singapore',
    description:
      'Paying in three instalments made the orchestra seats possible for us this month. The first payment, the reminders and the tickets all just worked.',
  },
  {
    title: 'Chloe Martin',
    profession: 'Nurse, Sydney',
    description:
      'I work odd shifts, so I buy tickets at 3 am on my phone. Marquee is the only site where that is quick and the QR code scans first time at the door.',
  },
  {
    title: 'Ravindu Jayasinghe',
    profession: 'Final-year student, Kandy',
    description:
      'Our society sold out Campus Beats through Marquee without a single spreadsheet. Students booked free places from their phones and we scanned them in at the gate.',
  },
  {
    title: 'Priya Raman',
    profession: 'Festival producer, Melbourne',
    description:
      'We switched our ballroom nights to Marquee last season. Promo codes with limits per buyer stopped the resellers, and the live sales numbers helped us decide when to add a second show.',
  },
  {
    title: 'Ahmad Rizal',
    profession: 'Teacher, Singapore',
    description:
      'I lost my confirmation e-mail and thought that was the end of it. Downloading the tickets again with my booking ID took thirty seconds.',
  },
  {
    title: 'Sophie Nguyen',
    profession: 'Marketing manager, Perth',
    description:
      'The countdown on the event page is a lovely touch. We watched it tick down in the car park and walked in right on time for the first act.',
  },
  {
    title: 'Kasun Wijesekara',
    profession: 'Drummer and music teacher, Kandy',
    description:
      'As a performer I like that my audience sees clear prices in rupees, with the convenience fee shown up front. No surprises at the last step means fewer empty seats.',
  },
  {
    title: 'Hannah Fraser',
    profession: 'Theatre-goer and retiree, Brisbane',
    description:
      'The site is easy to read and works with the keyboard alone, which matters to me. I picked aisle seats for my husband and me without asking my grandchildren for help.',
  },
  {
    title: 'Marcus Lee',
    profession: 'Venue manager, Sydney',
    description:
      'A twenty-thousand-seat plan loads in a blink and we have never sold the same seat twice. Marquee handled our busiest on-sale morning without a hiccup.',
  },
];
