CREATE TABLE "seat_block_sets" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_blocks" (
	"event_id" integer NOT NULL,
	"block_no" integer NOT NULL,
	"package_id" integer NOT NULL,
	"section" text NOT NULL,
	"row" text NOT NULL,
	"seat_ids" text[] NOT NULL,
	"scores" integer[] NOT NULL,
	"access" text NOT NULL,
	"size" integer NOT NULL,
	"has_wheelchair" boolean NOT NULL,
	"free_run" integer,
	"hint_until" timestamp with time zone,
	CONSTRAINT "seat_blocks_event_id_block_no_pk" PRIMARY KEY("event_id","block_no"),
	CONSTRAINT "seat_blocks_size" CHECK ("seat_blocks"."size" = cardinality("seat_blocks"."seat_ids") AND "seat_blocks"."size" = cardinality("seat_blocks"."scores") AND "seat_blocks"."size" = length("seat_blocks"."access"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "best_available" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seat_retries" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_block_sets" ADD CONSTRAINT "seat_block_sets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_blocks" ADD CONSTRAINT "seat_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_blocks" ADD CONSTRAINT "seat_blocks_package_id_ticket_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ticket_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_blocks_package_idx" ON "seat_blocks" USING btree ("event_id","package_id","block_no");--> statement-breakpoint
-- Best available (issue 24; decisions/046). seat_blocks and seat_block_sets hang off an event: row-level
-- security like seat_claims (migration 0015), though the console never reads them.
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['seat_blocks', 'seat_block_sets']
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
CREATE OR REPLACE FUNCTION public.marquee_best_window(p_ok boolean[], p_scores integer[], p_quantity integer, p_need_wheelchair boolean, p_access text)
 RETURNS TABLE(best_start integer, makes_orphan boolean, longest_run integer)
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  v_n integer := coalesce(array_length(p_ok, 1), 0);
  v_i integer := 1;
  v_run_start integer;
  v_run_end integer;
  v_start integer;
  v_sum bigint;
  v_wheelchairs integer;
  v_orphan boolean;
  v_best integer;
  v_best_sum bigint;
  v_best_orphan boolean;
  v_longest integer := 0;
  v_k integer;
BEGIN
  WHILE v_i <= v_n LOOP
    IF NOT p_ok[v_i] THEN
      v_i := v_i + 1;
      CONTINUE;
    END IF;
    v_run_start := v_i;
    WHILE v_i <= v_n AND p_ok[v_i] LOOP
      v_i := v_i + 1;
    END LOOP;
    v_run_end := v_i - 1;
    v_longest := greatest(v_longest, v_run_end - v_run_start + 1);
    CONTINUE WHEN v_run_end - v_run_start + 1 < p_quantity;
    v_sum := 0;
    v_wheelchairs := 0;
    FOR v_k IN v_run_start .. v_run_start + p_quantity - 1 LOOP
      v_sum := v_sum + p_scores[v_k];
      IF p_need_wheelchair AND substr(p_access, v_k, 1) = 'w' THEN
        v_wheelchairs := v_wheelchairs + 1;
      END IF;
    END LOOP;
    v_start := v_run_start;
    LOOP
      IF NOT p_need_wheelchair OR v_wheelchairs > 0 THEN
        v_orphan := v_start - v_run_start = 1 OR v_run_end - (v_start + p_quantity - 1) = 1;
        IF v_best IS NULL OR (v_best_orphan AND NOT v_orphan) OR (v_best_orphan = v_orphan AND v_sum < v_best_sum) THEN
          v_best := v_start;
          v_best_sum := v_sum;
          v_best_orphan := v_orphan;
        END IF;
      END IF;
      EXIT WHEN v_start + p_quantity - 1 >= v_run_end;
      v_sum := v_sum - p_scores[v_start] + p_scores[v_start + p_quantity];
      IF p_need_wheelchair THEN
        IF substr(p_access, v_start, 1) = 'w' THEN
          v_wheelchairs := v_wheelchairs - 1;
        END IF;
        IF substr(p_access, v_start + p_quantity, 1) = 'w' THEN
          v_wheelchairs := v_wheelchairs + 1;
        END IF;
      END IF;
      v_start := v_start + 1;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT v_best, coalesce(v_best_orphan, false), v_longest;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_claim_seats(p_event_id integer, p_package_id integer, p_order_id integer, p_expires_at timestamp with time zone, p_seats text[])
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_claimed text[];
BEGIN
  WITH claimed AS (
    INSERT INTO seat_claims (event_id, seat_id, package_id, order_id, state, expires_at)
    SELECT p_event_id, s.seat_id, p_package_id, p_order_id, 'held', p_expires_at
    FROM unnest(p_seats) AS s(seat_id) ORDER BY s.seat_id
    ON CONFLICT (event_id, seat_id) DO UPDATE
      SET package_id = excluded.package_id, order_id = excluded.order_id, state = 'held',
          expires_at = excluded.expires_at
      WHERE seat_claims.state = 'held' AND seat_claims.expires_at <= now()
    RETURNING seat_claims.seat_id
  )
  SELECT array_agg(claimed.seat_id) INTO v_claimed FROM claimed;
  IF coalesce(cardinality(v_claimed), 0) = cardinality(p_seats) THEN
    RETURN true;
  END IF;
  DELETE FROM seat_claims
  WHERE event_id = p_event_id AND order_id = p_order_id AND seat_id = ANY (v_claimed);
  RETURN false;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_pick_seats(p_event_id integer, p_package_id integer, p_quantity integer, p_section text, p_accessible boolean, p_order_id integer, p_expires_at timestamp with time zone, p_declined text[] DEFAULT '{}'::text[])
 RETURNS text[]
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_block record;
  v_ok boolean[];
  v_window record;
  v_seats text[];
  v_fallback text[];
  v_after_fallback integer := 0;
  v_passed integer[] := '{}';
  v_pass integer;
  v_attempts integer := 0;
BEGIN
  FOR v_pass IN 1 .. 2 LOOP
    FOR v_block IN
      SELECT b.block_no, b.seat_ids, b.scores, b.access
      FROM seat_blocks b
      WHERE b.event_id = p_event_id AND b.package_id = p_package_id
        AND (p_section IS NULL OR b.section = p_section)
        AND b.size >= p_quantity
        AND (CASE WHEN p_accessible THEN b.has_wheelchair
             ELSE b.hint_until IS NULL OR b.hint_until <= now() OR b.free_run >= p_quantity END)
        AND (v_pass = 1 OR b.block_no = ANY (v_passed))
      ORDER BY b.block_no
    LOOP
      IF v_pass = 1 THEN
        IF NOT pg_try_advisory_xact_lock(-p_event_id, v_block.block_no) THEN
          v_passed := v_passed || v_block.block_no;
          CONTINUE;
        END IF;
      ELSE
        PERFORM pg_advisory_xact_lock(-p_event_id, v_block.block_no);
      END IF;

      LOOP
        SELECT array_agg(
            (c.seat_id IS NULL OR (c.state = 'held' AND c.expires_at <= now()))
            AND (p_accessible OR substr(v_block.access, u.o::integer, 1) = '.')
            AND NOT u.seat_id = ANY (p_declined)
            ORDER BY u.o)
          INTO v_ok
        FROM unnest(v_block.seat_ids) WITH ORDINALITY AS u(seat_id, o)
        LEFT JOIN seat_claims c ON c.event_id = p_event_id AND c.seat_id = u.seat_id;

        SELECT * INTO v_window
        FROM marquee_best_window(v_ok, v_block.scores, p_quantity, p_accessible, v_block.access);

        IF v_window.best_start IS NULL THEN
          IF NOT p_accessible AND cardinality(p_declined) = 0 THEN
            UPDATE seat_blocks SET free_run = v_window.longest_run, hint_until = now() + interval '2 seconds'
            WHERE event_id = p_event_id AND block_no = v_block.block_no;
          END IF;
          EXIT;
        END IF;
        v_seats := v_block.seat_ids[v_window.best_start : v_window.best_start + p_quantity - 1];
        IF v_window.makes_orphan THEN
          IF v_fallback IS NULL THEN
            v_fallback := v_seats;
          END IF;
          EXIT;
        END IF;

        IF marquee_claim_seats(p_event_id, p_package_id, p_order_id, p_expires_at, v_seats) THEN
          RETURN v_seats;
        END IF;
        -- Someone picked one of these seats on the map meanwhile: look at the block again.
        v_attempts := v_attempts + 1;
        EXIT WHEN v_attempts >= 8;
      END LOOP;

      IF v_fallback IS NOT NULL THEN
        v_after_fallback := v_after_fallback + 1;
        EXIT WHEN v_after_fallback > 4;
      END IF;
    END LOOP;

    -- Every group that fits leaves a seat alone: the best of them, claimed the same way.
    IF v_fallback IS NOT NULL THEN
      IF marquee_claim_seats(p_event_id, p_package_id, p_order_id, p_expires_at, v_fallback) THEN
        RETURN v_fallback;
      END IF;
      v_fallback := NULL;
    END IF;

    EXIT WHEN cardinality(v_passed) = 0;
  END LOOP;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
-- The placement's answer gains `picked`: a new return type, so the two functions are made again.
DROP FUNCTION marquee_place_orders(jsonb);
--> statement-breakpoint
DROP FUNCTION marquee_place_order(jsonb, jsonb, integer, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_place_order(p_order jsonb, p_lines jsonb, p_hold_minutes integer, p_user_id text DEFAULT NULL::text)
 RETURNS TABLE(order_pk integer, hold_expires_at timestamp with time zone, server_time timestamp with time zone, picked jsonb)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_order_id integer;
  v_event_id integer;
  v_expires timestamptz := now() + make_interval(mins => p_hold_minutes);
  v_email text := lower(btrim(p_order ->> 'email', E' \t\n\r\f\x0b'));
  v_taken jsonb;
  v_line record;
  v_bucket smallint;
  v_best record;
  v_picked text[];
  v_picked_json jsonb;
BEGIN
  -- This statement's commit does not wait for its WAL to reach disk, so the hot row's lock is released
  -- without an fsync. Nothing is lost that a buyer was told about: the server answers only after a later
  -- statement commits synchronously (the payment intent, or the completion of a free order), and that
  -- flush covers this record too (WAL is written in order). A crash before then loses a hold nobody saw,
  -- whole: the order, its lines, holds and claims and the counter change go together, never apart.
  PERFORM set_config('synchronous_commit', 'off', true);

  INSERT INTO orders (
    order_id, event_id, first_name, last_name, email, phone, nic, currency, subtotal, convenience_fee,
    discount, total, promo_code_id, payment_gateway_id, payment_intent_id, payment_client_secret,
    payment_redirect_url, access_token, idempotency_key, request_hash, hold_expires_at, best_available
  )
  SELECT r.order_id, r.event_id, r.first_name, r.last_name, v_email, r.phone, r.nic, r.currency, r.subtotal,
    r.convenience_fee, r.discount, r.total, r.promo_code_id, r.payment_gateway_id, r.payment_intent_id,
    r.payment_client_secret, r.payment_redirect_url, r.access_token, r.idempotency_key, r.request_hash, v_expires,
    (SELECT jsonb_build_object('package_id', (l ->> 'package_id')::int, 'section', l -> 'best' -> 'section',
       'accessible', coalesce((l -> 'best' ->> 'accessible')::boolean, false))
     FROM jsonb_array_elements(p_lines) AS l WHERE l ? 'best' LIMIT 1)
  FROM jsonb_populate_record(NULL::orders, p_order) AS r
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, event_id INTO v_order_id, v_event_id;

  -- Another request with this Idempotency-Key saved its order first: the caller answers with that one.
  IF v_order_id IS NULL THEN
    RETURN;
  END IF;

  -- The buyer's limits, under the buyer's locks (marquee_check_buyer_limits.sql); then the account's link.
  PERFORM marquee_check_buyer_limits(v_event_id, v_email, p_user_id, p_lines);
  IF p_user_id IS NOT NULL THEN
    INSERT INTO user_orders (order_id, user_id) VALUES (v_order_id, p_user_id);
  END IF;

  -- Best available: the server picks the line's seats (and claims them), then the line lists them.
  FOR v_best IN
    SELECT l, o FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS x(l, o) WHERE l ? 'best'
  LOOP
    v_picked := marquee_pick_seats(v_event_id, (v_best.l ->> 'package_id')::int, (v_best.l ->> 'quantity')::int,
      v_best.l -> 'best' ->> 'section', coalesce((v_best.l -> 'best' ->> 'accessible')::boolean, false), v_order_id,
      v_expires);
    IF v_picked IS NULL THEN
      RAISE EXCEPTION 'no seats together' USING ERRCODE = 'MQ409', HINT = 'together',
        DETAIL = jsonb_build_array((v_best.l ->> 'package_id')::int)::text;
    END IF;
    p_lines := jsonb_set(p_lines, ARRAY[(v_best.o - 1)::text, 'seats'], to_jsonb(v_picked));
    v_picked_json := coalesce(v_picked_json, '[]'::jsonb) || jsonb_build_array(to_jsonb(v_picked));
  END LOOP;

  -- The order's lines.
  INSERT INTO order_lines (order_id, package_id, package_name, unit_price, quantity, seats)
  SELECT v_order_id, (l ->> 'package_id')::int, l ->> 'package_name', (l ->> 'unit_price')::int,
    (l ->> 'quantity')::int, ARRAY(SELECT jsonb_array_elements_text(l -> 'seats'))
  FROM jsonb_array_elements(p_lines) AS l;

  -- Seats in a fixed order, so two buyers never wait on each other crosswise.
  WITH wanted AS (
    SELECT s.seat, (l ->> 'package_id')::int AS package_id
    FROM jsonb_array_elements(p_lines) AS l, jsonb_array_elements_text(l -> 'seats') AS s(seat)
    WHERE NOT l ? 'best'
  ), claimed AS (
    INSERT INTO seat_claims (event_id, seat_id, package_id, order_id, state, expires_at)
    SELECT v_event_id, wanted.seat, wanted.package_id, v_order_id, 'held', v_expires
    FROM wanted ORDER BY wanted.seat
    ON CONFLICT (event_id, seat_id) DO UPDATE
      SET package_id = excluded.package_id, order_id = excluded.order_id, state = 'held',
          expires_at = excluded.expires_at
      WHERE seat_claims.state = 'held' AND seat_claims.expires_at <= now()
    RETURNING seat_claims.seat_id
  )
  SELECT jsonb_agg(wanted.seat ORDER BY wanted.seat) INTO v_taken
  FROM wanted WHERE wanted.seat NOT IN (SELECT seat_id FROM claimed);
  IF v_taken IS NOT NULL THEN
    RAISE EXCEPTION 'seats taken' USING ERRCODE = 'MQ409', HINT = 'seats', DETAIL = v_taken::text;
  END IF;

  -- The counters last, in package id order, held for the shortest time and never crosswise; each hold is
  -- written once, knowing where it was counted (migration 0006 inserted it, then updated its bucket).
  FOR v_line IN
    SELECT (l ->> 'package_id')::int AS package_id, (l ->> 'quantity')::int AS quantity
    FROM jsonb_array_elements(p_lines) AS l ORDER BY 1
  LOOP
    v_bucket := marquee_take_tickets(v_line.package_id, v_line.quantity);
    IF v_bucket IS NULL THEN
      RAISE EXCEPTION 'package sold out' USING ERRCODE = 'MQ409', HINT = 'packages',
        DETAIL = jsonb_build_array(v_line.package_id)::text;
    END IF;
    INSERT INTO holds (order_id, package_id, quantity, expires_at, bucket)
    VALUES (v_order_id, v_line.package_id, v_line.quantity, v_expires, v_bucket);
  END LOOP;

  RETURN QUERY SELECT v_order_id, v_expires, now(), v_picked_json;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.marquee_place_orders(p_calls jsonb)
 RETURNS TABLE(call_index integer, order_pk integer, hold_expires_at timestamp with time zone, server_time timestamp with time zone, picked jsonb, refusal_hint text, refusal_detail text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_call jsonb;
  v_index integer := 0;
  v_placed record;
  v_hint text;
  v_detail text;
BEGIN
  FOR v_call IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      SELECT * INTO v_placed
      FROM marquee_place_order(v_call -> 'order', v_call -> 'lines', (v_call ->> 'hold_minutes')::int,
        v_call ->> 'user_id');
      -- No row: an order with this Idempotency-Key exists; all nulls tell the caller to answer with it.
      RETURN QUERY SELECT v_index, v_placed.order_pk, v_placed.hold_expires_at, v_placed.server_time,
        v_placed.picked, NULL::text, NULL::text;
    EXCEPTION WHEN SQLSTATE 'MQ409' THEN
      GET STACKED DIAGNOSTICS v_hint = PG_EXCEPTION_HINT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT v_index, NULL::integer, NULL::timestamptz, NULL::timestamptz, NULL::jsonb, v_hint, v_detail;
    END;
    v_index := v_index + 1;
  END LOOP;
END;
$function$;
