import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultSchema } from '@marquee/domain/catalog';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createEvent, createVenue } from '@marquee/db/factories';
import { buildPrefixTsQuery } from '@marquee/db/search';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const fromNow = (ms: number): Date => new Date(Date.now() + ms);

let t: TestApp;
const uids = { colomboJazz: '', artistGig: '', nameHit: '', sydney: '', pastColombo: '', sinhala: '' };

async function search(query: string, path = '/api/search') {
  const response = await t.app.inject({ method: 'GET', url: `${path}?q=${encodeURIComponent(query)}` });
  expect(response.statusCode, response.body).toBe(200);
  return SearchResultSchema.parse(response.json());
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db;
  const colombo = await createVenue(db, { name: 'Lotus Pond Theatre', city: 'Colombo' });
  const sydney = await createVenue(db, {
    name: 'Harbour Hall',
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
  });

  const colomboJazz = await createEvent(db, {
    venueId: colombo.id,
    name: 'Jazz Under the Stars',
    startDate: fromNow(3 * DAY),
  });
  const artistGig = await createEvent(db, {
    venueId: sydney.id,
    name: 'Saturday Sessions',
    artists: ['Bathiya Jayakody', 'Santhush'],
    startDate: fromNow(4 * DAY),
  });
  // "Sydney" in the name ranks above "Sydney" as the venue's city.
  const nameHit = await createEvent(db, {
    venueId: colombo.id,
    name: 'Sydney Dance Company',
    type: 'dance',
    startDate: fromNow(9 * DAY),
  });
  const sydneyEvent = await createEvent(db, {
    venueId: sydney.id,
    name: 'Swan Lake',
    type: 'dance',
    startDate: fromNow(2 * DAY),
  });
  const pastColombo = await createEvent(db, {
    venueId: colombo.id,
    name: 'Jazz Last Year',
    startDate: fromNow(-30 * DAY),
    endDate: fromNow(-29 * DAY),
  });
  const sinhala = await createEvent(db, { venueId: colombo.id, name: 'සිංහල ගී සන්ධ්‍යාව', startDate: fromNow(6 * DAY) });
  Object.assign(uids, {
    colomboJazz: colomboJazz.uid,
    artistGig: artistGig.uid,
    nameHit: nameHit.uid,
    sydney: sydneyEvent.uid,
    pastColombo: pastColombo.uid,
    sinhala: sinhala.uid,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search', () => {
  it('matches prefixes of venue cities, upcoming events only', async () => {
    const result = await search('colo');
    const found = result.data.map((e) => e.uid);
    expect(found).toContain(uids.colomboJazz);
    expect(found).toContain(uids.nameHit);
    expect(found).not.toContain(uids.pastColombo);
    expect(found).not.toContain(uids.sydney);
    expect(result.query).toBe('colo');
  });

  it('finds an event by an artist, case-insensitively, and returns its artists', async () => {
    const result = await search('BATHIYA');
    expect(result.data.map((e) => e.uid)).toEqual([uids.artistGig]);
    expect(result.data[0]?.artists).toEqual(['Bathiya Jayakody', 'Santhush']);
    expect(result.data[0]?.path).toBe(`/concerts/saturday-sessions/${uids.artistGig}`);
  });

  it('requires every word, each as a prefix', async () => {
    expect((await search('jazz sta')).data.map((e) => e.uid)).toEqual([uids.colomboJazz]);
    expect((await search('jazz sydney')).data).toEqual([]);
  });

  it('ranks a name match above a venue match, then the soonest', async () => {
    const result = await search('sydney');
    // Swan Lake and Saturday Sessions both match on their venue's city: the sooner one first.
    expect(result.data.map((e) => e.uid)).toEqual([uids.nameHit, uids.sydney, uids.artistGig]);
  });

  it('finds words in other scripts', async () => {
    expect((await search('සිංහල')).data.map((e) => e.uid)).toEqual([uids.sinhala]);
  });

  it.each([
    "a & | ! :* ( '",
    "'; DROP TABLE events; --",
    '\\',
    ':*',
    '!!!',
    '<->',
    'jazz:* | sydney',
    '"quoted"',
    'a:b',
    '％',
  ])('never fails on tsquery or SQL metacharacters: %s', async (query) => {
    const result = await search(query);
    expect(Array.isArray(result.data)).toBe(true);
  });

  it('treats operators as word separators', async () => {
    expect((await search('jazz&under|stars!')).data.map((e) => e.uid)).toEqual([uids.colomboJazz]);
  });

  it('answers 422 for an empty, blank or too long query, or a bad limit', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'a'.repeat(101)}`,
      '/api/search?q=jazz&limit=0',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
      const body = response.json<{ errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    }
    const empty = await t.app.inject({ method: 'GET', url: '/api/search?q=' });
    expect(empty.json()).toMatchObject({ errors: { q: ['Type something to search for.'] } });
  });

  it('honours the limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=colo&limit=1' });
    expect(SearchResultSchema.parse(response.json()).data).toHaveLength(1);
  });
});

describe('GET /api/search/suggest', () => {
  it('answers up to 6 results for the type-ahead', async () => {
    const venue = await createVenue(t.db, { name: 'Galle Face', city: 'Galle' });
    for (let i = 0; i < 8; i++)
      await createEvent(t.db, { venueId: venue.id, name: `Galle Literary ${i}`, startDate: fromNow((i + 1) * DAY) });
    const result = await search('gall', '/api/search/suggest');
    expect(result.data).toHaveLength(6);
    expect(result.data.every((e) => e.name.startsWith('Galle Literary'))).toBe(true);
  });

  it('answers 422 without a query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=' });
    expect(response.statusCode).toBe(422);
  });
});

describe('buildPrefixTsQuery', () => {
  it('keeps words only, each as a quoted prefix, all required', () => {
    expect(buildPrefixTsQuery('Colombo  jazz!')).toBe("'colombo':* & 'jazz':*");
    expect(buildPrefixTsQuery("a & | ! :* ( '")).toBe("'a':*");
    expect(buildPrefixTsQuery("!:*()'")).toBeNull();
    expect(buildPrefixTsQuery('one two three four five six seven eight nine ten')?.split(' & ')).toHaveLength(8);
  });
});
