-- The waiting room (issue 23; decisions/048): the sale has opened, so the pre-queue is drawn. Once per event,
-- whichever caller gets there first (the queue_rooms row's opened_at, under its row lock): every place still
-- without a position gets one at random (1..n), and `joined` counts them, so later arrivals go after, in order.
-- Arriving early gives no edge over arriving on time. A join in flight across the draw (inserted before it,
-- committed after) keeps no position; marquee_queue_join() gives it one at the end the next time it is asked.
--
-- History: migration 0025.

CREATE OR REPLACE FUNCTION public.marquee_queue_open(p_event_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE queue_rooms SET opened_at = now(), ticked_at = now() WHERE event_id = p_event_id AND opened_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  WITH drawn AS (
    SELECT q.id, row_number() OVER (ORDER BY random()) AS n
    FROM queue_entries q WHERE q.event_id = p_event_id AND q.position IS NULL
  )
  UPDATE queue_entries q SET position = drawn.n FROM drawn WHERE q.id = drawn.id;
  UPDATE queue_rooms
  SET joined = (SELECT count(*) FROM queue_entries q WHERE q.event_id = p_event_id AND q.position IS NOT NULL)
  WHERE event_id = p_event_id;
END;
$function$;
