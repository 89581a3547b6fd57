-- Best available (issue 24; decisions/046): claims a group of seats for an order, all or none, as
-- marquee_place_order() claims picked seats: the (event_id, seat_id) primary key, taking over only a hold
-- that has expired, in seat order so two claimers never wait on each other crosswise. When any seat is
-- someone else's, the claims this call made are deleted again and the answer is false.
--
-- History: migration 0023.

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
