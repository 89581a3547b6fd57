import { describe, expect, it } from 'vitest';
import { EventFieldsSchema } from '../authoring/event.schema';
import { TicketPackageFieldsSchema } from '../authoring/ticket-package.schema';
import { VenueFieldsSchema } from '../authoring/venue.schema';
import { isValidTimeZone } from '../time/format-event-time';
import {
  CURRENCY_BY_COUNTRY,
  IMPORT_COUNTRIES,
  ImportEventSchema,
  ImportTicketPackageSchema,
  ImportVenueDefinitionSchema,
  importIssuesFromZod,
} from './event-import.schema';

/** The importer and the console validate the fields they share with the same rules and the same words. */

const VENUE = { name: 'Harbour Hall', city: 'Singapore', country: 'SG', time_zone: 'Asia/Singapore' };
const EVENT = {
  name: 'Hall Night',
  type: 'concerts',
  start_date: '2027-01-10T19:30:00+08:00',
  venue: VENUE,
  currency: 'SGD',
  ticket_packages: [{ name: 'Front', price: 5000, capacity: 10 }],
};

function messages(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return (result.error?.issues ?? []).filter((issue) => issue.path.includes(field)).map((issue) => issue.message);
}

describe('the import format on the shared authoring schemas', () => {
  it.each([
    ['name', ''],
    ['name', 'x'.repeat(201)],
    ['type', 'opera'],
    ['description', 'x'.repeat(5001)],
    ['artists', ['ok', '']],
    ['artists', 'One Artist'],
    ['handling_cost', -5],
    ['featured', 'yes'],
    ['free_event', 1],
  ])('refuses event %s = %j as the console does', (field, value) => {
    const imported = messages(ImportEventSchema.safeParse({ ...EVENT, [field]: value }), field);
    const authored = messages(
      EventFieldsSchema.safeParse({
        name: 'N',
        type: 'dance',
        venue_id: 1,
        start_local: '2027-01-10T19:30',
        [field]: value,
      }),
      field,
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported).toEqual(authored);
  });

  it.each([
    ['name', ' '],
    ['description', 'x'.repeat(1001)],
    ['price', 12.5],
    ['max_per_order', 0],
    ['max_per_order', 101],
    ['active', 'no'],
    ['inactive_message', 'x'.repeat(201)],
    ['free_seating', null],
  ])('refuses package %s = %j as the console does', (field, value) => {
    const imported = messages(ImportTicketPackageSchema.safeParse({ name: 'P', price: 0, [field]: value }), field);
    const authored = messages(TicketPackageFieldsSchema.safeParse({ name: 'P', price: 0, [field]: value }), field);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported).toEqual(authored);
  });

  it.each([
    ['name', ''],
    ['city', ''],
    ['address', 'x'.repeat(301)],
    ['country', 'IN'],
    ['time_zone', 'Mars/Olympus'],
  ])('refuses venue %s = %j as the console does', (field, value) => {
    const imported = messages(ImportVenueDefinitionSchema.safeParse({ ...VENUE, [field]: value }), field);
    const authored = messages(VenueFieldsSchema.safeParse({ ...VENUE, [field]: value }), field);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported).toEqual(authored);
  });

  it("checks the currency against the venue's country with the shared mapping", () => {
    expect(IMPORT_COUNTRIES).toEqual(['LK', 'SG', 'AU']);
    expect(CURRENCY_BY_COUNTRY).toEqual({ LK: 'LKR', SG: 'SGD', AU: 'AUD' });
    const parsed = ImportEventSchema.safeParse({ ...EVENT, currency: 'LKR' });
    expect(parsed.success ? [] : importIssuesFromZod(parsed.error)).toEqual([
      { path: 'currency', message: 'must be SGD for a venue in SG' },
    ]);
  });

  it('keeps what it accepted before the console: any zone Intl knows, and repeated gateway ids', () => {
    // Node 22+ takes fixed offsets as zones; the console refuses them, the importer keeps taking what Intl takes.
    for (const zone of ['+05:30', 'asia/colombo']) {
      expect(ImportVenueDefinitionSchema.safeParse({ ...VENUE, time_zone: zone }).success).toBe(isValidTimeZone(zone));
    }
    expect(VenueFieldsSchema.safeParse({ ...VENUE, time_zone: '+05:30' }).success).toBe(false);
    expect(ImportEventSchema.safeParse({ ...EVENT, payment_gateway_ids: [1, 1] }).success).toBe(true);
    expect(ImportEventSchema.safeParse({ ...EVENT, payment_gateway_ids: [] }).success).toBe(false);
  });
});
