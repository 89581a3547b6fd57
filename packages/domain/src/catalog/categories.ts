import { z } from 'zod';

/**
 * Event types double as category route names (spec: concerts, theatre, dance, uni-events, all).
 * Home tabs use the spec's numeric ids 0 all, 1 concerts, 2 theatre, 3 dance.
 */
export const EVENT_TYPES = ['concerts', 'theatre', 'dance', 'uni-events'] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const CATEGORY_KEYS = ['all', ...EVENT_TYPES] as const;
export const CategoryKeySchema = z.enum(CATEGORY_KEYS);
export type CategoryKey = z.infer<typeof CategoryKeySchema>;

export interface Category {
  /** The spec's tab id; uni-events has no home tab in the spec, so it gets the next free id. */
  id: number;
  key: CategoryKey;
  /** Plural display name, as used in headings and the empty message. */
  name: string;
  path: `/${CategoryKey}`;
  /** Whether the home page shows it as a tab (the spec lists tabs 0-3 only). */
  isHomeTab: boolean;
}

export const CATEGORIES: readonly Category[] = [
  { id: 0, key: 'all', name: 'All', path: '/all', isHomeTab: true },
  { id: 1, key: 'concerts', name: 'Concerts', path: '/concerts', isHomeTab: true },
  { id: 2, key: 'theatre', name: 'Theatre', path: '/theatre', isHomeTab: true },
  { id: 3, key: 'dance', name: 'Dance', path: '/dance', isHomeTab: true },
  { id: 4, key: 'uni-events', name: 'Uni Events', path: '/uni-events', isHomeTab: false },
];

export function findCategoryByKey(key: string): Category | undefined {
  return CATEGORIES.find((category) => category.key === key);
}

export function findCategoryById(id: number): Category | undefined {
  return CATEGORIES.find((category) => category.id === id);
}

/**
 * The spec's empty message: "Apologies, currently, there are no {category} events in progress."
 * "all" reads naturally without a category word.
 */
export function emptyCategoryMessage(key: CategoryKey): string {
  const category = findCategoryByKey(key);
  const word = key === 'all' || !category ? '' : ` ${category.name.toLowerCase()}`;
  return `Apologies, currently, there are no${word} events in progress.`;
}
