-- Placing an order and its hold in one statement (issue 4's on-sale speed; decisions/011).
--
-- A package's counter row is the hot row of an on-sale rush. Run as one statement in autocommit, its lock
-- is held only while PostgreSQL runs this function and commits, never while a server process is busy
-- elsewhere between statements. The invariants are the same as before (ARCHITECTURE 1-3):
--   * sold + held <= capacity: the conditional UPDATE, backed by the check constraint;
--   * one claim per (event, seat): the primary key, taken over only when the old hold has expired;
--   * expiry by the database clock, now(); an expired hold is reclaimed before anyone is refused.
-- A refusal raises SQLSTATE MQ409 with HINT 'seats' or 'packages' and DETAIL a JSON array of what was
-- taken; the statement then changes nothing at all.

CREATE OR REPLACE FUNCTION marquee_reclaim_expired_holds(p_package_id integer) RETURNS integer
LANGUAGE sql AS $$
  WITH expired AS (
    UPDATE holds SET status = 'expired'
    WHERE package_id = p_package_id AND status = 'active' AND expires_at <= now()
    RETURNING quantity
  ), returned AS (SELECT coalesce(sum(quantity), 0)::int AS n FROM expired),
  updated AS (
    UPDATE ticket_packages SET held_count = held_count - returned.n
    FROM returned
    WHERE ticket_packages.id = p_package_id AND returned.n > 0
    RETURNING returned.n
  )
  SELECT coalesce((SELECT n FROM updated), 0);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION marquee_place_order(p_order jsonb, p_lines jsonb, p_hold_minutes integer)
RETURNS TABLE (order_pk integer, hold_expires_at timestamptz, server_time timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_order_id integer;
  v_event_id integer;
  v_expires timestamptz := now() + make_interval(mins => p_hold_minutes);
  v_taken jsonb;
  v_line record;
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

  -- The hot rows last, in id order, held for the shortest time and never crosswise.
  FOR v_line IN
    SELECT (l ->> 'package_id')::int AS package_id, (l ->> 'quantity')::int AS quantity
    FROM jsonb_array_elements(p_lines) AS l ORDER BY 1
  LOOP
    UPDATE ticket_packages SET held_count = held_count + v_line.quantity
    WHERE id = v_line.package_id AND sold_count + held_count + v_line.quantity <= capacity;
    IF NOT FOUND THEN
      -- Expired holds still counted are given back first: an expired hold never makes a package look sold out.
      IF marquee_reclaim_expired_holds(v_line.package_id) > 0 THEN
        UPDATE ticket_packages SET held_count = held_count + v_line.quantity
        WHERE id = v_line.package_id AND sold_count + held_count + v_line.quantity <= capacity;
      END IF;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'package sold out' USING ERRCODE = 'MQ409', HINT = 'packages',
          DETAIL = jsonb_build_array(v_line.package_id)::text;
      END IF;
    END IF;
  END LOOP;

  RETURN QUERY SELECT v_order_id, v_expires, now();
END;
$$;
