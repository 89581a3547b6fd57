-- Auto-apply per code (issue 22; docs/decisions/045): a code the organiser marks `auto_apply` is applied at
-- checkout without being typed, through the event's existing auto-apply (events.promo_auto_apply/promo_code:
-- the buyer's side reads the event's auto-apply code in their place while it is active, started, not ended
-- and not used up).
ALTER TABLE "promo_codes" ADD COLUMN "auto_apply" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A site-wide code (no event) is never applied by itself: it would apply to every event.
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_auto_apply_has_event" CHECK (NOT "promo_codes"."auto_apply" OR "promo_codes"."event_id" IS NOT NULL);
--> statement-breakpoint
-- At most one active auto-apply code per event, whatever the code above it does: two requests marking two
-- codes at once cannot both commit (the second waits on the first's index entry, then fails: 409 `conflict`).
-- Inactive codes may keep the mark; reactivating one while another is applied automatically is refused.
CREATE UNIQUE INDEX "promo_codes_one_auto_apply_per_event" ON "promo_codes" USING btree ("event_id") WHERE "promo_codes"."auto_apply" AND "promo_codes"."active";
--> statement-breakpoint
GRANT UPDATE (auto_apply) ON promo_codes TO marquee_console;
