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
