DROP INDEX "orders_email_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_held_per_buyer" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hold_cooldown_seconds" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_free_per_buyer" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_email_event_idx" ON "orders" USING btree ("email","event_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_buyer_limits_valid" CHECK ("events"."max_held_per_buyer" >= 1 AND "events"."hold_cooldown_seconds" >= 0 AND "events"."max_free_per_buyer" >= 1);