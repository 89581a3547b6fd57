-- Fair holds (issue 20; decisions/029). marquee_place_order() takes a fourth argument, p_user_id (the
-- signed-in account), which CREATE OR REPLACE cannot add: the old three-argument function is dropped first
-- (in this migration's transaction, so no placement ever finds it missing). The functions below are written
-- by `npm run db:function-migration -w @marquee/db` from packages/db/functions.
DROP FUNCTION public.marquee_place_order(jsonb, jsonb, integer);
--> statement-breakpoint
-- packages/db/functions/marquee_check_buyer_limits.sql, written by `npm run db:function-migration -w @marquee/db`.
--
-- Fair holds (issue 20; decisions/029): what one buyer may hold of an event, checked by
-- marquee_place_order() for every order before it takes a seat or a ticket. A buyer is an e-mail (trimmed
-- and lower-cased, as the checkout's EmailSchema writes it) and, when the order is placed signed in, an
-- account (user_orders). Three limits, each a column of the event (set by the importer; defaults in the
-- schema):
--   * events.max_held_per_buyer (10): tickets held at once, over the buyer's unpaid orders whose hold has
--     not ended, this order's included. Paid tickets are not held and do not count.
--   * events.hold_cooldown_seconds (180): a package whose hold of this buyer ended unpaid (cancelled, or
--     expired) less than this long ago cannot be held by them again yet, so cancelling and ordering again
--     never renews a hold: the released tickets are everyone's for a while. A hold's expires_at is when it
--     ended (releaseOrderHolds() in the inventory module sets it to the moment of a cancellation), and only
--     orders still pending or cancelled count (not a failed or late-paid one).
--   * events.max_free_per_buyer (4): tickets at price 0 held or booked for the event, in all (a free
--     order completes when it is saved, so booked ones count).
-- Not by client address: many buyers share one (carrier-grade NAT, offices, campuses), most of all in an
-- on-sale rush; decisions/029 says why and what stands in for it.
--
-- Under concurrency: the checks run under a transaction-level advisory lock per (event, e-mail) and, when
-- signed in, per (event, account), taken in that order; the locks are held until the placing transaction
-- commits, so the next placement of the same buyer, in any server process, waits and then counts this
-- one (each statement of a READ COMMITTED transaction sees what committed before it began). Nothing else
-- adds to a buyer's holds (release, expiry and sale only take away), so a count is never stale in the
-- buyer's favour. An order takes its buyer's locks before any seat or counter row of its own; a batch
-- (marquee_place_orders()) in which a buyer appears after another order's counters were taken can wait
-- crosswise with another process's batch, like two batches crossing on package rows: PostgreSQL breaks
-- the deadlock and the batch is placed again order by order (decisions/025).
--
-- Cost: the lock and two statements, the anonymous buyer's being one lookup of orders_email_event_idx
-- joined to the order lines and holds by their keys (a UNION with the account's orders, even skipped, cost
-- several times more). Measured on one backend, 32 orders a transaction: about 45 µs of CPU per order
-- (220 -> 265 µs for the whole placement); decisions/029.
--
-- A refusal raises SQLSTATE MQ409 with HINT 'limit' and DETAIL a JSON object: {"limit": "held", "max",
-- "current"}, {"limit": "cooldown", "retry_after_seconds"} or {"limit": "free", "max", "current"}; the
-- server words it (hold_limit_reached).
--
-- History: migration 0011.

CREATE OR REPLACE FUNCTION public.marquee_check_buyer_limits(p_event_id integer, p_email text, p_user_id text, p_lines jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_max_held integer;
  v_cooldown interval;
  v_max_free integer;
  v_wanted integer;
  v_wanted_free integer;
  v_held integer;
  v_last_ended timestamptz;
  v_free integer;
BEGIN
  -- The event's limits, and what this order asks for.
  SELECT e.max_held_per_buyer, make_interval(secs => e.hold_cooldown_seconds), e.max_free_per_buyer,
    w.tickets, w.free
  INTO v_max_held, v_cooldown, v_max_free, v_wanted, v_wanted_free
  FROM events e, (
    SELECT coalesce(sum((l ->> 'quantity')::int), 0)::int AS tickets,
      coalesce(sum((l ->> 'quantity')::int) FILTER (WHERE (l ->> 'unit_price')::int = 0), 0)::int AS free
    FROM jsonb_array_elements(p_lines) AS l
  ) AS w
  WHERE e.id = p_event_id;

  -- One placement at a time per buyer and event, in every process: the e-mail's lock, then the account's.
  PERFORM pg_advisory_xact_lock(p_event_id, hashtext('email ' || p_email));
  IF p_user_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(p_event_id, hashtext('account ' || p_user_id));
  END IF;

  -- The buyer's orders for this event, read after the locks (so with what their last placement committed),
  -- each line with its hold: the tickets held now; when a hold of theirs on one of these packages last ended
  -- unpaid (the order still pending, or cancelled); the free tickets of their orders that are paid or still
  -- held. By e-mail (orders_email_event_idx), and for a signed-in buyer by account too (user_orders, then
  -- each order by its key). The anonymous buyer's statement is the on-sale's: one index lookup, no UNION.
  IF p_user_id IS NULL THEN
    SELECT coalesce(sum(h.quantity) FILTER (WHERE h.status = 'active' AND h.expires_at > now()), 0)::int,
      max(h.expires_at) FILTER (
        WHERE o.status IN ('pending', 'cancelled') AND h.status <> 'converted' AND h.expires_at <= now()
          AND h.package_id IN (SELECT (w ->> 'package_id')::int FROM jsonb_array_elements(p_lines) AS w)
      ),
      coalesce(sum(l.quantity) FILTER (
        WHERE l.unit_price = 0
          AND (o.status IN ('complete', 'verified') OR (o.status = 'pending' AND o.hold_expires_at > now()))
      ), 0)::int
    INTO v_held, v_last_ended, v_free
    FROM orders o
    JOIN order_lines l ON l.order_id = o.id
    LEFT JOIN holds h ON h.order_id = l.order_id AND h.package_id = l.package_id
    WHERE o.email = p_email AND o.event_id = p_event_id;
  ELSE
    SELECT coalesce(sum(h.quantity) FILTER (WHERE h.status = 'active' AND h.expires_at > now()), 0)::int,
      max(h.expires_at) FILTER (
        WHERE o.status IN ('pending', 'cancelled') AND h.status <> 'converted' AND h.expires_at <= now()
          AND h.package_id IN (SELECT (w ->> 'package_id')::int FROM jsonb_array_elements(p_lines) AS w)
      ),
      coalesce(sum(l.quantity) FILTER (
        WHERE l.unit_price = 0
          AND (o.status IN ('complete', 'verified') OR (o.status = 'pending' AND o.hold_expires_at > now()))
      ), 0)::int
    INTO v_held, v_last_ended, v_free
    FROM (
      SELECT m.id, m.status, m.hold_expires_at FROM orders m
      WHERE m.email = p_email AND m.event_id = p_event_id
      UNION
      SELECT m.id, m.status, m.hold_expires_at FROM orders m
      WHERE m.id = ANY (ARRAY(SELECT u.order_id FROM user_orders u WHERE u.user_id = p_user_id))
        AND m.event_id = p_event_id
    ) AS o
    JOIN order_lines l ON l.order_id = o.id
    LEFT JOIN holds h ON h.order_id = l.order_id AND h.package_id = l.package_id;
  END IF;

  IF v_last_ended + v_cooldown > now() THEN
    RAISE EXCEPTION 'hold cooldown' USING ERRCODE = 'MQ409', HINT = 'limit',
      DETAIL = jsonb_build_object('limit', 'cooldown',
        'retry_after_seconds', ceil(extract(epoch FROM v_last_ended + v_cooldown - now()))::int)::text;
  END IF;
  IF v_held + v_wanted > v_max_held THEN
    RAISE EXCEPTION 'hold limit' USING ERRCODE = 'MQ409', HINT = 'limit',
      DETAIL = jsonb_build_object('limit', 'held', 'max', v_max_held, 'current', v_held)::text;
  END IF;
  IF v_wanted_free > 0 AND v_free + v_wanted_free > v_max_free THEN
    RAISE EXCEPTION 'free ticket limit' USING ERRCODE = 'MQ409', HINT = 'limit',
      DETAIL = jsonb_build_object('limit', 'free', 'max', v_max_free, 'current', v_free)::text;
  END IF;
END;
$function$;

--> statement-breakpoint
-- packages/db/functions/marquee_place_order.sql, written by `npm run db:function-migration -w @marquee/db`.
--
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
-- History: migration 0005; 0006 (counters through marquee_take_tickets()); 0008 (holds written once); 0011
-- (the buyer's limits and p_user_id; the e-mail normalised).

CREATE OR REPLACE FUNCTION public.marquee_place_order(p_order jsonb, p_lines jsonb, p_hold_minutes integer, p_user_id text DEFAULT NULL::text)
 RETURNS TABLE(order_pk integer, hold_expires_at timestamp with time zone, server_time timestamp with time zone)
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
  SELECT r.order_id, r.event_id, r.first_name, r.last_name, v_email, r.phone, r.nic, r.currency, r.subtotal,
    r.convenience_fee, r.discount, r.total, r.promo_code_id, r.payment_gateway_id, r.payment_intent_id,
    r.payment_client_secret, r.payment_redirect_url, r.access_token, r.idempotency_key, r.request_hash, v_expires
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

  -- The order's lines.
  INSERT INTO order_lines (order_id, package_id, package_name, unit_price, quantity, seats)
  SELECT v_order_id, (l ->> 'package_id')::int, l ->> 'package_name', (l ->> 'unit_price')::int,
    (l ->> 'quantity')::int, ARRAY(SELECT jsonb_array_elements_text(l -> 'seats'))
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

  RETURN QUERY SELECT v_order_id, v_expires, now();
END;
$function$;

--> statement-breakpoint
-- packages/db/functions/marquee_place_orders.sql, written by `npm run db:function-migration -w @marquee/db`.
--
-- Issue 4's on-sale speed (decisions/025): the orders that arrive while a placement is running are placed
-- together, in one transaction, each in a subtransaction of its own (marquee_place_order(), unchanged). A
-- refused order (MQ409: seats taken, package sold out, a buyer's limit) rolls back to its own savepoint and
-- is answered as a row; the others stand. Any other error fails the whole batch, and the caller places its
-- orders again one by one. Measured with bench/onsale/placement.ts: 32 orders a call on one connection
-- cost PostgreSQL 179 µs of CPU per seated order and 146 µs per hot one, against 465 µs and 442 µs one
-- order a call over 20 connections (each call's transaction and commit, and transactions side by side).
--
-- p_calls is a JSON array of {order, lines, hold_minutes, user_id}, described by PlaceOrderCallsSchema in
-- packages/db/src/functions/place-order-call.ts (placeOrders() in
-- apps/server/src/modules/inventory/repository.ts builds it). One row per call, call_index from 0 in the
-- calls' order.
--
-- An element may carry user_id, the signed-in buyer's account (marquee_place_order()'s p_user_id; null or
-- absent when anonymous).
--
-- History: migration 0009; 0011 (user_id).

CREATE OR REPLACE FUNCTION public.marquee_place_orders(p_calls jsonb)
 RETURNS TABLE(call_index integer, order_pk integer, hold_expires_at timestamp with time zone, server_time timestamp with time zone, refusal_hint text, refusal_detail text)
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
        NULL::text, NULL::text;
    EXCEPTION WHEN SQLSTATE 'MQ409' THEN
      GET STACKED DIAGNOSTICS v_hint = PG_EXCEPTION_HINT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT v_index, NULL::integer, NULL::timestamptz, NULL::timestamptz, v_hint, v_detail;
    END;
    v_index := v_index + 1;
  END LOOP;
END;
$function$;
