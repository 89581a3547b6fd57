-- Takes the buckets' spare tickets (allotted, not held) back to the package row; answers how many.
-- Locks the package row first, then the buckets in order.
--
-- Part of the counter buckets (decisions/018; see marquee_take_tickets()): a package whose row has run dry
-- gets the tickets its buckets are sitting on before anyone is refused, so a buyer gets tickets while any
-- bucket has them. The server calls it too before it refuses a sale that needs the package's own counter
-- (collectSpareTickets() in the inventory module's repository).
--
-- History: migration 0006.

CREATE OR REPLACE FUNCTION public.marquee_collect_spare_tickets(p_package_id integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
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
$function$;
