import { z } from 'zod';
import { CountryFieldSchema, TimeZoneFieldSchema, requiredTextFieldSchema, textFieldSchema } from './fields.schema';

/**
 * A venue's own fields (its seat map is set apart: a generic layout from layout.schema.ts, a special one, or
 * none). The zone is an IANA name, because an event's times are typed as the venue's clocks read them.
 */
export const VENUE_FIELDS = {
  name: requiredTextFieldSchema(200),
  address: textFieldSchema(300),
  city: requiredTextFieldSchema(100),
  country: CountryFieldSchema,
  time_zone: TimeZoneFieldSchema,
};

/** Creating a venue. */
export const VenueFieldsSchema = z.strictObject({
  ...VENUE_FIELDS,
  address: VENUE_FIELDS.address.default(''),
});
export type VenueFields = z.infer<typeof VenueFieldsSchema>;
export type VenueFieldsInput = z.input<typeof VenueFieldsSchema>;

/** Changing a venue: any of its fields, none defaulted. */
export const VenueFieldsPatchSchema = z.strictObject(VENUE_FIELDS).partial();
export type VenueFieldsPatch = z.infer<typeof VenueFieldsPatchSchema>;
