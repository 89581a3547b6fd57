import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventImportFile, EventImportFileInput } from '@marquee/domain/import';
import { SeatMapSchema, expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';
import { seatBlock } from '../seed/seat-map-builders';
import { loadEventImport } from './load';
import { eventUidOf, planEventImport, type ExistingCatalogue, type ExistingVenue } from './plan';

/** planEventImport is pure: these tests run without a database. */

const EXAMPLE_PATH = resolve(import.meta.dirname, '../../../../docs/examples/events-import.json');

const HALL_MAP: SeatMap = SeatMapSchema.parse({
  type: 'generic',
  width: 400,
  height: 200,
  stage: { x: 100, y: 10, width: 200, height: 30, label: 'Stage' },
  sections: [
    seatBlock({ id: 'A', name: 'Front', rows: [4, 4], centerX: 200, top: 60 }),
    seatBlock({ id: 'B', name: 'Back', rows: [6], centerX: 200, top: 120, firstRow: 2 }),
  ],
});
const HALL_SEATS = expandSeatMap(HALL_MAP);

/** The importing organisation's id. */
const ORG = 5;
const AS_ORG = { organisationId: ORG } as const;

const LAWN: ExistingVenue = {
  id: 7,
  organisationId: ORG,
  name: 'Riverside Lawn',
  city: 'Colombo',
  country: 'LK',
  timeZone: 'Asia/Colombo',
  address: '',
  seatMap: null,
};

function existing(overrides: Partial<ExistingCatalogue> = {}): ExistingCatalogue {
  return { venues: [LAWN], takenUids: new Set(), paymentGatewayIds: new Set([1, 2]), ...overrides };
}

function load(input: EventImportFileInput): EventImportFile {
  const loaded = loadEventImport(input);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.file;
}

/** A venue defined once in `venues` (seated, new) and used twice, plus an existing unseated one. */
function sampleInput(): EventImportFileInput {
  return {
    venues: [
      {
        name: 'Harbour Hall',
        city: 'Singapore',
        country: 'SG',
        time_zone: 'Asia/Singapore',
        address: '1 Quay',
        seat_map: HALL_MAP,
      },
    ],
    events: [
      {
        uid: 'hall0001',
        name: 'Hall Night',
        type: 'concerts',
        start_date: '2027-01-10T19:30:00+08:00',
        end_date: '2027-01-10T22:00:00+08:00',
        venue: { name: 'Harbour Hall', city: 'Singapore' },
        currency: 'SGD',
        promo_auto_apply: true,
        promo_code: 'front5',
        thumbnail_img: '/images/events/hall0001-thumb.svg',
        ticket_packages: [
          { name: 'Front', price: 5000, sections: ['A'], max_per_order: 4 },
          { name: 'Back', price: 3000, sections: ['B'], free_seating: true, color_class: 5 },
        ],
        promo_codes: [
          { code: 'front5', kind: 'fixed', value: 500, packages: ['Front'], max_uses: 10, used_count: 3 },
          { code: 'OLD', kind: 'percent', value: 10, active: false },
        ],
      },
      {
        name: 'Hall Matinee',
        type: 'theatre',
        start_date: '2027-01-11T14:00:00+08:00',
        venue: 'Harbour Hall',
        currency: 'SGD',
        payment_gateway_ids: [1],
        ticket_packages: [{ name: 'Any seat', price: 2000, seating_range: ['B-C-1', 'B-C-2', 'A-A-1'] }],
      },
      {
        name: 'Lawn Day',
        type: 'uni-events',
        start_date: '2027-01-12T10:00:00+05:30',
        venue: 'Riverside Lawn',
        currency: 'LKR',
        free_event: true,
        ticket_packages: [{ name: 'Entry', price: 0, capacity: 300, sold_count: 300, inactive_message: 'Gone' }],
      },
    ],
  };
}

describe('planEventImport', () => {
  it('plans venues, events, packages and promo codes without touching a database', () => {
    const file = load(sampleInput());
    const plan = planEventImport(file, existing(), AS_ORG);
    expect(plan.issues).toEqual([]);
    expect(plan.skippedEvents).toEqual([]);
    // Every row the plan writes is the importing organisation's.
    expect(plan.organisationId).toBe(ORG);
    expect(plan.newVenues).toEqual([
      {
        organisationId: ORG,
        name: 'Harbour Hall',
        city: 'Singapore',
        country: 'SG',
        timeZone: 'Asia/Singapore',
        address: '1 Quay',
        seatMap: HALL_MAP,
      },
    ]);
    expect(plan.definedVenues).toEqual([{ name: 'Harbour Hall', city: 'Singapore', venue: { new: 0 } }]);
    expect(plan.events.map((event) => [event.index, event.uid, event.venue])).toEqual([
      [0, 'hall0001', { new: 0 }],
      [1, eventUidOf(file.events[1] ?? { name: '', start_date: '' }), { new: 0 }],
      [2, eventUidOf(file.events[2] ?? { name: '', start_date: '' }), { existing: 7 }],
    ]);

    const [night, matinee, lawn] = plan.events;
    expect(night?.path).toBe('/concerts/hall-night/hall0001');
    expect(night?.row).toMatchObject({
      organisationId: ORG,
      uid: 'hall0001',
      startDate: new Date('2027-01-10T11:30:00Z'),
      endDate: new Date('2027-01-10T14:00:00Z'),
      thumbnailImg: '/images/events/hall0001-thumb.svg',
      bannerImg: '/images/events/default-concerts-banner.svg',
      freeSeating: false,
      promo: true,
      promoAutoApply: true,
      promoCode: 'FRONT5',
      paymentGatewayIds: [1, 2],
    });
    const sectionSeats = (section: string) => HALL_SEATS.filter((s) => s.section === section).map((s) => s.id);
    expect(night?.packages).toEqual([
      expect.objectContaining({ name: 'Front', capacity: 8, seatingRange: sectionSeats('A'), colorClass: 0 }),
      expect.objectContaining({ name: 'Back', capacity: 6, seatingRange: sectionSeats('B'), freeSeating: true }),
    ]);
    expect(night?.packages.map((p) => [p.sortOrder, p.maxPerOrder, p.colorClass])).toEqual([
      [0, 4, 0],
      [1, 10, 5],
    ]);
    expect(night?.promos).toEqual([
      expect.objectContaining({ code: 'FRONT5', packageNames: ['Front'], maxUses: 10, usedCount: 3, active: true }),
      expect.objectContaining({ code: 'OLD', packageNames: [], usedCount: 0, active: false, validTo: null }),
    ]);
    expect(matinee?.packages[0]).toMatchObject({ capacity: 3, seatingRange: ['B-C-1', 'B-C-2', 'A-A-1'] });
    expect(lawn?.row).toMatchObject({ freeSeating: true, freeEvent: true, promo: false, currency: 'LKR' });
    expect(lawn?.packages[0]).toMatchObject({
      capacity: 300,
      soldCount: 300,
      seatingRange: [],
      freeSeating: true,
      active: true,
      inactiveMessage: 'Gone',
    });
  });

  it('is pure: the same plan every time, and its inputs are left as they were', () => {
    const file = load(sampleInput());
    const state = existing({ takenUids: new Set(['hall0001']) });
    const fileBefore = structuredClone(file);
    const stateBefore = structuredClone(state);
    const first = planEventImport(file, state, AS_ORG);
    expect(planEventImport(file, state, AS_ORG)).toEqual(first);
    expect(file).toEqual(fileBefore);
    expect(state).toEqual(stateBefore);
  });

  it('names every problem against what exists, with its path', () => {
    const input = sampleInput();
    const file = load(input);
    const [night, matinee, lawn] = file.events;
    if (!night || !matinee || !lawn) throw new Error('sample');
    night.payment_gateway_ids = [1, 9];
    const [front, back] = night.ticket_packages;
    if (front) front.sections = ['A', 'Z'];
    if (back) back.sections = ['B', 'A'];
    matinee.venue = { name: 'Nowhere' };
    lawn.currency = 'SGD';
    const plan = planEventImport(file, existing({ takenUids: new Set(['hall0001']) }), AS_ORG);
    expect(plan.issues.map((issue) => issue.path)).toEqual([
      'events[0].uid',
      'events[0].payment_gateway_ids[1]',
      'events[0].ticket_packages[0].sections[1]',
      'events[0].ticket_packages[1].sections',
      'events[1].venue',
      'events[2].currency',
    ]);
    expect(plan.issues[0]?.message).toBe('an event with uid hall0001 already exists');
    expect(plan.issues[3]?.message).toMatch(/^8 seats also belong to ticket_packages\[0\]/);
  });

  it("skips events that exist when asked to (existingEvents: 'skip'), and plans the rest", () => {
    const file = load(sampleInput());
    const plan = planEventImport(file, existing({ takenUids: new Set(['hall0001']) }), {
      ...AS_ORG,
      existingEvents: 'skip',
    });
    expect(plan.issues).toEqual([]);
    expect(plan.skippedEvents).toEqual([{ index: 0, uid: 'hall0001' }]);
    expect(plan.events.map((event) => event.index)).toEqual([1, 2]);
    // The venue the file defines is still created, though one of its events is skipped.
    expect(plan.newVenues.map((venue) => venue.name)).toEqual(['Harbour Hall']);
  });

  it("refuses a defined venue that exists with another map, unless told to keep what exists ('keep')", () => {
    const file = load(sampleInput());
    const stored: ExistingVenue = {
      id: 3,
      organisationId: ORG,
      name: 'Harbour Hall',
      city: 'Singapore',
      country: 'SG',
      timeZone: 'Asia/Singapore',
      address: '',
      seatMap: { ...HALL_MAP, width: 500 },
    };
    const refused = planEventImport(file, existing({ venues: [LAWN, stored] }), AS_ORG);
    expect(refused.issues).toEqual([
      {
        path: 'venues[0].seat_map',
        message: '"Harbour Hall" in Singapore already exists with a different seat map; refer to it by name and city',
      },
    ]);
    const kept = planEventImport(file, existing({ venues: [LAWN, stored] }), { ...AS_ORG, existingVenues: 'keep' });
    expect(kept.issues).toEqual([]);
    expect(kept.newVenues).toEqual([]);
    expect(kept.definedVenues).toEqual([{ name: 'Harbour Hall', city: 'Singapore', venue: { existing: 3 } }]);
    expect(kept.events.map((event) => event.venue)).toEqual([{ existing: 3 }, { existing: 3 }, { existing: 7 }]);
  });

  it('reports a venue defined twice in one file with different maps', () => {
    const input = sampleInput();
    const events = input.events;
    const second = events[1];
    if (!second) throw new Error('sample');
    second.venue = {
      name: 'Harbour Hall',
      city: 'Singapore',
      country: 'SG',
      time_zone: 'Asia/Singapore',
      seat_map: null,
    };
    const plan = planEventImport(load(input), existing(), AS_ORG);
    expect(plan.issues.map((issue) => [issue.path, issue.message])).toContainEqual([
      'events[1].venue.seat_map',
      '"Harbour Hall" in Singapore is defined earlier in this file with a different seat map; refer to it by name and city',
    ]);
  });
});

describe('the import format', () => {
  it('still reads files without the newer fields (the example file)', () => {
    const loaded = loadEventImport(JSON.parse(readFileSync(EXAMPLE_PATH, 'utf8')));
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.file.venues).toEqual([]);
      expect(loaded.file.events.flatMap((event) => event.promo_codes.map((promo) => promo.used_count))).toEqual([0, 0]);
    }
  });

  it('checks the venues list and used_count', () => {
    const input = sampleInput();
    input.venues = [{ name: 'Half Defined', city: 'Perth' }];
    const promo = input.events[0]?.promo_codes?.[0];
    if (promo) promo.used_count = 11;
    const loaded = loadEventImport(input);
    expect(loaded.ok ? [] : loaded.issues).toEqual([
      { path: 'venues[0].country', message: 'is required to create a venue' },
      { path: 'venues[0].time_zone', message: 'is required to create a venue' },
      { path: 'events[0].promo_codes[0].used_count', message: 'must not exceed max_uses (10)' },
    ]);
  });
});
