-- Counts p_quantity more tickets of the package as held. Answers where (0: the package row; 1-8: that
-- bucket), or NULL when the package has not that many left (after reclaiming expired holds and, for a
-- bucketed package, taking the buckets' spare tickets back).
--
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
-- Smaller packages keep the single counter of migration 0005: one conditional UPDATE of the package row.
--
-- The waitlist first (issue 23; decisions/049): while buyers wait in a package's line (waitlist_entries
-- 'waiting'), its tickets go only to the orders the waitlist places for them, whose transaction sets
-- marquee.waitlist_offer to 'on' (createWaitlistOfferPlacer() in the inventory module). Anyone else is
-- refused as for a sold-out package, so tickets that come back (expired holds, cancellations, refunds, more
-- capacity) cannot be taken by whoever refreshes fastest. The look is one probe of a partial index that is
-- empty for almost every package.
--
-- History: migration 0006 (the counters of marquee_place_order(), migration 0005, moved here); 0026 (the
-- waitlist first).

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
