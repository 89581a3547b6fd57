-- The gate (issue 22): an event's check-in lists, each admitting the tickets of the packages it names (a VIP
-- gate, a general gate). Lists may overlap: a package may be on several.
CREATE TABLE "check_in_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"package_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_event_name_key" ON "check_in_lists" USING btree ("event_id","name");
--> statement-breakpoint
-- Every scan at a gate (issue 22; docs/decisions/043): what a device sent and what the server decided, once. A
-- device's scan is known by (list, device, client_scan_id), so a resync after a lost answer (or an offline queue
-- sent twice) finds the first decision and replays its `answer` instead of deciding again. A ticket is admitted
-- by at most one scan ever (the partial unique index; the decider is the tickets' conditional UPDATE of
-- `used_at`, in the same transaction). `list_name` keeps the gate's name as it was, so "already scanned at the VIP
-- gate" survives the list being renamed or deleted (the list id then becomes null).
CREATE TABLE "ticket_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer,
	"event_id" integer NOT NULL,
	"check_in_list_id" integer,
	"list_name" text NOT NULL,
	"device_id" text NOT NULL,
	"client_scan_id" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"offline" boolean DEFAULT false NOT NULL,
	"answer" jsonb NOT NULL,
	CONSTRAINT "ticket_scans_result_known" CHECK ("ticket_scans"."result" IN ('admitted', 'refused')),
	CONSTRAINT "ticket_scans_reason_known" CHECK (("ticket_scans"."result" = 'admitted' AND "ticket_scans"."reason" IS NULL) OR ("ticket_scans"."result" = 'refused' AND "ticket_scans"."reason" IN ('already_used', 'voided', 'not_on_list', 'other_event', 'unknown_ticket', 'bad_signature', 'booking_not_valid'))),
	CONSTRAINT "ticket_scans_admitted_ticket" CHECK ("ticket_scans"."result" <> 'admitted' OR "ticket_scans"."ticket_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_scans_device_scan_key" ON "ticket_scans" USING btree ("check_in_list_id","device_id","client_scan_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_scans_one_admission_key" ON "ticket_scans" USING btree ("ticket_id") WHERE "ticket_scans"."result" = 'admitted';
--> statement-breakpoint
CREATE INDEX "ticket_scans_event_idx" ON "ticket_scans" USING btree ("event_id","received_at");
--> statement-breakpoint
-- The console's gate (withOrganiserScope, role marquee_console): it keeps the event's lists, records scans, and
-- admits tickets (only `used_at`: the conditional UPDATE every gate shares, tickets/admit-ticket.ts).
GRANT SELECT, INSERT, UPDATE, DELETE ON check_in_lists TO marquee_console;
--> statement-breakpoint
GRANT SELECT, INSERT ON ticket_scans TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (used_at) ON tickets TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE check_in_lists_id_seq, ticket_scans_id_seq TO marquee_console;
--> statement-breakpoint
ALTER TABLE check_in_lists ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY check_in_lists_console ON check_in_lists
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
--> statement-breakpoint
ALTER TABLE ticket_scans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ticket_scans_console ON ticket_scans
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
--> statement-breakpoint
-- An event's tickets in id order (the gate's lists and counts, the reports, the exports' pages) and an
-- event's refunds (the reports), so none of them reads every event's rows.
CREATE INDEX "tickets_event_id_idx" ON "tickets" USING btree ("event_id","id");
--> statement-breakpoint
CREATE INDEX "refunds_event_idx" ON "refunds" USING btree ("event_id");
