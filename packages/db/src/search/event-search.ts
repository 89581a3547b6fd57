import { sql, type SQL } from 'drizzle-orm';
import { events } from '../schema';

/**
 * Search helpers over `events.search_vector` (kept up to date by the triggers in migration 0001).
 * The vector uses the 'simple' configuration: lowercased words, no stemming, so every typed word is
 * matched as a prefix ("colo" finds "Colombo", "sin" finds "Singapore") in any language.
 */

/** Letters (with their combining marks, for Sinhala, Tamil, Devanagari…) and digits make a word. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const MAX_WORDS = 8;

/**
 * Turns what a visitor typed into a `to_tsquery('simple', …)` string where every word is a prefix and
 * all must match: "Colombo  jazz!" → "'colombo':* & 'jazz':*". Only word characters survive, so the
 * result can never be a tsquery syntax error. null when nothing searchable is left.
 */
export function buildPrefixTsQuery(text: string): string | null {
  const words = (text.normalize('NFC').toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `'${word}':*`).join(' & ');
}

/** WHERE fragment: the event matches every word of the query as a prefix. */
export function eventSearchMatch(tsQuery: string): SQL {
  return sql`${events.searchVector} @@ to_tsquery('simple', ${tsQuery})`;
}

/** ORDER BY fragment (descending is best): name hits outrank artist hits, which outrank venue hits. */
export function eventSearchRank(tsQuery: string): SQL<number> {
  return sql<number>`ts_rank(${events.searchVector}, to_tsquery('simple', ${tsQuery}))`;
}
