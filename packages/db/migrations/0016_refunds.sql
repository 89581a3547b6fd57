-- Refunds from the organiser console (issue 22; docs/decisions/037): the refunds table (one row per order and
-- Idempotency-Key), voided tickets whose seats may be sold again, the refunded total kept within the order's
-- total by a CHECK, the sandbox provider's refunds by idempotency key, and one refund e-mail per refund.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"gateway_key" text NOT NULL,
	"amount" integer NOT NULL,
	"ticket_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_succeeded_at" CHECK (("refunds"."status" = 'succeeded') = ("refunds"."succeeded_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"requests" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_subject_check";--> statement-breakpoint
DROP INDEX "tickets_event_seat_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "resend_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_key" ON "refunds" USING btree ("gateway_key");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_refund_key" ON "outbox" USING btree ("refund_id") WHERE "outbox"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_event_seat_key" ON "tickets" USING btree ("event_id","seat_id") WHERE "tickets"."seat_id" IS NOT NULL AND "tickets"."voided_at" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_amount" >= 0 AND "orders"."refunded_amount" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_subject_check" CHECK (("outbox"."kind" = 'password_reset' AND "outbox"."user_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL) OR ("outbox"."kind" = 'organisation_invitation' AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" = 'order_refunded' AND "outbox"."refund_id" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" NOT IN ('password_reset', 'organisation_invitation', 'order_refunded') AND "outbox"."order_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_voided_by_refund" CHECK (("tickets"."voided_at" IS NULL) = ("tickets"."refund_id" IS NULL));
--> statement-breakpoint
-- The console's refund transaction (withOrganiserScope, role marquee_console): it reads and writes refunds, voids
-- tickets, counts the refund on the order, gives the inventory back (ticket_packages: granted in 0015) and frees
-- the seats of voided tickets. Column grants: it changes nothing else of an order or a ticket.
GRANT SELECT, INSERT, UPDATE ON refunds TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (refunded_amount, refunded_at, updated_at) ON orders TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (voided_at, refund_id) ON tickets TO marquee_console;
--> statement-breakpoint
GRANT DELETE ON seat_claims TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE refunds_id_seq TO marquee_console;
--> statement-breakpoint
ALTER TABLE refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY refunds_console ON refunds
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
