CREATE TABLE "ticket_package_buckets" (
	"package_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"allotted" integer DEFAULT 0 NOT NULL,
	"held_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_package_buckets_package_id_bucket_pk" PRIMARY KEY("package_id","bucket"),
	CONSTRAINT "ticket_package_buckets_bucket_positive" CHECK ("ticket_package_buckets"."bucket" > 0),
	CONSTRAINT "ticket_package_buckets_held_within_allotted" CHECK ("ticket_package_buckets"."held_count" >= 0 AND "ticket_package_buckets"."held_count" <= "ticket_package_buckets"."allotted")
);
--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_package_buckets" ADD CONSTRAINT "ticket_package_buckets_package_id_ticket_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ticket_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counter buckets (issue 4's on-sale speed; decisions/018).
--
-- A package of 1,000 tickets or more no longer makes every buyer queue on its row. Its tickets are handed
-- out in chunks to up to 8 buckets (rows of ticket_package_buckets); a hold takes from a bucket that no
-- one else is using at that moment (FOR UPDATE SKIP LOCKED: no queue, no wait). Only a bucket that runs
-- dry goes back to the package row, once per chunk. The invariants stay the database's:
--   * the package row counts every allotment in held_count, so its check sold + held <= capacity bounds
--     everything, and each bucket's check held <= allotted bounds its holds: active holds can never
--     exceed capacity - sold, whatever the concurrency;
--   * before anyone is refused, expired holds are reclaimed and the buckets' spare tickets (allotted but
--     not held) are taken back to the package under its lock, so a buyer gets tickets while any bucket
--     has them;
--   * holds.bucket says where each hold was counted (0: the package row), so releases, expiry and sales
--     give back to the right row.
-- Smaller packages keep the single counter exactly as in migration 0005.

