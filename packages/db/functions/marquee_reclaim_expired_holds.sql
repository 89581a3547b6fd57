-- Ends the package's active holds whose time has passed (by the database clock, now()) and gives their
-- tickets back to the row that counted them; answers how many tickets came back.
--
-- An expired hold never makes a package look sold out: marquee_take_tickets() calls this before anyone is
-- refused, and the server before it refuses a sale and from its sweeper (reclaimExpiredHolds() in the
-- inventory module's repository). holds.bucket says where each hold was counted (0: the package row; 1-8:
-- that bucket of ticket_package_buckets), so each gives back to the right row. A bucket's tickets stay
-- allotted to it (its spare) for the next buyers; marquee_collect_spare_tickets() takes them back when the
-- package row runs dry.
--
-- Two reclaimers cannot give the same hold back twice: the second waits on the hold's row, then no longer
-- sees it active. Locks: holds, then the package row, then buckets in order, never crosswise.
--
-- History: migration 0005 (one statement, LANGUAGE sql, package row only); 0006 (counter buckets).

CREATE OR REPLACE FUNCTION public.marquee_reclaim_expired_holds(p_package_id integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
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
$function$;
