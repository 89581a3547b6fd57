-- Placing an order and its hold in one statement (issue 4's on-sale speed; decisions/011).
--
-- A package's counter row is the hot row of an on-sale rush. Run within one statement (the server calls it
-- through marquee_place_orders(), many orders to a statement), its lock is held only while PostgreSQL runs
-- that statement and commits, never while a server process is busy elsewhere between statements. The
-- invariants (ARCHITECTURE 1-3):
--   * sold + held <= capacity: the counters are taken through marquee_take_tickets() (a conditional
--     UPDATE of the package row, or buckets for large packages), backed by the check constraints;
--   * one claim per (event, seat): the primary key, taken over only when the old hold has expired;
--   * expiry by the database clock, now(); an expired hold is reclaimed before anyone is refused.
-- A refusal raises SQLSTATE MQ409 with HINT 'seats' or 'packages' and DETAIL a JSON array of what was
-- taken (or HINT 'limit', from marquee_check_buyer_limits()); nothing of the order stays written
-- (marquee_place_orders() rolls it back to its savepoint). No row: an order with this Idempotency-Key
-- exists.
--
-- p_order is an orders row as JSON (snake_case columns), p_lines the order's lines; their shape is
-- PlaceOrderCallSchema in packages/db/src/functions/place-order-call.ts.
--
-- Each hold is inserted once, with the bucket it was counted in, after its counter was taken (migration
-- 0006 inserted every hold before the counters and then updated the bucket of each bucketed one: a second
-- row version per hold). A look for taken seats before the order's insert was tried and measured: it made
-- the seated rush slower, 664 -> 556 orders/s, as every order paid for the look while the claim refuses
-- anyway.
--
-- Fair holds (issue 20; decisions/029): right after the order row (so that a repeated Idempotency-Key is
-- answered with its order, never refused), marquee_check_buyer_limits() takes the buyer's locks and refuses
-- an order over the event's limits, before any seat or ticket is taken. The buyer is the e-mail, trimmed and
-- lower-cased here too (the order is written so), and p_user_id, the signed-in account, if any: the order is
-- linked to it (user_orders, My bookings) in this statement, so the next placement of that account counts it.
--
-- Best available (issue 24; decisions/046): a line with a `best` key ({section, accessible}) has no seats; its
-- seats are picked and claimed by marquee_pick_seats() right after the buyer's limits, and written into the
-- line. No group free: SQLSTATE MQ409 with HINT 'together' and DETAIL the package. The order row keeps what
-- was asked (orders.best_available), and the answer's `picked` the seats (NULL for an order without such a
-- line, so the on-sale's other orders pay nothing for it).
--
-- History: migration 0005; 0006 (counters through marquee_take_tickets()); 0008 (holds written once); 0011
-- (the buyer's limits and p_user_id; the e-mail normalised); 0023 (best available: `best` lines, `picked`).

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
