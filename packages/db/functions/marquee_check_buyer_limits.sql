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
