-- The console's promotions (issue 22): the console role (withOrganiserScope, marquee_console) may now change
-- and delete its events' promo codes. Row-level security on promo_codes is 0015's (a code is its event's:
-- site-wide codes, with no event, are never the console's). Column grants: the console never writes
-- `used_count` (the buyer's payment counts uses under the code's lock), `code` or `event_id`.
GRANT UPDATE (kind, value, package_ids, valid_from, valid_to, max_uses, max_uses_per_email, active, updated_at)
  ON promo_codes TO marquee_console;
--> statement-breakpoint
-- Only a code never used (the service checks under the code's lock; orders' foreign key refuses the rest).
GRANT DELETE ON promo_codes TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE promo_codes_id_seq TO marquee_console;
