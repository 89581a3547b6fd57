/**
 * `@marquee/domain/authoring`: one set of schemas and rules for what organisers write (venues, generic
 * layouts, events, ticket packages), the event lifecycle and the publishing checklist. The console's forms,
 * the console API and the JSON importer (catalog/event-import.schema.ts) all validate with these.
 */
export * from './fields.schema';
export * from './rules';
export * from './venue.schema';
export * from './layout.schema';
export * from './event.schema';
export * from './ticket-package.schema';
export * from './lifecycle';
export * from './publishing-checklist';
export {
  instantToZonedWallClock,
  parseWallClock,
  zonedWallClockToInstant,
  type WallClockInstant,
} from '../time/zoned-time';
