-- A renamed venue (or a venue moved to another city) rewrites its events' vectors: setting venue_id to
-- itself fires the events trigger (events_search_vector_refresh()), which copies the new venue words in.
--
-- Run by the trigger of the same name, AFTER UPDATE OF name, city ON venues, for each row whose name or city
-- actually changed (migration 0001).
--
-- History: migration 0001.

CREATE OR REPLACE FUNCTION public.venues_search_vector_propagate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE events SET venue_id = venue_id WHERE venue_id = NEW.id;
  RETURN NULL;
END;
$function$;
