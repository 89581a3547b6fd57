-- Cancelling or postponing a whole event (issue 22; docs/decisions/040). A row of event_changes per
-- cancellation or postponement; a cancellation with refunds lists the orders it refunds in
-- event_change_orders, which any server process works through in batches under a lease. Each order's refund
-- is made through the refunds path (0016) with a key of its own (`event-cancel:{change}:{order}`), so the
-- refunds table's uniqueness makes it once, whatever crashes. The buyers' e-mails are outbox rows naming the
-- change (one per order: `outbox_kind_order_key`; a second postponement re-queues the order's row).
CREATE TABLE "event_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"refund" boolean DEFAULT false NOT NULL,
	"message" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"new_starts_at" timestamp with time zone,
	"new_ends_at" timestamp with time zone,
	"started_by" text,
	"started_by_email" text,
	"started_by_role" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "event_changes_kind_known" CHECK ("event_changes"."kind" IN ('cancel', 'postpone')),
	CONSTRAINT "event_changes_status_known" CHECK ("event_changes"."status" IN ('running', 'done', 'failed')),
	CONSTRAINT "event_changes_finished_at" CHECK (("event_changes"."status" = 'running') = ("event_changes"."finished_at" IS NULL)),
	CONSTRAINT "event_changes_refund_on_cancel" CHECK (NOT "event_changes"."refund" OR "event_changes"."kind" = 'cancel')
);
--> statement-breakpoint
CREATE TABLE "event_change_orders" (
	"change_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"refund_id" integer,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_change_orders_change_id_order_id_pk" PRIMARY KEY("change_id","order_id"),
	CONSTRAINT "event_change_orders_state_known" CHECK ("event_change_orders"."state" IN ('pending', 'refunded', 'skipped', 'failed')),
	CONSTRAINT "event_change_orders_refunded" CHECK (("event_change_orders"."state" = 'refunded') = ("event_change_orders"."refund_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_change_id" integer;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "notify_buyer" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_change_orders" ADD CONSTRAINT "event_change_orders_change_id_event_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."event_changes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_change_orders" ADD CONSTRAINT "event_change_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_change_orders" ADD CONSTRAINT "event_change_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_change_orders" ADD CONSTRAINT "event_change_orders_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_event_change_id_event_changes_id_fk" FOREIGN KEY ("event_change_id") REFERENCES "public"."event_changes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One cancellation per event, ever (cancelled is final); a replay of its request finds it by key.
CREATE UNIQUE INDEX "event_changes_one_cancel_key" ON "event_changes" USING btree ("event_id") WHERE "event_changes"."kind" = 'cancel';
--> statement-breakpoint
CREATE INDEX "event_changes_event_idx" ON "event_changes" USING btree ("event_id","id");
--> statement-breakpoint
CREATE INDEX "event_changes_running_idx" ON "event_changes" USING btree ("id") WHERE "event_changes"."status" = 'running';
--> statement-breakpoint
CREATE INDEX "event_change_orders_pending_idx" ON "event_change_orders" USING btree ("change_id","order_id") WHERE "event_change_orders"."state" = 'pending';
--> statement-breakpoint
-- The console (withOrganiserScope, marquee_console) reads its events' changes and their orders; the rows are
-- written by the connecting role, in the same outer transaction as the scoped status change, or by the worker.
GRANT SELECT ON event_changes, event_change_orders TO marquee_console;
--> statement-breakpoint
ALTER TABLE event_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY event_changes_console ON event_changes
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
--> statement-breakpoint
ALTER TABLE event_change_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY event_change_orders_console ON event_change_orders
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
