CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"artists" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"thumbnail_img" text NOT NULL,
	"banner_img" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"venue_id" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"free_event" boolean DEFAULT false NOT NULL,
	"free_seating" boolean DEFAULT false NOT NULL,
	"promo" boolean DEFAULT false NOT NULL,
	"promo_auto_apply" boolean DEFAULT false NOT NULL,
	"promo_code" text,
	"handling_cost" integer DEFAULT 0 NOT NULL,
	"payment_gateway_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_handling_cost_nonnegative" CHECK ("events"."handling_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"logo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"event_id" integer,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"package_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_email" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_value_positive" CHECK ("promo_codes"."value" > 0),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."kind" <> 'percent' OR "promo_codes"."value" <= 100)
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"profession" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"capacity" integer NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"seating_range" text[] DEFAULT '{}'::text[] NOT NULL,
	"free_seating" boolean DEFAULT false NOT NULL,
	"color_class" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"inactive_message" text,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_packages_price_nonnegative" CHECK ("ticket_packages"."price" >= 0),
	CONSTRAINT "ticket_packages_capacity_nonnegative" CHECK ("ticket_packages"."capacity" >= 0),
	CONSTRAINT "ticket_packages_sold_within_capacity" CHECK ("ticket_packages"."sold_count" >= 0 AND "ticket_packages"."sold_count" <= "ticket_packages"."capacity"),
	CONSTRAINT "ticket_packages_color_class_range" CHECK ("ticket_packages"."color_class" BETWEEN 0 AND 5),
	CONSTRAINT "ticket_packages_max_per_order_positive" CHECK ("ticket_packages"."max_per_order" > 0)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"time_zone" text NOT NULL,
	"seat_map" jsonb,
	"seat_map_type" text GENERATED ALWAYS AS ("venues"."seat_map" ->> 'type') STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_packages" ADD CONSTRAINT "ticket_packages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_uid_key" ON "events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "events_type_start_idx" ON "events" USING btree ("type","start_date");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_key" ON "promo_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "ticket_packages_event_idx" ON "ticket_packages" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_city_key" ON "venues" USING btree ("name","city");