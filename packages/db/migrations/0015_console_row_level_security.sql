-- Tenant isolation, wall 2 (issue 21; docs/decisions/032, 034): row-level security on the console's path.
--
-- Every console use case runs in withOrganiserScope (packages/db/src/tenancy), which switches its
-- transaction to the role marquee_console with marquee.organisation_id set (both transaction-local). The
-- policies below show that role only its organisation's rows and refuse it a row of another. Every other
-- role (the connecting one: the buyer side, the workers, the importer, migrations) passes a policy by its
-- first test, `current_user <> 'marquee_console'`; the table owner and superusers skip policies anyway.
--
-- The role is made here when it does not exist (roles belong to the cluster, so another database on the
-- same server may have made it). The migrating role needs CREATEROLE, or an operator makes it first.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'marquee_console') THEN
    BEGIN
      CREATE ROLE marquee_console NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database on this server made it at the same moment
    END;
  END IF;
  -- A role that is not a superuser may SET ROLE only to roles it is a member of.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT marquee_console TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO marquee_console;
--> statement-breakpoint
-- What the console reads and writes. Never: sessions, accounts, two_factors, verifications, app_secrets.
GRANT SELECT, UPDATE ON organisations TO marquee_console;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON venues, events, ticket_packages, organisation_members, member_events,
  organisation_invitations TO marquee_console;
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_log, media_files TO marquee_console;
--> statement-breakpoint
GRANT SELECT ON holds, order_lines, orders, seat_claims, tickets, ticket_package_buckets, payment_gateways, users
  TO marquee_console;
--> statement-breakpoint
-- Promo codes: the console's import writes them (the promotions desk of issue 22 will change them).
GRANT SELECT, INSERT ON promo_codes TO marquee_console;
--> statement-breakpoint
GRANT INSERT ON outbox TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO marquee_console;
--> statement-breakpoint
-- The scope's organisation (null outside a console transaction).
CREATE OR REPLACE FUNCTION marquee_console_organisation() RETURNS integer
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('marquee.organisation_id', true), '')::integer $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION marquee_console_organisation() TO marquee_console;
--> statement-breakpoint
ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organisations_console ON organisations
  USING (current_user <> 'marquee_console' OR id = marquee_console_organisation())
  WITH CHECK (current_user <> 'marquee_console' OR id = marquee_console_organisation());
--> statement-breakpoint
DO $$
DECLARE
  owned text;
BEGIN
  -- The tables that carry their organisation.
  FOREACH owned IN ARRAY ARRAY['venues', 'events', 'organisation_members', 'member_events',
    'organisation_invitations', 'audit_log', 'media_files']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> %L OR organisation_id = marquee_console_organisation()) '
      'WITH CHECK (current_user <> %L OR organisation_id = marquee_console_organisation())',
      owned || '_console', owned, 'marquee_console', 'marquee_console');
  END LOOP;
  -- The tables under an event.
  FOREACH owned IN ARRAY ARRAY['ticket_packages', 'promo_codes', 'orders', 'seat_claims', 'tickets']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> %L OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id '
      'AND e.organisation_id = marquee_console_organisation())) WITH CHECK (current_user <> %L OR EXISTS '
      '(SELECT 1 FROM events e WHERE e.id = event_id AND e.organisation_id = marquee_console_organisation()))',
      owned || '_console', owned, 'marquee_console', 'marquee_console');
  END LOOP;
  -- The tables under a package.
  FOREACH owned IN ARRAY ARRAY['holds', 'order_lines', 'ticket_package_buckets']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> %L OR EXISTS (SELECT 1 FROM ticket_packages p JOIN events e '
      'ON e.id = p.event_id WHERE p.id = package_id AND e.organisation_id = marquee_console_organisation())) '
      'WITH CHECK (current_user <> %L OR EXISTS (SELECT 1 FROM ticket_packages p JOIN events e ON e.id = p.event_id '
      'WHERE p.id = package_id AND e.organisation_id = marquee_console_organisation()))',
      owned || '_console', owned, 'marquee_console', 'marquee_console');
  END LOOP;
END
$$;
