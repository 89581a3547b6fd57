-- The audit log is append-only (issue 21; decisions/032): what an organiser or an operator did stays as it
-- was written. Run by the triggers audit_log_append_only (BEFORE UPDATE OR DELETE, for each row) and
-- audit_log_no_truncate (BEFORE TRUNCATE, for the statement) on audit_log, it refuses the change with
-- SQLSTATE MQ403; the row stays. Only INSERT and SELECT remain.
--
-- The trigger binds every role, the tables' owner included (unlike a missing grant), and both engines
-- (PGlite and PostgreSQL) run it. Hence no foreign key into or out of audit_log may cascade or set null:
-- that would be an UPDATE or DELETE, and it would be refused. Removing the log deliberately (a test
-- database, a retention job) needs `ALTER TABLE audit_log DISABLE TRIGGER …` by the owner, in the open.
--
-- History: migration 0013.

CREATE OR REPLACE FUNCTION public.marquee_audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'MQ403';
END;
$function$;
