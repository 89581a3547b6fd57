-- Full-text search over events: the name ranks highest (A), then artists (B), then the venue's name and
-- city (C). The venue words are copied into the event's vector at write time, so a search is one GIN index
-- scan with no join. The 'simple' configuration only lowercases (no stemming, no stop words, no unaccent),
-- so prefix queries such as to_tsquery('simple', 'colo:*') match names in any language.
--
-- Run by the trigger of the same name, BEFORE INSERT OR UPDATE OF name, artists, venue_id, search_vector ON
-- events (migration 0001). search_vector is in the column list so a direct write to it is recomputed rather
-- than trusted. venues_search_vector_propagate() refreshes the events of a renamed venue through it.
--
-- History: migration 0001.

CREATE OR REPLACE FUNCTION public.events_search_vector_refresh()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  venue_words text;
BEGIN
  SELECT v.name || ' ' || v.city INTO venue_words FROM venues v WHERE v.id = NEW.venue_id;
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(array_to_string(NEW.artists, ' '), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(venue_words, '')), 'C');
  RETURN NEW;
END;
$function$;
