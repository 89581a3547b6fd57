import { describe, expect, it } from 'vitest';
import { EventImportFileSchema } from '@marquee/domain/import';
import { loadEventImport } from '../import/load';
import { planEventImport } from '../import/plan';
import { demoCatalogue, demoCatalogues, demoEventImages, demoEventUid } from './demo-catalogue';
import { DEMO_EVENTS } from './demo-events';
import { DEMO_ORGANISATIONS, demoOrganisationOf } from './demo-organisations';
import { DEMO_VENUES } from './demo-venues';
import { CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID } from './payment-gateways';

const NOW = new Date('2026-11-22T06:00:07.123Z');

describe('demoCatalogue', () => {
  it('is an import document: it parses with the import schema, also after a round trip through JSON', () => {
    const catalogue = demoCatalogue(NOW);
    const parsed = EventImportFileSchema.safeParse(catalogue);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    const fromJson = EventImportFileSchema.safeParse(JSON.parse(JSON.stringify(catalogue)));
    expect(fromJson.success && parsed.success && fromJson.data).toEqual(parsed.data);
  });

  it('defines every demo venue once and every demo event, with its uid, artwork and venue', () => {
    const loaded = loadEventImport(demoCatalogue(NOW));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const { venues, events } = loaded.file;
    expect(venues.map((venue) => venue.name)).toEqual(DEMO_VENUES.map((venue) => venue.name));
    expect(events).toHaveLength(DEMO_EVENTS.length);
    DEMO_EVENTS.forEach((demo, index) => {
      const event = events[index];
      const venue = DEMO_VENUES.find((candidate) => candidate.key === demo.venue);
      const uid = demoEventUid(demo);
      expect(event?.uid).toBe(uid);
      expect(event?.thumbnail_img).toBe(demoEventImages(uid).thumbnailImg);
      expect(event?.banner_img).toBe(demoEventImages(uid).bannerImg);
      expect(event?.venue).toEqual({ name: venue?.name, city: venue?.city });
    });
  });

  it('plans cleanly against an empty database: 16 new venues, every event, no issues', () => {
    const loaded = loadEventImport(demoCatalogue(NOW));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const plan = planEventImport(
      loaded.file,
      { venues: [], takenUids: new Set(), paymentGatewayIds: new Set([CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID]) },
      { organisationId: 1 },
    );
    expect(plan.issues).toEqual([]);
    expect(plan.newVenues).toHaveLength(DEMO_VENUES.length);
    expect(plan.definedVenues).toHaveLength(DEMO_VENUES.length);
    expect(plan.events.map((event) => event.uid)).toEqual(DEMO_EVENTS.map(demoEventUid));
  });

  it('times everything relative to now', () => {
    const later = new Date(NOW.getTime() + 60 * 60_000);
    const at = (now: Date) => {
      const loaded = loadEventImport(demoCatalogue(now));
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
      return loaded.file.events;
    };
    const [before, after] = [at(NOW), at(later)];
    // An event that starts in minutes keeps starting in minutes.
    const index = DEMO_EVENTS.findIndex((event) => 'minutesFromNow' in event.start);
    const shift = Date.parse(after[index]?.start_date ?? '') - Date.parse(before[index]?.start_date ?? '');
    expect(shift).toBe(60 * 60_000);
    const promo = (events: typeof before) => events.flatMap((event) => event.promo_codes).find((p) => p.valid_to);
    expect(Date.parse(promo(after)?.valid_to ?? '') - Date.parse(promo(before)?.valid_to ?? '')).toBe(60 * 60_000);
  });
});

describe('demoCatalogues', () => {
  it('gives every demo venue to exactly one demo organisation, in its country', () => {
    const owned = DEMO_ORGANISATIONS.flatMap((organisation) => organisation.venues);
    expect([...owned].sort()).toEqual(DEMO_VENUES.map((venue) => venue.key).sort());
    expect(new Set(owned).size).toBe(owned.length);
    for (const venue of DEMO_VENUES) expect(demoOrganisationOf(venue.key).country, venue.name).toBe(venue.country);
    expect(DEMO_ORGANISATIONS.map((organisation) => organisation.name)).toEqual([
      'Lanka Live Promotions',
      'Lotus Pond Theatre Company',
      'Hillside University Cultural Society',
      'Harbourlight Events',
      'Southern Cross Presents',
    ]);
  });

  it('is demoCatalogue split by organisation: each document its venues and the events at them, each planning cleanly on its own', () => {
    const whole = demoCatalogue(NOW);
    const parts = demoCatalogues(NOW);
    expect(parts.map((part) => part.organisation.slug)).toEqual(DEMO_ORGANISATIONS.map((o) => o.slug));
    const venues = parts.flatMap((part) => part.document.venues ?? []);
    const events = parts.flatMap((part) => part.document.events);
    expect([...venues].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...(whole.venues ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect([...events].sort((a, b) => (a.uid ?? '').localeCompare(b.uid ?? ''))).toEqual(
      [...whole.events].sort((a, b) => (a.uid ?? '').localeCompare(b.uid ?? '')),
    );
    parts.forEach(({ organisation, document }, index) => {
      const loaded = loadEventImport(document);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
      expect(loaded.file.events.length, organisation.slug).toBeGreaterThan(0);
      const plan = planEventImport(
        loaded.file,
        { venues: [], takenUids: new Set(), paymentGatewayIds: new Set([CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID]) },
        { organisationId: index + 1 },
      );
      expect(plan.issues, organisation.slug).toEqual([]);
      expect(plan.newVenues.map((venue) => venue.name)).toEqual(
        DEMO_VENUES.filter((venue) => organisation.venues.includes(venue.key)).map((venue) => venue.name),
      );
      expect(plan.events.every((event) => event.row.organisationId === index + 1)).toBe(true);
    });
  });
});
