-- The waiting room (issue 23; decisions/048): a browser's place in an event's queue, made or found. One place
-- per (event, visitor): the visitor is the sha256 of the browser's `mq_queue` cookie, so a refresh, a reopened
-- tab or many tabs find the same place. Before the sale opens (p_open false) a new place has no position (the
-- pre-queue, drawn by marquee_queue_open()); after, the draw is made first if nobody has made it, and a new
-- place goes to the end (`joined` + 1, the room row's lock held only to the end of this statement's
-- transaction). A place whose admission ran out (p_admission_minutes after it was admitted) goes to the end
-- again: an admission is used or lost, never kept for later.
--
-- A join's commit does not wait for its WAL to reach disk (as a placement's does not: decisions/021): a crash
-- in that moment loses a place that the browser then asks for again, at the end.
--
-- History: migration 0025.

CREATE OR REPLACE FUNCTION public.marquee_queue_join(p_event_id integer, p_visitor text, p_open boolean, p_rate integer, p_admission_minutes integer)
 RETURNS TABLE(entry_id bigint, entry_position bigint, entry_admitted_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_id bigint;
  v_position bigint;
  v_admitted timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO queue_rooms (event_id, rate_per_minute) VALUES (p_event_id, p_rate) ON CONFLICT (event_id) DO NOTHING;
  IF p_open THEN
    PERFORM marquee_queue_open(p_event_id);
  END IF;

  SELECT q.id, q.position, q.admitted_at INTO v_id, v_position, v_admitted
  FROM queue_entries q WHERE q.event_id = p_event_id AND q.visitor = p_visitor;
  IF v_id IS NULL THEN
    INSERT INTO queue_entries (event_id, visitor) VALUES (p_event_id, p_visitor)
    ON CONFLICT (event_id, visitor) DO NOTHING
    RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      -- The same browser joined at this moment in another tab: that place is this one.
      RETURN QUERY SELECT q.id, q.position, q.admitted_at
        FROM queue_entries q WHERE q.event_id = p_event_id AND q.visitor = p_visitor;
      RETURN;
    END IF;
  END IF;

  IF p_open AND (v_position IS NULL
      OR (v_admitted IS NOT NULL AND v_admitted <= now() - make_interval(mins => p_admission_minutes))) THEN
    UPDATE queue_rooms SET joined = joined + 1 WHERE event_id = p_event_id RETURNING joined INTO v_position;
    UPDATE queue_entries SET position = v_position, admitted_at = NULL, orders_placed = 0, joined_at = now()
    WHERE id = v_id;
    v_admitted := NULL;
  END IF;
  RETURN QUERY SELECT v_id, v_position, v_admitted;
END;
$function$;