CREATE OR REPLACE FUNCTION marquee_reclaim_expired_holds(p_package_id integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_total integer;
  v_direct integer;
  v_buckets smallint[];
  v_counts integer[];
BEGIN
  -- Two reclaimers cannot give the same hold back twice: the second waits on the row, then no longer
  -- sees it active.
  WITH expired AS (
    UPDATE holds SET status = 'expired'
    WHERE package_id = p_package_id AND status = 'active' AND expires_at <= now()
    RETURNING bucket, quantity
  ), per_bucket AS (
    SELECT bucket, sum(quantity)::int AS n FROM expired GROUP BY bucket
  )
  SELECT coalesce(sum(n), 0)::int, coalesce(sum(n) FILTER (WHERE bucket = 0), 0)::int,
    array_agg(bucket ORDER BY bucket) FILTER (WHERE bucket > 0), array_agg(n ORDER BY bucket) FILTER (WHERE bucket > 0)
  INTO v_total, v_direct, v_buckets, v_counts
  FROM per_bucket;
  IF v_direct > 0 THEN
    UPDATE ticket_packages SET held_count = held_count - v_direct WHERE id = p_package_id;
  END IF;
  -- A bucket's tickets stay in it (its spare), for the next buyers; buckets in order, never crosswise.
  FOR i IN 1 .. coalesce(array_length(v_buckets, 1), 0) LOOP
    UPDATE ticket_package_buckets SET held_count = held_count - v_counts[i]
    WHERE package_id = p_package_id AND bucket = v_buckets[i];
  END LOOP;
  RETURN v_total;
END;
$$;
--> statement-breakpoint
-- Takes the buckets' spare tickets (allotted, not held) back to the package row; answers how many.
-- Locks the package row first, then the buckets in order.
CREATE OR REPLACE FUNCTION marquee_collect_spare_tickets(p_package_id integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_spare integer;
  v_buckets smallint[];
BEGIN
  PERFORM 1 FROM ticket_packages WHERE id = p_package_id FOR NO KEY UPDATE;
  SELECT coalesce(sum(allotted - held_count), 0)::int, array_agg(bucket)
  INTO v_spare, v_buckets
  FROM (
    SELECT bucket, allotted, held_count FROM ticket_package_buckets
    WHERE package_id = p_package_id AND allotted > held_count
    ORDER BY bucket FOR UPDATE
  ) AS locked;
  IF v_spare > 0 THEN
    UPDATE ticket_package_buckets SET allotted = held_count
    WHERE package_id = p_package_id AND bucket = ANY (v_buckets);
    UPDATE ticket_packages SET held_count = held_count - v_spare WHERE id = p_package_id;
  END IF;
  RETURN v_spare;
END;
$$;
--> statement-breakpoint
-- Counts p_quantity more tickets of the package as held. Answers where (0: the package row; 1-8: that
-- bucket), or NULL when the package has not that many left (after reclaiming expired holds and, for a
-- bucketed package, taking the buckets' spare tickets back).
CREATE OR REPLACE FUNCTION marquee_take_tickets(p_package_id integer, p_quantity integer) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_free integer;
  v_bucket smallint;
  v_take integer;
BEGIN
  SELECT capacity, capacity - sold_count - held_count INTO v_capacity, v_free
  FROM ticket_packages WHERE id = p_package_id;

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
$$;
--> statement-breakpoint
-- As in migration 0005, with the counters taken through marquee_take_tickets() (buckets for large packages).
CREATE OR REPLACE FUNCTION marquee_place_order(p_order jsonb, p_lines jsonb, p_hold_minutes integer)
RETURNS TABLE (order_pk integer, hold_expires_at timestamptz, server_time timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_order_id integer;
  v_event_id integer;
  v_expires timestamptz := now() + make_interval(mins => p_hold_minutes);
  v_taken jsonb;
  v_line record;
  v_bucket smallint;
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
    payment_redirect_url, access_token, idempotency_key, request_hash, hold_expires_at
  )
  SELECT r.order_id, r.event_id, r.first_name, r.last_name, r.email, r.phone, r.nic, r.currency, r.subtotal,
    r.convenience_fee, r.discount, r.total, r.promo_code_id, r.payment_gateway_id, r.payment_intent_id,
    r.payment_client_secret, r.payment_redirect_url, r.access_token, r.idempotency_key, r.request_hash, v_expires
  FROM jsonb_populate_record(NULL::orders, p_order) AS r
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, event_id INTO v_order_id, v_event_id;

  -- Another request with this Idempotency-Key saved its order first: the caller answers with that one.
  IF v_order_id IS NULL THEN
    RETURN;
  END IF;

  INSERT INTO order_lines (order_id, package_id, package_name, unit_price, quantity, seats)
  SELECT v_order_id, (l ->> 'package_id')::int, l ->> 'package_name', (l ->> 'unit_price')::int,
    (l ->> 'quantity')::int, ARRAY(SELECT jsonb_array_elements_text(l -> 'seats'))
  FROM jsonb_array_elements(p_lines) AS l;

  INSERT INTO holds (order_id, package_id, quantity, expires_at)
  SELECT v_order_id, (l ->> 'package_id')::int, (l ->> 'quantity')::int, v_expires
  FROM jsonb_array_elements(p_lines) AS l;

  -- Seats in a fixed order, so two buyers never wait on each other crosswise.
  WITH wanted AS (
    SELECT s.seat, (l ->> 'package_id')::int AS package_id
    FROM jsonb_array_elements(p_lines) AS l, jsonb_array_elements_text(l -> 'seats') AS s(seat)
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

  -- The counters last, in package id order, held for the shortest time and never crosswise.
  FOR v_line IN
    SELECT (l ->> 'package_id')::int AS package_id, (l ->> 'quantity')::int AS quantity
    FROM jsonb_array_elements(p_lines) AS l ORDER BY 1
  LOOP
    v_bucket := marquee_take_tickets(v_line.package_id, v_line.quantity);
    IF v_bucket IS NULL THEN
      RAISE EXCEPTION 'package sold out' USING ERRCODE = 'MQ409', HINT = 'packages',
        DETAIL = jsonb_build_array(v_line.package_id)::text;
    END IF;
    IF v_bucket > 0 THEN
      UPDATE holds SET bucket = v_bucket WHERE order_id = v_order_id AND package_id = v_line.package_id;
    END IF;
  END LOOP;

  RETURN QUERY SELECT v_order_id, v_expires, now();
END;
$$;
