-- Comp tickets (issue 22): an order is a sale (the buyer's checkout) or a comp (free tickets the box office
-- issues to a named guest, counted against capacity, marked as comps in reports).
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" IN ('sale', 'comp'));
--> statement-breakpoint
-- A comp is free (total 0) and says why it was given (the box office's note).
ALTER TABLE "orders" ADD COLUMN "comp_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_comp_free" CHECK ("orders"."kind" <> 'comp' OR "orders"."total" = 0);
--> statement-breakpoint
-- Name corrections (issue 22; decisions/039): a ticket may carry its holder's own name (null: the buyer's, as
-- before). Both or neither.
ALTER TABLE "tickets" ADD COLUMN "holder_first_name" text;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_last_name" text;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_holder_name_whole" CHECK (("tickets"."holder_first_name" IS NULL) = ("tickets"."holder_last_name" IS NULL));
--> statement-breakpoint
-- A re-issued ticket's old codes: the gate refuses them and says why ("re-issued; ask for the new one").
CREATE TABLE "ticket_code_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"old_code" text NOT NULL,
	"new_code" text NOT NULL,
	"replaced_by" text,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_code_replacements" ADD CONSTRAINT "ticket_code_replacements_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_code_replacements" ADD CONSTRAINT "ticket_code_replacements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_code_replacements" ADD CONSTRAINT "ticket_code_replacements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_code_replacements_old_code_key" ON "ticket_code_replacements" USING btree ("old_code");
--> statement-breakpoint
CREATE INDEX "ticket_code_replacements_ticket_idx" ON "ticket_code_replacements" USING btree ("ticket_id");
--> statement-breakpoint
-- The console's name correction (withOrganiserScope, role marquee_console): a new code and the holder's name on
-- the ticket, and the old code recorded. Column grants: nothing else of a ticket changes.
GRANT UPDATE (code, holder_first_name, holder_last_name) ON tickets TO marquee_console;
--> statement-breakpoint
GRANT SELECT, INSERT ON ticket_code_replacements TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE ticket_code_replacements_id_seq TO marquee_console;
--> statement-breakpoint
ALTER TABLE ticket_code_replacements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ticket_code_replacements_console ON ticket_code_replacements
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
--> statement-breakpoint
-- The console's comps, in the scoped transaction (row-level security's WITH CHECK keeps every row in the
-- organisation): the order, its lines and tickets, its seats sold, and the package's counters taken exactly as a
-- sale takes them (the inventory's conditional updates, reclaiming expired holds and buckets' spare tickets
-- before a refusal, which moves other orders' expired holds and the buckets' counts).
GRANT INSERT ON orders, order_lines, tickets TO marquee_console;
--> statement-breakpoint
GRANT INSERT, UPDATE ON seat_claims TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (status) ON holds TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (allotted, held_count) ON ticket_package_buckets TO marquee_console;
