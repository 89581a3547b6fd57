-- packages/db/functions/marquee_pick_seats.sql, written by `npm run db:function-migration -w @marquee/db`.
--
-- Best available (issue 24; decisions/046): picks p_quantity seats together of one package for an order and
-- claims them in seat_claims, held until p_expires_at, exactly as a picked seat is claimed
-- (marquee_place_order.sql). Answers the seats, left to right, or NULL when no group of that size is free.
--
-- Where: the event's blocks (seat_blocks: seats side by side in a row, of one package, no aisle between them),
-- best first (block_no, the venue's rule), in p_section if given. In a block, marquee_best_window() chooses
-- the place. A place that would leave a single seat alone is taken only when none of the next 4 blocks
-- that fit has a place without one (so a sale does not fill up with orphans, and a buyer is not sent to the
-- back of the venue to avoid one). Ordinary requests never get a wheelchair space or a companion seat; a
-- request p_accessible gets a group with a wheelchair space.
--
-- Concurrency, with no lock in any server process and across them:
--   * who has a seat is only the (event_id, seat_id) primary key of seat_claims: the claim is the same
--     INSERT … ON CONFLICT as a picked seat's, taking over only an expired hold. If any seat of the group
--     went to someone else meanwhile (a buyer who picked it on the map), the claims just made are deleted
--     and the block is looked at again, with a new snapshot.
--   * pickers do not queue behind each other on the best rows: a picker works in a block only under a
--     transaction-level advisory lock (key space (-event_id, block_no)), taken with pg_try_: a block another
--     transaction is working in is passed over, and looked at again (waiting for it) only when nothing else
--     fits. The locks end with the placing transaction (a batch of orders, decisions/025), whose own later
--     orders may use the same block.
--   * a block found without room for a group leaves a hint (free_run, hint_until: now() + 2 s) so that
--     pickers skip full rows without reading their claims; a released seat is offered again within 2 s.
--     Accessible requests neither read nor write hints (free_run counts ordinary seats), nor do swaps.
--   * p_declined: seats the buyer already had on this order and swapped away (never offered to them again).
--
-- Plans: the claims are read by one probe of their primary key per seat, and the blocks through a cursor
-- (planned for its first rows: a pick reads one block or a few). enable_seqscan is off for the function, so a
-- plan made from statistics of a nearly empty seat_claims (a new database, before autovacuum analyzes it
-- again) does not read the whole table once per seat. Plans made with few or stale statistics had read every
-- claim of the event, or sorted every block of the package, for each pick: 0.7 to 4 ms an order, growing as
-- the seats sold (bench/onsale/placement.ts-style probe; decisions/046).
--
-- History: migration 0023; 0027 (the plans: claims read per seat, blocks through a cursor, no seq scan).

CREATE OR REPLACE FUNCTION public.marquee_pick_seats(p_event_id integer, p_package_id integer, p_quantity integer, p_section text, p_accessible boolean, p_order_id integer, p_expires_at timestamp with time zone, p_declined text[] DEFAULT '{}'::text[])
 RETURNS text[]
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  v_ok boolean[];
  v_window record;
  v_seats text[];
  v_fallback text[];
  v_after_fallback integer := 0;
  v_passed integer[] := '{}';
  v_pass integer;
  v_attempts integer := 0;
  -- A cursor, so that it is planned to read its first rows fast (cursor_tuple_fraction): a pick reads one
  -- block or a few, in block order, from the index; planned for all of them, the scan could read and sort
  -- every block of the package for each pick.
  c_blocks CURSOR (c_pass integer, c_passed integer[]) FOR
    SELECT b.block_no, b.seat_ids, b.scores, b.access
    FROM seat_blocks b
    WHERE b.event_id = p_event_id AND b.package_id = p_package_id
      AND (p_section IS NULL OR b.section = p_section)
      AND b.size >= p_quantity
      AND (CASE WHEN p_accessible THEN b.has_wheelchair
           ELSE b.hint_until IS NULL OR b.hint_until <= now() OR b.free_run >= p_quantity END)
      AND (c_pass = 1 OR b.block_no = ANY (c_passed))
    ORDER BY b.block_no;
BEGIN
  FOR v_pass IN 1 .. 2 LOOP
    FOR v_block IN c_blocks(v_pass, v_passed) LOOP
      IF v_pass = 1 THEN
        IF NOT pg_try_advisory_xact_lock(-p_event_id, v_block.block_no) THEN
          v_passed := v_passed || v_block.block_no;
          CONTINUE;
        END IF;
      ELSE
        PERFORM pg_advisory_xact_lock(-p_event_id, v_block.block_no);
      END IF;

      LOOP
        -- One probe of the claims' primary key per seat (LIMIT keeps the subquery from becoming a join: a
        -- plan made for an event of few claims ran that join as a scan of all the event's claims, a cost
        -- growing with every seat sold).
        SELECT array_agg(
            (c.state IS NULL OR (c.state = 'held' AND c.expires_at <= now()))
            AND (p_accessible OR substr(v_block.access, u.o::integer, 1) = '.')
            AND NOT u.seat_id = ANY (p_declined)
            ORDER BY u.o)
          INTO v_ok
        FROM unnest(v_block.seat_ids) WITH ORDINALITY AS u(seat_id, o)
        LEFT JOIN LATERAL (
          SELECT c.state, c.expires_at FROM seat_claims c
          WHERE c.event_id = p_event_id AND c.seat_id = u.seat_id LIMIT 1
        ) c ON true;

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
