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
-- Each placed order's row carries `picked`: the seats best available picked for it (marquee_place_order()),
-- or NULL.
--
-- History: migration 0009; 0011 (user_id); 0023 (picked).

CREATE OR REPLACE FUNCTION public.marquee_place_orders(p_calls jsonb)
 RETURNS TABLE(call_index integer, order_pk integer, hold_expires_at timestamp with time zone, server_time timestamp with time zone, picked jsonb, refusal_hint text, refusal_detail text)
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
        v_placed.picked, NULL::text, NULL::text;
    EXCEPTION WHEN SQLSTATE 'MQ409' THEN
      GET STACKED DIAGNOSTICS v_hint = PG_EXCEPTION_HINT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT v_index, NULL::integer, NULL::timestamptz, NULL::timestamptz, NULL::jsonb, v_hint, v_detail;
    END;
    v_index := v_index + 1;
  END LOOP;
END;
$function$;
