-- The organisation of the console transaction under way (issue 21; decisions/034): withOrganiserScope sets
-- marquee.organisation_id (transaction-local) when it switches to the role marquee_console, and every
-- row-level security policy of an organiser-owned table compares rows with this. Null outside a console
-- transaction (the setting is then missing or empty), which matches no row.
--
-- History: migration 0015.

CREATE OR REPLACE FUNCTION public.marquee_console_organisation()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT nullif(current_setting('marquee.organisation_id', true), '')::integer $function$;
