-- Notify Me (issue 23; docs/decisions/047): a buyer asks to be told when a pending or presale event goes on sale.
-- One row per (event, e-mail); double opt-in: `pending` until the confirmation link is used (only the token's
-- sha256 is kept). The worker (modules/notify-me) claims confirmed rows not yet notified of an event whose sale
-- is open (FOR UPDATE SKIP LOCKED), writes `notified_at` and the outbox row in one transaction: one "on sale now"
-- e-mail per subscriber, whatever the number of server processes. The unsubscribe link is signed (an HMAC
-- over the row id), so nothing of it is stored.
CREATE TABLE "notify_me_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "notify_me_subscriptions_status_known" CHECK ("notify_me_subscriptions"."status" IN ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "notify_me_subscriptions" ADD CONSTRAINT "notify_me_subscriptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notify_me_subscriptions" ADD CONSTRAINT "notify_me_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "notify_me_subscriptions_event_email_key" ON "notify_me_subscriptions" USING btree ("event_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "notify_me_subscriptions_confirm_token_key" ON "notify_me_subscriptions" USING btree ("confirm_token_hash");
--> statement-breakpoint
CREATE INDEX "notify_me_subscriptions_email_idx" ON "notify_me_subscriptions" USING btree ("email");
--> statement-breakpoint
CREATE INDEX "notify_me_subscriptions_due_idx" ON "notify_me_subscriptions" USING btree ("event_id","id") WHERE "notify_me_subscriptions"."status" = 'confirmed' AND "notify_me_subscriptions"."notified_at" IS NULL;
--> statement-breakpoint
-- The e-mails go through the outbox like every other (modules/mail): two kinds that name their subscription.
ALTER TABLE "outbox" ADD COLUMN "notify_me_subscription_id" integer;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_notify_me_subscription_id_notify_me_subscriptions_id_fk" FOREIGN KEY ("notify_me_subscription_id") REFERENCES "public"."notify_me_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_notify_me_on_sale_key" ON "outbox" USING btree ("notify_me_subscription_id") WHERE "outbox"."kind" = 'notify_me_on_sale';
--> statement-breakpoint
CREATE INDEX "outbox_notify_me_subscription_idx" ON "outbox" USING btree ("notify_me_subscription_id") WHERE "outbox"."notify_me_subscription_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_subject_check";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_subject_check" CHECK (("outbox"."kind" = 'password_reset' AND "outbox"."user_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL) OR ("outbox"."kind" = 'organisation_invitation' AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" = 'order_refunded' AND "outbox"."refund_id" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" IN ('notify_me_confirm', 'notify_me_on_sale') AND "outbox"."notify_me_subscription_id" IS NOT NULL AND "outbox"."payload" IS NOT NULL AND "outbox"."order_id" IS NULL AND "outbox"."user_id" IS NULL) OR ("outbox"."kind" NOT IN ('password_reset', 'organisation_invitation', 'order_refunded', 'notify_me_confirm', 'notify_me_on_sale') AND "outbox"."order_id" IS NOT NULL));
--> statement-breakpoint
-- Tenant isolation (migration 0015; decisions/034): the console may read its events' subscriptions (counts), no
-- other organisation's; the buyer side and the workers (the connecting role) pass the policy's first test.
GRANT SELECT ON notify_me_subscriptions TO marquee_console;
--> statement-breakpoint
ALTER TABLE notify_me_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notify_me_subscriptions_console ON notify_me_subscriptions
  USING (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()))
  WITH CHECK (current_user <> 'marquee_console' OR EXISTS (SELECT 1 FROM events e WHERE e.id = event_id
    AND e.organisation_id = marquee_console_organisation()));
