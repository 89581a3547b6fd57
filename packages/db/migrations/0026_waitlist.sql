-- The waitlist of a sold-out package (issue 23; decisions/049).
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"quantity" smallint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"nic" text NOT NULL,
	"payment_gateway_id" integer,
	"user_id" text,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"lapse_reason" text,
	"confirm_token_hash" text NOT NULL,
	"confirm_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_token_hash" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_quantity_range" CHECK ("waitlist_entries"."quantity" BETWEEN 1 AND 10),
	CONSTRAINT "waitlist_entries_status_known" CHECK ("waitlist_entries"."status" IN ('unconfirmed', 'waiting', 'offered', 'bought', 'lapsed', 'left')),
	CONSTRAINT "waitlist_entries_offer_has_order" CHECK ("waitlist_entries"."status" <> 'offered' OR "waitlist_entries"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "waitlist_leases" (
	"package_id" integer PRIMARY KEY NOT NULL,
	"leased_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_subject_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "waitlist_entry_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_package_id_ticket_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ticket_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_payment_gateway_id_payment_gateways_id_fk" FOREIGN KEY ("payment_gateway_id") REFERENCES "public"."payment_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_leases" ADD CONSTRAINT "waitlist_leases_package_id_ticket_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ticket_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_confirm_token_key" ON "waitlist_entries" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_token_key" ON "waitlist_entries" USING btree ("offer_token_hash") WHERE "waitlist_entries"."offer_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_key" ON "waitlist_entries" USING btree ("package_id","email") WHERE "waitlist_entries"."status" IN ('unconfirmed', 'waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("package_id","confirmed_at","id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_email_idx" ON "waitlist_entries" USING btree ("email");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offered_idx" ON "waitlist_entries" USING btree ("order_id") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_waitlist_entry_idx" ON "outbox" USING btree ("waitlist_entry_id") WHERE "outbox"."waitlist_entry_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_subject_check" CHECK (("outbox"."kind" = 'password_reset' AND "outbox"."user_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL) OR ("outbox"."kind" = 'organisation_invitation' AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" = 'order_refunded' AND "outbox"."refund_id" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" IN ('notify_me_confirm', 'notify_me_on_sale') AND "outbox"."notify_me_subscription_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" = 'waitlist_confirm' AND "outbox"."waitlist_entry_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" = 'waitlist_offer' AND "outbox"."waitlist_entry_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NOT NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" NOT IN ('password_reset', 'organisation_invitation', 'order_refunded', 'notify_me_confirm', 'notify_me_on_sale', 'waitlist_confirm', 'waitlist_offer') AND "outbox"."order_id" IS NOT NULL));--> statement-breakpoint
-- Row-level security like every table under an event (migration 0015); the console reads the line's size.
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['waitlist_entries']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> %L OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id '
      'AND e.organisation_id = marquee_console_organisation())) WITH CHECK (current_user <> %L OR EXISTS '
      '(SELECT 1 FROM events e WHERE e.id = event_id AND e.organisation_id = marquee_console_organisation()))',
      owned || '_console', owned, 'marquee_console', 'marquee_console');
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT SELECT ON waitlist_entries TO marquee_console;--> statement-breakpoint
ALTER TABLE "waitlist_leases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "waitlist_leases_console" ON "waitlist_leases" USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM ticket_packages p JOIN events e ON e.id = p.event_id WHERE p.id = package_id AND e.organisation_id = marquee_console_organisation())) WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM ticket_packages p JOIN events e ON e.id = p.event_id WHERE p.id = package_id AND e.organisation_id = marquee_console_organisation()));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_take_tickets(p_package_id integer, p_quantity integer)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_capacity integer;
  v_free integer;
  v_bucket smallint;
  v_take integer;
BEGIN
  SELECT capacity, capacity - sold_count - held_count INTO v_capacity, v_free
  FROM ticket_packages WHERE id = p_package_id;

  IF EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.package_id = p_package_id AND w.status = 'waiting')
      AND current_setting('marquee.waitlist_offer', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;

  IF v_capacity IS NULL OR v_capacity < 1000 THEN
    -- One counter row (migration 0005): READ COMMITTED re-checks the condition after waiting for the row.
    UPDATE ticket_packages SET held_count = held_count + p_quantity
    WHERE id = p_package_id AND sold_count + held_count + p_quantity <= capacity;
    IF FOUND THEN RETURN 0; END IF;
    -- Expired holds still counted are given back first: an expired hold never makes a package look sold out.
    IF marquee_reclaim_expired_holds(p_package_id) > 0 THEN
      UPDATE ticket_packages SET held_count = held_count + p_quantity
      WHERE id = p_package_id AND sold_count + held_count + p_quantity <= capacity;
      IF FOUND THEN RETURN 0; END IF;
    END IF;
    RETURN NULL;
  END IF;

  -- 1. A bucket with room that no one else is using right now: no queue, no wait.
  UPDATE ticket_package_buckets SET held_count = held_count + p_quantity
  WHERE package_id = p_package_id AND bucket = (
    SELECT c.bucket FROM ticket_package_buckets c
    WHERE c.package_id = p_package_id AND c.held_count + p_quantity <= c.allotted
    ORDER BY random() LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  RETURNING bucket INTO v_bucket;
  IF v_bucket IS NOT NULL THEN
    RETURN v_bucket;
  END IF;

  -- 2. Refill from the package row (its lock, once per chunk). Expired holds are given back first when
  -- the package looks short, before its row is locked (holds, then package, then buckets, as the sweeper).
  IF v_free < p_quantity THEN
    PERFORM marquee_reclaim_expired_holds(p_package_id);
  END IF;
  SELECT capacity - sold_count - held_count INTO v_free
  FROM ticket_packages WHERE id = p_package_id FOR NO KEY UPDATE;
  IF v_free < p_quantity THEN
    -- 3. The package has run dry: the buckets' spare tickets come back to it before anyone is refused.
    v_free := v_free + marquee_collect_spare_tickets(p_package_id);
    IF v_free < p_quantity THEN
      RETURN NULL;
    END IF;
  END IF;
  v_take := least(v_free, greatest(p_quantity, 32));

  -- Into a random bucket: a new one, or one no one is using; failing that, onto the package row itself.
  v_bucket := 1 + floor(random() * 8)::int;
  INSERT INTO ticket_package_buckets (package_id, bucket, allotted, held_count)
  VALUES (p_package_id, v_bucket, v_take, p_quantity)
  ON CONFLICT (package_id, bucket) DO NOTHING;
  IF NOT FOUND THEN
    UPDATE ticket_package_buckets SET allotted = allotted + v_take, held_count = held_count + p_quantity
    WHERE package_id = p_package_id AND bucket = (
      SELECT c.bucket FROM ticket_package_buckets c
      WHERE c.package_id = p_package_id
      ORDER BY c.bucket = v_bucket DESC, random() LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING bucket INTO v_bucket;
    IF NOT FOUND THEN
      UPDATE ticket_packages SET held_count = held_count + p_quantity WHERE id = p_package_id;
      RETURN 0;
    END IF;
  END IF;
  UPDATE ticket_packages SET held_count = held_count + v_take WHERE id = p_package_id;
  RETURN v_bucket;
END;
$function$;
