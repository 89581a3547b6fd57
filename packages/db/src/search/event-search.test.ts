import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, venues } from '../schema';
import { createEvent, createVenue } from '../testing/factories';
import { createTestDb, type TestDb } from '../testing/test-db';
import { buildPrefixTsQuery, eventSearchMatch, eventSearchRank } from './event-search';

describe('buildPrefixTsQuery', () => {
  it('turns every word into a prefix, all required', () => {
    expect(buildPrefixTsQuery('Colo')).toBe("'colo':*");
    expect(buildPrefixTsQuery('  Colombo   JAZZ! ')).toBe("'colombo':* & 'jazz':*");
  });

  it('drops tsquery syntax so no input can break the query', () => {
    expect(buildPrefixTsQuery("o'brien & (x | !y):*")).toBe("'o':* & 'brien':* & 'x':* & 'y':*");
    expect(buildPrefixTsQuery('  !&|() ')).toBeNull();
    expect(buildPrefixTsQuery('')).toBeNull();
  });

  it('keeps words in other scripts whole', () => {
    expect(buildPrefixTsQuery('කොළඹ')).toBe("'කොළඹ':*");
    expect(buildPrefixTsQuery('சென்னை')).toBe("'சென்னை':*");
  });
});

describe('events.search_vector trigger', () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  async function matching(query: string): Promise<string[]> {
    const tsQuery = buildPrefixTsQuery(query);
    if (!tsQuery) return [];
    const rows = await handle.db
      .select({ name: events.name })
      .from(events)
      .where(eventSearchMatch(tsQuery))
      .orderBy(desc(eventSearchRank(tsQuery)), events.id);
    return rows.map((row) => row.name);
  }

  it('indexes name, artists and the venue name and city on insert', async () => {
    const venue = await createVenue(handle.db, { name: 'Harbourline Arena', city: 'Colombo' });
    await createEvent(handle.db, { name: 'Colour Run After Party', artists: ['DJ Kiran'], venueId: venue.id });
    await createEvent(handle.db, { name: 'Night of Strings', artists: ['Colin Perera'], venueId: venue.id });
    const elsewhere = await createVenue(handle.db, { name: 'Quay Hall', city: 'Sydney' });
    await createEvent(handle.db, { name: 'Sydney Sings', artists: ['Harbour Choir'], venueId: elsewhere.id });

    const rows = await handle.db
      .select({ name: events.name })
      .from(events)
      .where(sql`search_vector @@ to_tsquery('simple', 'colo:*')`)
      .orderBy(events.id);
    expect(rows.map((row) => row.name)).toEqual(['Colour Run After Party', 'Night of Strings']);

    // Name (A) outranks artist (B), which outranks venue words (C).
    expect(await matching('col')).toEqual(['Colour Run After Party', 'Night of Strings']);
    expect(await matching('harbour')).toEqual(['Sydney Sings', 'Colour Run After Party', 'Night of Strings']);
    expect(await matching('quay syd')).toEqual(['Sydney Sings']);
    expect(await matching('kiran')).toEqual(['Colour Run After Party']);
  });

  it('stays right when the event changes', async () => {
    const event = await createEvent(handle.db, { name: 'Placeholder Title', artists: [] });
    expect(await matching('lanterns')).toEqual([]);
    await handle.db
      .update(events)
      .set({ name: 'Festival of Lanterns', artists: ['Vesak Ensemble'] })
      .where(eq(events.id, event.id));
    expect(await matching('lanterns')).toEqual(['Festival of Lanterns']);
    expect(await matching('vesak')).toEqual(['Festival of Lanterns']);
    expect(await matching('placeholder')).toEqual([]);

    // A direct write to the column is recomputed, not trusted.
    await handle.db.update(events).set({ searchVector: '' }).where(eq(events.id, event.id));
    expect(await matching('lanterns')).toEqual(['Festival of Lanterns']);

    const moved = await createVenue(handle.db, { name: 'Riverside Pavilion', city: 'Brisbane' });
    await handle.db.update(events).set({ venueId: moved.id }).where(eq(events.id, event.id));
    expect(await matching('brisb')).toEqual(['Festival of Lanterns']);
  });

  it('follows a venue rename to all its events', async () => {
    const venue = await createVenue(handle.db, { name: 'Old Mill Theatre', city: 'Galle' });
    await createEvent(handle.db, { name: 'First Show', venueId: venue.id });
    await createEvent(handle.db, { name: 'Second Show', venueId: venue.id });
    expect(await matching('old mill')).toEqual(['First Show', 'Second Show']);

    await handle.db.update(venues).set({ name: 'Lighthouse Playhouse', city: 'Matara' }).where(eq(venues.id, venue.id));
    expect(await matching('old mill')).toEqual([]);
    expect(await matching('lighthouse matara')).toEqual(['First Show', 'Second Show']);
  });

  it('finds names in any script by prefix', async () => {
    await createEvent(handle.db, { name: 'කොළඹ සංගීත සන්ධ්‍යාව', artists: ['சென்னை இசைக்குழு'] });
    expect(await matching('කොළ')).toEqual(['කොළඹ සංගීත සන්ධ්‍යාව']);
    expect(await matching('சென்')).toEqual(['කොළඹ සංගීත සන්ධ්‍යාව']);
  });
});
