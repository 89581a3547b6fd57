-- Integrations (issue 22; docs/decisions/044): an organisation's API keys and webhook endpoints, and the
-- durable queue of webhook deliveries, written in the same transaction as the change they announce (an
-- order completed, an order refunded, a ticket checked in) and sent by a worker in every process.
--
-- Secrets: a key is stored as the SHA-256 of its secret only (`token_hash`), with its first characters to
-- tell keys apart. An endpoint's signing secret must be kept to sign (HMAC), so it is stored, and the
-- console role may write it once but never read it back (column grants below): only the worker, as the
-- connecting role, reads it.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"event_ids" integer[],
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "api_keys_scopes_not_empty" CHECK (cardinality("api_keys"."scopes") > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"endpoint_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_organisation_idx" ON "api_keys" USING btree ("organisation_id");
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organisation_idx" ON "webhook_endpoints" USING btree ("organisation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");
--> statement-breakpoint
-- The console (withOrganiserScope, role marquee_console): it makes, lists and revokes keys (never reading a
-- key's hash back), makes, lists, changes and deletes endpoints (never reading a secret back), and queues
-- deliveries (a refund from the desk, a scan at the console's gate, a test event). The worker and the
-- guard's key lookup run as the connecting role.
GRANT SELECT (id, organisation_id, name, prefix, scopes, event_ids, created_by, created_at, last_used_at, revoked_at,
  revoked_by) ON api_keys TO marquee_console;
--> statement-breakpoint
-- Whole-table INSERT: Drizzle names every column of an insert (DEFAULT for those not given).
GRANT INSERT ON api_keys TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (revoked_at, revoked_by) ON api_keys TO marquee_console;
--> statement-breakpoint
GRANT SELECT (id, organisation_id, url, description, events, active, created_by, created_at, updated_at)
  ON webhook_endpoints TO marquee_console;
--> statement-breakpoint
GRANT INSERT ON webhook_endpoints TO marquee_console;
--> statement-breakpoint
GRANT UPDATE (events, active, updated_at) ON webhook_endpoints TO marquee_console;
--> statement-breakpoint
GRANT DELETE ON webhook_endpoints TO marquee_console;
--> statement-breakpoint
GRANT SELECT, INSERT ON webhook_deliveries TO marquee_console;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE api_keys_id_seq, webhook_endpoints_id_seq, webhook_deliveries_id_seq TO marquee_console;
--> statement-breakpoint
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['api_keys', 'webhook_endpoints', 'webhook_deliveries']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> %L OR organisation_id = marquee_console_organisation()) '
      'WITH CHECK (current_user <> %L OR organisation_id = marquee_console_organisation())',
      owned || '_console', owned, 'marquee_console', 'marquee_console');
  END LOOP;
END
$$;
