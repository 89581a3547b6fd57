-- Full-text search over events: the name ranks highest (A), then artists (B), then the venue's name and
-- city (C). The venue words are copied into the event's vector at write time, so a search is one GIN index
-- scan with no join. The 'simple' configuration only lowercases (no stemming, no stop words, no unaccent),
-- so prefix queries such as to_tsquery('simple', 'colo:*') match names in any language.
CREATE OR REPLACE FUNCTION events_search_vector_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
-- search_vector is in the column list so a direct write to it is recomputed rather than trusted.
CREATE TRIGGER events_search_vector_refresh
BEFORE INSERT OR UPDATE OF name, artists, venue_id, search_vector ON events
FOR EACH ROW EXECUTE FUNCTION events_search_vector_refresh();
--> statement-breakpoint
-- A renamed venue (or a venue moved to another city) rewrites its events' vectors: setting venue_id to
-- itself fires the events trigger above.
CREATE OR REPLACE FUNCTION venues_search_vector_propagate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET venue_id = venue_id WHERE venue_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venues_search_vector_propagate
AFTER UPDATE OF name, city ON venues
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.city IS DISTINCT FROM NEW.city)
EXECUTE FUNCTION venues_search_vector_propagate();
--> statement-breakpoint
-- Rows written before this migration.
UPDATE events SET venue_id = venue_id;
