-- The on-sale's waiting room (issue 23; decisions/048).
ALTER TABLE "events" ADD COLUMN "waiting_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "admit_per_minute" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_admit_per_minute_range" CHECK ("events"."admit_per_minute" BETWEEN 10 AND 100000);--> statement-breakpoint
CREATE TABLE "queue_rooms" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"opened_at" timestamp with time zone,
	"joined" bigint DEFAULT 0 NOT NULL,
	"admitted_through" double precision DEFAULT 0 NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_rooms_admitted_within_joined" CHECK ("queue_rooms"."admitted_through" >= 0 AND "queue_rooms"."admitted_through" <= "queue_rooms"."joined")
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" bigint,
	"admitted_at" timestamp with time zone,
	"orders_placed" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_rooms" ADD CONSTRAINT "queue_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_event_visitor_key" ON "queue_entries" USING btree ("event_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_event_position_key" ON "queue_entries" USING btree ("event_id","position") WHERE "queue_entries"."position" IS NOT NULL;--> statement-breakpoint
-- Row-level security like every table under an event (migration 0015); the console never reads them.
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['queue_rooms', 'queue_entries']
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
CREATE OR REPLACE FUNCTION public.marquee_queue_open(p_event_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE queue_rooms SET opened_at = now(), ticked_at = now() WHERE event_id = p_event_id AND opened_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  WITH drawn AS (
    SELECT q.id, row_number() OVER (ORDER BY random()) AS n
    FROM queue_entries q WHERE q.event_id = p_event_id AND q.position IS NULL
  )
  UPDATE queue_entries q SET position = drawn.n FROM drawn WHERE q.id = drawn.id;
  UPDATE queue_rooms
  SET joined = (SELECT count(*) FROM queue_entries q WHERE q.event_id = p_event_id AND q.position IS NOT NULL)
  WHERE event_id = p_event_id;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_queue_join(p_event_id integer, p_visitor text, p_open boolean, p_rate integer, p_admission_minutes integer)
 RETURNS TABLE(entry_id bigint, entry_position bigint, entry_admitted_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_id bigint;
  v_position bigint;
  v_admitted timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO queue_rooms (event_id, rate_per_minute) VALUES (p_event_id, p_rate) ON CONFLICT (event_id) DO NOTHING;
  IF p_open THEN
    PERFORM marquee_queue_open(p_event_id);
  END IF;

  SELECT q.id, q.position, q.admitted_at INTO v_id, v_position, v_admitted
  FROM queue_entries q WHERE q.event_id = p_event_id AND q.visitor = p_visitor;
  IF v_id IS NULL THEN
    INSERT INTO queue_entries (event_id, visitor) VALUES (p_event_id, p_visitor)
    ON CONFLICT (event_id, visitor) DO NOTHING
    RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      -- The same browser joined at this moment in another tab: that place is this one.
      RETURN QUERY SELECT q.id, q.position, q.admitted_at
        FROM queue_entries q WHERE q.event_id = p_event_id AND q.visitor = p_visitor;
      RETURN;
    END IF;
  END IF;

  IF p_open AND (v_position IS NULL
      OR (v_admitted IS NOT NULL AND v_admitted <= now() - make_interval(mins => p_admission_minutes))) THEN
    UPDATE queue_rooms SET joined = joined + 1 WHERE event_id = p_event_id RETURNING joined INTO v_position;
    UPDATE queue_entries SET position = v_position, admitted_at = NULL, orders_placed = 0, joined_at = now()
    WHERE id = v_id;
    v_admitted := NULL;
  END IF;
  RETURN QUERY SELECT v_id, v_position, v_admitted;
END;
$function$;
